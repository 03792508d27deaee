"""Penalties: the catalogues, the scale, officials' powers and the ledger (TDA R71, Belarus 7,
Poland §7, PokerStars Live 6.9, RedCactus 71)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef
from floorman.tournament.officials.penalties import (
    COUNTED,
    AwayFrom,
    Penalty,
    PenaltyKind,
    PenaltyLedger,
    check_power,
    escalate,
    give,
    hands_to_miss,
    serve_hand,
)
from floorman.tournament.officials.penalty_catalogue import load_catalogue, parse_catalogue

DATA = Path(__file__).parents[3] / "src" / "floorman" / "rules" / "data"
PROFILES = ("tda-2022", "belarus-sport", "redcactus", "pokerstars-live", "poland-pzp")


def rounds(n: int) -> Penalty:
    return Penalty(kind=PenaltyKind.MISSED_ROUNDS, amount=n)


def hands(n: int) -> Penalty:
    return Penalty(kind=PenaltyKind.MISSED_HANDS, amount=n)


DQ = Penalty(kind=PenaltyKind.DISQUALIFICATION)
WARNING = Penalty(kind=PenaltyKind.WARNING)


# --- the catalogues ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_every_catalogue_loads_and_cites_only_rules_its_rule_catalogue_lists(
    profile: str,
) -> None:
    catalogue = load_catalogue(profile)
    assert catalogue.profile == profile
    with (DATA / f"{profile}.rules.toml").open("rb") as file:
        rule_ids = {rule["id"] for rule in tomllib.load(file)["rule"]}
    serving = catalogue.serving
    buy_in = serving.disqualified_buy_in_in_pool
    cited = {
        *(offence.rule for offence in catalogue.offences),
        *(step.rule for offence in catalogue.offences for step in offence.steps),
        *(power.rule for power in catalogue.powers),
        *(limit.rule for limit in catalogue.limits),
        serving.away_from.rule,
        serving.forced_bets_posted.rule,
        *([buy_in.rule] if buy_in else []),
    }
    assert cited <= rule_ids, cited - rule_ids
    assert catalogue.offences
    given_kinds = {kind for power in catalogue.powers for kind in power.kinds}
    for offence in catalogue.offences:  # every step of every scale can be given by someone
        assert {step.kind for step in offence.steps} <= given_kinds, offence.id
        assert all(step.offence == offence.id for step in offence.steps)


@pytest.mark.parametrize("profile", PROFILES)
def test_every_scale_step_is_within_the_books_limits(profile: str) -> None:
    catalogue = load_catalogue(profile)
    for offence in catalogue.offences:
        for step in offence.steps:
            holder = next(p for p in catalogue.powers if step.kind in p.kinds)
            check_power(catalogue, holder.role, step)  # raises if a step breaks a limit


TWICE = '[[offence]]\nid = "delay"\nrule = "R70"\ntitle = "D"\nsteps = ["warning"]\n'
CATALOGUE = """\
profile = "x"
[serving]
away_from = { value = "table", rule = "R71-C" }
forced_bets_posted = { value = true, rule = "R71-C" }
[powers]
floor = { kinds = ["warning"], rule = "R71-A" }
[[offence]]
id = "delay"
rule = "R70"
title = "Delay"
steps = ["warning"]
"""


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('profile = "x"', 'profile = "x"\ncolour = 1', "colour"),
        ('steps = ["warning"]', 'steps = ["warning", "2-laps"]', "offence.steps"),
        ('steps = ["warning"]', "steps = []", "offence.steps"),
        ('title = "Delay"', 'title = ""', "offence.title"),
        ("floor = {", "dealer = {", "powers.dealer"),
        ('kinds = ["warning"]', 'kinds = ["fine"]', "powers.floor"),
        ('value = "table"', 'value = "lobby"', "serving.away_from"),
        ("value = true", 'value = "yes"', "serving.forced_bets_posted"),
        ("[powers]", "[limits]\nwarning = { most = 1 }\n[powers]", "limits.warning"),
        ('title = "Delay"', 'title = "Delay"\nhint = "x"', "offence.hint"),
        ("[[offence]]", f"{TWICE}[[offence]]", "offence.id"),
        ('profile = "x"', "profile = 3", "profile"),
        ('profile = "x"', "profile = = 3", "toml"),
    ],
)  # fmt: skip
def test_a_bad_catalogue_is_refused_naming_the_key(old: str, new: str, key: str) -> None:
    assert parse_catalogue(CATALOGUE, source="x.toml").offence("delay").steps == (
        Penalty(kind=PenaltyKind.WARNING, offence="delay", rule="R70"),
    )
    with pytest.raises(MalformedInputError) as bad:
        parse_catalogue(CATALOGUE.replace(old, new, 1), source="x.toml")
    assert bad.value.constraint == f"penalty-key:{key}"


def test_an_unknown_profile_or_offence_is_refused() -> None:
    with pytest.raises(MalformedInputError) as bad:
        load_catalogue("club-7")
    assert bad.value.constraint == "penalty-profile"
    with pytest.raises(MalformedInputError) as bad:
        escalate(load_catalogue("tda-2022"), "jaywalking", 0)
    assert bad.value.constraint == "penalty-offence"


@given(kind=st.sampled_from(PenaltyKind), amount=st.integers(1, 99))
def test_a_penalty_step_round_trips(kind: PenaltyKind, amount: int) -> None:
    counted = kind in COUNTED
    penalty = Penalty(kind=kind, amount=amount if counted else 0)
    assert Penalty.parse(penalty.step) == penalty
    assert Penalty.parse("1-round").step == "1-round"
    assert Penalty.parse("3-hands").amount == 3


def test_a_penalty_needs_an_amount_exactly_when_it_counts_something() -> None:
    with pytest.raises(MalformedInputError):
        Penalty(kind=PenaltyKind.MISSED_ROUNDS)
    with pytest.raises(MalformedInputError):
        Penalty(kind=PenaltyKind.WARNING, amount=2)


# --- missed rounds and hands ---------------------------------------------------------------------


@pytest.mark.rules("tda-2022 R71-A")
def test_tda_d10_a_round_at_eight_players_is_8_hands_and_two_rounds_16() -> None:
    assert hands_to_miss(rounds(1), 8) == 8
    assert hands_to_miss(rounds(2), 8) == 16
    assert hands_to_miss(hands(3), 8) == 3
    assert hands_to_miss(WARNING, 8) == hands_to_miss(DQ, 8) == 0
    assert hands_to_miss(rounds(1), 8, counts_offender=False) == 7


@pytest.mark.rules("tda-2022 R35-C", "tda-2022 R71-C", "redcactus 71")
def test_tda_d11_a_misdeal_and_its_redeal_count_as_one_hand_served() -> None:
    ledger = give(PenaltyLedger(), "E1", hands(2), players_at_table=9)
    assert ledger.serving("E1")  # dealt in on a hand that turns out misdealt: killed
    after_misdeal = serve_hand(ledger, "E1")
    redealt = serve_hand(after_misdeal, "E1", redeal=True)  # killed again, not counted again
    assert redealt == after_misdeal
    assert redealt.record("E1").hands_left == 1
    done = serve_hand(redealt, "E1")  # the next hand is the second and last
    assert not done.serving("E1")
    assert serve_hand(done, "E1", redeal=True) == done  # a re-deal of his last hand


@pytest.mark.rules("pokerstars-live 6.9.1", "pokerstars-live 6.9.4")
def test_pokerstars_s32_s33_rotations_and_hands_carried_over_across_tables_and_days() -> None:
    assert hands_to_miss(rounds(1), 6) == 6  # S-32
    ledger = give(PenaltyLedger(), "A", rounds(2), players_at_table=8)  # 16 hands
    for _ in range(5):  # served at the first table before the day ended
        ledger = serve_hand(ledger, "A")
    assert ledger.record("A").hands_left == 11
    ledger = give(ledger, "B", WARNING, players_at_table=6)  # another table, another entry
    ledger = serve_hand(ledger, "A")  # day 2, a new table of 6
    assert ledger.record("A").hands_left == 10
    assert ledger.record("B").hands_left == 0


@pytest.mark.rules("pokerstars-live 6.9.3", "pokerstars-live 6.9.6")
def test_pokerstars_penalties_are_served_outside_the_area_and_a_dq_buy_in_stays() -> None:
    serving = load_catalogue("pokerstars-live").serving
    assert serving.away_from.value is AwayFrom.TOURNAMENT_AREA
    assert serving.forced_bets_posted.value is True
    assert serving.disqualified_buy_in_in_pool is not None
    assert serving.disqualified_buy_in_in_pool.value is True
    assert load_catalogue("tda-2022").serving.disqualified_buy_in_in_pool is None


def test_a_ledger_refuses_serving_nothing_and_penalising_a_disqualified_entry() -> None:
    with pytest.raises(MalformedInputError) as bad:
        serve_hand(PenaltyLedger(), "E1")
    assert bad.value.constraint == "penalty-nothing-to-serve"
    ledger = give(PenaltyLedger(), "E1", DQ, players_at_table=7)
    assert ledger.record("E1").disqualified
    with pytest.raises(MalformedInputError) as bad:
        give(ledger, "E1", WARNING, players_at_table=7)
    assert bad.value.constraint == "penalty-disqualified"
    with pytest.raises(MalformedInputError) as bad:
        hands_to_miss(rounds(1), 0)
    assert bad.value.constraint == "players-at-table"


# --- escalation ----------------------------------------------------------------------------------

BELARUS_SCALE = [
    ("7.1.2", "fold-keeping-cards", "warning", "1-round"),
    ("7.1.3", "out-of-turn-deliberate", "warning", "1-round"),
    ("7.1.4", "collusion", "2-rounds", "disqualification"),
    ("7.1.5", "exposure-accidental", "warning", "warning"),
    ("7.1.6", "exposure-deliberate", "1-round", "2-rounds"),
    ("7.1.7", "delay", "warning", "1-round"),
    ("7.1.8", "touching-cards", "warning", "2-rounds"),
    ("7.1.9", "cards-into-others", "warning", "1-round"),
    ("7.1.10", "chips-in-the-way", "warning", "warning"),
    ("7.1.11", "insult", "1-round", "1-round"),
    ("7.1.12", "out-of-turn", "warning", "1-round"),
    ("7.1.13", "phone", "warning", "warning"),
    ("7.1.14", "consulting", "1-round", "1-round"),
    ("7.1.15", "unsporting", "warning", "warning"),
]


@pytest.mark.rules(*(f"belarus-sport {row[0]}" for row in BELARUS_SCALE))
@pytest.mark.parametrize(("rule", "offence", "first", "repeat"), BELARUS_SCALE)
def test_belarus_7_1_each_offence_first_and_repeat_sanction(
    rule: str, offence: str, first: str, repeat: str
) -> None:
    catalogue = load_catalogue("belarus-sport")
    assert catalogue.offence(offence).rule == rule
    assert escalate(catalogue, offence, 0).step == first
    assert escalate(catalogue, offence, 1).step == repeat
    assert escalate(catalogue, offence, 5).step == repeat  # "2 or more times"
    assert escalate(catalogue, offence, 1).rule == rule


def test_belarus_covers_every_offence_of_7_1() -> None:
    rules = {offence.rule for offence in load_catalogue("belarus-sport").offences}
    assert rules == {row[0] for row in BELARUS_SCALE}


@pytest.mark.rules("belarus-sport 7.1.2")
def test_belarus_a_round_counts_the_offender_and_repeats_are_counted_per_offence() -> None:
    catalogue = load_catalogue("belarus-sport")
    ledger = PenaltyLedger()
    for offence in ("delay", "phone", "delay"):
        previous = ledger.record("P").offences(offence)
        penalty = escalate(catalogue, offence, previous)
        ledger = give(ledger, "P", penalty, players_at_table=7)
    record = ledger.record("P")
    assert [p.step for p in record.penalties] == ["warning", "warning", "1-round"]
    assert record.hands_left == 7


@pytest.mark.rules("belarus-sport 7.2.1", "belarus-sport 7.2.2")
def test_belarus_a_judge_cannot_disqualify_only_the_chief_judge_can() -> None:
    catalogue = load_catalogue("belarus-sport")
    with pytest.raises(IllegalActionError) as refused:
        check_power(catalogue, "judge", DQ)
    assert refused.value.ruling.rule == RuleRef("belarus-sport", "7.2.2")
    assert refused.value.ruling.key == "penalty-power"
    assert "chief-judge" in refused.value.ruling.message
    check_power(catalogue, "chief-judge", DQ)
    check_power(catalogue, "judge", rounds(2))
    check_power(catalogue, "judge", WARNING)
    with pytest.raises(IllegalActionError) as refused:  # nobody gives missed hands in 7.2
        check_power(catalogue, "judge", hands(2))
    assert refused.value.ruling.rule == RuleRef("belarus-sport", "7.2.1")
    with pytest.raises(IllegalActionError):  # the TDA's floor has no power in this book
        check_power(catalogue, "floor", WARNING)
    with pytest.raises(MalformedInputError) as bad:
        check_power(catalogue, "dealer", WARNING)
    assert bad.value.constraint == "penalty-role"


@pytest.mark.rules("tda-2022 R71-A", "tda-2022 R69")
def test_tda_repeats_escalate_and_the_last_step_repeats() -> None:
    catalogue = load_catalogue("tda-2022")
    steps = [escalate(catalogue, "delay", n).step for n in range(5)]
    assert steps == ["warning", "1-round", "2-rounds", "2-rounds", "2-rounds"]
    assert escalate(catalogue, "collusion", 0).kind is PenaltyKind.DISQUALIFICATION
    check_power(catalogue, "floor", DQ)
    check_power(catalogue, "director", hands(5))


@pytest.mark.rules("redcactus 71", "redcactus 33", "redcactus 69")
def test_redcactus_players_times_rounds_and_mandatory_penalties_start_above_a_warning() -> None:
    catalogue = load_catalogue("redcactus")
    assert hands_to_miss(escalate(catalogue, "blind-dodging", 0), 8) == 8
    assert hands_to_miss(escalate(catalogue, "checking-the-nuts", 0), 8) == 16
    assert escalate(catalogue, "collusion", 0).kind is PenaltyKind.DISQUALIFICATION
    assert [p.role.value for p in catalogue.powers] == ["director"]


# --- Poland's forms ------------------------------------------------------------------------------


@pytest.mark.rules("poland-pzp §7.2.2", "poland-pzp §7.2.3a")
def test_poland_t13_one_to_three_missed_hands_and_a_round_times_one_to_four() -> None:
    catalogue = load_catalogue("poland-pzp")
    assert [hands_to_miss(rounds(n), 9) for n in (1, 2, 3, 4)] == [9, 18, 27, 36]
    for n in (1, 2, 3):
        check_power(catalogue, "floor", hands(n))
    with pytest.raises(IllegalActionError) as refused:
        check_power(catalogue, "director", hands(4))
    assert refused.value.ruling.rule == RuleRef("poland-pzp", "§7.2.2")
    assert refused.value.ruling.key == "penalty-limit"
    check_power(catalogue, "director", rounds(4))
    with pytest.raises(IllegalActionError) as refused:
        check_power(catalogue, "director", rounds(5))
    assert refused.value.ruling.rule == RuleRef("poland-pzp", "§7.2.3a")


@pytest.mark.rules("poland-pzp §7.2.3", "poland-pzp §7.2.3b", "poland-pzp §22.2")
def test_poland_time_away_from_every_table_and_blind_dodging_at_least_a_round() -> None:
    catalogue = load_catalogue("poland-pzp")
    away = Penalty(kind=PenaltyKind.TIME, amount=15)
    check_power(catalogue, "director", away)
    assert hands_to_miss(away, 9) == 0  # the clock, not the deal, ends it
    assert catalogue.serving.away_from.value is AwayFrom.ALL_TABLES
    first = escalate(catalogue, "blind-dodging", 0)
    assert first.kind is PenaltyKind.MISSED_ROUNDS
    assert first.amount >= 1
    with pytest.raises(IllegalActionError):  # no other book in floorman sends players off by time
        check_power(load_catalogue("tda-2022"), "director", away)


@pytest.mark.rules("poland-pzp §7.2.1")
def test_poland_a_repeated_warning_brings_a_missed_hand() -> None:
    catalogue = load_catalogue("poland-pzp")
    assert escalate(catalogue, "unsporting", 0).kind is PenaltyKind.WARNING
    assert escalate(catalogue, "unsporting", 1).step == "1-hand"
    assert escalate(catalogue, "unsporting", 9).kind is PenaltyKind.DISQUALIFICATION
