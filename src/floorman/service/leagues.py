"""League seasons kept in the event log's database, read back as a :class:`League`.

A season holds what a league file's ``[[seasons]]`` table holds (its points formula, best-N,
how many players go to which final and after how many events) and the events that count:
tournaments run on this server, named by id and read from their logs when the standings are
asked for (so an undo in an event changes the standings), or results exported elsewhere,
kept whole. Seasons are streams of kind ``league-season`` (the structure library's way: no
table of their own, so no migration); a stream's records are one ``season-created`` then one
``event-added`` per event, so nothing is ever edited and the log says who added what, when.

Qualification follows RedCactus' three tiers (weekly events, live regional finals, the
national final): the season's ``qualify`` players go to its ``final``; an event's ``tier`` says
what it is, and a final's own results do not count in the standings unless the director says
so (``counts``). The rulebook gives no numbers (digest, "Points scale"), so the director does.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

from floorman.errors import MalformedInputError
from floorman.records.exports import results_as_dict, results_from_dict
from floorman.records.league import League, LeagueEvent, Season, season_standings
from floorman.records.players import PlayerBook
from floorman.records.results import Results, results_from_events
from floorman.service.log_readers.stored_log import read_log
from floorman.service.store import EventStore, UnknownStream
from floorman.service.stored import CommandEntry, NewRecord, NewStream

SEASON_KIND = "league-season"
CREATED = "season-created"
ADDED = "event-added"
TIERS = ("weekly", "regional-final", "national-final")
"""RedCactus' tiers, from the bar's weekly event up to the National Final."""
SLUG = re.compile(r"[^a-z0-9]+")


class UnknownSeason(LookupError):
    """No season stream has this id."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EventRef:
    """An event of a season: a tournament on this server, or results brought from a file."""

    id: str
    tournament: str = ""
    results: dict[str, Any] | None = None
    venue: str = ""
    tier: str = "weekly"
    date: str = ""
    counts: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "tournament": self.tournament,
            "results": self.results,
            "venue": self.venue,
            "tier": self.tier,
            "date": self.date,
            "counts": self.counts,
        }


def season_of(data: dict[str, Any]) -> Season:
    """A season from its stored (or requested) fields; a bad formula or count is refused with
    a typed error (:class:`Season` parses the formula)."""
    return Season(
        id=str(data["id"]),
        name=str(data.get("name", "")),
        points=str(data.get("points", "sqrt")),
        best=data.get("best"),
        qualify=int(data.get("qualify", 0)),
        final=str(data.get("final", "")),
        min_events=int(data.get("min_events", 0)),
    )


def season_data(season: Season) -> dict[str, Any]:
    return {
        "id": season.id,
        "name": season.name,
        "points": season.points,
        "best": season.best,
        "qualify": season.qualify,
        "final": season.final,
        "min_events": season.min_events,
    }


def create_season(store: EventStore, data: dict[str, Any], at: float) -> Season:
    """A new season stream; its id is made from its name so that a URL can name it."""
    name = str(data.get("name", "")).strip()
    if not name or not name.isprintable():
        raise MalformedInputError("a season has a name", constraint="season-name")
    stream = f"season-{SLUG.sub('-', name.lower()).strip('-') or 'league'}-{secrets.token_hex(2)}"
    season = season_of({**data, "id": stream, "name": name})
    record = season_data(season)
    store.append(
        stream,
        expected_version=0,
        records=[NewRecord(kind=CREATED, schema_version=1, data=record)],
        command=CommandEntry(name="create-season", payload=record, actor="director", at=at),
        new_stream=NewStream(kind=SEASON_KIND, seed="", title=name, created_at=at),
    )
    return season


def stored_season(store: EventStore, season_id: str) -> tuple[Season, tuple[EventRef, ...]]:
    """The season and its events, as the stream holds them.

    :raises UnknownSeason: no such season.
    """
    try:
        info = store.stream(season_id)
    except UnknownStream:
        raise UnknownSeason(season_id) from None
    if info.kind != SEASON_KIND:
        raise UnknownSeason(season_id)
    records = store.read(season_id)
    season = season_of(records[0].data)
    events = tuple(EventRef(**r.data) for r in records[1:] if r.kind == ADDED)
    return season, events


