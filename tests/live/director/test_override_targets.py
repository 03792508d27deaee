"""One door for every override (TDA R1): the rulings a hand's director may override, whatever
their kind, and his choice sent to the live layer's own way of overriding each."""

from __future__ import annotations

import pytest
from tests.live.director.test_director_overrides_automatic import expired_then_called
from tests.live.director.test_out_of_turn_override import bound_raise_then_calls
from tests.live.live_tables import assert_conserved, dealt_table

from floorman.engine import Call, Fold
from floorman.errors import MalformedInputError
from floorman.live.director import override_targets
from floorman.live.irregularities.reports import MisdealCalled, MisdealReason
from floorman.live.live_events import (
    DirectorOverridden,
    OutOfTurnOverridden,
    RulingOverridden,
)
from floorman.live.live_hand import LiveHand


def kinds(live: LiveHand) -> list[tuple[str, str]]:
    return [(t.kind, t.subject) for t in override_targets.targets(live)]


@pytest.mark.rules("tda-2022 R1", "tda-2022 R29")
def test_a_clock_expiry_is_a_target_rebuilt_with_the_action_in_time() -> None:
    live, seat = expired_then_called()
    (target,) = override_targets.targets(live)
    assert (target.kind, target.subject, target.seat) == ("rebuilt", "clock-expiry", seat)
    assert target.choices == ("in-time", "more-time")
    assert target.with_action == ("in-time",)
    assert str(target.ruling.rule) == "tda-2022 R29"
    with pytest.raises(MalformedInputError) as refused:
        override_targets.apply(live, target.at, "in-time", by="TD", reason="late clock")
    assert refused.value.constraint == "override-action"
    override_targets.apply(live, target.at, "in-time", by="TD", reason="late clock", instead=Call())
    assert sum(isinstance(e, DirectorOverridden) for e in live.history) == 1
    assert seat in live.hand.live
    assert override_targets.targets(live) == ()
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 R53-A")
def test_a_bound_action_out_of_turn_is_released_with_the_action_in_turn() -> None:
    live = bound_raise_then_calls()
    (target,) = [t for t in override_targets.targets(live) if t.kind == "out-of-turn"]
    assert (target.seat, target.choices, target.with_action) == (6, ("release",), ("release",))
    with pytest.raises(MalformedInputError) as refused:
        override_targets.apply(live, target.at, "bind", by="TD", reason="r")
    assert refused.value.constraint == "director-option"
    with pytest.raises(MalformedInputError) as missing:
        override_targets.apply(live, target.at, "release", by="TD", reason="r")
    assert missing.value.constraint == "override-action"
    override_targets.apply(live, target.at, "release", by="TD", reason="r", instead=Fold())
    assert any(isinstance(e, OutOfTurnOverridden) for e in live.history)
    assert 6 not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1")
def test_a_ruling_with_alternatives_is_overridden_in_place() -> None:
    live, _ = dealt_table(6)
    live.record(MisdealCalled(reason=MisdealReason.OUT_OF_ORDER))
    assert kinds(live) == [("alternative", "misdeal")]
    (target,) = override_targets.targets(live)
    assert target.choices == ("play-on",)
    with pytest.raises(MalformedInputError) as refused:
        override_targets.apply(live, target.at, "play-on", by="TD", reason="r", instead=Call())
    assert refused.value.constraint == "override-action"
    override_targets.apply(live, target.at, "play-on", by="TD", reason="order restored")
    assert any(isinstance(e, RulingOverridden) for e in live.history)
    assert live.redeal() is None
    (again,) = override_targets.targets(live)
    assert again.choices == ("misdeal",)  # he may go back to the ruling's own outcome


def test_nothing_to_override_at_an_index_is_refused() -> None:
    live, _ = dealt_table(6)
    with pytest.raises(MalformedInputError) as refused:
        override_targets.apply(live, 0, "play-on", by="TD", reason="r")
    assert refused.value.constraint == "override-target"
