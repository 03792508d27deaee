"""Random draws: seats at the start, the first button, late entries, broken tables, redraws.

Every draw takes its randomness from the ``rng`` argument (a :class:`random.Random`), so the
same generator state gives the same seating and a replay or a test is exact. Seats are 0-based
(index 0 is "seat 1", the seat to the dealer's left).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.cards.card import Card
from floorman.cards.deck import Deck
from floorman.engine.games import get_game
from floorman.errors import refuse
from floorman.rules.tournament_rules import ButtonDraw, FinalTableSize
from floorman.tournament.seating.positions import join, sits_out
from floorman.tournament.seating.tables import MAX_SEATS, MIN_SEATS, Move, Table

if TYPE_CHECKING:
    from floorman.tournament.config import TournamentConfig

BREAK_DRAW = "break-draw"
"""Concept key of a move decided by the two-step draw of a broken table (TDA R10-B)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonDrawResult:
    """Where each table's first button goes, and the cards that put it there.

    ``cards`` holds, per table, the ``(seat, card)`` pairs in the order they were dealt, so the
    draw can be shown on a display and recorded; it is empty for tables placed without cards.
    ``drawn_seat`` is the seat number one draw gave every table (PokerStars Live 3.1).
    """

    method: ButtonDraw
    buttons: Mapping[int, int]
    cards: Mapping[int, tuple[tuple[int, Card], ...]]
    drawn_seat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakDraw:
    """The two-step draw of a broken table (TDA R10-B, ADD-10, scenario T1), as recorded.

    ``seat_cards`` is the stack of seat cards after the shuffle, top first, as ``(table,
    seat)``; ``cards`` the card each player of the broken table was dealt, ``(seat, card)`` from
    seat 1 on; ``first`` the broken table's seat that drew the highest card and took the top
    seat card; ``moves`` the resulting instructions.
    """

    moves: tuple[Move, ...]
    seat_cards: tuple[tuple[int, int], ...]
    cards: tuple[tuple[int, Card], ...]
    first: int


