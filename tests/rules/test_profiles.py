"""Rule profiles as data files, venue overlays, and ``floorman rules`` (issue 4)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from floorman.cli.app import main
from floorman.errors import MalformedInputError
from floorman.rules.loader import HOUSE_RULE, PARAMETERS, parse_profile, parse_venue
from floorman.rules.profiles import BELARUS_SPORT, PROFILES, TDA_2022, resolve_ruleset
from floorman.rules.ruleset import CapLift, ClockExpiry, OddChipRule

TDA_TEXT = (
    Path(__file__).parents[2] / "src" / "floorman" / "rules" / "data" / "tda-2022.toml"
).read_text(encoding="utf-8")


def venue(body: str, *, base: str = "tda-2022") -> str:
    return f'profile = "club-7"\nname = "Club 7"\nbase = "{base}"\n{body}'


def test_every_built_in_profile_sets_every_parameter_with_its_rule() -> None:
    assert {"tda-2022", "belarus-sport"} <= set(PROFILES)
    for ruleset in PROFILES.values():
        assert set(ruleset.sources) == set(PARAMETERS), ruleset.profile
        assert all(rule for rule in ruleset.sources.values())
        assert "general" in ruleset.refs
        assert ruleset.seed
        assert ruleset.language in ("en", "ru", "fr", "bg", "pl")


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
    assert {r["profile"] for r in rows} == set(PROFILES)
    tda = next(r for r in rows if r["profile"] == "tda-2022")
    assert (tda["seed"], tda["language"]) == ("002", "ru")


def test_cli_rules_show_gives_each_parameter_with_its_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rules", "show", "belarus-sport", "--json")
    assert code == 0
    shown = json.loads(out)
    parameters = {p["name"]: p for p in shown["parameters"]}
    assert set(parameters) == set(PARAMETERS)
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
    assert {r["name"] for r in rows} == {"cap_lift", "clock_expiry", "stud_open_pair_big_bet"}
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
