"""The tablet after the award, over HTTP: the pots awarded as a step, what the table finds
before the next hand (a wrong card count of the last player left, Belarus 6.3.9; cards kept
back shown to a player who asks, Poland §31.5a), then the hand recorded with those rulings
through the tournament's ``record-hand`` command."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event
from tests.web.test_dealer_routes import begin, hand


@pytest.fixture
def events(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Event]]:
    with client_for(tmp_path_factory.mktemp("after-award")) as client:
        yield {p: event(client, 6, profile=p) for p in ("belarus-sport", "tda-2022", "poland-pzp")}


def _hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> Any:
    answer = hand(made, setup, steps)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _raised_and_folded(made: Event) -> tuple[dict[str, Any], list[dict[str, Any]], int, int]:
    """The first to act raises to three big blinds and everyone folds to him: the setup,
    the steps, his seat and his raise."""
    setup = begin(made)
    raise_to = 3 * setup["config"]["big_blind"]
    raiser = _hand(made, setup, [])["hand"]["actor"]
    steps: list[dict[str, Any]] = [{"seat": raiser, "action": "raise", "to": raise_to}]
    while not (now := _hand(made, setup, steps))["over"]:
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})
    return setup, steps, raiser, raise_to


def _recorded(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"setup": setup, "steps": steps, "winners": []}
    answer = made.post("/tables/1/tablet/award", "dealer", json=body)
    assert answer.status_code == 200, answer.text
    played = next(e for e in answer.json()["events"] if e["kind"] == "hand-played")
    data: dict[str, Any] = played["data"]
    return data


def _stacks(pairs: list[list[Any]]) -> dict[str, int]:
    return {str(entry): int(chips) for entry, chips in pairs}


@pytest.mark.rules("belarus-sport 6.3.9")
def test_belarus_6_3_9_a_wrong_count_found_on_the_tablet_loses_the_pot_when_recorded(
    events: dict[str, Event],
) -> None:
    made = events["belarus-sport"]
    setup, steps, raiser, _ = _raised_and_folded(made)
    steps.append({"wrong_count": raiser, "held": 3})
    now = _hand(made, setup, steps)
    assert (now["ruling"]["key"], now["ruling"]["rule"]) == ("lone-wrong-count", "6.3.9")
    played = _recorded(made, setup, steps)
    before, after = _stacks(played["stacks_before"]), _stacks(played["stacks_after"])
    entry = setup["seats"][raiser]
    # the uncalled part of his raise came back; what the big blind matched went to the others
    assert after[entry] == before[entry] - setup["config"]["big_blind"]
    assert sum(after.values()) == sum(before.values())
    assert all(after[e] >= before[e] for e in before if e != entry)
    assert any("6.3.9" in str(r) for r in played["rulings"])


@pytest.mark.rules("tda-2022 R38")
def test_tda_r38_a_wrong_count_of_the_last_player_left_leaves_the_award_standing(
    events: dict[str, Event],
) -> None:
    made = events["tda-2022"]
    setup, steps, raiser, _ = _raised_and_folded(made)
    steps.append({"wrong_count": raiser, "held": 3})
    ruling = _hand(made, setup, steps)["ruling"]
    assert (ruling["key"], ruling["rule"]) == ("award-stands", "R38")
    played = _recorded(made, setup, steps)
    before, after = _stacks(played["stacks_before"]), _stacks(played["stacks_after"])
    blinds = setup["config"]["small_blind"] + setup["config"]["big_blind"]
    assert after[setup["seats"][raiser]] == before[setup["seats"][raiser]] + blinds


@pytest.mark.rules("poland-pzp §31.5a")
def test_poland_31_5a_cards_kept_back_are_shown_on_the_tablet_to_a_player_who_asks(
    events: dict[str, Event],
) -> None:
    made = events["poland-pzp"]
    setup = begin(made)
    first = _hand(made, setup, [])["hand"]["actor"]
    steps: list[dict[str, Any]] = [{"seat": first, "action": "fold"}]
    shower = _hand(made, setup, steps)["hand"]["actor"]
    steps.append({"report": "exposed-card", "seat": shower, "deliberate": True, "shown_to": first})
    now = _hand(made, setup, steps)
    assert (now["ruling"]["key"], now["ruling"]["rule"]) == (
        "shown-out-of-hand-kept-back",
        "§31.5a",
    )
    while not (now := _hand(made, setup, steps))["over"]:
        seat = now["hand"]["actor"]
        steps.append({"seat": seat, "action": "call" if seat == shower else "fold"})
    assert now["kept_back"] == [{"seat": shower, "shown_to": first}]
    asker = next(s for s, e in enumerate(setup["seats"]) if e and s not in (first, shower))
    asked = [*steps, {"show": shower, "by": first}]
    seen = hand(made, setup, asked)
    assert seen.status_code == 422
    assert seen.json()["constraint"] == "seat"  # he has seen them
    steps.append({"show": shower, "by": asker})
    now = _hand(made, setup, steps)
    assert (now["ruling"]["key"], now["ruling"]["rule"]) == ("shown-after-hand", "§31.5a")
    assert now["kept_back"] == []
    played = _recorded(made, setup, steps)
    assert sum(_stacks(played["stacks_after"]).values()) == sum(
        _stacks(played["stacks_before"]).values()
    )
    assert any("31.5a" in str(r) for r in played["rulings"])


def test_an_award_step_keeps_the_hand_open_until_it_is_recorded(events: dict[str, Event]) -> None:
    made = events["tda-2022"]
    setup = begin(made)
    steps: list[dict[str, Any]] = []
    while (now := _hand(made, setup, steps))["hand"]["actor"] is not None and not now[
        "awaiting_award"
    ]:
        steps.append({"seat": now["hand"]["actor"], "action": "call" if now["hand"]["options"]
                      ["call"] else "check"})  # fmt: skip
    winner = next(p["eligible"][0] for p in now["pots"])
    steps.append({"award": [{"high": [winner]}]})
    now = _hand(made, setup, steps)
    assert now["over"]
    assert now["showdown"]
    assert made.get("/tables/1/setup", "dealer").json()["setup"]["positions"] == setup["positions"]
    played = _recorded(made, setup, steps)
    assert (
        _stacks(played["stacks_after"])[setup["seats"][winner]]
        > _stacks(played["stacks_before"])[setup["seats"][winner]]
    )
