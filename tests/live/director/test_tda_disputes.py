"""Disputing a finished hand (TDA R22, RedCactus 22; derived check D18): the reading until the
next hand begins, the chips until substantial action in it, one minute after the award at a
break; a dispute heard in time is the director's ruling, in the hand's history."""

from __future__ import annotations

import pytest
from tests.live.live_tables import dealt_table

from floorman.engine import Fold
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.director.disputes import Dispute, DisputeKind, hear, record
from floorman.live.live_events import RulingResolved
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES

READING, ACCOUNTING = DisputeKind.READING, DisputeKind.ACCOUNTING


def heard(profile: str, dispute: Dispute) -> bool:
    """The dispute is heard; refused, the refusal says it came too late."""
    try:
        ruling = hear(PROFILES[profile], dispute)
    except IllegalActionError as late:
        ruling = late.ruling
    assert ruling.key in ("dispute-heard", "dispute-too-late")
    return ruling.key == "dispute-heard"


@pytest.mark.rules("tda-2022 R22", "redcactus 22")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_D18_the_reading_until_the_next_hand_the_chips_until_its_action(
    profile: str,
) -> None:
    assert heard(profile, Dispute(kind=READING))
    assert not heard(profile, Dispute(kind=READING, next_hand_started=True))
    assert heard(profile, Dispute(kind=ACCOUNTING, next_hand_started=True))
    late = Dispute(kind=ACCOUNTING, next_hand_started=True, substantial_action=True)
    assert not heard(profile, late)


@pytest.mark.rules("tda-2022 R22", "redcactus 22")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
@pytest.mark.parametrize("kind", [READING, ACCOUNTING])
def test_scenario_D18_a_hand_ended_at_a_break_is_open_one_minute_after_its_award(
    profile: str, kind: DisputeKind
) -> None:
    assert heard(profile, Dispute(kind=kind, ended_at_break=True, seconds_since_award=60))
    assert not heard(profile, Dispute(kind=kind, ended_at_break=True, seconds_since_award=61))


@pytest.mark.rules("tda-2022 R22")
def test_tda_r22_the_ruling_cites_the_rule_whichever_way_it_goes() -> None:
    rules = PROFILES["tda-2022"]
    assert str(hear(rules, Dispute(kind=READING)).rule) == "tda-2022 R22"
    with pytest.raises(IllegalActionError) as late:
        hear(rules, Dispute(kind=READING, next_hand_started=True))
    assert str(late.value.ruling.rule) == "tda-2022 R22"


def finished() -> LiveHand:
    live, _ = dealt_table(3)
    live.act(Fold())
    live.act(Fold())
    assert live.hand.is_over
    return live


@pytest.mark.rules("tda-2022 R22", "tda-2022 R1")
def test_a_dispute_heard_in_time_is_the_directors_ruling_on_the_finished_hand() -> None:
    live = finished()
    stacks = list(live.hand.stacks)
    result = record(live, Dispute(kind=ACCOUNTING, claim="the pot went to the wrong seat"))
    assert result.pending is not None
    assert result.pending.options == ("stands", "corrected")
    assert [str(r) for r in result.pending.rules] == ["tda-2022 R22", "tda-2022 R1"]
    resolved = live.resolve(result.pending.id, "stands", by="TD", reason="the dealer was right")
    assert [e.option for e in resolved.events if isinstance(e, RulingResolved)] == ["stands"]
    assert live.hand.stacks == stacks
    again = LiveHand.from_events(live.config, live.history)
    assert again.pending == ()
    assert again.hand.stacks == stacks


def test_only_a_finished_hand_is_disputed_and_a_late_one_changes_nothing() -> None:
    live, _ = dealt_table(3)
    with pytest.raises(MalformedInputError) as early:
        record(live, Dispute(kind=READING))
    assert early.value.constraint == "hand-not-over"
    done = finished()
    history = list(done.history)
    with pytest.raises(IllegalActionError):
        record(done, Dispute(kind=READING, next_hand_started=True))
    assert done.history == history


def test_a_dispute_states_a_consistent_moment() -> None:
    with pytest.raises(MalformedInputError):
        Dispute(kind=READING, substantial_action=True)
    with pytest.raises(MalformedInputError):
        Dispute(kind=READING, seconds_since_award=-1)
