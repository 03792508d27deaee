"""Games, rulebooks and tiers named in every document language, with the ruleset's id; the
table rulings' records read back from JSON and worded in each language."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.records.sim_data import simulated

from floorman.engine.games import GAMES
from floorman.records.exports import results_from_json, results_json, rulings_csv
from floorman.records.i18n import LANGUAGES, words
from floorman.records.league import League, LeagueEvent, Season
from floorman.records.league_document import history_document, standings_document
from floorman.records.names import RULEBOOKS, TIERS, game_name, rulebook_name, tier_name
from floorman.records.players import PlayerBook
from floorman.records.protocol import Officials, ProtocolKind, protocol
from floorman.records.results import Results, results_from_events
from floorman.records.results_document import results_document
from floorman.records.table_rulings import TableRulingRecord, ruling_text
from floorman.rules.profiles import PRESETS, PROFILES
from floorman.rules.ruling import RuleRef, Ruling
from floorman.tournament.events import HandPlayed
from floorman.tournament.officials.hand_rulings import RulingKind, TableRuling

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def test_every_built_in_profile_and_preset_has_a_name_for_the_documents() -> None:
    assert set(PROFILES) <= set(RULEBOOKS)
    assert {preset.preset for preset in PRESETS.values()} <= set(TIERS)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_rulebook_and_tier_names_are_translated(lang: str) -> None:
    say, english = words(lang), words("en")
    for code in GAMES:
        assert game_name(code, say), code
    assert game_name("NT", say) != game_name("NT", english)
    for ruleset_id in (*PROFILES, *PRESETS):
        name = rulebook_name(ruleset_id, say)
        assert name.endswith(f"({ruleset_id})")
    changed = [
        r for r in (*PROFILES, *PRESETS) if rulebook_name(r, say) != rulebook_name(r, english)
    ]
    assert len(changed) >= len(PRESETS)  # every preset's tier at least is worded in ``lang``
    assert tier_name("weekly", say) != "weekly"


def test_a_preset_is_named_with_its_tier_and_its_id() -> None:
    say = words("fr")
    name = rulebook_name("redcactus/weekly", say)
    assert name == "Règles du jeu RedCactus Poker : tournoi hebdomadaire (redcactus/weekly)"
    assert rulebook_name("tda-2022", words("en")) == "Poker TDA Rules 2022 (tda-2022)"


def test_an_unknown_ruleset_keeps_its_own_name_and_an_unknown_game_its_code() -> None:
    say = words("ru")
    assert rulebook_name("house-rules", say, fallback="Club rules") == "Club rules (house-rules)"
    assert rulebook_name("", say, fallback="Club rules") == "Club rules"
    assert game_name("XYZ", say) == "XYZ"
    assert tier_name("summer-cup", say) == "summer-cup"


def test_results_and_protocols_name_the_game_and_the_rules_in_their_language() -> None:
    results = results_from_events(simulated().events)
    assert results.ruleset == "tda-2022"
    document = results_document(results, lang="ru")
    assert document.subtitle == "Правила: Правила Poker TDA 2022 (tda-2022)"
    assert ("Игра", "Техасский холдем без лимита") in document.facts
    final = protocol(simulated().events, Officials(chief_judge="A", secretary="B"), lang="pl")
    assert final.subtitle.startswith("Texas hold'em no-limit, Zasady Poker TDA 2022 (tda-2022)")


def test_older_results_without_a_ruleset_id_name_the_profile() -> None:
    results = replace(results_from_events(simulated().events), ruleset="")
    document = results_document(results, lang="en")
    assert document.subtitle == "Rules: Poker TDA Rules 2022 (tda-2022)"


def _hand_with(rulings: tuple[TableRuling, ...]) -> HandPlayed:
    return HandPlayed(
        table=3,
        number=41,
        level=2,
        button=0,
        small_blind=1,
        big_blind=2,
        stacks_before=(("e1", 500), ("e2", 500)),
        stacks_after=(("e1", 600), ("e2", 400)),
        rulings=rulings,
        at=900.0,
    )


def _override(outcome: str, reason: str) -> TableRuling:
    ruling = Ruling(
        RuleRef("tda-2022", "R1"),
        "director-override",
        f"the director overrides the ruling: {outcome}",
        (("outcome", outcome),),
    )
    return TableRuling(
        kind=RulingKind.OVERRIDE, ruling=ruling, decided_by="director", id="r1", reason=reason
    )


def _with_hand(hand: HandPlayed) -> list[object]:
    events = list(simulated().events)
    return [*events[:-1], hand, events[-1]]


@pytest.mark.rules("tda-2022 R1")
def test_tda_r1_an_override_is_in_the_results_json_and_reads_back() -> None:
    hand = _hand_with((_override("live", "the card was flashed, not exposed"),))
    results = results_from_events(_with_hand(hand))
    (record,) = results.table_rulings
    assert (record.hand, record.table, record.level, record.kind) == (41, 3, 2, "override")
    assert record.by_judge
    assert results_from_json(results_json(results)) == results
    (row,) = csv.DictReader(io.StringIO(rulings_csv(results)))
    assert (row["hand"], row["rule"], row["kind"]) == ("41", "tda-2022 R1", "override")
    assert (row["params"], row["decided_by"]) == ("outcome=live", "director")
    assert row["reason"] == "the card was flashed, not exposed"


@pytest.mark.rules("belarus-sport 2.3.3", "belarus-sport 2.2.3", "belarus-sport 7.3.1")
def test_belarus_final_protocol_lists_the_judges_decisions() -> None:
    hand = _hand_with((_override("live", "flashed"),))
    officials = Officials(chief_judge="Анна", secretary="Олег")
    final = protocol(_with_hand(hand), officials, kind=ProtocolKind.FINAL)
    decisions = next(s for s in final.sections if s.heading == "Решения судей")
    assert decisions.table is not None
    (row,) = decisions.table.rows
    assert row[1:4] == ("41", "3", "")
    assert row[5] == "директор"
    assert row[6] == "tda-2022 R1"


_TEXT = st.text(alphabet='aZé Ж;=,"\\\n{}1', max_size=12)
"""Words with the characters JSON and CSV escape, and Cyrillic."""


@settings(max_examples=30, deadline=None)
@given(
    params=st.lists(st.tuples(_TEXT, st.one_of(st.integers(), _TEXT)), max_size=3),
    options=st.lists(_TEXT, max_size=3),
    reason=_TEXT,
)
def test_a_table_ruling_record_reads_back_from_json_whatever_its_words(
    params: list[tuple[str, int | str]], options: list[str], reason: str
) -> None:
    record = TableRulingRecord(
        at=1.0,
        hand=1,
        table=1,
        level=1,
        kind="referred",
        profile="tda-2022",
        rule="R53-B",
        key="ruling-pending",
        message="?",
        params=tuple(params),
        options=tuple(options),
        reason=reason,
    )
    results = Results(name="Weekly", profile="tda-2022", rulebook="TDA", table_rulings=(record,))
    assert results_from_json(results_json(results)).table_rulings == (record,)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_referred_point_is_worded_with_its_options_in_every_language(lang: str) -> None:
    record = TableRulingRecord(
        at=1.0,
        hand=1,
        table=1,
        level=1,
        kind="referred",
        profile="tda-2022",
        rule="R53-B",
        key="ruling-pending",
        message="seat 3 was skipped and said nothing",
        options=("dead", "passive"),
    )
    text = ruling_text(record, words(lang))
    assert text.endswith("dead, passive")
    assert "seat 3" not in text


def test_league_pages_name_the_rules_tier_and_game_in_their_language() -> None:
    results = results_from_events(simulated(8, 1, antes=False).events)
    red = replace(results, profile="redcactus", ruleset="redcactus/regional-final")
    events = (
        LeagueEvent(id="w1", season="s", results=results, venue="Bar", tier="weekly"),
        LeagueEvent(id="f1", season="s", results=red, venue="Lyon", tier="regional-final"),
    )
    league = League(name="Ligue", players=PlayerBook(), seasons=(Season(id="s"),), events=events)
    standings = dict(standings_document(league, lang="fr").facts)
    assert standings["Règles"] == (
        "Règles Poker TDA 2022 (tda-2022); "
        "Règles du jeu RedCactus Poker : Finale Régionale live (redcactus/regional-final)"
    )
    name = results.standings[0].name
    history = history_document(league, name, lang="fr").sections[0].table
    assert history is not None
    tiers_and_games = {(row[4], row[5]) for row in history.rows}
    assert tiers_and_games == {
        ("tournoi hebdomadaire", "Texas hold'em no-limit"),
        ("Finale Régionale live", "Texas hold'em no-limit"),
    }
