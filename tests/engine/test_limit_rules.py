"""Fixed-limit betting: fixed sizes, the raise cap and short all-ins (Belarus 4.7.3, 4.9.8; TDA
R47-B, R48, D22). Limit 10-20 with blinds 5-10 throughout, as in the Belarus examples."""

from __future__ import annotations

import pytest
from tables import hand, limp_to_flop

from floorman.cards.deck import Deck
from floorman.engine import Call, Check, Fold, Hand, Phase, Raise
from floorman.engine.dealer import deal_pending
from floorman.engine.events import Acted
from floorman.errors import IllegalActionError
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022
from floorman.rules.ruleset import Ruleset

BIG = 1000


CAP_RULES = pytest.mark.parametrize(
    ("rules", "cap_rule"),
    [(TDA_2022, "tda-2022 R48"), (BELARUS_SPORT, "belarus-sport 4.7.3")],
    ids=["tda", "belarus"],
)
REOPEN_RULES = pytest.mark.parametrize(
    ("rules", "reopen_rule"),
    [(TDA_2022, "tda-2022 R47"), (BELARUS_SPORT, "belarus-sport 4.9.8")],
    ids=["tda", "belarus"],
)


def limit(
    stacks: list[int | None], *, button: int, rules: Ruleset = TDA_2022, **extra: object
) -> tuple[Hand, Deck]:
    return hand(
        stacks, game="FT", button=button, blinds=(5, 10), bets=(10, 20), rules=rules, **extra
    )


def check_to_next_street(played: Hand, deck: Deck) -> None:
    street = played.street
    while played.phase is Phase.BET and played.street == street:
        played.act(Check())
    deal_pending(played, deck)


def bounds(played: Hand) -> tuple[int | None, int | None, int | None]:
    options = played.legal_options()
    return options.call, options.min_to, options.max_to


# --- sizes and the cap ---------------------------------------------------------------------------


@pytest.mark.rules(
    "tda-2022 R48",
    "belarus-sport 4.7.3",
    "belarus-sport 4.7.3-cap",
    "belarus-sport 4.7.3-raise-limits",
    "belarus-sport 4.9.7",
    "belarus-sport 4.1-bet",
    "belarus-sport 4.1-cap",
    "belarus-sport 4.1-limit",
    "belarus-sport 4.1-raise",
    "belarus-sport 4.1-re-raise",
)
@CAP_RULES
def test_belarus_4_7_3_flop_bet_10_raise_20_reraise_30_cap_40(
    rules: Ruleset, cap_rule: str
) -> None:
    played, deck = limit([BIG] * 4, button=3, rules=rules)
    limp_to_flop(played, deck)
    assert played.street == 1
    assert played.actor == 0
    assert bounds(played) == (None, 10, 10)
    played.act(Raise(10), seat=0)
    assert played.events[-1] == Acted(0, "bet", 10, False)
    assert bounds(played) == (10, 20, 20)
    played.act(Raise(20), seat=1)
    assert bounds(played) == (20, 30, 30)
    played.act(Raise(30), seat=2)
    assert bounds(played) == (30, 40, 40)
    played.act(Raise(40), seat=3)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 30, False)
    assert options.check is False
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == cap_rule
    assert options.no_raise.key == "raise-cap"
    before = list(played.events)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(50), seat=0)
    assert str(refusal.value.ruling.rule) == cap_rule
    assert played.events == before
    played.act(Call(), seat=0)
    # Everybody behind is capped too.
    assert played.actor == 1
    assert played.legal_options().can_raise is False


@pytest.mark.rules(
    "tda-2022 R48",
    "belarus-sport 4.7.3",
    "belarus-sport 4.9.4",
    "belarus-sport 4.9.7",
    "belarus-sport 4.1-betting-round",
)
@CAP_RULES
def test_belarus_4_7_3_turn_and_river_bet_20_raise_40_reraise_60_cap_80(
    rules: Ruleset, cap_rule: str
) -> None:
    played, deck = limit([BIG] * 4, button=3, rules=rules)
    limp_to_flop(played, deck)
    check_to_next_street(played, deck)
    for street in (2, 3):
        assert played.street == street
        assert bounds(played) == (None, 20, 20)
        played.act(Raise(20), seat=0)
        assert bounds(played) == (20, 40, 40)
        played.act(Raise(40), seat=1)
        assert bounds(played) == (40, 60, 60)
        played.act(Raise(60), seat=2)
        assert bounds(played) == (60, 80, 80)
        played.act(Raise(80), seat=3)
        options = played.legal_options()
        assert (options.actor, options.call, options.can_raise) == (0, 60, False)
        assert options.no_raise is not None
        assert str(options.no_raise.rule) == cap_rule
        for seat in (0, 1, 2):
            assert played.legal_options().can_raise is False
            played.act(Call(), seat=seat)
        deal_pending(played, deck)
    # Preflop 10 each, flop checked, turn and river capped at 80 each.
    assert played.is_over or played.phase is Phase.SHOW
    assert played.paid == [170, 170, 170, 170]


