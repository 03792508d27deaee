"""League standings and a player's history as printable documents and data files."""

from __future__ import annotations

import csv
import io
import json

from floorman.records.document import Document, Section, Table
from floorman.records.i18n import Words, words
from floorman.records.league import (
    HistoryLine,
    League,
    SeasonStanding,
    player_history,
    season_standings,
)
from floorman.records.names import game_name, rulebook_name, tier_name
from floorman.records.players import Player


def _points(value: float, say: Words) -> str:
    return say.number(round(value, 2))


def standings_document(
    league: League, season_id: str | None = None, *, lang: str = "en"
) -> Document:
    """The season's standings, with the rules that made them and the qualified players."""
    say = words(lang)
    season = league.season(season_id)
    rows = season_standings(league, season.id)
    events = [e for e in league.events if e.season == season.id]
    facts = [
        (say("League"), league.name),
        (say("Season"), season.name or season.id),
        (say("Events"), say.number(len(events))),
        (say("Points"), season.points),
        (say("Best events counted"), say("all") if season.best is None else str(season.best)),
    ]
    rules = dict.fromkeys(
        rulebook_name(e.results.ruleset or e.results.profile, say, fallback=e.results.rulebook)
        for e in events
    )
    if rules:
        facts.insert(3, (say("Rules"), "; ".join(rules)))
    if season.qualify:
        facts.append(
            (
                say("Qualify for {final}", final=season.final or say("the final")),
                str(season.qualify),
            )
        )
    if season.min_events:
        facts.append((say("Events needed to qualify"), str(season.min_events)))
    columns = (
        say("Rank"),
        say("Player"),
        say("Points"),
        say("Events"),
        say("Counted"),
        say("Wins"),
        say("Best place"),
        say("Qualified"),
    )
    table = Table(
        columns=columns,
        rows=tuple(_row(r, say) for r in rows),
        numeric=frozenset({0, 2, 3, 4, 5, 6}),
    )
    return Document(
        lang=lang,
        title=say("Standings: {season}", season=season.name or season.id),
        subtitle=league.name,
        facts=tuple(facts),
        sections=(Section(heading=say("Standings"), table=table, empty=say("No results yet.")),),
    )


def _row(row: SeasonStanding, say: Words) -> tuple[str, ...]:
    return (
        str(row.rank),
        row.player.name,
        _points(row.points, say),
        str(row.events),
        str(sum(s.counted for s in row.scores)),
        str(row.wins),
        str(row.best_place),
        say("yes") if row.qualified else "",
    )


def history_document(league: League, name_or_id: str, *, lang: str = "en") -> Document:
    """A player's every finish in the league, under all of his names."""
    say = words(lang)
    player, lines = player_history(league, name_or_id)
    columns = (
        say("Season"),
        say("Event"),
        say("Date"),
        say("Venue"),
        say("Tier"),
        say("Game"),
        say("Entries"),
        say("Place"),
        say("Prize"),
        say("Knockouts"),
        say("Points"),
    )
    table = Table(
        columns=columns,
        rows=tuple(_history_row(line, say) for line in lines),
        numeric=frozenset({6, 7, 8, 9, 10}),
    )
    return Document(
        lang=lang,
        title=say("Player: {name}", name=player.name),
        subtitle=league.name,
        facts=_player_facts(player, lines, say),
        sections=(Section(heading=say("History"), table=table, empty=say("No results yet.")),),
    )


def _player_facts(
    player: Player, lines: tuple[HistoryLine, ...], say: Words
) -> tuple[tuple[str, str], ...]:
    facts = [
        (say("Events"), str(len(lines))),
        (say("Wins"), str(sum(line.score.place == 1 for line in lines))),
        (say("Prizes"), say.number(sum(line.score.prize for line in lines))),
    ]
    if player.aliases:
        facts.insert(0, (say("Also known as"), ", ".join(player.aliases)))
    return tuple(facts)


def _history_row(line: HistoryLine, say: Words) -> tuple[str, ...]:
    score = line.score
    return (
        line.season,
        line.event,
        line.date,
        line.venue,
        tier_name(line.tier, say),
        game_name(line.game, say),
        str(line.entrants),
        str(score.place),
        say.number(score.prize) if score.prize else "",
        str(score.knockouts) if score.knockouts else "",
        _points(score.points, say) + ("" if score.counted else "*"),
    )


STANDING_COLUMNS = (
    "rank",
    "player_id",
    "player",
    "points",
    "events",
    "counted",
    "wins",
    "best_place",
    "qualified",
)


def standings_csv(league: League, season_id: str | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for row in season_standings(league, season_id):
        writer.writerow(_data(row).values())
    return out.getvalue()


def standings_json(league: League, season_id: str | None = None) -> str:
    season = league.season(season_id)
    data = {
        "league": league.name,
        "season": season.id,
        "standings": [
            {**_data(row), "scores": [_score(s) for s in row.scores]}
            for row in season_standings(league, season.id)
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)


def _data(row: SeasonStanding) -> dict[str, object]:
    values = (
        row.rank,
        row.player.id,
        row.player.name,
        row.points,
        row.events,
        sum(s.counted for s in row.scores),
        row.wins,
        row.best_place,
        row.qualified,
    )
    return dict(zip(STANDING_COLUMNS, values, strict=True))


def _score(score: object) -> dict[str, object]:
    fields = ("event", "place", "points", "prize", "knockouts", "counted")
    return {name: getattr(score, name) for name in fields}
