"""The director overrides the rulings a live hand makes by itself (TDA R1, Belarus 7.3.1,
Poland §1.6): a clock expiry, a reading of the dealer assist applied at once, a board repair,
cards kept back, a pot awarded again. The hand is rebuilt from its history with his choice in
the ruling's place; later commands replay where they fit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory
from tests.live.assist.test_tda_assist_record import multiway_flop, read
from tests.live.director.test_action_clock import facing_a_bet
from tests.live.irregularities.test_board_errors import C1, C2, C3, C4, at_flop, limp
from tests.live.irregularities.test_poland_kept_back import _fold_to_one, _folded_and_shown
from tests.live.live_tables import assert_conserved, dealt_table
from tests.live.showdown_tables import raised_and_folded

from floorman.engine import Call, DealBoard, Fold, Raise
from floorman.engine.events import Acted, HandVoided
from floorman.errors import MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live import finished_hand
from floorman.live.director import action_clock
from floorman.live.director import overrides as director
from floorman.live.irregularities import after_award, kept_back
from floorman.live.irregularities.reports import PrematureCards, WrongCardCount
from floorman.live.live_events import DirectorOverridden
from floorman.live.live_hand import LiveHand


def target(live: LiveHand, subject: str) -> director.Overridable:
    (found,) = [t for t in director.overridable(live.history) if t.subject == subject]
    return found


def expired_then_called(profile: str = "tda-2022") -> tuple[LiveHand, int]:
    """The player facing a raise runs out of time (his hand folded), the next player calls."""
    live, seat = facing_a_bet(profile)
    action_clock.call(live, by="official", at=0.0)
    action_clock.expire(live, at=100.0)
    live.act(Call())
    return live, seat


def the_override(live: LiveHand) -> DirectorOverridden:
    (event,) = [e for e in live.history if isinstance(e, DirectorOverridden)]
    return event


def phh_text(live: LiveHand) -> str:
    text = dumps(export_live_hand(live))
    HandHistory.loads(text)  # still a hand history pokerkit reads
    return text


@pytest.mark.rules("tda-2022 R1", "tda-2022 R29")
def test_tda_r1_r29_the_director_rules_an_action_in_time_and_the_later_call_replays() -> None:
    live, seat = expired_then_called()
    assert seat not in live.hand.live  # the expiry folded him
    clock = target(live, director.CLOCK_EXPIRY)
    result = director.override(
        live, clock.at, director.IN_TIME, instead=Call(), by="TD Ann", reason="the clock was late"
    )
    assert result.ruling is not None
    assert result.ruling.key == "director-overridden"
    event = the_override(live)
    assert (event.subject, event.choice, event.seat) == ("clock-expiry", "in-time", seat)
    assert [str(r) for r in event.rules] == ["tda-2022 R1", "tda-2022 R29"]
    assert seat in live.hand.live
    acted = [(e.seat, e.action) for e in live.hand.events if isinstance(e, Acted)]
    assert acted[-2:] == [(seat, "call"), ((seat + 1) % 3, "call")]  # the next call replayed
    assert result.pending is None
    assert "clock-expiry overridden by TD Ann: in-time" in phh_text(live)
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.3.1", "belarus-sport 4.9.1")
def test_belarus_7_3_1_more_time_the_later_call_no_longer_fits_and_is_referred() -> None:
    live, seat = expired_then_called("belarus-sport")
    clock = target(live, director.CLOCK_EXPIRY)
    result = director.override(live, clock.at, director.MORE_TIME, by="CJ", reason="noise")
    assert live.hand.actor == seat  # he acts again, off the clock
    assert action_clock.running(live) is None
    assert result.pending is not None
    assert result.pending.options == ("void-actions", "void")
    live.resolve(result.pending.id, "void-actions", by="CJ", reason="act again")
    live.act(Fold())
    assert seat not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 R44")
def test_tda_r1_r44_the_director_reads_a_raise_where_the_assist_read_a_call() -> None:
    live = multiway_flop()
    live.act(Raise(2000))
    seat = live.hand.actor
    assert seat is not None
    live.apply_assist(read(live, "", (5000, 1)), seat=seat)  # one oversized chip: a call
    live.act(Fold())
    reading = target(live, director.ASSIST_READING)
    assert reading.seat == seat
    result = director.override(
        live, reading.at, director.READING, instead=Raise(5000), by="TD", reason="said raise"
    )
    assert [str(r) for r in the_override(live).rules] == ["tda-2022 R1", "tda-2022 R44"]
    assert live.hand.bets[seat] == 5000
    assert result.pending is None  # the later fold still fits: the next player folds to 5000
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R1", "tda-2022 RP-5-A")
def test_tda_r1_rp_5_the_director_voids_the_hand_instead_of_the_repair() -> None:
    live = at_flop("tda-2022")
    live.act(DealBoard((C2, C3, C4), C1))
    live.act(Raise(300))
    live.record(PrematureCards(street=2, cards=(C4 + 10,), burn=None))
    repair = target(live, director.BOARD_REPAIR)
    assert repair.choices == ("misdeal",)
    director.override(live, repair.at, "misdeal", by="TD", reason="the stub was disordered")
    assert any(isinstance(e, HandVoided) for e in live.hand.events)
    assert live.hand.stacks == list(live.config.stacks)  # every bet back
    assert live.redeal() is not None
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §1.6", "poland-pzp §31.5a")
def test_poland_1_6_the_director_has_kept_back_cards_shown_at_once() -> None:
    live, _, shower, card = _folded_and_shown("poland-pzp")
    kept = target(live, kept_back.KEPT_BACK)
    director.override(live, kept.at, director.SHOWN_AT_ONCE, by="TD", reason="table asked")
    assert card in (live.hand.exposed or {}).get(shower, ())
    assert finished_hand.kept_back(live) == ()
    assert not [t for t in director.overridable(live.history) if t.subject == "kept-back"]
    _fold_to_one(live)
    with pytest.raises(MalformedInputError):
        finished_hand.show_on_request(live, by=(shower + 2) % 4, seat=shower)
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.3.1", "belarus-sport 6.3.9")
def test_belarus_7_3_1_the_chief_judge_restores_the_original_award() -> None:
    live = raised_and_folded()
    original = list(live.hand.stacks)
    finished_hand.record(live, WrongCardCount(seat=2, held=3))
    assert live.hand.stacks != original
    again = target(live, after_award.REAWARDED)
    director.override(live, again.at, after_award.STANDS, by="CJ", reason="he held two")
    assert live.hand.stacks == original
    assert the_override(live).ruling_id == again.ruling_id
    assert "reawarded overridden by CJ: stands" in phh_text(live)
    assert_conserved(live)


def test_an_override_needs_a_target_a_choice_its_action_and_a_reason() -> None:
    live, _ = expired_then_called()
    clock = target(live, director.CLOCK_EXPIRY)
    history = list(live.history)
    cases: list[tuple[int, str, object, str, str]] = [
        (0, director.IN_TIME, Call(), "override-target", "r"),
        (clock.at, director.SHOWN_AT_ONCE, None, "director-option", "r"),
        (clock.at, director.IN_TIME, None, "override-action", "r"),
        (clock.at, director.MORE_TIME, Call(), "override-action", "r"),
        (clock.at, director.MORE_TIME, None, "director-reason", " "),
    ]
    for at, choice, instead, constraint, reason in cases:
        with pytest.raises(MalformedInputError) as refused:
            director.override(live, at, choice, instead=instead, by="TD", reason=reason)  # type: ignore[arg-type]
        assert refused.value.constraint == constraint
    assert live.history == history  # nothing changed


def test_an_earlier_ruling_is_not_rebuilt_under_a_later_override() -> None:
    live, seat = facing_a_bet("tda-2022")
    action_clock.call(live, by="official", at=0.0)
    action_clock.expire(live, at=100.0)
    first = target(live, director.CLOCK_EXPIRY)
    live.act(Raise(1000))
    action_clock.call(live, by="official", at=200.0)
    action_clock.expire(live, at=300.0)
    second = max(director.overridable(live.history), key=lambda t: t.at)
    director.override(live, second.at, director.MORE_TIME, by="TD", reason="late")
    with pytest.raises(MalformedInputError) as refused:
        director.override(live, first.at, director.MORE_TIME, by="TD", reason="late")
    assert refused.value.constraint == "override-order"
    assert seat not in live.hand.live


@settings(max_examples=15, deadline=None)
@given(calls=st.integers(min_value=0, max_value=1), choice=st.sampled_from(["in", "more"]))
def test_an_override_is_a_pure_rebuild_its_history_replays_to_the_same_hand(
    calls: int, choice: str
) -> None:
    live, _ = dealt_table(4)
    live.act(Raise(300))
    action_clock.call(live, by="official", at=0.0)
    action_clock.expire(live, at=100.0)
    for _ in range(calls):
        live.act(Call())
    at = target(live, director.CLOCK_EXPIRY).at
    history = list(live.history)
    picked = director.IN_TIME if choice == "in" else director.MORE_TIME
    instead = Call() if choice == "in" else None
    a = director.rebuilt(live.config, history, at, picked, instead=instead, by="TD", reason="r")
    b = director.rebuilt(live.config, history, at, picked, instead=instead, by="TD", reason="r")
    assert live.history == history
    assert a.history == b.history
    again = LiveHand.from_events(live.config, a.history)
    assert again.hand.events == a.hand.events
    assert again.hand.stacks == a.hand.stacks
    assert_conserved(a)
    if not a.pending and a.hand.actor is not None:
        limp(a)  # the rebuilt hand plays on