def seat_draw(
    entries: Sequence[str], *, seats_per_table: int, rng: random.Random, first_table: int = 1
) -> tuple[Table, ...]:
    """Seat everyone at random at the fewest tables that hold them (TDA R7, Belarus 5.2).

    Table sizes differ by one at most, the larger tables being the lower-numbered ones; which
    seats stay empty at a table is drawn too.
    """
    _check_entries(entries)
    _check_seats(seats_per_table)
    if not entries:
        return ()
    count = -(-len(entries) // seats_per_table)
    drawn = list(entries)
    rng.shuffle(drawn)
    tables = []
    start = 0
    for k, size in enumerate(_even_sizes(len(drawn), count)):
        players = drawn[start : start + size]
        tables.append(_random_table(first_table + k, players, seats_per_table, rng))
        start += size
    return tuple(tables)


def button_draw(
    tables: Sequence[Table], *, method: ButtonDraw, rng: random.Random
) -> ButtonDrawResult:
    """Place each table's first button.

    - ``HIGH_CARD_PER_TABLE``: a shuffled deck per table, one card to each player from seat 1
      clockwise; the highest card by rank, then suit (spades, hearts, diamonds, clubs; Belarus
      4.5.1, 5.3.1-5.3.2) takes the button.
    - ``ONE_DRAW_ALL_TABLES``: the same draw at the lowest-numbered table gives one seat number
      for every table (PokerStars Live 3.1). Where that seat is empty, the button goes to the
      nearest player before it (counterclockwise), so the blinds fall on the same seats as if
      the button sat on the drawn seat.
    - ``SEAT_ONE``: the first player from seat 1 clockwise (RedCactus 6, weekly events).
    """
    for table in tables:
        if table.size < 2:
            refuse(f"table {table.number} needs two players for a button draw", "players")
    ordered = sorted(tables, key=lambda t: t.number)
    if method is ButtonDraw.HIGH_CARD_PER_TABLE:
        cards = {t.number: _deal_one_each(t, rng) for t in ordered}
        buttons = {n: _highest(dealt) for n, dealt in cards.items()}
        return ButtonDrawResult(method=method, buttons=buttons, cards=cards)
    if method is ButtonDraw.ONE_DRAW_ALL_TABLES:
        dealt = _deal_one_each(ordered[0], rng) if ordered else ()
        seat = _highest(dealt) if dealt else 0
        buttons = {t.number: _at_or_before(t, seat) for t in ordered}
        cards = {ordered[0].number: dealt} if ordered else {}
        return ButtonDrawResult(method=method, buttons=buttons, cards=cards, drawn_seat=seat)
    buttons = {t.number: _at_or_after(t, 0) for t in ordered}
    return ButtonDrawResult(method=method, buttons=buttons, cards={})


def late_entry_seat(tables: Sequence[Table], *, rng: random.Random) -> tuple[int, int]:
    """A seat for a late entry or re-entry: ``(table number, seat)``.

    Drawn at random among the free seats of the tables with fewest players (R8-A: seated by
    draw like everyone else; fewest players keeps the tables balanced), avoiding the seats where
    he could not be dealt in at once (between the button and the small blind, R8-A) while any
    other seat is free. Seat him with :func:`~floorman.tournament.seating.positions.join`, which
    makes
    him wait for the button when no other seat was left.
    """
    open_tables = sorted((t for t in tables if t.free_seats), key=lambda t: t.number)
    if not open_tables:
        refuse("no table has a free seat for a late entry", "free-seats")
    fewest = min(t.size for t in open_tables)
    seats = [(t, s) for t in open_tables if t.size == fewest for s in t.free_seats]
    playing = [(t.number, s) for t, s in seats if not sits_out(t, s)]
    return rng.choice(playing or [(t.number, s) for t, s in seats])


def break_table_draw(broken: Table, receiving: Sequence[Table], *, rng: random.Random) -> BreakDraw:
    """Seat the players of a broken table by the two-step draw (TDA R10-B, ADD-10, T1).

    Step one: the seat cards are chosen (a free seat at the table with fewest players, lowest
    table number on a tie, one card at a time, so the tables stay balanced; at each table the
    seats where a newcomer plays at once come first, in random order), then shuffled into a
    stack. Step two: a shuffled deck deals one card to each player of the broken table from
    seat 1 clockwise; the highest card by rank and suit takes the top seat card and the next
    players clockwise take the next ones.
    """
    players = [s for s, e in enumerate(broken.seats) if e is not None]
    if any(t.number == broken.number for t in receiving):
        refuse(f"table {broken.number} cannot receive its own players", "break")
    stack = _seat_cards(receiving, len(players), rng)
    rng.shuffle(stack)
    deck = Deck.shuffled(rng)
    cards = tuple((seat, deck.deal_one()) for seat in players)
    top = max(range(len(cards)), key=lambda i: cards[i][1]) if cards else 0
    moves = []
    for k, (table, seat) in enumerate(stack):
        from_seat = players[(top + k) % len(players)]
        entry = broken.seats[from_seat]
        assert entry is not None
        moves.append(
            Move(
                entry=entry,
                from_table=broken.number,
                from_seat=from_seat,
                to_table=table,
                to_seat=seat,
                rule=BREAK_DRAW,
            )
        )
    first = players[top] if players else 0
    return BreakDraw(moves=tuple(moves), seat_cards=tuple(stack), cards=cards, first=first)


def final_table_draw(
    players: Sequence[str], *, size: int, rng: random.Random, number: int = 1
) -> Table:
    """The final table with every seat drawn at random (Belarus 3.1-¶3b, PokerStars Live 3.1
    draws its button again; :func:`button_draw` does that next)."""
    _check_entries(players)
    _check_seats(size)
    if len(players) > size:
        refuse(f"{len(players)} players do not fit a final table of {size}", "final-table")
    drawn = list(players)
    rng.shuffle(drawn)
    return _random_table(number, drawn, size, rng)


def redraw(
    entries_with_chips: Mapping[str, int],
    *,
    seats_per_table: int,
    rng: random.Random,
    first_table: int = 1,
) -> tuple[Table, ...]:
    """New tables for everyone (a Day-2 redraw merging flights), big stacks spread evenly.

    Players are ranked by chips, most first (equal stacks in random order), and dealt to the
    tables in a snake (1, 2, ... n, then n, ... 2, 1), so each table gets one of the biggest
    stacks, one of the next, and so on, and the sizes differ by one at most. Seats within a
    table are then drawn at random.
    """
    _check_seats(seats_per_table)
    if any(c <= 0 for c in entries_with_chips.values()):
        refuse("a player in a redraw needs chips", "chips")
    if not entries_with_chips:
        return ()
    ranked = list(entries_with_chips)
    rng.shuffle(ranked)
    ranked.sort(key=lambda e: -entries_with_chips[e])
    count = -(-len(ranked) // seats_per_table)
    groups: list[list[str]] = [[] for _ in range(count)]
    for i, entry in enumerate(ranked):
        turn, place = divmod(i, count)
        groups[place if turn % 2 == 0 else count - 1 - place].append(entry)
    return tuple(
        _random_table(first_table + k, group, seats_per_table, rng)
        for k, group in enumerate(groups)
    )


def final_table_size(seats_per_table: int, method: FinalTableSize) -> int:
    """How many players make the final table.

    ``BY_TABLE_SIZE`` is TDA RP-9: nine for 8- and 9-max events, seven for 6- and 7-max events,
    and the table size itself otherwise (decision A28: RP-9 is silent on 10-max and short-handed
    events). ``TABLE_SIZE`` is the table size; ``NINE`` is nine (RedCactus 11).
    """
    _check_seats(seats_per_table)
    if method is FinalTableSize.NINE:
        return 9
    if method is FinalTableSize.BY_TABLE_SIZE:
        return {8: 9, 9: 9, 6: 7, 7: 7}.get(seats_per_table, seats_per_table)
    return seats_per_table


def final_table_seats(config: TournamentConfig) -> int:
    """The event's final table: the profile's size (:func:`final_table_size`), but never more
    players than every game of its structure can be dealt to. RP-9's nine for an 8-max event
    would leave a stud level of a mixed event dealing to nine, which one deck cannot serve
    (:attr:`~floorman.engine.games.Game.max_players`)."""
    size = final_table_size(config.seats_per_table, config.ruleset.tournament.final_table_size)
    return min(size, *(get_game(level.game).max_players for level in config.structure.levels))


def apply_moves(tables: Sequence[Table], moves: Iterable[Move]) -> tuple[Table, ...]:
    """``tables`` after the ``moves``, in the same order; each moved player is seated as a
    newcomer (:func:`~floorman.tournament.seating.positions.join`), so he waits for the button if
    his
    seat requires it. Refuses a move that does not match the tables."""
    by_number = {t.number: t for t in tables}
    if len(by_number) != len(tables):
        refuse("two tables have the same number", "table-number")
    for move in moves:
        source = _table(by_number, move.from_table)
        seats = source.seats
        if not 0 <= move.from_seat < len(seats) or seats[move.from_seat] != move.entry:
            where = f"table {move.from_table} seat {move.from_seat + 1}"
            refuse(f"{move.entry} is not at {where}", "move")
        by_number[move.from_table] = source.without(move.entry)
        target = _table(by_number, move.to_table)
        by_number[move.to_table] = join(target, move.to_seat, move.entry)
    return tuple(by_number[t.number] for t in tables)


def _table(by_number: Mapping[int, Table], number: int) -> Table:
    if number not in by_number:
        refuse(f"there is no table {number}", "table-number")
    return by_number[number]


def _seat_cards(
    receiving: Sequence[Table], count: int, rng: random.Random
) -> list[tuple[int, int]]:
    """The ``(table, seat)`` cards for ``count`` players, shortest tables filled first.

    Every table's free seats are shuffled, in the order given, whether it gets a card or not:
    a table with one free seat or none draws nothing from ``rng``, so a caller may leave such
    tables out when no card can reach them (:func:`.reseating.break_table` does)."""
    if sum(len(t.free_seats) for t in receiving) < count:
        refuse(f"the receiving tables have fewer than {count} free seats", "free-seats")
    free = {t.number: _preferred_seats(t, rng) for t in receiving}
    sizes = {t.number: t.size for t in receiving}
    cards = []
    for _ in range(count):
        number = min((n for n in free if free[n]), key=lambda n: (sizes[n], n))
        cards.append((number, free[number].pop(0)))
        sizes[number] += 1
    return cards


def _preferred_seats(table: Table, rng: random.Random) -> list[int]:
    """Free seats of ``table``, those where a newcomer plays at once first, each group shuffled."""
    playing = [s for s in table.free_seats if not sits_out(table, s)]
    waiting = [s for s in table.free_seats if sits_out(table, s)]
    rng.shuffle(playing)
    rng.shuffle(waiting)
    return playing + waiting


def _deal_one_each(table: Table, rng: random.Random) -> tuple[tuple[int, Card], ...]:
    deck = Deck.shuffled(rng)
    return tuple((s, deck.deal_one()) for s, e in enumerate(table.seats) if e is not None)


def _highest(dealt: tuple[tuple[int, Card], ...]) -> int:
    return max(dealt, key=lambda pair: pair[1])[0]


def _at_or_after(table: Table, seat: int) -> int:
    n = len(table.seats)
    return next(s for k in range(n) if table.seats[s := (seat + k) % n] is not None)


def _at_or_before(table: Table, seat: int) -> int:
    n = len(table.seats)
    seat = min(seat, n - 1)
    return next(s for k in range(n) if table.seats[s := (seat - k) % n] is not None)


def _random_table(number: int, players: Sequence[str], seats: int, rng: random.Random) -> Table:
    places: list[str | None] = [None] * seats
    for seat, entry in zip(rng.sample(range(seats), len(players)), players, strict=True):
        places[seat] = entry
    return Table(number=number, seats=tuple(places))


def _even_sizes(players: int, tables: int) -> list[int]:
    base, extra = divmod(players, tables)
    return [base + 1 if k < extra else base for k in range(tables)]


def _check_entries(entries: Sequence[str]) -> None:
    if len(set(entries)) != len(entries):
        refuse("an entry appears twice in the draw", "entry-twice")


def _check_seats(seats: int) -> None:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        refuse(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats}", "seats")