@pytest.mark.rules(
    "tda-2022 R48",
    "belarus-sport 4.7.3",
    "belarus-sport 4.9.5",
    "belarus-sport 4.9.7",
    "belarus-sport 4.1-cap",
    "belarus-sport 5.6.3",
)
@CAP_RULES
def test_belarus_4_7_3_preflop_the_big_blind_is_the_bet_raise_20_30_cap_40(
    rules: Ruleset, cap_rule: str
) -> None:
    played, _ = limit([BIG] * 4, button=3, rules=rules)
    assert played.actor == 2
    assert bounds(played) == (10, 20, 20)
    played.act(Raise(20), seat=2)
    assert played.events[-1] == Acted(2, "raise", 20, False)
    assert bounds(played) == (20, 30, 30)
    played.act(Raise(30), seat=3)
    assert bounds(played) == (25, 40, 40)
    played.act(Raise(40), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 30, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == cap_rule
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(50), seat=1)
    assert str(refusal.value.ruling.rule) == cap_rule


@pytest.mark.rules("belarus-sport 4.9.5", "belarus-sport 4.9.3", "belarus-sport 4.7.3")
def test_belarus_4_9_5_limit_min_raise_equals_max_raise_other_amounts_are_refused() -> None:
    played, deck = limit([BIG] * 3, button=2, rules=BELARUS_SPORT)
    limp_to_flop(played, deck)
    before = list(played.events)
    stacks = list(played.stacks)
    with pytest.raises(IllegalActionError) as low:
        played.act(Raise(5), seat=0)
    assert low.value.ruling.key == "below-min-raise"
    assert str(low.value.ruling.rule) == "belarus-sport 4.9.5"
    with pytest.raises(IllegalActionError) as high:
        played.act(Raise(20), seat=0)
    assert high.value.ruling.key == "above-max-raise"
    assert str(high.value.ruling.rule) == "belarus-sport 4.9.5"
    assert played.events == before
    assert played.stacks == stacks
    played.act(Raise(10), seat=0)
    with pytest.raises(IllegalActionError) as between:
        played.act(Raise(25), seat=1)
    assert between.value.ruling.key == "above-max-raise"
    assert bounds(played) == (10, 20, 20)


@pytest.mark.rules("tda-2022 R43-A")
def test_tda_r43b_limit_bet_sizes_are_refused_off_the_fixed_amount() -> None:
    played, _ = limit([BIG] * 3, button=2)
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(25), seat=2)
    assert str(refusal.value.ruling.rule) == "tda-2022 R43-B"
    with pytest.raises(IllegalActionError) as refusal:
        played.act(Raise(15), seat=2)
    assert str(refusal.value.ruling.rule) == "tda-2022 R43"


# --- TDA R48: capped even heads-up, until the tournament is heads-up -----------------------------


