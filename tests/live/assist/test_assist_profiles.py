"""Words and chips under the other rulebooks: Belarus 4.8-4.14, RedCactus 40-61, PokerStars Live
4.7-4.15 (scenarios S-20..S-24, D-01..D-05, D-15), Poland §10, §11, §39, §42 (T9, T11, T31,
T32). Where a profile differs from the TDA, the test shows both readings."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop

from floorman.engine import Call, Fold, Hand, Raise
from floorman.live.assist.rules import AssistRules
from floorman.live.assist.types import Decider, FrontChips
from floorman.rules.profiles import PROFILES
from floorman.rules.ruleset import StringBet

BELARUS = "belarus-sport"
REDCACTUS = "redcactus"
PSL = "pokerstars-live"
POLAND = "poland-pzp"


def flop(
    profile: str,
    *bets: int,
    players: int = 3,
    blinds: tuple[int, int] = (100, 200),
    game: str = "NT",
) -> Hand:
    """Everyone in to the flop under ``profile``; then the ``bets`` (street totals) in turn."""
    played, deck = table(
        [BIG] * players, button=players - 1, blinds=blinds, game=game, profile=profile
    )
    to_flop(played, deck)
    play(played, *(Raise(bet) for bet in bets))
    return played


# --- Belarus ---------------------------------------------------------------------------------


@pytest.mark.rules("belarus-sport 4.12")
def test_belarus_4_12_one_100_chip_over_a_bet_of_50_is_a_call_and_50_back() -> None:
    ruling = ask(flop(BELARUS, 50, blinds=(10, 20)), "", (100, 1))
    assert (ruling.action, ruling.change) == (Call(), 50)
    assert rules_cited(ruling) == ["belarus-sport 4.12"]


@pytest.mark.rules("belarus-sport 4.12")
def test_belarus_4_12_a_1000_chip_opens_for_1000_in_no_limit_and_for_the_pot_in_pot_limit() -> None:
    no_limit = ask(flop(BELARUS, blinds=(25, 50)), "", (1000, 1))  # pot 150
    assert (no_limit.action, no_limit.change) == (Raise(1000), 0)
    pot_limit = ask(flop(BELARUS, blinds=(25, 50), game="PT"), "", (1000, 1))
    assert (pot_limit.action, pot_limit.change) == (Raise(150), 850)


@pytest.mark.rules("belarus-sport 4.14.2", "belarus-sport 4.14.1")
def test_belarus_4_14_2_limit_two_100s_to_a_raise_of_120_are_a_call_and_80_back() -> None:
    played, deck = table([BIG] * 3, button=2, bets=(60, 120), game="FT", profile=BELARUS)
    to_flop(played, deck)
    play(played, Raise(60))
    raised = ask(played, "рейз", (100, 2), lang="ru")
    assert (raised.action, raised.change) == (Raise(120), 80)
    play(played, Raise(120))
    called = ask(played, "", (100, 2))
    assert (called.action, called.change) == (Call(), 80)


def heads_up_pot_100(game: str) -> Hand:
    """Heads-up, blinds 25-50, the flop with 100 in the pot; the first player bet 100."""
    played, deck = table([BIG, BIG], button=0, blinds=(25, 50), game=game, profile=BELARUS)
    to_flop(played, deck)
    play(played, Raise(100))
    return played


@pytest.mark.rules("belarus-sport 4.14.2")
def test_belarus_4_14_2_pot_limit_a_silent_500_chip_is_a_call_with_400_change() -> None:
    ruling = ask(heads_up_pot_100("PT"), "", (500, 1))
    assert (ruling.action, ruling.change) == (Call(), 400)


@pytest.mark.rules("belarus-sport 4.14.2")
def test_belarus_4_14_2_no_limit_raise_said_with_a_500_chip_raises_to_500() -> None:
    ruling = ask(heads_up_pot_100("NT"), "рейз", (500, 1), lang="ru")
    assert (ruling.action, ruling.change) == (Raise(500), 0)


@pytest.mark.rules("belarus-sport 4.14.3")
def test_belarus_4_14_3_five_100s_over_a_pot_bet_raise_to_400_with_100_back() -> None:
    ruling = ask(heads_up_pot_100("PT"), "", (100, 5))
    assert (ruling.action, ruling.change) == (Raise(400), 100)


@pytest.mark.rules("belarus-sport 4.14.3", "tda-2022 R43-A")
def test_belarus_4_14_3_any_evident_excess_is_a_raise_where_the_tda_calls() -> None:
    pushed = ((1000, 1), (100, 2))  # 1200 facing 1000: 200 is a fifth of the last raise
    belarus = ask(flop(BELARUS, 1000), "", *pushed)
    assert (belarus.action, belarus.add) == (Raise(2000), 800)
    tda = ask(flop("tda-2022", 1000), "", *pushed)
    assert (tda.action, tda.change) == (Call(), 200)


@pytest.mark.rules("belarus-sport 4.13")
def test_belarus_4_13_an_undercall_is_completed_or_folded_at_the_players_choice() -> None:
    ruling = ask(flop(BELARUS, 1000), "", (500, 1))  # facing the opening bet: TDA binds
    assert ruling.pending
    assert ruling.decided_by is Decider.PLAYER
    assert ruling.choose("call").add == 500
    assert ruling.choose("fold-forfeit").forfeit == 500
    assert rules_cited(ruling) == ["belarus-sport 4.13"]


@pytest.mark.rules("belarus-sport 4.13", "tda-2022 R52-A")
def test_belarus_4_13_a_short_opening_bet_is_completed_or_folded_where_the_tda_completes() -> None:
    belarus = ask(flop(BELARUS), "", (100, 1))
    assert belarus.decided_by is Decider.PLAYER
    assert (belarus.choose("raise").action, belarus.choose("raise").add) == (Raise(200), 100)
    assert belarus.choose("fold-forfeit").forfeit == 100
    tda = ask(flop("tda-2022"), "", (100, 1))
    assert (tda.pending, tda.action, tda.add) == (False, Raise(200), 100)


@pytest.mark.rules("belarus-sport 4.11")
def test_belarus_4_11_a_bet_in_two_motions_counts_the_first_motion_only() -> None:
    ruling = ask(flop(BELARUS, 400), motions=(((100, 4),), ((500, 2),)))
    assert (ruling.action, ruling.change) == (Call(), 1000)
    assert rules_cited(ruling)[0] == "belarus-sport 4.11"


@pytest.mark.rules("belarus-sport 4.8.1")
def test_belarus_4_8_1_spoken_declarations_bind() -> None:
    assert ask(flop(BELARUS, 1000), "пас", lang="ru").action == Fold()
    call = ask(flop(BELARUS, 1000), "колл", (1000, 1), lang="ru")
    assert (call.action, rules_cited(call)) == (Call(), ["belarus-sport 4.8.1"])
    assert ask(flop(BELARUS, 1000), "ва-банк", lang="ru").action == Raise(BIG - 200)


@pytest.mark.rules("belarus-sport 2.1.6", "tda-2022 R57")
def test_belarus_2_1_6_a_bare_number_is_the_chief_judges_to_read() -> None:
    belarus = ask(flop(BELARUS, blinds=(200, 400)), "ставлю пять", lang="ru")
    assert belarus.pending
    assert belarus.decided_by is Decider.DIRECTOR
    assert belarus.choose("500").action == Raise(500)
    tda = ask(flop("tda-2022", blinds=(200, 400)), "ставлю пять", lang="ru")
    assert tda.action == Raise(500)


# --- RedCactus -------------------------------------------------------------------------------


@pytest.mark.rules("redcactus 56", "tda-2022 R56")
def test_redcactus_56_a_string_raise_is_a_call_where_the_tda_counts_the_first_motion() -> None:
    motions = (((500, 2),), ((500, 2),))  # facing 400: 1000, then 1000 more
    france = ask(flop(REDCACTUS, 400), motions=motions)
    assert (france.action, france.change) == (Call(), 1600)
    assert rules_cited(france) == ["redcactus 56"]
    tda = ask(flop("tda-2022", 400), motions=motions)
    assert (tda.action, tda.change) == (Raise(1000), 1000)


@pytest.mark.rules("redcactus 50")
def test_redcactus_50_a_500_and_a_1000_facing_1100_are_a_call() -> None:
    ruling = ask(flop(REDCACTUS, 400, 1100), "", (500, 1), (1000, 1))
    assert (ruling.action, ruling.change) == (Call(), 400)
    assert rules_cited(ruling) == ["redcactus 50"]


@pytest.mark.rules("redcactus 50")
def test_redcactus_50_his_last_two_1000s_facing_1050_are_a_call() -> None:
    played, deck = table([BIG, 2050, BIG], button=2, blinds=(25, 50), profile=REDCACTUS)
    to_flop(played, deck)
    play(played, Raise(1050))
    ruling = ask(played, "", (1000, 2))
    assert (ruling.action, ruling.change) == (Call(), 950)


@pytest.mark.rules("redcactus 49")
def test_redcactus_49_one_oversized_chip_calls_and_with_relance_raises() -> None:
    silent = ask(flop(REDCACTUS, 1000), "", (5000, 1))
    assert (silent.action, silent.change) == (Call(), 4000)
    said = ask(flop(REDCACTUS, 1000), "relance", (5000, 1), lang="fr")
    assert said.action == Raise(5000)
    assert rules_cited(said) == ["redcactus 49"]


@pytest.mark.rules("redcactus 47-A", "redcactus 40")
def test_redcactus_47_a_quatorze_cents_over_1000_is_a_call() -> None:
    ruling = ask(flop(REDCACTUS, 1000), "quatorze cents", lang="fr")
    assert ruling.action == Call()
    assert rules_cited(ruling) == ["redcactus 40", "redcactus 47-A"]


@pytest.mark.rules("redcactus 47-B")
def test_redcactus_47_b_relance_8000_is_a_total_and_de_plus_adds() -> None:
    assert ask(flop(REDCACTUS, 2000), "relance 8000", lang="fr").action == Raise(8000)
    assert ask(flop(REDCACTUS, 2000), "relance de 6000", lang="fr").action == Raise(8000)


@pytest.mark.rules("redcactus 61")
def test_redcactus_61_525_pushed_for_change_over_325_is_a_raise_to_650() -> None:
    ruling = ask(flop(REDCACTUS, 325, blinds=(25, 50)), "", (500, 1), (25, 1))
    assert (ruling.action, ruling.add) == (Raise(650), 125)
    assert "redcactus 61" in rules_cited(ruling)


@pytest.mark.rules("redcactus 42")
def test_redcactus_42_undercall_heads_up_binds_and_after_a_raise_multiway_is_the_tds() -> None:
    heads_up = ask(flop(REDCACTUS, 2000, 8000, players=2, blinds=(1000, 2000)), "", (2000, 1))
    assert (heads_up.action, heads_up.add) == (Call(), 4000)  # 2000 in front, 2000 pushed
    multiway = ask(flop(REDCACTUS, 2000, 8000, players=4, blinds=(1000, 2000)), "", (2000, 1))
    assert multiway.decided_by is Decider.DIRECTOR


@pytest.mark.rules("redcactus 45")
def test_redcactus_45_calling_with_far_smaller_chips_is_the_tds() -> None:
    ruling = ask(flop(REDCACTUS, 50_000, blinds=(2000, 4000)), "", (1000, 1))
    assert ruling.decided_by is Decider.DIRECTOR
    assert rules_cited(ruling) == ["redcactus 45"]


@pytest.mark.rules("redcactus 51")
def test_redcactus_51_chips_beside_an_earlier_bet_that_covers_the_call() -> None:
    played, _ = table([BIG] * 3, button=0, blinds=(50, 100), profile=REDCACTUS)
    play(played, Raise(700), Fold())
    ruling = ask(played, "", (500, 1), front=FrontChips(chips=((1000, 1),)))
    assert ruling.action == Raise(1500)
    assert rules_cited(ruling)[0] == "redcactus 51"


@pytest.mark.rules("redcactus 54-C", "redcactus 55")
def test_redcactus_54_c_and_55_pot_in_no_limit_and_parole_facing_a_bet() -> None:
    assert ask(flop(REDCACTUS, 1000), "pot").action == Raise(2000)
    parole = ask(flop(REDCACTUS, 1000), "parole", lang="fr")
    assert parole.decided_by is Decider.PLAYER
    assert rules_cited(parole) == ["redcactus 55"]


@pytest.mark.rules("redcactus 57")
def test_redcactus_57_i_bet_five_reads_to_the_pot() -> None:
    ruling = ask(flop(REDCACTUS, blinds=(200, 400)), "je mise cinq", lang="fr")
    assert ruling.action == Raise(500)
    assert rules_cited(ruling)[0] == "redcactus 57"


@pytest.mark.rules("redcactus 46")
def test_redcactus_46_raise_said_first_then_chips_in_two_motions_is_no_string() -> None:
    ruling = ask(flop(REDCACTUS, 400), "relance", motions=(((100, 4),), ((400, 2),)), lang="fr")
    assert ruling.action == Raise(1200)


@pytest.mark.rules("redcactus 53")
def test_redcactus_53_short_on_a_wrong_count_he_makes_up_the_difference() -> None:
    ruling = ask(flop(REDCACTUS, 5000), "", (1000, 3), counted_wrong=True)
    assert (ruling.action, ruling.add) == (Call(), 2000)
    assert rules_cited(ruling)[0] == "redcactus 53"


# --- PokerStars Live (Bulgaria) ----------------------------------------------------------------


@pytest.mark.rules("pokerstars-live 4.5", "pokerstars-live 4.12")
def test_bulgaria_4_5_and_4_12_a_string_counts_its_first_motion_unless_raise_came_first() -> None:
    motions = (((100, 4),), ((400, 2),))
    string = ask(flop(PSL, 400), motions=motions)
    assert (string.action, string.change) == (Call(), 800)
    assert rules_cited(string)[0] == "pokerstars-live 4.5"
    declared = ask(flop(PSL, 400), "рейз", motions=motions, lang="bg")
    assert declared.action == Raise(1200)
    assert rules_cited(declared)[0] == "pokerstars-live 4.12"


@pytest.mark.rules("pokerstars-live 4.7.1")
def test_bulgaria_s20_a_silent_200_against_the_big_blind_is_a_full_call_of_400() -> None:
    played, _ = table([BIG] * 4, button=3, blinds=(200, 400), profile=PSL)
    ruling = ask(played, "", (100, 2))
    assert (ruling.pending, ruling.action, ruling.add) == (False, Call(), 200)
    assert rules_cited(ruling) == ["pokerstars-live 4.7.1"]


def raised_to_1200() -> Hand:
    """Blinds 200-400: the first player raised to 1200 (by 800)."""
    played, _ = table([BIG] * 4, button=3, blinds=(200, 400), profile=PSL)
    play(played, Raise(1200))
    return played


@pytest.mark.rules("pokerstars-live 4.11")
def test_bulgaria_s21_two_1000s_over_1200_are_a_call() -> None:
    ruling = ask(raised_to_1200(), "", (1000, 2))
    assert (ruling.action, ruling.change) == (Call(), 800)


@pytest.mark.rules("pokerstars-live 4.11")
def test_bulgaria_s22_four_500s_over_1200_are_a_raise_to_2000() -> None:
    ruling = ask(raised_to_1200(), "", (500, 4))
    assert (ruling.action, ruling.change, ruling.add) == (Raise(2000), 0, 0)


@pytest.mark.rules("pokerstars-live 4.15")
def test_bulgaria_s23_s24_i_bet_five_is_500_or_5000_by_the_pot() -> None:
    small = ask(flop(PSL, blinds=(200, 400)), "залагам пет", lang="bg")  # pot 1200
    assert small.action == Raise(500)
    played, deck = table([BIG] * 3, button=2, blinds=(200, 400), profile=PSL)
    play(played, Raise(2000), Call(), Call())
    to_flop(played, deck)  # pot 6000
    assert ask(played, "залагам пет", lang="bg").action == Raise(5000)


@pytest.mark.rules("pokerstars-live 4.10")
def test_bulgaria_d01_d02_d03_one_5000_chip_calls_raises_when_said_and_bets_its_value() -> None:
    assert ask(raised_to_1200(), "", (5000, 1)).action == Call()
    assert ask(raised_to_1200(), "рейз", (5000, 1), lang="bg").action == Raise(5000)
    assert ask(flop(PSL), "", (1000, 1)).action == Raise(1000)


@pytest.mark.rules("pokerstars-live 4.13")
def test_bulgaria_d04_d05_half_the_800_raise_completes_to_2000_less_is_a_call() -> None:
    half = ask(raised_to_1200(), "", (1000, 1), (500, 1), (100, 1))
    assert (half.action, half.add) == (Raise(2000), 400)
    less = ask(raised_to_1200(), "", (1000, 1), (100, 5))
    assert (less.action, less.change) == (Call(), 300)


@pytest.mark.rules("pokerstars-live 4.9")
def test_bulgaria_d15_told_3000_for_a_5000_bet_he_owes_the_full_5000() -> None:
    ruling = ask(flop(PSL, 5000), "", (1000, 3), counted_wrong=True)
    assert (ruling.action, ruling.add) == (Call(), 2000)
    assert rules_cited(ruling)[0] == "pokerstars-live 4.9"


@pytest.mark.rules("pokerstars-live 4.7.1", "tda-2022 R51-B")
def test_bulgaria_4_7_1_heads_up_undercall_of_a_raise_is_the_tds_where_the_tda_binds() -> None:
    bulgaria = ask(flop(PSL, 2000, 8000, players=2), "", (2000, 1))
    assert bulgaria.decided_by is Decider.DIRECTOR
    tda = ask(flop("tda-2022", 2000, 8000, players=2), "", (2000, 1))
    assert (tda.pending, tda.add) == (False, 4000)  # 2000 in front, 2000 pushed


# --- Poland ----------------------------------------------------------------------------------


@pytest.mark.rules("poland-pzp §10.2")
def test_poland_t09_half_a_raise_completes_less_is_a_call() -> None:
    played, _ = table([BIG] * 4, button=3, blinds=(100, 200), profile=POLAND)
    play(played, Raise(600))
    half = ask(played, "", (100, 8))
    assert (half.action, half.add) == (Raise(1000), 200)
    quarter = ask(played, "", (100, 7))
    assert (quarter.action, quarter.change) == (Call(), 100)
    post_flop = ask(flop(POLAND, 200), "", (100, 3))
    assert (post_flop.action, post_flop.add) == (Raise(400), 100)
    assert rules_cited(post_flop)[-1] == "poland-pzp §10.2"


@pytest.mark.rules("poland-pzp §11a", "poland-pzp §11b", "poland-pzp §11")
def test_poland_t11_oversized_chips() -> None:
    facing = ask(flop(POLAND, 300), "", (5000, 1))
    assert (facing.action, facing.change) == (Call(), 4700)
    opening = ask(flop(POLAND), "", (1000, 1))
    assert opening.action == Raise(1000)
    pot_limit = ask(flop(POLAND, game="PT"), "", (5000, 1))  # pot 600
    assert (pot_limit.action, pot_limit.change) == (Raise(600), 4400)


@pytest.mark.rules("poland-pzp §39.6")
def test_poland_t31_a_string_raise_counts_the_first_motion() -> None:
    called = ask(flop(POLAND, 400), motions=(((100, 4),), ((100, 8),)))
    assert (called.action, called.change) == (Call(), 800)
    completed = ask(flop(POLAND, 400), motions=(((100, 6),), ((100, 6),)))
    assert (completed.action, completed.change) == (Raise(800), 400)
    assert rules_cited(completed)[0] == "poland-pzp §39.6"


@pytest.mark.rules("poland-pzp §42.4a")
def test_poland_t32_call_said_with_1800_against_2000_adds_200() -> None:
    ruling = ask(flop(POLAND, 2000), "sprawdzam", (100, 18), lang="pl")
    assert (ruling.action, ruling.add) == (Call(), 200)


@pytest.mark.rules("poland-pzp §34.4")
def test_poland_34_4_a_short_call_on_a_wrong_count_adds_the_missing_chips() -> None:
    ruling = ask(flop(POLAND, 2000), "", (100, 18), counted_wrong=True)
    assert (ruling.action, ruling.add) == (Call(), 200)
    assert rules_cited(ruling)[0] == "poland-pzp §34.4"


@pytest.mark.rules("poland-pzp §42.7")
def test_poland_42_7_a_silent_short_call_is_completed_or_folded_by_the_player() -> None:
    ruling = ask(flop(POLAND, 400, 1200), "", (100, 4))
    assert ruling.decided_by is Decider.PLAYER
    assert rules_cited(ruling) == ["poland-pzp §42.7"]


@pytest.mark.rules("poland-pzp §32.1")
def test_poland_32_1_raise_said_in_polish_with_an_amount() -> None:
    assert ask(flop(POLAND, 400), "podbijam do 1200", lang="pl").action == Raise(1200)
    assert ask(flop(POLAND, 400), "podbijam o 800", lang="pl").action == Raise(1200)


def test_every_profile_cites_its_own_rule_for_each_assist_concept() -> None:
    for profile, ruleset in PROFILES.items():
        rules = AssistRules.from_ruleset(ruleset)
        general = str(ruleset.cite("general"))
        assert str(rules.cite("undercall")).startswith(profile + " ")
        assert str(rules.cite("string-bet")) != general, profile


def test_house_rules_keep_their_rulebooks_refs_and_change_its_parameters() -> None:
    house = AssistRules.from_ruleset(PROFILES[BELARUS].with_changes(profile="club-7"))
    assert str(house.cite("undercall")) == "club-7 4.13"
    assert house.short_bet_may_fold
    strict = PROFILES["tda-2022"].with_changes(string_bet=StringBet.CALL, odd_call_below=None)
    changed = AssistRules.from_ruleset(strict)
    assert changed.string_bet is StringBet.CALL
    assert changed.odd_call_below is None
    assert str(changed.cite("undercall")) == "tda-2022 R51-B"
