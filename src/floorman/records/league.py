"""Leagues: seasons of events at venues, points by formula, best-N, ties and qualification.

A league runs seasons; each season's events (at partner venues, of a tier such as RedCactus'
weekly events, regional and national finals) bring results, and every finish is worth points by
the season's formula (:mod:`floorman.records.points`). A player's season total is the sum of his
best ``best`` scores (all of them without a limit); a player who entered one event twice keeps
his better finish there. Standings break equal totals by more wins, then the better best place,
then more events played; players still equal share a rank. The top ``qualify`` players with at
least ``min_events`` events go to the season's final; players tied at the cut all go, since no
rule in the rulebooks separates them (an assumption, stated in docs/records.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from floorman.errors import MalformedInputError
from floorman.records.players import Player, PlayerBook
from floorman.records.points import Formula
from floorman.records.points_presets import PRESETS, finish_values, preset
from floorman.records.results import Results


@dataclass(frozen=True, slots=True, kw_only=True)
class Season:
    id: str
    name: str = ""
    points: str = "sqrt"
    """A preset's name or a formula."""
    best: int | None = None
    """How many of a player's best scores count (``None``: all)."""
    qualify: int = 0
    """How many players the season sends to its final."""
    final: str = ""
    min_events: int = 0
    """Events a player must have played to qualify."""

    def __post_init__(self) -> None:
        if (self.best is not None and self.best < 1) or min(self.qualify, self.min_events) < 0:
            raise MalformedInputError(
                f"season {self.id}: best is at least 1, qualify and min_events not negative",
                constraint="season",
            )
        self.formula()  # refuse a bad formula when the season is read

    def formula(self) -> Formula:
        return preset(self.points) if self.points in PRESETS else Formula.parse(self.points)


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueEvent:
    id: str
    season: str
    results: Results
    venue: str = ""
    tier: str = "weekly"
    """``weekly``, ``regional-final``, ``national-final``... (RedCactus tiers)."""
    date: str = ""
    counts: bool = True
    """Whether its points count in the season standings (a final usually does not)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class League:
    name: str
    players: PlayerBook
    seasons: tuple[Season, ...]
    events: tuple[LeagueEvent, ...] = ()

    def __post_init__(self) -> None:
        seasons = {s.id for s in self.seasons}
        if len(seasons) != len(self.seasons):
            raise MalformedInputError("two seasons share an id", constraint="season")
        for event in self.events:
            if event.season not in seasons:
                raise MalformedInputError(
                    f"event {event.id} names unknown season {event.season!r}", constraint="season"
                )

    def season(self, season_id: str | None = None) -> Season:
        """A season by id; without one, the last season."""
        if not self.seasons:
            raise MalformedInputError("the league has no season", constraint="season")
        if season_id is None:
            return self.seasons[-1]
        for season in self.seasons:
            if season.id == season_id:
                return season
        known = ", ".join(s.id for s in self.seasons)
        raise MalformedInputError(f"no season {season_id!r}; seasons: {known}", constraint="season")


@dataclass(frozen=True, slots=True, kw_only=True)
class Score:
    """One player's finish in one event and its points."""

    event: str
    player: str
    """The player's id in the league."""
    place: int
    points: float
    prize: int = 0
    knockouts: int = 0
    counted: bool = True
    """Whether it is among the scores that make the season total (best-N)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonStanding:
    rank: int
    player: Player
    points: float
    scores: tuple[Score, ...]
    wins: int
    best_place: int
    qualified: bool = False

    @property
    def events(self) -> int:
        return len(self.scores)


def event_scores(
    league: League, event: LeagueEvent, book: PlayerBook | None = None
) -> tuple[Score, ...]:
    """Every league player's score in ``event``: his best finish there if he entered twice.
    ``book`` is the league's players with everyone in its results (:func:`all_players`)."""
    formula = league.season(event.season).formula()
    results = event.results
    book = book or all_players(league)
    best: dict[str, Score] = {}
    for standing in results.standings:
        if standing.place is None:
            continue
        player = book.identify(standing.player, standing.name)
        assert player is not None
        score = Score(
            event=event.id,
            player=player.id,
            place=standing.place,
            points=round(formula.points(finish_values(results, standing)), 6),
            prize=standing.prize,
            knockouts=standing.knockouts,
        )
        if player.id not in best or score.place < best[player.id].place:
            best[player.id] = score
    return tuple(best.values())


