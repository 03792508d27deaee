"""Rule profiles as data files, venue overlays, and ``floorman rules`` (issue 4)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from floorman.cli.app import main
from floorman.errors import MalformedInputError
from floorman.rules.catalogue import builtin_catalogues
from floorman.rules.loader import ALL_PARAMETERS, HOUSE_RULE, parse_profile, parse_venue
from floorman.rules.profiles import BELARUS_SPORT, PRESETS, PROFILES, TDA_2022, resolve_ruleset
from floorman.rules.ruleset import CapLift, ClockExpiry, OddChipRule
from floorman.rules.tournament_rules import (
    BalanceMover,
    ButtonDraw,
    ChipRace,
    DisqualifiedPlace,
    FinalTableSize,
    LateEntryStack,
)

TDA_TEXT = (
    Path(__file__).parents[2] / "src" / "floorman" / "rules" / "data" / "tda-2022.toml"
).read_text(encoding="utf-8")


def venue(body: str, *, base: str = "tda-2022") -> str:
    return f'profile = "club-7"\nname = "Club 7"\nbase = "{base}"\n{body}'


def test_every_built_in_profile_sets_every_parameter_with_its_rule() -> None:
    assert {"tda-2022", "belarus-sport"} <= set(PROFILES)
    for ruleset in PROFILES.values():
        assert set(ruleset.sources) == set(ALL_PARAMETERS), ruleset.profile
        assert all(rule for rule in ruleset.sources.values())
        assert "general" in ruleset.refs
        assert ruleset.seed
        assert ruleset.language in ("en", "ru", "fr", "bg", "pl")


def test_every_parameter_cites_a_rule_or_decision_of_its_own_catalogue() -> None:
    catalogues = builtin_catalogues({p: r.language for p, r in PROFILES.items()})
    for profile, ruleset in PROFILES.items():
        catalogue = catalogues[profile]
        known = {rule.id for rule in catalogue.rules} | {d.id for d in catalogue.decisions}
        cited = {name: rule for name, rule in ruleset.sources.items() if rule not in known}
        assert cited == {}, profile


@pytest.mark.rules("tda-2022 R11-D", "redcactus 10", "belarus-sport 3.1-¶3a")
def test_tournament_parameters_halting_and_balancing_differ_by_book() -> None:
    tda, red, belarus = (PROFILES[p].tournament for p in ("tda-2022", "redcactus", "belarus-sport"))
    assert (tda.halt_when_short_by, red.halt_when_short_by, belarus.halt_when_short_by) == (
        3,
        4,
        None,
    )
    assert belarus.balance_within_one
    assert not tda.balance_within_one
    assert belarus.balance_mover is BalanceMover.CURRENT_BIG_BLIND
    assert tda.balance_mover is red.balance_mover is BalanceMover.NEXT_BIG_BLIND


def test_tournament_parameters_entries_and_chips_by_book() -> None:
    red, poland = PROFILES["redcactus"].tournament, PROFILES["poland-pzp"].tournament
    psl, belarus = PROFILES["pokerstars-live"].tournament, PROFILES["belarus-sport"].tournament
    assert red.late_entry_stack is LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION
    assert (red.late_entry_minutes, red.reentry_allowed, red.absent_stack_in_play) == (
        60,
        False,
        False,
    )
    assert red.chip_race is ChipRace.ROUNDING
    assert red.big_blind_ante_reduced_at == {8: 4, 9: 5, 10: 5}
    assert red.final_table_size is FinalTableSize.NINE
    assert red.button_draw is ButtonDraw.SEAT_ONE
    assert poland.late_entry_stack is LateEntryStack.MINUS_BLINDS_PER_20_MINUTES
    assert poland.disqualified_place is DisqualifiedPlace.LAST
    assert (psl.clock_seconds, psl.short_level_minutes, psl.end_of_day_drawn_hands) == (
        50,
        25,
        (3, 7),
    )
    assert psl.button_draw is ButtonDraw.ONE_DRAW_ALL_TABLES
    assert (belarus.minimum_age, belarus.clock_seconds, belarus.clock_countdown_seconds) == (
        17,
        60,
        10,
    )


def test_venue_overlay_changes_tournament_parameters() -> None:
    text = venue(
        "[tournament]\nhalt_when_short_by = 2\n"
        'late_entry_minutes = { value = 90, rule = "House 3" }\n'
    )
    club = parse_venue(text, source="club.toml", profiles=PROFILES)
    assert (club.tournament.halt_when_short_by, club.tournament.late_entry_minutes) == (2, 90)
    assert club.sources["halt_when_short_by"] == HOUSE_RULE
    assert club.sources["late_entry_minutes"] == "House 3"
    assert club.tournament.chip_race is ChipRace.CARD_RACE  # inherited


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("halt_when_short_by = -1", "halt_when_short_by"),
        ('chip_race = "coin-flip"', "chip_race"),
        ("seats_per_dealer = 3", "seats_per_dealer"),
        ("end_of_day_drawn_hands = [7, 3]", "end_of_day_drawn_hands"),
        (
            'big_blind_ante_reduced_at = { value = { 12 = 5 }, rule = "H" }',
            "big_blind_ante_reduced_at",
        ),
    ],
)
def test_bad_tournament_parameters_are_refused_by_name(body: str, key: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_venue(venue(f"[tournament]\n{body}\n"), source="v", profiles=PROFILES)
    assert caught.value.constraint == f"profile-key:{key}"
    assert key in str(caught.value)


def test_tda_profile_values_and_rules() -> None:
    assert TDA_2022.cap_lift is CapLift.TOURNAMENT_HEADS_UP
    assert TDA_2022.sources["cap_lift"] == "R48"
    assert TDA_2022.clock_expiry is ClockExpiry.CHECK_OR_FOLD
    assert TDA_2022.limit_reopen_fraction == Fraction(1, 2)
    assert TDA_2022.stud_open_pair_big_bet is False
    assert str(TDA_2022.cite("reopen")) == "tda-2022 R47"


def test_belarus_profile_differs_where_the_federation_rules_do() -> None:
    assert BELARUS_SPORT.cap_lift is CapLift.ROUND_HEADS_UP
    assert BELARUS_SPORT.clock_expiry is ClockExpiry.FOLD
    assert BELARUS_SPORT.stud_open_pair_big_bet is True
    assert BELARUS_SPORT.sources["stud_open_pair_big_bet"] == "5.8.5"
    assert str(BELARUS_SPORT.cite("limit-cap")) == "belarus-sport 4.7.3"


def test_venue_overlay_changes_parameters_and_cites_house_rules() -> None:
    text = venue(
        "[parameters]\n"
        "limit_raise_cap = 4\n"
        'clock_expiry = { value = "fold", rule = "House 12" }\n'
        "[refs]\n"
        'clock = "House 12"\n'
    )
    club = parse_venue(text, source="club.toml", profiles=PROFILES)
    assert (club.profile, club.limit_raise_cap, club.clock_expiry) == (
        "club-7",
        4,
        ClockExpiry.FOLD,
    )
    assert club.sources["limit_raise_cap"] == HOUSE_RULE
    assert club.sources["clock_expiry"] == "House 12"
    assert club.sources["cap_lift"] == "R48"  # inherited with its rule
    assert str(club.cite("clock")) == "club-7 House 12"
    assert club.refs["reopen"] == "R47"


def test_a_cap_of_none_means_no_limit_on_raises() -> None:
    club = parse_venue(
        venue('[parameters]\nlimit_raise_cap = "none"\n'), source="v", profiles=PROFILES
    )
    assert club.limit_raise_cap is None


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        ("[parameters]\nraise_cap = 4\n", "raise_cap", "unknown parameter"),
        ('[parameters]\nclock_expiry = "never"\n', "clock_expiry", "must be one of"),
        ('[parameters]\nlimit_reopen_fraction = "half"\n', "limit_reopen_fraction", "fraction"),
        ('[parameters]\nlimit_reopen_fraction = "3/2"\n', "limit_reopen_fraction", "at most 1"),
        ("[parameters]\nlimit_raise_cap = 0\n", "limit_raise_cap", "at least 1"),
        ("[parameters]\nlimit_raise_cap = true\n", "limit_raise_cap", "at least 1"),
        ('[parameters]\nstud_open_pair_big_bet = "yes"\n', "stud_open_pair_big_bet", "true or"),
        ('[parameters]\nclock_expiry = { value = "fold" }\n', "clock_expiry", "rule ="),
        ('colour = "red"\n', "colour", "unknown key"),
    ],
)
def test_bad_venue_keys_and_values_are_refused_naming_the_key(
    body: str, key: str, words: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_venue(venue(body), source="club.toml", profiles=PROFILES)
    assert caught.value.constraint == f"profile-key:{key}"
    assert key in str(caught.value)
    assert words in str(caught.value)
    assert "club.toml" in str(caught.value)


def test_a_venue_over_an_unknown_profile_is_refused() -> None:
    with pytest.raises(MalformedInputError, match="base 'wsop' is not a profile"):
        parse_venue(venue("", base="wsop"), source="v", profiles=PROFILES)


def test_a_profile_must_give_every_parameter_with_its_rule() -> None:
    trimmed = "\n".join(line for line in TDA_TEXT.splitlines() if "cap_lift" not in line)
    with pytest.raises(MalformedInputError, match="parameters missing: cap_lift"):
        parse_profile(trimmed, source="tda.toml")
    plain = TDA_TEXT.replace('{ value = 3, rule = "R48" }', "3")
    with pytest.raises(MalformedInputError, match="must name its rule"):
        parse_profile(plain, source="tda.toml")


def test_not_toml_is_refused() -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_venue("profile = ", source="v.toml", profiles=PROFILES)
    assert caught.value.constraint == "toml"


def test_the_built_in_file_reads_back_to_the_same_ruleset() -> None:
    assert parse_profile(TDA_TEXT, source="tda-2022.toml") == TDA_2022


def test_resolve_ruleset_reads_a_venue_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(venue("[parameters]\nlimit_raise_cap = 5\n"), encoding="utf-8")
    assert resolve_ruleset("belarus-sport", path).limit_raise_cap == 5
    assert resolve_ruleset("belarus-sport") is BELARUS_SPORT
    with pytest.raises(MalformedInputError) as caught:
        resolve_ruleset("tda-2022", tmp_path / "missing.toml")
    assert caught.value.constraint == "venue"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), capsys.readouterr().out


def test_cli_rules_list_names_every_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "rules", "list", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert {r["profile"] for r in rows} == set(PROFILES) | set(PRESETS)
    tda = next(r for r in rows if r["profile"] == "tda-2022")
    assert (tda["seed"], tda["language"]) == ("002", "ru")


def test_cli_rules_show_gives_each_parameter_with_its_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rules", "show", "belarus-sport", "--json")
    assert code == 0
    shown = json.loads(out)
    parameters = {p["name"]: p for p in shown["parameters"]}
    assert set(parameters) == set(ALL_PARAMETERS)
    assert parameters["cap_lift"] == {
        "name": "cap_lift",
        "value": "round-heads-up",
        "rule": "4.7.3",
    }
    assert parameters["limit_reopen_fraction"]["value"] == "1/2"
    assert shown["refs"]["reopen"] == "4.9.8"


def test_cli_rules_show_with_a_venue(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(venue('[parameters]\nodd_chip_flop = "low-card-by-suit"\n'), encoding="utf-8")
    code, out = run(capsys, "rules", "show", "tda-2022", "--venue", str(path), "--json")
    assert code == 0
    parameters = {p["name"]: p for p in json.loads(out)["parameters"]}
    assert parameters["odd_chip_flop"]["value"] == OddChipRule.LOW_CARD_BY_SUIT.value
    assert parameters["odd_chip_flop"]["rule"] == HOUSE_RULE


def test_cli_rules_diff_lists_only_the_differences_with_both_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rules", "diff", "tda-2022", "belarus-sport", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert {r["name"] for r in rows} == {
        "cap_lift",
        "clock_expiry",
        "clock_called_by",
        "stud_short_stub",
        "stud_open_pair_big_bet",
        "all_in_hands_face_up",
        "misdeal_cutoff",
        "first_cards_exposed_misdeal",
        "exposure_folds_hand",
        "out_of_turn_chips_stay",
        "skipped_seat_ruling",
        "absent_during_play_folds",
        "board_procedure",
        "touching_muck_kills",
        "under_raise_share",
        "undercall_binds_opening",
        "undercall_binds_heads_up",
        "undercall_decided_by",
        "short_bet_may_fold",
        "unclear_amount_within_pot",
        "odd_call_below",
        "show_requests",
        "dispute_window",
        "showdown_muck_retrievable",
        "heads_up_exposure_options",
        "lone_wrong_count_loses_pot",
        "damaged_face_up_card_plays_on",
        "stud_second_up_card_burned",
        "stud_seventh_exposed_choice",
        "minimum_age",
        "clock_seconds",
        "clock_countdown_seconds",
        "short_level_clock_seconds",
        "short_level_countdown_seconds",
        "reentry_allowed",
        "balance_mover",
        "halt_when_short_by",
        "balance_within_one",
        "balance_waits_for_both_tables",
        "final_table_size",
        "final_table_after_hands",
        "levels_strictly_grow",
    }
    halting = next(r for r in rows if r["name"] == "halt_when_short_by")
    assert halting["belarus-sport"] == {"value": "none", "rule": "3.1-¶3a"}
    clock = next(r for r in rows if r["name"] == "clock_expiry")
    assert clock["tda-2022"] == {"value": "check-or-fold", "rule": "R29"}
    assert clock["belarus-sport"] == {"value": "fold", "rule": "4.9.1"}


def test_cli_rules_show_refuses_an_unknown_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "rules", "show", "wsop", "--json")
    assert code == 2
    assert json.loads(out)["constraint"] == "profile"


def test_cli_rules_show_one_rule_in_the_rulebooks_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rules", "show", "tda-2022", "R47-A", "--lang", "ru", "--json")
    assert code == 0
    shown = json.loads(out)
    assert (shown["rule"], shown["status"]) == ("R47-A", "implemented")
    assert any("а" <= ch <= "я" for ch in shown["summary"])  # written in Russian
    code, out = run(capsys, "rules", "show", "tda-2022", "R47-A", "--json")
    assert json.loads(out)["summary"].isascii()


def test_cli_rules_show_refuses_an_unknown_rule_or_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rules", "show", "tda-2022", "R999", "--json")
    assert (code, json.loads(out)["constraint"]) == (2, "rule")
    code, out = run(capsys, "rules", "show", "tda-2022", "R47-A", "--lang", "fr", "--json")
    assert (code, json.loads(out)["constraint"]) == (2, "lang")
