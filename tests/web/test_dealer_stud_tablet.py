"""The dealer's tablet in a real browser at a stud table: the door cards entered with the card
picker (cards already used greyed out), the bring-in and the completion on the big buttons, a
later street's up-cards naming the first to act, and the award recorded."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.service import Event, Server
from tests.web.test_dealer_tablet import act, buttons, now, open_tablet, tap
from tests.web.test_director_console import shoot

STUD_LEVEL = {"game": "F7S", "ante": 25, "ante_mode": "every-player", "bring_in": 50}
STUD = {
    "starting_stack": 5_000,
    "chips": [25, 100, 500],
    "items": [
        {"minutes": 30, "small_bet": 200, "big_bet": 400, **STUD_LEVEL},
        {"minutes": 30, "small_bet": 400, "big_bet": 800, **STUD_LEVEL, "bring_in": 100},
    ],
}


@pytest.fixture(scope="module")
def event(server: Server) -> Event:
    return server.create("Stud night", players=3, structure=STUD, seats_per_table=8)


def enter_up_cards(page: Page, cards: list[str]) -> None:
    """Pick ``cards`` for the seats due, in seat order (the picker moves to the next seat)."""
    for card in cards:
        page.click(f"#cards-due [data-pick='{card}']")
    tap(page, "#cards-due [data-act=deal-up]")


def seat_of_card(hand: dict[str, Any], card: str) -> int:
    seat: int = next(s["seat"] for s in hand["seats"] if card in s["cards"])
    return seat


@pytest.mark.rules("belarus-sport 5.8.2", "tda-2022 RP-10-D")
def test_a_stud_hand_on_the_tablet(page: Page, event: Event) -> None:
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    expect(page.locator("#cards-due")).to_be_visible()
    due = now(page)["up_due"]
    assert len(due) == 3
    expect(page.locator("#cards-due .up-slot")).to_have_count(3)
    page.click("#cards-due [data-pick='Kh']")
    # the king of hearts went to the first seat: the second cannot have it too
    expect(page.locator("#cards-due [data-pick='Kh']")).to_be_disabled()
    page.click("#cards-due [data-pick='3c']")
    expect(page.locator("#cards-due [data-act=deal-up]")).to_be_disabled()
    page.click("#cards-due [data-pick='9d']")
    tap(page, "#cards-due [data-act=deal-up]")

    # The three of clubs brings in (or completes); nobody else has acted yet.
    hand = now(page)["hand"]
    low = seat_of_card(hand, "3c")
    assert hand["actor"] == low == due[1]
    expect(page.locator(f"#felt [data-seat='{low + 1}'] [data-card='3c']")).to_be_visible()
    assert buttons(page) == ["bring-in", "raise"]
    expect(page.locator("[data-act=bring-in]")).to_have_text("Bring-in 50")
    expect(page.locator("#big-buttons [data-act=raise]")).to_have_text("Complete to 200")
    act(page, "bring-in")
    assert buttons(page) == ["fold", "call", "raise"]
    expect(page.locator("#big-buttons [data-act=raise]")).to_have_text("Raise to 200")
    act(page, "raise")  # completes to the small bet
    act(page, "call")
    act(page, "call")

    # Fourth street: the cards already dealt are greyed out; the pair of nines acts first.
    expect(page.locator("#centre .street")).to_have_text("Fourth street")
    for used in ("Kh", "3c", "9d"):
        expect(page.locator(f"#cards-due [data-pick='{used}']")).to_be_disabled()
    page.click("#cards-due [data-pick='2s']")
    shoot(page, "dealer-stud")
    enter_up_cards(page, ["4h", "9h"])
    assert now(page)["hand"]["actor"] == due[2]
    assert buttons(page) == ["fold", "check", "raise"]
    expect(page.locator("#big-buttons [data-act=raise]")).to_have_text("Bet 200")

    # Checked down to the showdown, the later streets' up-cards entered as they come.
    streets = iter([["8d", "9s", "Jd"], ["Qd", "Kd", "Ks"]])
    while not now(page)["awaiting_award"]:
        if now(page)["up_due"]:
            enter_up_cards(page, next(streets))
        else:
            act(page, "check")
    assert now(page)["hand"]["street"] == 4  # seventh street dealt down, nothing entered
    winner = due[2]
    page.click(f"#award [data-seat='{winner + 1}'][data-half=high]")
    tap(page, "#award [data-act=award]")
    expect(page.locator(".notice")).to_contain_text("The hand is recorded")
    table = event.director_view()["tables"][0]
    stacks = {s["seat"]: s["stack"] for s in table["seats"] if s["entry"]}
    assert stacks[winner] == 5000 + 2 * 225
    assert sum(stacks.values()) == 15000
