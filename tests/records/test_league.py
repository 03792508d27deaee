"""Leagues: players across events, seasons, points, best-N, ties, qualification, files."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from tests.records.sim_data import simulated

from floorman.errors import MalformedInputError
from floorman.records.exports import results_json
from floorman.records.league import (
    League,
    LeagueEvent,
    Season,
    event_scores,
    player_history,
    qualified,
    season_standings,
)
from floorman.records.league_document import (
    history_document,
    standings_csv,
    standings_document,
    standings_json,
)
from floorman.records.league_file import load_league, save_league
from floorman.records.players import Player, PlayerBook
from floorman.records.results import Results, results_from_events
from floorman.tournament.events import PlayerRegistered


@cache
def _results(seed: int, rename: tuple[tuple[str, str, str], ...] = ()) -> Results:
    """An eight-player event; ``rename`` gives some players another id and name there."""
    names = {old: (new_id, new_name) for old, new_id, new_name in rename}
    events = tuple(
        replace(e, player=names[e.player][0], name=names[e.player][1])
        if isinstance(e, PlayerRegistered) and e.player in names
        else e
        for e in simulated(8, seed, antes=False).events
    )
    return results_from_events(events)


def _league(season: Season, *, rename: tuple[tuple[str, str, str], ...] = ()) -> League:
    events = tuple(
        LeagueEvent(
            id=f"w{seed}",
            season=season.id,
            results=_results(seed, rename if seed == 2 else ()),
            venue=f"Bar {seed}",
            date=f"2026-01-0{seed}",
        )
        for seed in (1, 2, 3, 4)
    )
    return League(name="Bar league", players=PlayerBook(), seasons=(season,), events=events)


def test_season_total_is_the_sum_of_the_best_n_scores() -> None:
    league = _league(Season(id="2026", points="sqrt", best=2))
    rows = season_standings(league)
    assert len(rows) == 8
    for row in rows:
        counted = sorted((s.points for s in row.scores), reverse=True)[:2]
        assert row.points == pytest.approx(sum(counted))
        assert sum(s.counted for s in row.scores) == min(2, row.events)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)


def test_standings_break_ties_by_wins_then_best_place_and_share_what_stays_equal() -> None:
    league = _league(Season(id="2026", points="1"))  # every finish is worth one point
    rows = season_standings(league)
    assert all(r.points == 4 for r in rows)
    keys = [(-r.wins, r.best_place) for r in rows]
    assert keys == sorted(keys)
    for before, after in itertools.pairwise(rows):
        same = (before.wins, before.best_place) == (after.wins, after.best_place)
        assert (after.rank == before.rank) == same


def test_top_k_qualify_and_ties_at_the_cut_all_go() -> None:
    league = _league(Season(id="2026", points="sqrt", qualify=3, final="Regional final"))
    rows = season_standings(league)
    chosen = qualified(league)
    assert [r.player.id for r in chosen] == [r.player.id for r in rows[:3]]
    flat = _league(Season(id="2026", points="10", qualify=1))
    winners = [r for r in season_standings(flat) if r.rank == 1]
    assert len(qualified(flat)) == len(winners) >= 1


def test_qualification_needs_the_minimum_number_of_events() -> None:
    league = _league(Season(id="2026", points="sqrt", qualify=8, min_events=4))
    rename = (("p1", "p99", "Guest"),)
    partial = _league(Season(id="2026", points="sqrt", qualify=8, min_events=4), rename=rename)
    assert len(qualified(league)) == 8
    assert "p99" not in {r.player.id for r in qualified(partial)}
    assert "p1" not in {r.player.id for r in qualified(partial)}  # p1 played three events


def test_a_renamed_player_is_found_by_name_and_a_duplicate_merges_keeping_history() -> None:
    season = Season(id="2026", points="sqrt")
    same_name = _league(season, rename=(("p3", "p77", "  player 3 "),))
    assert {r.player.id for r in season_standings(same_name)} == {f"p{i}" for i in range(1, 9)}
    league = _league(season, rename=(("p3", "p99", "P. Three"),))
    assert len(season_standings(league)) == 9
    book = PlayerBook((Player(id="p3", name="Player 3"), Player(id="p99", name="P. Three")))
    merged = replace(league, players=book.merge("p3", "p99"))
    rows = season_standings(merged)
    three = next(r for r in rows if r.player.id == "p3")
    assert len(rows) == 8
    assert three.events == 4
    player, history = player_history(merged, "P. Three")
    assert player.id == "p3"
    assert player.aliases == ("p99", "P. Three")
    assert [line.event for line in history] == ["w1", "w2", "w3", "w4"]


def test_merge_refuses_one_player_twice_and_books_refuse_shared_names() -> None:
    book = PlayerBook((Player(id="a", name="Ann", aliases=("annie",)),))
    with pytest.raises(MalformedInputError) as same:
        book.merge("a", "annie")
    assert same.value.constraint == "player-merge"
    with pytest.raises(MalformedInputError) as shared:
        PlayerBook((Player(id="a", name="Ann"), Player(id="b", name="ann")))
    assert shared.value.constraint == "player-duplicate"


def test_a_player_entering_twice_keeps_his_better_finish() -> None:
    league = _league(Season(id="2026", points="linear"))
    results = league.events[0].results
    doubled = replace(
        results, standings=(*results.standings, replace(results.standings[-1], place=1))
    )
    event = replace(league.events[0], results=doubled)
    scores = [s for s in event_scores(league, event) if s.player == results.standings[-1].player]
    assert [s.place for s in scores] == [1]


def test_seasons_refuse_bad_settings_and_formulas() -> None:
    with pytest.raises(MalformedInputError) as bad:
        Season(id="x", best=0)
    assert bad.value.constraint == "season"
    with pytest.raises(MalformedInputError) as formula:
        Season(id="x", points="place +")
    assert formula.value.constraint == "formula-syntax"


def _write_league(folder: Path, suffix: str) -> Path:
    for seed in (1, 2, 3):
        (folder / f"w{seed}.json").write_text(results_json(_results(seed)), encoding="utf-8")
    lines = [
        'name = "RedCactus bar league"',
        "",
        "[[players]]",
        'id = "p1"',
        'name = "Player 1"',
        'aliases = ["P One"]',
        "",
        "[[seasons]]",
        'id = "2026"',
        'points = "bar-league"',
        "best = 2",
        "qualify = 4",
        'final = "Regional final"',
    ]
    for seed in (1, 2, 3):
        lines += [
            "",
            "[[events]]",
            f'id = "w{seed}"',
            'season = "2026"',
            f'results = "w{seed}.json"',
        ]
    path = folder / "league.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if suffix == ".json":
        league = load_league(path)
        path = folder / "league.json"
        save_league(league, path)
    return path


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_league_files_load_and_save_a_merge(tmp_path: Path, suffix: str) -> None:
    path = _write_league(tmp_path, suffix)
    league = load_league(path)
    assert len(league.events) == 3
    assert len(qualified(league)) >= 4
    league = replace(league, players=league.players.with_players([("p2", "Player 2")]))
    save_league(replace(league, players=league.players.merge("p1", "p2")), path)
    again = load_league(path)
    assert again.players.get("Player 2").id == "p1"
    assert len(season_standings(again)) == 7


def test_league_files_refuse_unknown_keys_and_missing_results(tmp_path: Path) -> None:
    path = tmp_path / "league.toml"
    path.write_text('name = "x"\nbest_of = 3\n', encoding="utf-8")
    with pytest.raises(MalformedInputError) as key:
        load_league(path)
    assert key.value.constraint == "league-key"
    events = '[[events]]\nid = "e"\nseason = "s"\nresults = "no.json"\n'
    path.write_text('name = "x"\n[[seasons]]\nid = "s"\n' + events, encoding="utf-8")
    with pytest.raises(MalformedInputError) as missing:
        load_league(path)
    assert missing.value.constraint == "results-json"


def test_standings_and_history_documents_and_exports() -> None:
    league = _league(Season(id="2026", name="Сезон 2026", points="sqrt", qualify=2))
    document = standings_document(league, lang="ru")
    table = document.sections[0].table
    assert table is not None
    assert document.title == "Рейтинг: Сезон 2026"
    assert sum(row[-1] == "да" for row in table.rows) == 2
    rows = standings_csv(league).splitlines()
    assert rows[0].startswith("rank,player_id,player,points")
    assert len(rows) == 9
    data = json.loads(standings_json(league))
    assert len(data["standings"][0]["scores"]) == 4
    history = history_document(league, "Player 1", lang="pl")
    assert history.title == "Gracz: Player 1"
    assert history.sections[0].table is not None
    assert len(history.sections[0].table.rows) == 4
