"""The dealer assist's readings recorded in a live hand (LiveHand.apply_assist): an automatic
reading is its ruling and its action in the history; a pending one waits for the director (or
the player) and the chosen reading is played when it is resolved (TDA R40-A, R44, R51-B, R55)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table, limp_to_flop

from floorman.engine import Fold, Raise
from floorman.engine.events import Acted, ChipsForfeited
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import SILENT, AssistRuling, ChipPush, Timing
from floorman.live.live_events import RulingMade, RulingPending, RulingResolved
from floorman.live.live_hand import LiveHand


def read(live: LiveHand, said: str = "", *chips: tuple[int, int], **speech: object) -> AssistRuling:
    """The assist's reading of what the player to act said and pushed."""
    declaration = parse_speech(said, lang="en", **speech) if said else SILENT  # type: ignore[arg-type]
    return rule_action(
        situation_of(live.hand), declaration, ChipPush.of(*chips), ruleset=live.rules
    )


def multiway_flop(blinds: tuple[int, int] = (1000, 2000)) -> LiveHand:
    live, deck = dealt_table(4, blinds=blinds, stack=100_000)
    limp_to_flop(live, deck)
    return live


@pytest.mark.rules("tda-2022 R44")
def test_an_automatic_reading_is_recorded_with_its_rule_then_played() -> None:
    live = multiway_flop()
    live.act(Raise(2000))
    actor = live.hand.actor
    assert actor is not None
    result = live.apply_assist(read(live, "", (5000, 1)), seat=actor)
    made = [e for e in result.events if isinstance(e, RulingMade)]
    assert [str(m.ruling.rule) for m in made] == ["tda-2022 R44"]
    assert made[0].outcome == "call"
    acted = [e for e in result.events if isinstance(e, Acted)]
    assert [(a.seat, a.action, a.to) for a in acted] == [(actor, "call", 2000)]
    assert result.pending is None
    assert_conserved(live)
    assert "tda-2022 R44" in dumps(export_live_hand(live))


@pytest.mark.rules("tda-2022 R51-B")
def test_scenario_T39_the_directors_undercall_ruling_waits_then_plays_the_fold_and_forfeit() -> (
    None
):
    live = multiway_flop()
    live.act(Raise(2000))
    live.act(Raise(8000))
    seat = live.hand.actor
    assert seat is not None
    result = live.apply_assist(read(live, "", (1000, 2)), seat=seat)
    pending = result.pending
    assert pending is not None
    assert pending.options == ("call", "fold-forfeit")
    assert [str(r) for r in pending.rules] == ["tda-2022 R51-B", "tda-2022 R1"]
    assert pending.seat == seat
    with pytest.raises(IllegalActionError):
        live.act(Fold())  # play waits for the director
    stacks = list(live.hand.stacks)
    resolved = live.resolve(pending.id, "fold-forfeit", by="TD", reason="a raise, not the opener")
    assert any(isinstance(e, RulingResolved) for e in resolved.events)
    forfeited = [e for e in resolved.events if isinstance(e, ChipsForfeited)]
    assert [(f.seat, f.amount) for f in forfeited] == [(seat, 2000)]
    assert live.hand.stacks[seat] == stacks[seat] - 2000
    assert seat not in live.hand.live
    assert live.hand.actor != seat
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R51-B")
def test_the_director_may_make_the_undercall_a_full_call() -> None:
    live = multiway_flop()
    live.act(Raise(2000))
    live.act(Raise(8000))
    seat = live.hand.actor
    assert seat is not None
    pending = live.apply_assist(read(live, "", (1000, 2)), seat=seat).pending
    assert pending is not None
    live.resolve(pending.id, "call", by="TD", reason="he meant to call")
    assert live.hand.bets[seat] == 8000
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R40-A")
def test_scenario_T10_the_director_reads_unclear_words_as_said_and_the_raise_is_played() -> None:
    live, deck = dealt_table(2, blinds=(1000, 2000), stack=100_000)
    limp_to_flop(live, deck)
    seat = live.hand.actor
    assert seat is not None
    ruling = read(live, "42000", (5000, 1), timing=Timing.WITH, clear=False)
    pending = live.apply_assist(ruling, seat=seat).pending
    assert pending is not None
    assert set(pending.options) == {"as-said", "as-pushed"}
    assert str(pending.rules[0]) == "tda-2022 R40-A"
    live.resolve(pending.id, "as-said", by="TD", reason="the table heard forty-two")
    assert live.hand.bets[seat] == 42_000
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R55")
def test_a_choice_the_rules_leave_to_the_player_is_his_not_the_directors() -> None:
    live = multiway_flop()
    live.act(Raise(2000))
    seat = live.hand.actor
    assert seat is not None
    pending = live.apply_assist(read(live, "check"), seat=seat).pending
    assert pending is not None
    assert pending.question.startswith(f"seat {seat} chooses")
    assert [str(r) for r in pending.rules] == ["tda-2022 R55"]
    assert "raise" not in pending.options
    live.resolve(pending.id, "call", by=f"seat {seat}", reason="he calls")
    assert live.hand.bets[seat] == 2000
    assert_conserved(live)


def test_the_assist_reads_only_the_player_to_act() -> None:
    live = multiway_flop()
    actor = live.hand.actor
    assert actor is not None
    ruling = read(live, "check")
    with pytest.raises(MalformedInputError) as refused:
        live.apply_assist(ruling, seat=(actor + 1) % 4)
    assert refused.value.constraint == "seat"


def test_a_reading_the_engine_refuses_changes_nothing() -> None:
    live = multiway_flop()
    actor = live.hand.actor
    assert actor is not None
    stale = read(live, "bet 3000")
    live.act(Raise(6000))  # the reading no longer fits the hand: 3000 is no raise of 6000
    history = list(live.history)
    with pytest.raises(MalformedInputError):
        live.apply_assist(stale, seat=actor)
    with pytest.raises(IllegalActionError):
        live.apply_assist(stale, seat=live.hand.actor or 0)
    assert live.history == history


def test_a_pending_reading_replays_from_the_history() -> None:
    live = multiway_flop()
    live.act(Raise(2000))
    live.act(Raise(8000))
    seat = live.hand.actor
    assert seat is not None
    live.apply_assist(read(live, "", (1000, 2)), seat=seat)
    again = LiveHand.from_events(live.config, live.history)
    pending = [e for e in again.history if isinstance(e, RulingPending)]
    assert [p.readings for p in pending] == [
        p.readings for p in live.history if isinstance(p, RulingPending)
    ]
    assert [p.id for p in again.pending] == [p.id for p in live.pending]
    again.resolve(pending[0].id, "call", by="TD", reason="full call")
    assert again.hand.bets[seat] == 8000
    assert_conserved(again)
