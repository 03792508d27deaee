"""The director's judgement at the table, as pending rulings in the hand's history: conditional
statements and calls before the amount (TDA R59-A, R59-B; RedCactus 59), several undercalls in
a row (R51-C; RedCactus 42), a player who will not table his hand (R15-A; RedCactus 15)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table, limp_to_flop
from tests.live.showdown_requests import to_river

from floorman.engine import Call, Check, Raise, Show
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.types import SILENT, ChipPush
from floorman.live.director.discretion import (
    call_before_amount,
    conditional_statement,
    show_refused,
    undercalls_in_a_row,
)
from floorman.live.irregularities.reports import DealerKilledHand
from floorman.live.live_hand import LiveHand

PROFILES = [("tda-2022", "R59-A", "R59-B"), ("redcactus", "59", "59")]


@pytest.mark.rules("tda-2022 R59-A", "redcactus 59")
@pytest.mark.parametrize(("profile", "rule", "_"), PROFILES)
def test_a_conditional_statement_binds_if_the_director_says_so(
    profile: str, rule: str, _: str
) -> None:
    live, deck = dealt_table(3, profile=profile)
    limp_to_flop(live, deck)
    pending = conditional_statement(live, 1, "if you bet, I raise")
    assert pending.options == ("binding", "not-binding")
    assert str(pending.rules[0]) == f"{profile} {rule}"
    with pytest.raises(IllegalActionError):
        live.act(Check())  # play waits for him
    live.resolve(pending.id, "binding", by="TD", reason="said in turn, clearly")
    assert "binding, said in turn" in dumps(export_live_hand(live))
    live.act(Check())
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R59-B", "redcactus 59")
@pytest.mark.parametrize(("profile", "_", "rule"), PROFILES)
def test_a_call_before_the_amount_may_be_held_to_any_amount(
    profile: str, _: str, rule: str
) -> None:
    live, deck = dealt_table(3, profile=profile)
    limp_to_flop(live, deck)
    bettor = live.hand.actor
    assert bettor is not None
    pending = call_before_amount(live, (bettor + 1) % 3, bettor)
    assert pending.options == ("call-any-amount", "released")
    assert str(pending.rules[0]) == f"{profile} {rule}"
    live.resolve(pending.id, "call-any-amount", by="TD", reason="he called blind")
    live.act(Raise(900))
    live.act(Call())  # the tablet applies the director's answer
    assert live.hand.bets[(bettor + 1) % 3] == 900


def two_undercalls(profile: str) -> LiveHand:
    """T39 made worse: blinds 1000-2000, five in to the flop; 2000 bet, raised to 8000; the
    next player silently puts out 2000, and the one after him does too."""
    live, deck = dealt_table(5, profile=profile, blinds=(1000, 2000), stack=100_000)
    limp_to_flop(live, deck)
    live.act(Raise(2000))
    live.act(Raise(8000))
    return live


@pytest.mark.rules("tda-2022 R51-C", "redcactus 42")
@pytest.mark.parametrize(("profile", "rule"), [("tda-2022", "R51-C"), ("redcactus", "42")])
def test_several_undercalls_the_first_corrects_the_director_rules_the_others(
    profile: str, rule: str
) -> None:
    live = two_undercalls(profile)
    first = live.hand.actor
    assert first is not None
    second = (first + 1) % 5
    others = undercalls_in_a_row(live, seat=first, others=[second])
    assert others.options == ("returned", "full-calls", "forfeited")
    assert str(others.rules[0]) == f"{profile} {rule}"
    live.resolve(others.id, "returned", by="TD", reason="he acts again in turn")
    reading = rule_action(
        situation_of(live.hand), SILENT, ChipPush.of((1000, 2)), ruleset=live.rules
    )
    corrected = live.apply_assist(reading, seat=first).pending
    assert corrected is not None  # R51-B: a raise undercalled multi-way is the director's
    assert set(corrected.options) == {"call", "fold-forfeit"}
    live.resolve(corrected.id, "call", by="TD", reason="he must call")
    assert live.hand.bets[first] == 8000
    assert live.hand.actor == second
    assert_conserved(live)


def test_several_undercalls_name_the_others_after_the_first() -> None:
    live = two_undercalls("tda-2022")
    first = live.hand.actor
    assert first is not None
    with pytest.raises(MalformedInputError):
        undercalls_in_a_row(live, seat=first, others=[])
    with pytest.raises(MalformedInputError):
        undercalls_in_a_row(live, seat=first, others=[first])
    with pytest.raises(MalformedInputError):
        undercalls_in_a_row(live, seat=(first + 1) % 5, others=[(first + 2) % 5])


@pytest.mark.rules("tda-2022 R51-B")
def test_an_undercall_is_resolved_only_once_no_other_ruling_waits() -> None:
    live = two_undercalls("tda-2022")
    first = live.hand.actor
    assert first is not None
    reading = rule_action(
        situation_of(live.hand), SILENT, ChipPush.of((1000, 2)), ruleset=live.rules
    )
    corrected = live.apply_assist(reading, seat=first).pending
    assert corrected is not None
    other = conditional_statement(live, (first + 1) % 5, "I'll call whatever")
    history = list(live.history)
    with pytest.raises(IllegalActionError):
        live.resolve(corrected.id, "call", by="TD", reason="full call")
    assert live.history == history
    live.resolve(other.id, "not-binding", by="TD", reason="idle talk")
    live.resolve(corrected.id, "call", by="TD", reason="full call")
    assert live.hand.bets[first] == 8000


@pytest.mark.rules("tda-2022 R15-A", "redcactus 15")
@pytest.mark.parametrize(("profile", "rule"), [("tda-2022", "R15-A"), ("redcactus", "15")])
def test_one_card_tabled_and_the_rest_refused_the_floor_kills_the_hand(
    profile: str, rule: str
) -> None:
    live = to_river(profile, ["Qh Qd", "Ah Kh", "Jc Js"], [Raise(1000), Call(), Call()])
    result = show_refused(live, 0, shown=1)
    assert result.pending is not None
    assert result.pending.options == ("shown", "dead")
    assert str(result.pending.rules[0]) == f"{profile} {rule}"
    live.resolve(result.pending.id, "dead", by="floor", reason="refused to table both cards")
    assert 0 not in live.hand.live
    live.act(Show())
    live.act(Show())
    assert live.hand.is_over
    assert live.hand.stacks[0] == 10_000 - 1100  # his trips win nothing
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R15-A")
def test_told_to_show_he_shows_and_the_hand_goes_on() -> None:
    live = to_river("tda-2022", ["Qh Qd", "Ah Kh", "Jc Js"], [Raise(1000), Call(), Call()])
    pending = show_refused(live, 0, shown=1).pending
    assert pending is not None
    live.resolve(pending.id, "shown", by="floor", reason="he tabled both")
    live.act(Show())
    assert live.hand.shown[0]
    with pytest.raises(MalformedInputError):
        show_refused(live, 0)  # he has shown: nothing left to refuse


@pytest.mark.rules("redcactus 15", "redcactus 65")
def test_redcactus_15_a_bettor_who_discards_thinking_he_won_gets_only_his_uncalled_bet() -> None:
    live = to_river("redcactus", ["Qh Qd", "Ah Kh", "Jc Js"], [Raise(1000)])
    stack = live.hand.stacks[0]
    live.record(DealerKilledHand(seat=0, identifiable=False))  # mixed in the muck
    assert 0 not in live.hand.live
    assert live.hand.stacks[0] == stack + 1000  # nobody had called: all of it back
    assert_conserved(live)