@pytest.mark.rules("tda-2022 R48")
def test_tda_r48_heads_up_table_is_still_capped_when_the_tournament_is_not() -> None:
    played, _ = limit([BIG, BIG], button=0)
    assert played.actor == 0  # the button (small blind) acts first preflop
    played.act(Raise(20), seat=0)
    played.act(Raise(30), seat=1)
    played.act(Raise(40), seat=0)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (1, 10, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "tda-2022 R48"


@pytest.mark.rules("tda-2022 R48")
def test_tda_r48_heads_up_in_the_hand_after_a_fold_is_still_capped() -> None:
    played, deck = limit([BIG] * 3, button=2)
    played.act(Fold(), seat=2)
    played.act(Call(), seat=0)
    played.act(Check(), seat=1)
    deal_pending(played, deck)
    assert played.live == [0, 1]
    played.act(Raise(10), seat=0)
    played.act(Raise(20), seat=1)
    played.act(Raise(30), seat=0)
    played.act(Raise(40), seat=1)
    options = played.legal_options()
    assert (options.actor, options.can_raise) == (0, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == "tda-2022 R48"


@pytest.mark.rules("tda-2022 R48")
def test_tda_r48_tournament_heads_up_lifts_the_cap() -> None:
    played, _ = limit([BIG, BIG], button=0, tournament_heads_up=True)
    seat = 0
    for to in range(20, 110, 10):
        assert played.actor == seat
        assert bounds(played)[1:] == (to, to)
        played.act(Raise(to), seat=seat)
        seat = 1 - seat
    # Nine raises over the big blind, and still no cap.
    options = played.legal_options()
    assert options.can_raise
    assert options.min_to == 110
    played.act(Call(), seat=seat)
    assert played.paid == [100, 100]


@pytest.mark.rules("tda-2022 R48")
def test_tda_r48_tournament_heads_up_lifts_the_cap_after_the_flop_too() -> None:
    played, deck = limit([BIG, BIG], button=0, tournament_heads_up=True)
    limp_to_flop(played, deck)
    assert played.actor == 1  # heads-up the big blind acts first after the flop
    for to in range(10, 70, 10):
        played.act(Raise(to))
    assert played.legal_options().min_to == 70


# --- short all-ins: Belarus 4.9.8 examples, TDA R47-B, D22 ---------------------------------------


@pytest.mark.rules(
    "tda-2022 R47-B",
    "belarus-sport 4.9.8",
    "belarus-sport 4.9.4",
    "belarus-sport 4.7.3-raise-limits",
    "belarus-sport 4.1-call",
)
@REOPEN_RULES
def test_belarus_4_9_8_all_in_14_after_bet_and_call_is_no_raise(
    rules: Ruleset, reopen_rule: str
) -> None:
    # P1 seat 0 bets 10, P2 seat 1 calls, P3 (button, 14 left after the limp) all-in 14.
    played, deck = limit([BIG, BIG, 24], button=2, rules=rules)
    limp_to_flop(played, deck)
    played.act(Raise(10), seat=0)
    played.act(Call(), seat=1)
    assert bounds(played) == (10, 14, 14)
    played.act(Raise(14), seat=2)
    assert played.events[-1] == Acted(2, "raise", 14, True)
    for seat in (0, 1):
        options = played.legal_options()
        assert (options.actor, options.call, options.can_raise) == (seat, 4, False)
        assert options.no_raise is not None
        assert str(options.no_raise.rule) == reopen_rule
        assert options.no_raise.key == "not-reopened"
        before = list(played.events)
        with pytest.raises(IllegalActionError) as refusal:
            played.act(Raise(20), seat=seat)
        assert str(refusal.value.ruling.rule) == reopen_rule
        assert played.events == before
        played.act(Call(), seat=seat)
    # The flop is over: everyone put 14 in on it.
    assert played.street == 2
    assert played.paid == [24, 24, 24]


def short_all_in_14(rules: Ruleset, all_in: int = 14) -> tuple[Hand, Deck]:
    """Five players; on the flop P1 (seat 0) bets 10 and P2 (seat 1) is all-in for ``all_in``."""
    played, deck = limit([BIG, 10 + all_in, BIG, BIG, BIG], button=4, rules=rules)
    limp_to_flop(played, deck)
    played.act(Raise(10), seat=0)
    played.act(Raise(all_in), seat=1)
    assert played.events[-1] == Acted(1, "raise", all_in, True)
    return played, deck


@pytest.mark.rules("belarus-sport 4.9.8")
@REOPEN_RULES
def test_belarus_4_9_8_p3_may_call_14_or_raise_to_20(rules: Ruleset, reopen_rule: str) -> None:
    played, _ = short_all_in_14(rules)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (2, 14, 20, 20)
    with pytest.raises(IllegalActionError):
        played.act(Raise(24), seat=2)


@pytest.mark.rules("belarus-sport 4.9.8")
@REOPEN_RULES
def test_belarus_4_9_8_after_p3_raises_everyone_has_all_options_p1_included(
    rules: Ruleset, reopen_rule: str
) -> None:
    played, _ = short_all_in_14(rules)
    played.act(Raise(20), seat=2)
    assert bounds(played) == (20, 30, 30)  # P4
    played.act(Call(), seat=3)
    assert bounds(played) == (20, 30, 30)  # P5
    played.act(Call(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.min_to, options.max_to) == (0, 10, 30, 30)
    played.act(Raise(30), seat=0)
    assert played.events[-1] == Acted(0, "raise", 30, False)


@pytest.mark.rules("tda-2022 R47-B", "belarus-sport 4.9.8", "belarus-sport 4.1-call")
@REOPEN_RULES
def test_belarus_4_9_8_after_p3_calls_14_only_p1_may_not_raise(
    rules: Ruleset, reopen_rule: str
) -> None:
    played, _ = short_all_in_14(rules)
    played.act(Call(), seat=2)
    assert played.events[-1] == Acted(2, "call", 14, False)
    assert bounds(played) == (14, 20, 20)  # P4 may still raise
    played.act(Call(), seat=3)
    assert bounds(played) == (14, 20, 20)  # and so may P5
    played.act(Call(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 4, False)
    assert options.no_raise is not None
    assert str(options.no_raise.rule) == reopen_rule
    played.act(Call(), seat=0)
    assert played.street == 2


@pytest.mark.rules("tda-2022 R47-B", "belarus-sport 4.9.8")
@REOPEN_RULES
def test_tda_d22_all_in_15_is_half_a_bet_so_it_is_a_raise_and_reopens(
    rules: Ruleset, reopen_rule: str
) -> None:
    played, _ = short_all_in_14(rules, all_in=15)
    assert bounds(played) == (15, 25, 25)  # P3: call 15 or re-raise to 25 (15+10)
    played.act(Call(), seat=2)
    played.act(Call(), seat=3)
    played.act(Call(), seat=4)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (0, 5, True)
    assert (options.min_to, options.max_to) == (25, 25)
    played.act(Raise(25), seat=0)
    assert played.events[-1] == Acted(0, "raise", 25, False)


@pytest.mark.rules("tda-2022 R47-B", "tda-2022 R48", "belarus-sport 4.9.8")
@REOPEN_RULES
def test_belarus_4_9_8_all_in_15_counts_as_a_raise_so_the_cap_becomes_35(
    rules: Ruleset, reopen_rule: str
) -> None:
    played, _ = short_all_in_14(rules, all_in=15)
    played.act(Raise(25), seat=2)
    assert bounds(played) == (25, 35, 35)
    played.act(Raise(35), seat=3)
    options = played.legal_options()
    assert (options.actor, options.call, options.can_raise) == (4, 35, False)
    assert options.no_raise is not None
    assert options.no_raise.key == "raise-cap"


@pytest.mark.rules("tda-2022 R47-B")
def test_tda_r47b_turn_all_in_below_half_the_big_bet_does_not_reopen() -> None:
    # On the turn the bet is 20: an all-in of 29 adds 9 (< 10), of 30 adds 10 (= 50%).
    for all_in, reopens in ((29, False), (30, True)):
        played, deck = limit([BIG, BIG, 10 + all_in], button=2)
        limp_to_flop(played, deck)
        check_to_next_street(played, deck)
        played.act(Raise(20), seat=0)
        played.act(Call(), seat=1)
        played.act(Raise(all_in), seat=2)
        options = played.legal_options()
        assert (options.actor, options.call) == (0, all_in - 20)
        assert options.can_raise is reopens
        if reopens:
            assert options.min_to == all_in + 20


@pytest.mark.rules("tda-2022 R48", "belarus-sport 4.9.8")
@CAP_RULES
def test_limit_completing_an_opening_all_in_below_half_a_bet_is_the_bet_not_a_raise(
    rules: Ruleset, cap_rule: str
) -> None:
    # Flop: P1 and P2 check, P3 is all-in for 4 (less than half the bet of 10: not a bet,
    # Belarus 4.9.8 / TDA R47-B); P4 completes to 10, which is the bet. Bet + three raises
    # (Belarus 4.7.3, TDA R48) still allows 20, 30 and a cap of 40.
    played, deck = limit([BIG, BIG, 14, BIG], button=3, rules=rules)
    limp_to_flop(played, deck)
    played.act(Check(), seat=0)
    played.act(Check(), seat=1)
    played.act(Raise(4), seat=2)
    assert played.events[-1] == Acted(2, "bet", 4, True)
    assert bounds(played) == (4, 10, 10)
    played.act(Raise(10), seat=3)
    assert bounds(played) == (10, 20, 20)
    played.act(Raise(20), seat=0)
    assert bounds(played) == (20, 30, 30)
    played.act(Raise(30), seat=1)
    options = played.legal_options()
    assert options.actor == 3
    assert options.can_raise, options.no_raise
    assert (options.min_to, options.max_to) == (40, 40)