def seasons(store: EventStore) -> tuple[Season, ...]:
    """Every stored season, oldest first."""
    return tuple(stored_season(store, info.id)[0] for info in store.streams(SEASON_KIND))


def tournament_results(store: EventStore, tournament_id: str) -> Results:
    """A tournament's results from its log.

    :raises UnknownStream: no such tournament.
    """
    return results_from_events(read_log(store, tournament_id).events)


def add_event(store: EventStore, season_id: str, ref: EventRef, at: float) -> EventRef:
    """Append an event to the season. A tournament must exist and be over (its places are
    final); results from a file are read now, so a bad one is refused before it is kept. An
    event given no tier takes its rules preset's (:func:`tier_of`).

    :raises MalformedInputError: an unknown tier, an event id already used, an unfinished
        tournament (``event-unfinished``) or results that are not results.
    """
    _, known = stored_season(store, season_id)
    if ref.tier and ref.tier not in TIERS:
        raise MalformedInputError(
            f"unknown tier {ref.tier!r}; tiers: {', '.join(TIERS)}", constraint="league-tier"
        )
    if not ref.tournament and ref.results is None:
        raise MalformedInputError(
            "an event is a tournament on this server or a results file", constraint="league-event"
        )
    if ref.tournament:
        results = tournament_results(store, ref.tournament)
        if results.finished_at is None:
            raise MalformedInputError(
                f"tournament {ref.tournament} is not over: its places are not final",
                constraint="event-unfinished",
            )
    else:
        results = checked_results(ref.results)
        ref = EventRef(**{**ref.as_dict(), "results": results_as_dict(results)})
    if not ref.tier:
        ref = EventRef(**{**ref.as_dict(), "tier": tier_of(results)})
    if not ref.id:
        ref = EventRef(**{**ref.as_dict(), "id": ref.tournament or str(results.name)})
    if any(e.id == ref.id for e in known):
        raise MalformedInputError(
            f"the season already has an event {ref.id!r}", constraint="league-event"
        )
    data = ref.as_dict()
    store.append(
        season_id,
        expected_version=store.version(season_id),
        records=[NewRecord(kind=ADDED, schema_version=1, data=data)],
        command=CommandEntry(name="add-league-event", payload=data, actor="director", at=at),
    )
    return ref


def checked_results(data: object) -> Results:
    """Results from a file, scored once by a trial season so that a value of the wrong type
    (a place in words, a name as a number) is refused now rather than kept to break the
    season's standings later.

    :raises MalformedInputError: not results (constraint ``results-json``).
    """
    results = results_from_dict(data)
    trial = League(
        name="trial",
        players=PlayerBook(()),
        seasons=(Season(id="trial", points="linear"),),
        events=(LeagueEvent(id="trial", season="trial", results=results),),
    )
    try:
        if not isinstance(results.name, str) or not isinstance(results.ruleset, str):
            raise TypeError("name and ruleset are text")
        season_standings(trial)
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise MalformedInputError(f"results: {error}", constraint="results-json") from None
    return results


def tier_of(results: Results) -> str:
    """The event's tier as its rules preset names it (``redcactus/regional-final``: the
    RedCactus presets are its tiers), else ``weekly``."""
    preset = results.ruleset.partition("/")[2]
    return preset if preset in TIERS else "weekly"


def stored_league(store: EventStore, season_id: str) -> League:
    """The season as a one-season :class:`League`: what ``records.league`` ranks, and what a
    league file of the same season would read as."""
    season, refs = stored_season(store, season_id)
    events = tuple(
        LeagueEvent(
            id=ref.id,
            season=season.id,
            results=_results(store, ref),
            venue=ref.venue,
            tier=ref.tier,
            date=ref.date,
            counts=ref.counts,
        )
        for ref in refs
    )
    return League(name=season.name, players=PlayerBook(()), seasons=(season,), events=events)


def _results(store: EventStore, ref: EventRef) -> Results:
    if ref.tournament:
        return tournament_results(store, ref.tournament)
    return results_from_dict(ref.results)
