"""Entries a helper decides, applied by the live hand (floorman.live.entries,
LiveHand.enter): the engine step first, the live event with its count, nothing on a refusal."""

from __future__ import annotations

import pytest
from tests.live.live_tables import config

from floorman.engine import Check, Fold, Raise
from floorman.engine.events import Acted
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.entries import Entry
from floorman.live.live_events import ClockExpired, RulingPending
from floorman.live.live_hand import LiveHand
from floorman.live.unseen_cards import deal_unseen
from floorman.rules.profiles import PROFILES

RULING = PROFILES["tda-2022"].ruling("clock", "clock-expired", "time ran out")


def _facing_a_raise() -> LiveHand:
    live = LiveHand(config((5000, 5000, 5000), button=0))
    deal_unseen(live)
    live.act(Raise(300))
    return live


def test_the_engine_step_comes_first_and_the_event_counts_its_effects() -> None:
    live = _facing_a_raise()
    event = ClockExpired(seat=1, at=90.0, ruling=RULING)
    result = live.enter(Entry(event=event, action=Fold(), seat=1))
    recorded = result.events[0]
    assert isinstance(recorded, ClockExpired)
    assert recorded.effects == len(result.events) - 1 >= 1
    assert isinstance(result.events[1], Acted)
    assert result.ruling == RULING
    assert live.hand.actor == 2


def test_a_refused_engine_step_records_nothing() -> None:
    live = _facing_a_raise()
    before, engine = list(live.history), list(live.hand.events)
    with pytest.raises(IllegalActionError):
        live.enter(Entry(event=ClockExpired(seat=1, at=90.0, ruling=RULING), action=Check()))
    assert live.history == before
    assert live.hand.events == engine


def test_a_pending_ruling_gets_the_next_id_and_waits() -> None:
    live = _facing_a_raise()
    pending = RulingPending(id="", topic="custom", question="?", options=("a", "b"), rules=())
    result = live.enter(Entry(event=pending))
    assert result.pending is not None
    assert result.pending.id == "r1"
    assert [p.id for p in live.pending] == ["r1"]


def test_an_entry_with_two_engine_steps_is_refused() -> None:
    with pytest.raises(MalformedInputError) as refused:
        Entry(event=ClockExpired(seat=1, at=0.0, ruling=RULING), action=Fold(), expire_clock=True)
    assert refused.value.constraint == "entry-step"
