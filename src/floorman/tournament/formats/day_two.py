"""Day 2: a new day of an event, made of the stacks bagged at the end of one or more flights.

:func:`day_two` takes Day-1 flights whose day is over
(:mod:`floorman.tournament.formats.end_of_day`)
and returns a new :class:`~floorman.tournament.aggregate.Tournament` whose log starts with the
merge: every bagged stack registered again under a new entry (``FlightsMerged`` records where
each came from), a redraw of every seat, a new button draw by the profile's method (PokerStars
Live 3.1 draws one button for all tables at every day and redraw), the payouts of the whole
event's field, and the clock at the new day's first level.

Decisions (no rulebook describes flights):

- **Seats**: the redraw spreads the big stacks (:func:`~floorman.tournament.seating.draws.redraw`:
  stacks ranked and dealt to the tables in a snake, seats drawn at random), unless the event
  asks for a plain random draw (TDA R7) with ``by_chips=False``.
- **A player who bagged in several flights** plays Day 2 with his biggest bag; the others are
  removed from play (recorded in ``FlightsMerged.dropped``), as multi-flight events do.
- **Places and prizes**: the payouts are those of the event's whole field (every entry of
  every flight, with the flights' rebuys and add-ons), and Day 2 must start before the
  money; places on Day 2 are counted among the players who came back, which are the event's
  top places. A late entry, rebuy or add-on on Day 2 recomputes them from the same whole
  field, its own entries and rebuys added (``FlightsMerged`` keeps the earlier days' count).
- **Penalties** not fully served carry over (PokerStars Live 6.9.4, the catalogue's
  ``carried_over``; books that do not say carry them too, citing their general rule): each
  entry brought in gets a ``PenaltiesCarried`` with the hands he has left and the penalties
  he was given, so the hands are served at his new table and repeats still escalate.
- **Level**: Day 2 starts at the beginning of the level after the last one any flight
  played (the time left on a stopped clock is not carried, PokerStars Live ambiguity A5),
  unless the director names the level.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import ButtonsPlaced, PlayerRegistered, SeatsDrawn, TournamentEvent
from floorman.tournament.formats.events import ClockReset, FlightsMerged, PenaltiesCarried
from floorman.tournament.officials.penalty_catalogue import catalogue
from floorman.tournament.seating.draws import button_draw, redraw, seat_draw
from floorman.tournament.structure.levels import Level, Structure


@dataclass(frozen=True, slots=True, kw_only=True)
class _Bag:
    flight: str
    entry: str
    player: str
    name: str
    chips: int
    bag: int


def day_two(
    config: TournamentConfig,
    flights: Sequence[Tournament],
    *,
    at: float,
    rng: random.Random,
    by_chips: bool = True,
    level: int | None = None,
) -> Tournament:
    """The next day of the event, merging the bagged stacks of ``flights``.

    ``level`` is the 1-based play level the day starts at (default: the one after the last
    level played). Refuses flights whose day is not over, a field of fewer than two players,
    and a field already in the money.
    """
    if not flights:
        raise MalformedInputError("a new day needs at least one flight", constraint="flights")
    if any(not flight.state.formats.day_over for flight in flights):
        raise MalformedInputError("every flight must have bagged its stacks", constraint="day")
    kept, dropped = _one_bag_per_player(flights)
    if len(kept) < 2:
        raise MalformedInputError("a new day needs two players with chips", constraint="entries")
    index = _start_index(config.structure, flights, level)
    entries = [f"e{k}" for k in range(1, len(kept) + 1)]
    events: list[TournamentEvent] = [
        PlayerRegistered(entry=entry, player=bag.player, name=bag.name, stack=bag.chips, at=at)
        for entry, bag in zip(entries, kept, strict=True)
    ]
    events.append(
        FlightsMerged(
            day=max(flight.state.formats.day for flight in flights) + 1,
            flights=tuple((f.config.name, len(f.state.entries)) for f in flights),
            carried=tuple(
                (entry, bag.flight, bag.entry, bag.bag)
                for entry, bag in zip(entries, kept, strict=True)
            ),
            dropped=tuple((bag.flight, bag.entry, bag.chips) for bag in dropped),
            rebuys=sum(flight.state.rebuys for flight in flights),
            add_ons=sum(flight.state.add_ons for flight in flights),
        )
    )
    events += _penalties(config, flights, kept, entries)
    events += _seats(
        config, dict(zip(entries, (b.chips for b in kept), strict=True)), rng, by_chips
    )
    tournament = Tournament.create(config)
    tournament.open_day(events, clock=ClockReset(index=index, at=at))
    return tournament


def _penalties(
    config: TournamentConfig,
    flights: Sequence[Tournament],
    kept: Sequence[_Bag],
    entries: Sequence[str],
) -> list[TournamentEvent]:
    """The penalty records the kept bags bring to their new entries, where there are any."""
    book = catalogue(config.penalty_profile or config.ruleset.profile)
    carried = book.serving.carried_over
    if carried is not None and not carried.value:
        return []
    rule = carried.rule if carried is not None else config.ruleset.cite("general").rule
    ledgers = {flight.config.name: flight.state.ledger for flight in flights}
    events: list[TournamentEvent] = []
    for entry, bag in zip(entries, kept, strict=True):
        record = ledgers[bag.flight].record(bag.entry)
        if not record.penalties:
            continue
        events.append(
            PenaltiesCarried(
                entry=entry,
                flight=bag.flight,
                from_entry=bag.entry,
                penalties=tuple((p.offence, p.step, p.rule) for p in record.penalties),
                hands_left=record.hands_left,
                rule=rule,
            )
        )
    return events


def _one_bag_per_player(flights: Sequence[Tournament]) -> tuple[list[_Bag], list[_Bag]]:
    """Every bag, a player's biggest kept (the first on a tie) and his others dropped."""
    bags = [
        _Bag(
            flight=flight.config.name,
            entry=entry,
            player=flight.state.entries[entry].player,
            name=flight.state.entries[entry].name,
            chips=chips,
            bag=bag,
        )
        for flight in flights
        for entry, chips, bag in flight.state.formats.bags
    ]
    best: dict[str, _Bag] = {}
    for bag in bags:
        if bag.player not in best or bag.chips > best[bag.player].chips:
            best[bag.player] = bag
    kept = [bag for bag in bags if best[bag.player] is bag]
    return kept, [bag for bag in bags if best[bag.player] is not bag]


