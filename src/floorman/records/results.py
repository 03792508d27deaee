"""An event's results as one value, folded from its event log.

``results_from_events`` reads only the tournament's events, so the same results come from a live
:class:`~floorman.tournament.aggregate.Tournament` (``tournament.events``), a JSONL export or the
database, and an unfinished event gives its standings so far (players still in have no place).
Everything here is pure data for the exports (:mod:`floorman.records.exports`), the protocols
(:mod:`floorman.records.protocol`) and the league (:mod:`floorman.records.league`).

Rebuys and add-ons, bounties, penalties, disqualifications (with Poland's §7.2.5 move-up,
``PlacesShifted``) and deals are read from their events; an official's ruling, for which the
tournament has no event yet, is read by its ``kind`` (:mod:`floorman.records.extra_events`). A
log without them gives whole results with those parts empty. The rulings made at the tables
come with the hands they were made in (:mod:`floorman.records.table_rulings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from floorman.errors import MalformedInputError
from floorman.records import extra_events as extra
from floorman.records.table_rulings import TableRulingRecord, table_ruling_records
from floorman.tournament.events import (
    BountyPaid,
    ClockStarted,
    HandPlayed,
    PayoutsSet,
    PenaltyGiven,
    PlacesShifted,
    PlayerEliminated,
    PlayerRegistered,
    RebuyMade,
    TournamentCreated,
    TournamentFinished,
)
from floorman.tournament.money.deal_events import DealAccepted


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRecord:
    """One buy-in (a re-entry is a new entry of the same player)."""

    entry: str
    player: str
    name: str
    at: float
    stack: int
    late: bool = False
    rule: str = ""
    """The rule that set a late entry's stack."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """Where one entry finished, or stands while still in play (``place`` is ``None``)."""

    entry: str
    player: str
    name: str
    place: int | None = None
    tied: int = 1
    prize: int = 0
    eliminated_by: tuple[str, ...] = ()
    """Names of the players who won the chips that eliminated him."""
    level: int | None = None
    table: int | None = None
    at: float | None = None
    knockouts: int = 0
    """Players he eliminated; each winner of the pots a player lost is credited with one."""
    bounties: int = 0
    """Bounty money he won."""
    rebuys: int = 0
    add_ons: int = 0
    finish: str = ""
    """How he went out: ``bust``, ``disqualified``, ``deal``, ``no-show``; ``winner`` for the
    winner (empty: in play)."""
    forfeited: int = 0
    """Prize money of his place he does not receive (a disqualification)."""
    rule: str = ""
    """The rule that gave the place (same-hand busts, a disqualification's reclassification)."""

    @property
    def in_the_money(self) -> bool:
        return self.prize > 0

    @property
    def disqualified(self) -> bool:
        return self.finish == "disqualified"


@dataclass(frozen=True, slots=True, kw_only=True)
class Results:
    """Everything the records of one event hold, as of the last event read."""

    name: str
    profile: str
    rulebook: str
    ruleset: str = ""
    """The ruleset's id, with its preset (``redcactus/weekly``); empty in older results."""
    buy_in: int = 0
    fee: int = 0
    guarantee: int = 0
    starting_stack: int = 0
    game: str = ""
    entries: tuple[EntryRecord, ...] = ()
    standings: tuple[Standing, ...] = ()
    """Placed entries best first, then entries still in play."""
    pool: int = 0
    overlay: int = 0
    """The organiser's top-up to the guarantee, included in the pool."""
    payouts: tuple[int, ...] = ()
    """The prize of each paid place, first place first."""
    purchases: tuple[extra.Purchase, ...] = ()
    deals: tuple[extra.DealRecord, ...] = ()
    penalties: tuple[extra.PenaltyRecord, ...] = ()
    rulings: tuple[extra.RulingRecord, ...] = ()
    table_rulings: tuple[TableRulingRecord, ...] = ()
    """The rulings made at the tables, hand by hand (recorded with the hands)."""
    hands: int = 0
    levels_reached: int = 0
    started_at: float | None = None
    finished_at: float | None = None
    finished: bool = False

    @property
    def players(self) -> int:
        """Distinct players (an entrant who re-entered counts once)."""
        return len({e.player for e in self.entries})

    @property
    def paid_places(self) -> int:
        return len(self.payouts)

    def standing(self, entry: str) -> Standing:
        for standing in self.standings:
            if standing.entry == entry:
                return standing
        raise MalformedInputError(f"no entry {entry!r} in these results", constraint="entry")


@dataclass(slots=True)
class _Fold:
    """The results under construction; only :func:`results_from_events` uses it."""

    results: Results | None = None
    entries: list[EntryRecord] = field(default_factory=list)
    standings: dict[str, Standing] = field(default_factory=dict)
    purchases: list[extra.Purchase] = field(default_factory=list)
    deals: list[extra.DealRecord] = field(default_factory=list)
    penalties: list[extra.PenaltyRecord] = field(default_factory=list)
    rulings: list[extra.RulingRecord] = field(default_factory=list)
    table_rulings: list[TableRulingRecord] = field(default_factory=list)
    hands: int = 0
    levels: int = 0
    last_out: tuple[int, int] = (0, 0)
    """The level and table of the latest elimination: where the event ended for the winner."""
    started: float | None = None
    finished: float | None = None


def results_from_events(events: Iterable[object]) -> Results:
    """The results of the event whose log is ``events`` (oldest first).

    :raises MalformedInputError: the log does not start with the tournament's creation
        (constraint ``event-log``) or names an entry nobody registered (``entry``).
    """
    fold = _Fold()
    for event in events:
        _read(fold, event)
    if fold.results is None:
        raise MalformedInputError(
            "an event log starts with the tournament's creation", constraint="event-log"
        )
    return _finish(fold, fold.results)