def all_players(league: League) -> PlayerBook:
    """The league's book with a player for every result nobody is known by."""
    found = ((s.player, s.name) for e in league.events for s in e.results.standings)
    return league.players.with_players(found)


def season_standings(league: League, season_id: str | None = None) -> tuple[SeasonStanding, ...]:
    """The season's standings, best first, with the qualified players marked."""
    season = league.season(season_id)
    book = all_players(league)
    scores: dict[str, list[Score]] = defaultdict(list)
    for event in league.events:
        if event.season == season.id and event.counts:
            for score in event_scores(league, event, book):
                scores[score.player].append(score)
    rows = [_standing(book.get(p), s, season.best) for p, s in scores.items()]
    rows.sort(key=_order)
    ranked = _ranked(rows)
    return _qualify(ranked, season)


def _standing(player: Player, scores: list[Score], best: int | None) -> SeasonStanding:
    chosen = sorted(scores, key=lambda s: (-s.points, s.place, s.event))
    keep = {id(s) for s in chosen[: best if best is not None else len(chosen)]}
    marked = tuple(s if id(s) in keep else replace(s, counted=False) for s in scores)
    return SeasonStanding(
        rank=0,
        player=player,
        points=round(sum(s.points for s in marked if s.counted), 6),
        scores=marked,
        wins=sum(s.place == 1 for s in scores),
        best_place=min(s.place for s in scores),
    )


def _order(row: SeasonStanding) -> tuple[float, int, int, int, str]:
    return (-row.points, -row.wins, row.best_place, -row.events, row.player.name.casefold())


def _ranked(rows: list[SeasonStanding]) -> list[SeasonStanding]:
    ranked: list[SeasonStanding] = []
    for index, row in enumerate(rows):
        tied = ranked and _order(ranked[-1])[:4] == _order(row)[:4]
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(replace(row, rank=rank))
    return ranked


def _qualify(rows: list[SeasonStanding], season: Season) -> tuple[SeasonStanding, ...]:
    eligible = [r for r in rows if r.events >= season.min_events]
    if not season.qualify or not eligible:
        return tuple(rows)
    cut = eligible[min(season.qualify, len(eligible)) - 1]
    chosen = {
        r.player.id
        for r in eligible
        if eligible.index(r) < season.qualify or _order(r)[:4] == _order(cut)[:4]
    }
    return tuple(replace(r, qualified=r.player.id in chosen) for r in rows)


def qualified(league: League, season_id: str | None = None) -> tuple[SeasonStanding, ...]:
    """The players the season sends to its final, in standing order."""
    return tuple(r for r in season_standings(league, season_id) if r.qualified)


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryLine:
    season: str
    event: str
    venue: str
    tier: str
    date: str
    entrants: int
    score: Score
    game: str = ""
    """The event's game code (``NT``), as its results name it."""


def player_history(league: League, name_or_id: str) -> tuple[Player, tuple[HistoryLine, ...]]:
    """Every event a player finished in, under any of his names, oldest first.

    :raises MalformedInputError: no such player (constraint ``player``).
    """
    book = all_players(league)
    player = book.get(name_or_id)
    lines = []
    for event in league.events:
        for score in event_scores(league, event, book):
            if score.player == player.id:
                lines.append(
                    HistoryLine(
                        season=event.season,
                        event=event.id,
                        venue=event.venue,
                        tier=event.tier,
                        date=event.date,
                        entrants=len(event.results.entries),
                        score=score,
                        game=event.results.game,
                    )
                )
    return player, tuple(lines)


def seasons_of(events: Iterable[LeagueEvent]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.season for e in events))
