"""The director's part: pending rulings resolved, automatic rulings overridden, both kept in the
hand's history and written into its PHH export as comments (TDA R1 and its equivalents)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, deal_holes, dealt_table, new_deck, table

from floorman.engine import Call, Fold, Raise
from floorman.engine.events import HandVoided
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.io.phh import dumps, loads
from floorman.io.phh_live import export_live_hand
from floorman.live.irregularities.reports import (
    CardExposed,
    MisdealCalled,
    MisdealReason,
    PlayerAbsent,
    WrongCardCount,
)
from floorman.live.live_events import RulingOverridden, RulingResolved
from floorman.live.live_hand import LiveHand


def voided(live: LiveHand) -> bool:
    return any(isinstance(e, HandVoided) for e in live.hand.events)


@pytest.mark.rules("tda-2022 R1", "poland-pzp §1.6", "pokerstars-live 1.1", "redcactus 1")
@pytest.mark.parametrize(
    ("profile", "rule"),
    [("tda-2022", "R1"), ("poland-pzp", "§1.6"), ("pokerstars-live", "1.1"), ("redcactus", "1")],
)
def test_the_director_overrides_a_misdeal_and_the_hand_plays_on(profile: str, rule: str) -> None:
    live, _ = dealt_table(6, profile=profile)
    made = live.record(MisdealCalled(reason=MisdealReason.OUT_OF_ORDER))
    assert voided(live)
    ruling_id = next(iter(live.state.made))
    result = live.override(ruling_id, "play-on", by="TD Nowak", reason="the order was restored")
    assert result.ruling is not None
    assert result.ruling.rule.rule == rule
    assert not voided(live)
    assert not live.hand.is_over
    assert live.redeal() is None
    live.act(Call())
    assert_conserved(live)
    assert made.ruling is not None


@pytest.mark.rules("belarus-sport 7.3.1")
def test_belarus_7_3_1_the_chief_judge_orders_a_misdeal_after_the_cut_off() -> None:
    live, _ = dealt_table(6, profile="belarus-sport")
    live.act(Raise(300))
    result = live.record(WrongCardCount(seat=4, held=1))
    assert 4 not in live.hand.live  # 6.3.8: no misdeal once round 1 began
    ruling_id = next(i for i, m in live.state.made.items() if m.outcome == "dead")
    with pytest.raises(MalformedInputError) as refused:
        live.override(ruling_id, "misdeal", by="chief judge", reason="fairness")
    assert refused.value.constraint == "director-option"
    revived = live.override(ruling_id, "live", by="chief judge", reason="dealer's error")
    assert revived.ruling is not None
    assert str(revived.ruling.rule) == "belarus-sport 7.3.1"
    assert 4 in live.hand.live
    assert result.ruling is not None


def test_a_decision_needs_an_offered_option_a_name_and_a_reason() -> None:
    live, _ = dealt_table(6)
    live.record(MisdealCalled(reason=MisdealReason.OUT_OF_ORDER))
    ruling_id = next(iter(live.state.made))
    before = list(live.history)
    for outcome, by, reason in (("dead", "TD", "x"), ("play-on", "", "x"), ("play-on", "TD", " ")):
        with pytest.raises(MalformedInputError):
            live.override(ruling_id, outcome, by=by, reason=reason)
    with pytest.raises(MalformedInputError) as unknown:
        live.resolve("r9", "dead", by="TD", reason="x")
    assert unknown.value.constraint == "ruling-id"
    assert live.history == before


@pytest.mark.rules("tda-2022 R1")
def test_a_point_referred_to_the_director_holds_play_until_he_rules() -> None:
    live, _ = dealt_table(6)
    pending = live.refer(
        "an undercall of a non-opening bet: a full call or a fold?", ("call", "fold"), ("R1",)
    )
    assert pending.options == ("call", "fold")
    with pytest.raises(IllegalActionError) as waiting:
        live.act(Call())
    assert waiting.value.ruling.key == "ruling-pending"
    result = live.resolve(pending.id, "call", by="TD", reason="chips pushed silently")
    assert result.ruling is not None
    assert result.ruling.key == "director-ruling"
    assert not live.pending
    live.act(Call())
    with pytest.raises(MalformedInputError):
        live.refer("?", ("only",), ())


@pytest.mark.rules("tda-2022 R30", "tda-2022 R1")
def test_the_director_lets_a_player_back_before_the_deal_ends() -> None:
    live = table(6)
    live.record(PlayerAbsent(seat=3))
    absent_id = next(iter(live.state.made))
    live.override(absent_id, "live", by="TD", reason="he was at his seat after all")
    deal_holes(live, new_deck())
    assert 3 in live.hand.live
    assert live.redeal() is None
    assert_conserved(live)


def test_the_phh_export_carries_every_ruling_as_a_comment() -> None:
    live, _ = dealt_table(7, button=2)
    live.act(Call())  # seat 5
    live.act(Raise(800), seat=0)  # out of turn: seat 6 is to act
    live.act(Fold())  # seat 6
    live.act(Fold(), seat=3)  # binding fold out of turn
    pending = live.refer("a point for the director", ("yes", "no"), ("R1",))
    live.resolve(pending.id, "yes", by="TD Kim", reason="seen on camera")
    text = dumps(export_live_hand(live))
    assert "out of turn: seat 0 acted out of turn" in text
    assert "f # dead hand: seat 3 folded out of turn: the fold is binding (tda-2022 R58)" in text
    assert "for the director: a point for the director" in text
    assert "ruled by TD Kim: yes, seen on camera (tda-2022 R1)" in text
    again = loads(text)
    assert [str(a) for a in again.actions] == [str(a) for a in export_live_hand(live).actions]


def test_an_override_and_a_resolution_are_events_of_the_history() -> None:
    live, _ = dealt_table(6)
    live.record(MisdealCalled(reason=MisdealReason.OUT_OF_ORDER))
    live.override(next(iter(live.state.made)), "play-on", by="TD", reason="no harm done")
    pending = live.refer("q", ("a", "b"), ())
    live.resolve(pending.id, "b", by="TD", reason="r")
    kinds = [type(e) for e in live.history]
    assert RulingOverridden in kinds
    assert RulingResolved in kinds
    again = LiveHand.from_events(live.config, live.history)
    assert not again.hand.is_over
    assert again.state.outcomes == live.state.outcomes
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §48.1", "poland-pzp §31.5")
def test_poland_48_1_the_floor_declares_a_hand_dead() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")
    seat = live.hand.actor
    assert seat is not None
    live.record(CardExposed(seat=seat, card=live.hand.holes[seat][0], by_dealer=False))
    assert seat in live.hand.live  # §31.5: the hand stays live ...
    ruling_id = next(iter(live.state.made))
    result = live.override(ruling_id, "dead", by="TD", reason="shown to a live opponent on purpose")
    assert seat not in live.hand.live  # ... unless the floor declares it dead
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §1.6"
    assert_conserved(live)
