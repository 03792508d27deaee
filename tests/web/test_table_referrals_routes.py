"""Points the dealer refers to the director from the tablet (TDA R59-A, R59-B, R15-A, R22),
the dealer's counts (TDA R60, R54-A, Poland §42.5) and the live hand's PHH with the
director's override in it, over HTTP with the tablet's roles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import Event, client_for, event


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Event]:
    path: Path = tmp_path_factory.mktemp("referrals")
    with client_for(path) as client:
        yield event(client, 6)


def begin(made: Event) -> dict[str, Any]:
    answer = made.get("/tables/1/setup", "dealer")
    assert answer.status_code == 200, answer.text
    setup: dict[str, Any] = answer.json()["setup"]
    return setup


def post_hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> Any:
    return made.post("/tables/1/tablet/hand", "dealer", json={"setup": setup, "steps": steps})


def hand(made: Event, setup: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    answer = post_hand(made, setup, steps)
    assert answer.status_code == 200, answer.text
    now: dict[str, Any] = answer.json()
    return now


@pytest.mark.rules("tda-2022 R59-A")
def test_tda_r59a_a_conditional_statement_waits_for_the_director(made: Event) -> None:
    setup = begin(made)
    actor = hand(made, setup, [])["hand"]["actor"]
    said = {"referral": "conditional", "seat": actor, "words": "if you bet, I raise"}
    referred = hand(made, setup, [said])
    pending = referred["pending"][0]
    assert pending["options"] == ["binding", "not-binding"]
    assert pending["rules"][0] == "tda-2022 R59-A"
    refused = post_hand(made, setup, [said, {"seat": actor, "action": "fold"}])
    assert refused.status_code == 409  # play waits for the director
    decided = hand(made, setup, [said, {"ruling": pending["id"], "option": "not-binding"}])
    assert decided["pending"] == []
    kinds = [r["kind"] for r in decided["rulings"]]
    assert kinds == ["referred", "decision"]


@pytest.mark.rules("tda-2022 R59-B")
def test_tda_r59b_a_call_before_the_amount_is_referred(made: Event) -> None:
    setup = begin(made)
    actor = hand(made, setup, [])["hand"]["actor"]
    bettor = actor
    caller = next(s for s in range(len(setup["seats"])) if s != actor and setup["seats"][s])
    step = {"referral": "premature-call", "seat": caller, "bettor": bettor}
    pending = hand(made, setup, [step])["pending"][0]
    assert pending["options"] == ["call-any-amount", "released"]
    missing = post_hand(made, setup, [{"referral": "premature-call", "seat": caller}])
    assert missing.status_code == 422
    assert missing.json()["constraint"] == "bettor"


@pytest.mark.rules("tda-2022 R22")
def test_tda_r22_a_dispute_of_the_hand_just_over_goes_to_the_director(made: Event) -> None:
    setup = begin(made)
    steps: list[dict[str, Any]] = []
    dispute = {"referral": "dispute", "kind": "accounting", "claim": "the pot was miscounted"}
    early = post_hand(made, setup, [dispute])
    assert early.status_code == 422
    assert early.json()["constraint"] == "hand-not-over"
    while not (now := hand(made, setup, steps))["over"]:
        steps.append({"seat": now["hand"]["actor"], "action": "fold"})
    pending = hand(made, setup, [*steps, dispute])["pending"][0]
    assert pending["options"] == ["stands", "corrected"]
    assert pending["rules"][0].startswith("tda-2022 R")
    steps += [dispute, {"ruling": pending["id"], "option": "stands"}]
    body = {"setup": setup, "steps": steps, "winners": []}
    recorded = made.post("/tables/1/tablet/award", "dealer", json=body)
    assert recorded.status_code == 200, recorded.text
    rulings = recorded.json()["result"]["rulings"]
    assert [r["kind"] for r in rulings] == ["ruling", "referred", "decision"]
    assert rulings[0]["ruling"]["key"] == "dispute-heard"
    assert rulings[2]["outcome"] == "stands"


@pytest.mark.rules("tda-2022 R54-A", "tda-2022 R60")
def test_tda_r60_the_dealer_counts_a_stack_only_facing_its_all_in(made: Event) -> None:
    setup = begin(made)
    first = hand(made, setup, [])["hand"]["actor"]
    steps = [{"seat": first, "action": "all-in"}]
    facing = hand(made, setup, steps)["hand"]["actor"]
    body = {"setup": setup, "steps": steps, "what": "stack", "asker": facing, "of": first}
    counted = made.post("/tables/1/tablet/count", "dealer", json=body)
    assert counted.status_code == 200, counted.text
    assert counted.json()["exact"] == setup["config"]["stacks"][first]
    assert counted.json()["ruling"]["rule"] == "R60"
    early = {**body, "steps": [], "asker": first, "of": facing}
    estimate = made.post("/tables/1/tablet/count", "dealer", json=early).json()
    assert estimate["exact"] is None
    assert estimate["ruling"]["key"] == "count-estimate"
    pot = made.post("/tables/1/tablet/count", "dealer", json={**body, "what": "pot"}).json()
    assert pot["exact"] is None  # no-limit: the pot is spread, not counted (R54-A)
    bet = made.post("/tables/1/tablet/count", "dealer", json={**body, "what": "bet"}).json()
    assert bet["exact"] == setup["config"]["stacks"][first]
    other = made.post("/tables/2/tablet/count", "dealer", json=body)
    assert other.status_code == 403


def test_the_hands_phh_carries_the_directors_override(made: Event) -> None:
    setup = begin(made)
    call = {"clock": "call", "at": 1000.0, "by": "official"}
    deadline = hand(made, setup, [call])["clock"]["deadline"]
    steps = [call, {"clock": "expire", "at": deadline}]
    target = hand(made, setup, steps)["overridable"][0]["at"]
    body = {"target": target, "choice": "more-time", "reason": "the clock was called early"}
    assert made.post("/tables/1/rulings/override", "floor", json=body).status_code == 200
    phh = made.post("/tables/1/tablet/phh", "dealer", json={"setup": setup, "steps": steps})
    assert phh.status_code == 200, phh.text
    assert phh.headers["content-type"].startswith("text/plain")
    assert "the clock was called early" in phh.text
    assert "variant = " in phh.text
    same = made.get("/tables/1/rulings/phh", "floor")
    assert same.text == phh.text
    assert made.get("/tables/1/rulings/phh", "dealer").status_code == 403
