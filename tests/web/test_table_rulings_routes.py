"""The director's rulings at the tables over HTTP: every table's rulings seen from the
console, his override of an automatic ruling with a reason (TDA R1), on the record and in the
tablet's hand, the dealer's call for him, and the refusals that change nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, STRUCTURE, Event, bearer, client_for, event


@pytest.fixture
def made(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        yield event(client, 6)


def begin(made: Event) -> dict[str, Any]:
    answer = made.get("/tables/1/setup", "dealer")
    assert answer.status_code == 200, answer.text
    setup: dict[str, Any] = answer.json()["setup"]
    return setup


def hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    answer = made.post("/tables/1/tablet/hand", "dealer", json={"setup": setup, "steps": steps})
    assert answer.status_code == 200, answer.text
    now: dict[str, Any] = answer.json()
    return now


def clock_runs_out(made: Event, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The floor puts the first player to act on the clock, and it runs out."""
    call = {"clock": "call", "at": 1000.0, "by": "official"}
    deadline = hand(made, setup, [call])["clock"]["deadline"]
    return [call, {"clock": "expire", "at": deadline}]


def version(made: Event) -> int:
    answer = made.get("/views/director")
    assert answer.status_code == 200, answer.text
    got: int = answer.json()["version"]
    return got


@pytest.mark.rules("tda-2022 R1")
def test_tda_r1_the_director_overrides_a_clock_expiry_from_the_console(made: Event) -> None:
    setup = begin(made)
    actor = hand(made, setup, [])["hand"]["actor"]
    steps = clock_runs_out(made, setup)
    expired = hand(made, setup, steps)
    assert expired["hand"]["seats"][actor]["folded"] is True
    target = next(t for t in expired["overridable"] if t["subject"] == "clock-expiry")
    assert target["choices"] == ["in-time", "more-time"]
    assert target["with_action"] == ["in-time"]

    seen = made.get("/rulings", "floor").json()
    table = next(t for t in seen["tables"] if t["table"] == 1)
    assert table["steps"] == 2
    assert [t["at"] for t in table["overridable"]] == [target["at"]]
    assert any(r["ruling"]["key"] == target["ruling"]["key"] for r in table["rulings"])

    body = {"target": target["at"], "choice": "in-time", "action": "call", "reason": "he called"}
    answer = made.post("/tables/1/rulings/override", "director", json=body)
    assert answer.status_code == 200, answer.text
    kinds = [e["kind"] for e in answer.json()["events"]]
    assert kinds == ["table-ruling-overridden"]

    after = hand(made, setup, steps)  # the tablet's same steps, the override put in place
    assert after["hand"]["seats"][actor]["folded"] is False
    assert after["hand"]["actor"] != actor
    override = next(r for r in after["rulings"] if r["kind"] == "override")
    assert override["ruling"]["key"] == "director-overridden"
    assert override["ruling"]["params"] == {"subject": "clock-expiry", "choice": "in-time"}
    assert override["reason"] == "he called"
    assert override["decided_by"] == "director"
    assert override["rule"] == "tda-2022 R1"
    assert after["overridable"] == []

    # the rest fold; the recorded hand carries the override into the rulings CSV
    while not (now := hand(made, setup, steps))["over"]:
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})
    award = {"setup": setup, "steps": steps, "winners": []}
    recorded = made.post("/tables/1/tablet/award", "dealer", json=award)
    assert recorded.status_code == 200, recorded.text
    rulings = made.get("/records/results", params={"format": "rulings-csv"})
    assert rulings.status_code == 200, rulings.text
    rows = list(csv.DictReader(io.StringIO(rulings.text)))
    overridden = [r for r in rows if "he called" in r.values()]
    assert len(overridden) == 1
    page = made.get("/records/results", params={"format": "html"})
    assert "he called" in page.text  # the results' rulings section
    phh = made.get("/records/hands", params={"format": "phh"})
    assert phh.status_code == 200, phh.text
    assert "he called" in phh.text  # the hand's history, the override a comment in it
    assert "table = 1" in phh.text
    seen = made.get("/rulings").json()
    assert seen["tables"][0]["overrides"] == []  # the hand is recorded: nothing waits
    assert any(r["kind"] == "override" and r["reason"] == "he called" for r in seen["recorded"])


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_tda_r1_the_director_releases_an_action_out_of_turn_that_bound(made: Event) -> None:
    setup = begin(made)
    actor = hand(made, setup, [])["hand"]["actor"]
    seats = len(setup["seats"])
    early = next(s for s in range(actor + 2, actor + seats) if setup["seats"][s % seats]) % seats
    steps = [{"seat": early, "action": "call"}]
    middle = hand(made, setup, steps)
    while middle["hand"]["actor"] != early:
        steps.append({"seat": middle["hand"]["actor"], "action": "fold"})
        middle = hand(made, setup, steps)
        if any(t["kind"] == "out-of-turn" for t in middle["overridable"]):
            break
    target = next(t for t in middle["overridable"] if t["kind"] == "out-of-turn")
    assert target["choices"] == ["release"]
    body = {
        "target": target["at"],
        "choice": "release",
        "action": "fold",
        "reason": "the action to him changed",
        "setup": setup,
        "steps": steps,
    }
    answer = made.post("/tables/1/rulings/override", "floor", json=body)
    assert answer.status_code == 200, answer.text
    now = answer.json()["hand"]
    assert now["hand"]["seats"][early]["folded"] is True
    override = next(r for r in now["rulings"] if r["kind"] == "override")
    assert override["ruling"]["key"] == "out-of-turn-overridden"
    assert override["outcome"] == "release: fold"
    assert override["decided_by"] == "floor"