def _read(fold: _Fold, event: object) -> None:
    if isinstance(event, TournamentCreated):
        fold.results = _created(event)
        return
    if fold.results is None:
        raise MalformedInputError(
            "an event log starts with the tournament's creation", constraint="event-log"
        )
    if isinstance(event, PlayerRegistered):
        _registered(fold, event)
    elif isinstance(event, PlayerEliminated):
        _eliminated(fold, event)
    elif isinstance(event, HandPlayed):
        _hand(fold, event)
    elif isinstance(event, PayoutsSet):
        _payouts(fold, event)
    elif isinstance(event, TournamentFinished):
        _finished(fold, event)
    elif isinstance(event, ClockStarted):
        fold.started = event.at if fold.started is None else fold.started
    else:
        _read_more(fold, event)


def _read_more(fold: _Fold, event: object) -> None:
    if isinstance(event, RebuyMade):
        _rebuy(fold, event)
    elif isinstance(event, BountyPaid):
        _bounty(fold, event)
    elif isinstance(event, PenaltyGiven):
        fold.penalties.append(extra.penalty_record(event))
    elif isinstance(event, PlacesShifted):
        _shifted(fold, event)
    elif isinstance(event, DealAccepted):
        fold.deals.append(extra.deal_record(event))
    else:
        ruling = extra.ruling_record(event)
        if ruling is not None:
            fold.rulings.append(ruling)


def _created(event: TournamentCreated) -> Results:
    config = event.config
    first = next((i for i in config.structure.items if hasattr(i, "game")), None)
    return Results(
        name=config.name,
        profile=config.ruleset.profile,
        rulebook=config.ruleset.name,
        ruleset=config.ruleset.id,
        buy_in=config.buy_in,
        fee=config.fee,
        guarantee=config.guarantee,
        starting_stack=config.starting_stack,
        game=str(getattr(first, "game", "")),
    )


def _registered(fold: _Fold, event: PlayerRegistered) -> None:
    fold.entries.append(
        EntryRecord(
            entry=event.entry,
            player=event.player,
            name=event.name,
            at=event.at,
            stack=event.stack,
            late=event.late,
            rule=event.rule,
        )
    )
    fold.standings[event.entry] = Standing(entry=event.entry, player=event.player, name=event.name)


def _payouts(fold: _Fold, event: PayoutsSet) -> None:
    assert fold.results is not None
    fold.results = replace(
        fold.results, pool=event.pool, overlay=event.overlay, payouts=event.prizes
    )


def _hand(fold: _Fold, event: HandPlayed) -> None:
    fold.hands += 1
    fold.levels = max(fold.levels, event.level)
    fold.table_rulings.extend(table_ruling_records(event))
    if fold.started is None:
        fold.started = event.at


def _eliminated(fold: _Fold, event: PlayerEliminated) -> None:
    standing = _known(fold, event.entry)
    names = tuple(_known(fold, by).name for by in event.by)
    fold.standings[event.entry] = replace(
        standing,
        place=event.place,
        tied=event.tied,
        prize=event.prize,
        eliminated_by=names,
        level=event.level,
        table=event.table,
        at=event.at,
        rule=event.rule,
        finish=event.reason,
        forfeited=event.forfeited,
    )
    fold.last_out = (event.level, event.table) if event.table else (event.level, fold.last_out[1])
    for by in event.by:
        winner = _known(fold, by)
        fold.standings[by] = replace(winner, knockouts=winner.knockouts + 1)


def _finished(fold: _Fold, event: TournamentFinished) -> None:
    standing = _known(fold, event.winner)
    level, table = fold.last_out
    fold.standings[event.winner] = replace(
        standing,
        place=1,
        prize=event.prize,
        at=event.at,
        finish="winner",
        level=level or fold.levels or None,
        table=table or None,
    )
    fold.finished = event.at


def _rebuy(fold: _Fold, event: RebuyMade) -> None:
    fold.purchases.append(extra.purchase(event))
    standing = _known(fold, event.entry)
    if event.add_on:
        standing = replace(standing, add_ons=standing.add_ons + 1)
    else:
        standing = replace(standing, rebuys=standing.rebuys + 1)
    fold.standings[event.entry] = standing


def _bounty(fold: _Fold, event: BountyPaid) -> None:
    for entry, money in event.shares:
        standing = _known(fold, entry)
        fold.standings[entry] = replace(standing, bounties=standing.bounties + money)


def _shifted(fold: _Fold, event: PlacesShifted) -> None:
    """Places given again (a disqualification's move-up, a late entry's move down)."""
    for entry, place, tied, prize in event.places:
        standing = _known(fold, entry)
        fold.standings[entry] = replace(standing, place=place, tied=tied, prize=prize)


def _known(fold: _Fold, entry: str) -> Standing:
    if entry not in fold.standings:
        raise MalformedInputError(
            f"the log names entry {entry!r}, never registered", constraint="entry"
        )
    return fold.standings[entry]


def _finish(fold: _Fold, results: Results) -> Results:
    placed = sorted(
        (s for s in fold.standings.values() if s.place is not None),
        key=lambda s: (s.place or 0, s.entry),
    )
    alive = [s for s in fold.standings.values() if s.place is None]
    return replace(
        results,
        entries=tuple(fold.entries),
        standings=tuple(placed + alive),
        purchases=tuple(fold.purchases),
        deals=tuple(fold.deals),
        penalties=tuple(fold.penalties),
        rulings=tuple(fold.rulings),
        table_rulings=tuple(fold.table_rulings),
        hands=fold.hands,
        levels_reached=fold.levels,
        started_at=fold.started,
        finished_at=fold.finished,
        finished=fold.finished is not None,
    )
