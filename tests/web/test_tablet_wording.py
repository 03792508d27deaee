"""The dealer's tablet says each thing once and shows it whole (issue 17 item 15): a call that
takes all a player's chips is one button ("Call 1,000: all-in"), not a call and an all-in;
after an all-in closes the betting preflop the felt says the streets still to deal, not
"Flop"; long names wrap rather than being cut (one longer than any real name is shortened on
its seat, whole in its title and the to-act line), and no text overlaps another on any
tablet or phone screen."""

from __future__ import annotations

import pytest
from annotated_types import MaxLen
from playwright.sync_api import Page, expect
from tests.web.layout import layout_problems, text_count
from tests.web.service import Server
from tests.web.test_dealer_tablet import buttons, lose_chips, now, open_tablet, seat_after, tap

from floorman.service.api.routes_commands import RegisterBody

LONG_NAME = "Maximilian-Alexander Wiśniewski-Kowalczyk"


def test_a_call_for_all_his_chips_is_one_button_and_the_streets_to_come_are_named(
    page: Page, server: Server
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    event = server.create("Tablet words", players=8, start=False)
    event.command("register", player="p9", name=LONG_NAME)
    event.command("start")
    setup = event.get("/tables/1/setup")["setup"]
    button, seats = setup["positions"]["button"], setup["seats"]
    raiser, short = seats[seat_after(button, 4)], seats[seat_after(button, 5)]
    lose_chips(event, short, seats[button], 9_000)  # 1,000 left
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")

    expect(page.locator("#felt .name", has_text=LONG_NAME)).to_have_text(LONG_NAME)
    assert text_count(page, "#felt") > 20
    assert layout_problems(page, "#felt") == []  # names whole, seats inside the screen

    page.click("#big-buttons [data-act=raise]")
    for digit in "2000":
        page.click(f"#keypad [data-key='{digit}']")
    tap(page, "#keypad [data-key=ok]")
    assert now(page)["seats"][now(page)["hand"]["actor"]]["entry"] == short
    assert buttons(page) == ["fold", "call"]  # no second button for the same chips
    expect(page.locator("[data-act=call]")).to_have_text("Call 1,000: all-in")
    tap(page, "[data-act=call]")
    while now(page)["hand"]["options"] is not None:
        actor = now(page)["seats"][now(page)["hand"]["actor"]]["entry"]
        assert actor != raiser  # the raiser has acted: the others fold to him
        tap(page, "[data-act=fold]")
    assert now(page)["run_out"]
    expect(page.locator("#centre .street")).to_have_text("To deal: Flop, Turn, River")


NAME_LIMIT = next(
    bound.max_length
    for bound in RegisterBody.model_fields["name"].metadata
    if isinstance(bound, MaxLen)
)
"""The longest name the desk accepts (the register command's bound)."""
SHOWN = 48
"""The most characters of a name a seat box shows (``NAME_SHOWN`` in felt.js)."""
SIZES = [(1280, 800), (1024, 768), (1366, 1024), (768, 1024), (800, 1280), (390, 844)]
"""Tablets in landscape and portrait, and a phone."""


def longest_name(number: int) -> str:
    """A name of :data:`NAME_LIMIT` characters (checked by the test), different at every seat."""
    words = (
        "Maximilian-Alexander Konstantin Wiśniewski-Kowalczyk de la Cruz y Fernández-Castellanos"
    )
    return f"{number} {words} Hohenzollern-Sigmaringen"[:NAME_LIMIT]


def shown(name: str) -> str:
    return name if len(name) <= SHOWN else name[: SHOWN - 1].rstrip() + "…"


# Every seat has the longest name the desk accepts, so which seat the draw gives the first
# to act cannot matter: the "Seat N to act" line used to overlap when a long name was first
# to act and the side column was too narrow for the line (landscape, and the phone).
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_tablet_shows_every_seat_whole_on_any_screen(
    page: Page, server: Server, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    event = server.create("Tablet sizes", players=0, start=False)
    names = [longest_name(number) for number in range(1, 10)]
    assert {len(name) for name in names} == {NAME_LIMIT}
    for number, name in enumerate(names, start=1):
        event.command("register", player=f"p{number}", name=name)
    event.command("start")
    open_tablet(page, event)
    tap(page, "[data-act=new-hand]")
    expect(page.locator("#felt .seat")).to_have_count(9)
    seated = page.eval_on_selector_all(
        "#felt .seat .name", "nodes => nodes.map(n => [n.title, n.textContent])"
    )
    assert sorted(seated) == sorted([name, shown(name)] for name in names)
    actor = now(page)["seats"][now(page)["hand"]["actor"]]["name"]
    expect(page.locator("#to-act .name")).to_have_text(actor)  # whole, on its own line
    assert text_count(page) > 30
    assert layout_problems(page) == []

    # At the award the side column lists the players in the pot, and the irregularities
    # offer every seat by name: long names stay in the column there too.
    tap(page, "#big-buttons [data-act=all-in]")
    tap(page, "#big-buttons [data-act=call]")
    while now(page)["hand"]["options"] is not None:
        tap(page, "#big-buttons [data-act=fold]")
    expect(page.locator("#award [data-seat]")).to_have_count(2)
    page.click("#irregularities summary")
    expect(page.locator("#referrals select").first).to_be_visible()
    assert layout_problems(page) == []