def test_a_bad_override_is_refused_naming_its_constraint_and_changes_nothing(
    made: Event,
) -> None:
    setup = begin(made)
    steps = clock_runs_out(made, setup)
    target = hand(made, setup, steps)["overridable"][0]["at"]
    before = version(made)
    cases = [
        (
            {"target": target, "choice": "in-time", "action": "call", "reason": " "},
            "director-reason",
        ),
        ({"target": target, "choice": "re-deal", "reason": "no"}, "director-option"),
        ({"target": target + 50, "choice": "in-time", "reason": "no"}, "override-target"),
        ({"target": target, "choice": "in-time", "reason": "no action"}, "override-action"),
    ]
    for body, constraint in cases:
        answer = made.post("/tables/1/rulings/override", json=body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["constraint"] == constraint
    body = {"target": target, "choice": "more-time", "reason": "fine"}
    assert made.post("/tables/1/rulings/override", "dealer", json=body).status_code == 403
    nothing = made.post("/tables/2/rulings/override", json=body)
    assert nothing.status_code == 409
    assert nothing.json()["constraint"] == "no-hand-in-play"
    assert version(made) == before
    assert made.get("/rulings").json()["tables"][0]["overrides"] == []


def test_the_dealer_calls_the_director_to_his_table(made: Event) -> None:
    setup = begin(made)
    hand(made, setup, clock_runs_out(made, setup))
    called = made.post("/tables/1/rulings/call", "dealer", json={"reason": "seat 4 disputes"})
    assert called.status_code == 200, called.text
    assert made.post("/tables/2/rulings/call", "dealer", json={}).status_code == 403
    assert made.get("/rulings", "dealer").status_code == 403
    table = made.get("/rulings").json()["tables"][0]
    assert table["called"]["reason"] == "seat 4 disputes"
    assert table["called"]["by"] == "dealer"
    target = table["overridable"][0]["at"]
    body = {"target": target, "choice": "more-time", "reason": "he was asking a question"}
    assert made.post("/tables/1/rulings/override", json=body).status_code == 200
    assert made.get("/rulings").json()["tables"][0]["called"] is None


def test_an_override_the_dealer_took_the_steps_back_under_is_shown_lapsed(made: Event) -> None:
    setup = begin(made)
    steps = clock_runs_out(made, setup)
    target = hand(made, setup, steps)["overridable"][0]["at"]
    body = {"target": target, "choice": "more-time", "reason": "he was asking"}
    assert made.post("/tables/1/rulings/override", json=body).status_code == 200
    taken_back = hand(made, setup, steps[:1])  # the expiry taken back on the tablet
    (lapsed,) = taken_back["lapsed"]
    assert (lapsed["target"], lapsed["choice"], lapsed["after_step"]) == (target, "more-time", 2)
    assert "step 2" in lapsed["why"]
    assert all(r["kind"] != "override" for r in taken_back["rulings"])
    again = hand(made, setup, steps)
    assert again["lapsed"] == []
    assert [r["kind"] for r in again["rulings"]][-1] == "override"


def profile_event(made: Event, profile: str) -> Event:
    """A second tournament on the same service, under ``profile``."""
    body = {"name": profile, "structure": STRUCTURE, "profile": profile, "buy_in": 50}
    created = made.client.post("/tournaments", json=body, headers=bearer(SERVER))
    assert created.status_code == 201, created.text
    other = Event(client=made.client, id=created.json()["tournament"])
    other.tokens["director"] = created.json()["director"]["token"]
    for number in range(1, 7):
        body = {"player": f"p{number}", "name": f"Player {number}"}
        assert other.post("/entries", json=body).status_code == 200
    assert other.post("/start").status_code == 200
    other.tokens["dealer"] = other.token("dealer", table=1)
    return other


@pytest.mark.rules("belarus-sport 7.3.1", "poland-pzp §1.6")
@pytest.mark.parametrize(("profile", "rule"), [("belarus-sport", "7.3.1"), ("poland-pzp", "§1.6")])
def test_belarus_7_3_1_poland_1_6_the_override_cites_the_directors_own_rule(
    made: Event, profile: str, rule: str
) -> None:
    other = profile_event(made, profile)
    setup = begin(other)
    steps = clock_runs_out(other, setup)
    target = hand(other, setup, steps)["overridable"][0]
    assert target["subject"] == "clock-expiry"
    body = {"target": target["at"], "choice": "more-time", "reason": "the clock was early"}
    answer = other.post("/tables/1/rulings/override", json=body)
    assert answer.status_code == 200, answer.text
    override = next(r for r in answer.json()["hand"]["rulings"] if r["kind"] == "override")
    assert override["rule"] == f"{profile} {rule}"
    assert override["reason"] == "the clock was early"


def test_a_reason_in_the_players_own_words_survives_the_hand_history(made: Event) -> None:
    setup = begin(made)
    steps = clock_runs_out(made, setup)
    target = hand(made, setup, steps)["overridable"][0]["at"]
    reason = 'he said "call" — [1] # then\nnothing'
    body = {"target": target, "choice": "in-time", "action": "call", "reason": reason}
    assert made.post("/tables/1/rulings/override", json=body).status_code == 200
    while not (now := hand(made, setup, steps))["over"]:
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})
    award = {"setup": setup, "steps": steps, "winners": []}
    assert made.post("/tables/1/tablet/award", "dealer", json=award).status_code == 200
    for fmt in ("phh", "phhs-zip"):
        exported = made.get("/records/hands", params={"format": fmt})
        assert exported.status_code == 200, exported.text
    assert 'he said \\"call\\"' in made.get("/records/hands", params={"format": "phh"}).text


def test_a_hand_recorded_without_its_tablet_is_no_longer_in_play(made: Event) -> None:
    setup = begin(made)
    steps = clock_runs_out(made, setup)
    target = hand(made, setup, steps)["overridable"][0]["at"]
    assert made.get("/rulings").json()["tables"][0]["steps"] == 2
    stacks = setup["config"]["stacks"]
    before = [[entry, stacks[seat]] for seat, entry in enumerate(setup["seats"]) if entry]
    body = {"level": setup["level"], "positions": setup["positions"]}
    body |= {"stacks_before": before, "stacks_after": before}
    assert made.post("/tables/1/hands", json=body).status_code == 200  # the floor records it
    assert made.get("/rulings").json()["tables"][0]["steps"] is None
    late = {"target": target, "choice": "more-time", "reason": "too late"}
    refused = made.post("/tables/1/rulings/override", json=late)
    assert refused.status_code == 409
    assert refused.json()["constraint"] == "no-hand-in-play"
