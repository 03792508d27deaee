"""Presets: a profile's event tiers and formats as named overlays (issue 4).

RedCactus weekly events, Regional Finals and the National Final (rules 6, 7, «Big Blind
Ante»); the Belarusian American and Olympic formats (3.1, 3.2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_profiles import run

from floorman.errors import MalformedInputError
from floorman.rules.catalogue import builtin_catalogues
from floorman.rules.loader import ALL_PARAMETERS, parameter_value, parse_presets
from floorman.rules.profiles import PRESETS, PROFILES, get_ruleset, presets_of, resolve_ruleset
from floorman.rules.ruling import RuleRef
from floorman.rules.tournament_rules import (
    AntePolicy,
    ButtonDraw,
    LateEntryStack,
    TournamentFormat,
)

TIERS = ("redcactus/weekly", "redcactus/regional-final", "redcactus/national-final")


def test_the_built_in_presets_are_the_tiers_and_formats_of_their_rulebooks() -> None:
    assert set(PRESETS) == {*TIERS, "belarus-sport/american", "belarus-sport/olympic"}
    assert [p.id for p in presets_of("redcactus")] == list(TIERS)
    assert presets_of("tda-2022") == []


def test_every_preset_gives_every_parameter_and_cites_its_own_rulebook() -> None:
    catalogues = builtin_catalogues({p: r.language for p, r in PROFILES.items()})
    for preset in PRESETS.values():
        base = PROFILES[preset.profile]
        assert preset.id == f"{base.profile}/{preset.preset}"
        assert (preset.seed, preset.language) == (base.seed, base.language)
        assert set(preset.sources) == set(ALL_PARAMETERS)
        catalogue = catalogues[base.profile]
        known = {r.id for r in catalogue.rules} | {d.id for d in catalogue.decisions}
        assert {rule for rule in preset.sources.values() if rule not in known} == set()


@pytest.mark.rules("redcactus 7", "redcactus 6", "redcactus Big Blind Ante")
def test_redcactus_tiers_late_entry_button_and_antes() -> None:
    weekly, regional, national = (get_ruleset(t).tournament for t in TIERS)
    assert (weekly.late_entry_minutes, regional.late_entry_minutes) == (60, 60)
    assert national.late_entry_minutes == 120
    assert weekly.late_entry_stack is LateEntryStack.MINUS_BIG_BLIND_PER_ELIMINATION
    assert regional.late_entry_stack is national.late_entry_stack is LateEntryStack.FULL
    assert weekly.button_draw is ButtonDraw.SEAT_ONE
    assert regional.button_draw is national.button_draw is ButtonDraw.HIGH_CARD_PER_TABLE
    assert weekly.ante_policy is AntePolicy.NONE
    assert regional.ante_policy is national.ante_policy is AntePolicy.BIG_BLIND
    for tier in (weekly, regional, national):  # rule 7 and rule 10 hold at every tier
        assert (tier.reentry_allowed, tier.absent_stack_in_play) == (False, False)
        assert tier.halt_when_short_by == 4


def test_the_redcactus_profile_is_its_weekly_tier() -> None:
    weekly, profile = get_ruleset("redcactus/weekly"), PROFILES["redcactus"]
    assert all(
        parameter_value(weekly, name) == parameter_value(profile, name) for name in ALL_PARAMETERS
    )


@pytest.mark.rules("belarus-sport 3.2-¶2a", "belarus-sport 3.1-¶3a")
def test_belarus_formats_american_balances_olympic_plays_each_table_down() -> None:
    american, olympic = get_ruleset("belarus-sport/american"), get_ruleset("belarus-sport/olympic")
    assert american.tournament.format is TournamentFormat.FREEZE_OUT
    assert american.tournament.balance_within_one
    assert olympic.tournament.format is TournamentFormat.OLYMPIC
    assert not olympic.tournament.balance_within_one
    assert olympic.sources["format"] == "3.2-¶2a"
    assert {p.tournament.format for p in PROFILES.values()} == {TournamentFormat.FREEZE_OUT}


def test_a_preset_keeps_its_rulebooks_id_and_cites_its_rules() -> None:
    """Catalogues and rule references go by the profile; the id names the preset too."""
    national = get_ruleset("redcactus/national-final")
    assert (national.profile, national.preset) == ("redcactus", "national-final")
    assert national.id == "redcactus/national-final"
    assert national.cite("late-entry") == RuleRef("redcactus", "7")
    assert PROFILES["redcactus"].id == "redcactus"


def test_a_venue_can_lay_house_rules_over_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "bar.toml"
    path.write_text(
        'profile = "bar-12"\nname = "Bar 12"\nbase = "redcactus/regional-final"\n'
        "[tournament]\nlate_entry_minutes = 45\n",
        encoding="utf-8",
    )
    bar = resolve_ruleset("tda-2022", path)
    assert bar.tournament.late_entry_minutes == 45
    assert bar.tournament.ante_policy is AntePolicy.BIG_BLIND  # the preset's
    assert bar.cite("late-entry") == RuleRef("bar-12", "7")  # a venue cites under its own id
    assert (bar.id, bar.preset) == ("bar-12", "")


def presets(body: str, base: str = "redcactus") -> str:
    return f'base = "{base}"\n{body}'


@pytest.mark.parametrize(
    ("text", "constraint", "words"),
    [
        (
            presets('[presets.x]\nname = "X"\n[presets.x.tournament]\nlate_entry_minutes = 5\n'),
            "profile-key:late_entry_minutes",
            "must name its rule",
        ),
        (presets('[presets.x]\nname = "X"\ncolour = "red"\n'), "profile-key:colour", "unknown key"),
        (presets('[presets.Big_One]\nname = "X"\n'), "profile-key:preset", "lower-case"),
        (presets('[presets.x]\nname = "X"\n', base="wsop"), "profile-key:base", "wsop"),
        (presets(""), "profile-key:presets", "missing"),
        (presets('[presets.x]\nname = ""\n'), "profile-key:name", "non-empty"),
        (
            presets(
                '[presets.x]\nname = "X"\n[presets.x.tournament]\n'
                'format = { value = "swiss", rule = "7" }\n'
            ),
            "profile-key:format",
            "olympic",
        ),
    ],
)
def test_bad_presets_are_refused_naming_the_key(text: str, constraint: str, words: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_presets(text, source="p.presets.toml", profiles=PROFILES)
    assert caught.value.constraint == constraint
    assert words in str(caught.value)
    assert "p.presets.toml" in str(caught.value)


def test_cli_rules_list_shows_presets_with_their_base(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "rules", "list", "--json")
    assert code == 0
    rows = {row["profile"]: row for row in map(json.loads, out.splitlines())}
    assert rows["redcactus/weekly"]["base"] == "redcactus"
    assert rows["redcactus"]["base"] is None


def test_cli_rules_diff_between_two_tiers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        capsys, "rules", "diff", "redcactus/weekly", "redcactus/national-final", "--json"
    )
    assert code == 0
    rows = {row["name"]: row for row in map(json.loads, out.splitlines())}
    assert set(rows) == {
        "late_entry_stack",
        "late_entry_minutes",
        "alternate_stack",
        "button_draw",
        "ante_policy",
    }
    assert rows["late_entry_minutes"]["redcactus/national-final"] == {"value": 120, "rule": "7"}


def test_cli_rules_show_a_preset_and_one_of_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "rules", "show", "belarus-sport/olympic", "--json")
    assert code == 0
    parameters = {p["name"]: p for p in json.loads(out)["parameters"]}
    assert parameters["format"] == {"name": "format", "value": "olympic", "rule": "3.2-¶2a"}
    code, out = run(capsys, "rules", "show", "redcactus/weekly", "7", "--lang", "fr", "--json")
    assert code == 0
    assert (json.loads(out)["profile"], json.loads(out)["rule"]) == ("redcactus", "7")