def _start_index(structure: Structure, flights: Sequence[Tournament], level: int | None) -> int:
    """The structure item the new day starts at."""
    items = structure.items
    levels = [i for i, item in enumerate(items) if isinstance(item, Level)]
    if level is not None:
        if not 1 <= level <= len(levels):
            raise MalformedInputError(
                f"the structure has levels 1 to {len(levels)}, not {level}", constraint="level"
            )
        return levels[level - 1]
    reached = max(flight.state.formats.day_ended_at_index for flight in flights)
    return next((i for i in levels if i > reached), levels[-1])


def _seats(
    config: TournamentConfig, chips: dict[str, int], rng: random.Random, by_chips: bool
) -> list[TournamentEvent]:
    seats = config.seats_per_table
    tables = (
        redraw(chips, seats_per_table=seats, rng=rng)
        if by_chips
        else seat_draw(list(chips), seats_per_table=seats, rng=rng)
    )
    ruleset = config.ruleset
    buttons = button_draw(tables, method=ruleset.tournament.button_draw, rng=rng)
    return [
        SeatsDrawn(
            seats_per_table=seats,
            seats=tuple((e, t.number, t.seat_of(e)) for t in tables for e in t.players),
            rule=ruleset.cite("seat-draw").rule,
        ),
        ButtonsPlaced(
            buttons=tuple(sorted(buttons.buttons.items())),
            rule=ruleset.sources.get("button_draw", ""),
        ),
    ]
