"""Balancing (moving players between tables), halting short tables, and breaking tables.

:func:`plan_balance` looks at every table between hands and says who moves where and which
tables must wait for their player before the next hand. The rulebooks agree on the shape and
differ in parameters (:class:`~floorman.rules.tournament_rules.TournamentRules`):

- **Who moves** (``balance_mover``): the player due the big blind next at the giving table
  (TDA R11-A, RedCactus 10, Poland §25.2a) or the one in the big blind of the hand just played
  (Belarus 3.1-¶2b).
- **From and to which table** (``balance_target``, R11-C): from the fullest table to the table
  with fewest players, the lowest table number first on a tie (RedCactus 10). Among equally
  full giving tables the lowest number gives, unless its mover was moved recently.
- **Which seat**: the worst position, the free seat that takes the big blind soonest (the
  seat right after last hand's big blind, then on clockwise), never the small blind (R11-A,
  D16, decision A3; Belarus 3.1-¶2c: the seat that will be big blind next hand when free).
  In stud, where there are no blinds, the seat vacated last is filled (R11-A, Poland §25.2b).
- **When**: a table this many players short of the fullest receives one. Belarus keeps every
  table within one of the others at the start of every hand (3.1-¶3a), so both tables of a
  move wait for it; elsewhere a table ``halt_when_short_by`` short of the fullest (TDA R11-D:
  three; RedCactus: four) stops when its big blind would fall on an empty seat (ADD-11-D, T2,
  decision A4), or at once where the profile says so (``halt_at_once``: PokerStars Live 2.5,
  RedCactus 10, Poland §25.3), and waits for its player, while the other tables play on.

Moves carry the concept key ``"balance"`` (or ``"balance-stud"``); the caller maps it to the
profile's rule number.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Collection, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Literal

from floorman.errors import refuse
from floorman.rules.tournament_rules import BalanceMover, TournamentRules
from floorman.tournament.seating.positions import next_positions
from floorman.tournament.seating.table_index import TableMap
from floorman.tournament.seating.tables import Move, Table

BALANCE = "balance"
"""Concept key of a flop-game balancing move (TDA R11-A; Belarus 3.1-¶2b and ¶2c)."""
BALANCE_STUD = "balance-stud"
"""Concept key of a stud balancing move by position (TDA R11-A, R11-B; Poland §25.2b)."""

BreakOrder = Literal["fixed-highest-first", "random"] | Sequence[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class BalancePlan:
    """The moves to make now, and the tables that must not start a hand until they are made."""

    moves: tuple[Move, ...]
    halted: tuple[int, ...]


def plan_balance(
    tables: Sequence[Table],
    *,
    rules: TournamentRules,
    stud: bool = False,
    recently_moved: AbstractSet[str] = frozenset(),
    move_when_short_by: int = 2,
) -> BalancePlan:
    """The balancing moves for ``tables`` and the tables that halt until they happen.

    ``move_when_short_by`` (not yet a ``TournamentRules`` field) is how many players short of
    the fullest table a table must be to receive a player. Two, the default and the least,
    keeps the tables within one of each other, what floors aim for (TDA R11-D asks to
    rebalance as quickly as possible); Belarus's ``balance_within_one`` always uses two.
    ``recently_moved`` players are left in place while another player fits: another equally
    full table gives, or the next player due the big blind goes.
    """
    if move_when_short_by < 2:
        why = "one short, a move would only swap two tables' sizes"
        refuse(f"a table receives a player when two or more short ({why})", "balance-gap")
    if len({t.number for t in tables}) != len(tables):
        refuse("two tables have the same number", "table-number")
    if not tables:
        return BalancePlan(moves=(), halted=())
    gap = 2 if rules.balance_within_one else move_when_short_by
    moves = _Planner(tables, rules, stud, recently_moved).plan(gap)
    halted = set(_short_halts(tables, rules, stud))
    if rules.balance_within_one:
        halted.update(n for m in moves for n in (m.from_table, m.to_table))
    return BalancePlan(moves=moves, halted=tuple(sorted(halted)))


def balance_scope(
    tables: TableMap,
    view: Callable[[int], Table],
    *,
    rules: TournamentRules,
    stud: bool = False,
    recently_moved: AbstractSet[str] = frozenset(),
    busy: Collection[int] = (),
    move_when_short_by: int = 2,
) -> tuple[Table, ...]:
    """The tables (seen through ``view``) whose moves :func:`plan_balance` plans exactly as over
    all of them; none when the tables are within the gap, so no move is due.

    Only tables at the extremes take part. A receiver is at least ``gap`` short of the fullest,
    so of the largest size: every such table is kept, and they bound the moves (each fills one
    receiver's seat). A giver is always the fullest table at the time, the lowest number first,
    skipping one whose mover was moved recently, or the lowest number if every one was: at each
    size from the largest down, the first tables in number order and the first ones whose mover
    was not moved, one more of each than there can be moves, are kept. Tables between the two
    never move a player, and a large field's tables are nearly all there. ``busy`` tables, mid-
    hand, are seen through ``view`` as they will be after it: they are all kept. Stud before
    its first hand orders movers by the seat being filled: every table is kept."""
    gap = 2 if rules.balance_within_one else move_when_short_by
    low, high = tables.size_range()
    if high - low < gap:
        return ()
    if stud:
        return tuple(view(n) for n in sorted(tables))
    receivers = [n for size in range(low, high - gap + 1) for n in tables.numbers_at(size)]
    moves = sum(high - gap + 1 - tables[n].size for n in receivers)
    wanted = moves + 1 + len(busy)
    mover = rules.balance_mover

    def fresh(number: int) -> bool:  # the moved only grow, and a move sets the table again
        table = tables[number]
        return table.seats[_big_blind_order(table, mover)[0]] not in recently_moved

    givers = set(busy)
    for size in range(high, max(low + gap, high - gap + 1) - 1, -1):
        givers.update(tables.lowest_at(size, lambda _: True, wanted))
        givers.update(tables.first_judged(size, fresh, wanted, len(recently_moved)))
    return tuple(view(n) for n in sorted({*receivers, *givers} & tables.keys()))


def move_from(
    tables: Sequence[Table], *, source: int, rules: TournamentRules, stud: bool = False
) -> Move | None:
    """The move the director asks for when he names the giving table (TDA R11-C): its next
    player due to move, by the profile's ``balance_mover``, to the worst seat of the table
    with fewest players (lowest number first). ``None`` when that would not even the tables:
    ``source`` is not two or more players fuller than the shortest other table."""
    planner = _Planner(tables, rules, stud, frozenset())
    giving = planner.tables.get(source)
    if giving is None:
        refuse(f"table {source} is not in play", "table")
    planner.low = [entry for entry in planner.low if entry[1] != source]
    heapq.heapify(planner.low)
    target = planner._shortest()
    if target is None or giving.size - planner.sizes[target[0]] < 2:
        return None
    to_table, to_seat = target
    return planner._move(source, planner._candidates(giving, to_seat)[0], to_table, to_seat)


def tables_to_break(
    tables: Sequence[Table],
    *,
    seats_per_table: int,
    order: BreakOrder = "fixed-highest-first",
    rng: random.Random | None = None,
) -> tuple[int, ...]:
    """The tables to close now that the players fit in fewer tables, first to break first.

    ``order`` is the event's break order: ``"fixed-highest-first"`` (highest table number
    first), ``"random"`` (drawn with ``rng``, one of TDA RP-19's anti-stalling methods) or the
    table numbers in their announced order (PokerStars Live 2.4).
    """
    if seats_per_table < 1:
        refuse("a table seats at least one player", "seats")
    players = sum(t.size for t in tables)
    needed = max(1, -(-players // seats_per_table))
    surplus = len(tables) - needed
    if surplus <= 0:
        return ()
    numbers = sorted(t.number for t in tables)
    if order == "fixed-highest-first":
        return tuple(reversed(numbers))[:surplus]
    if order == "random":
        if rng is None:
            refuse("a random break order needs an rng", "rng")
        return tuple(rng.sample(numbers, surplus))
    listed = [n for n in order if n in set(numbers)]
    if len(listed) < surplus:
        refuse(f"the break order names fewer than {surplus} of the open tables", "break-order")
    return tuple(listed[:surplus])


def final_table_due(players_left: int, size: int) -> bool:
    """Whether the remaining players make the final table (RP-9, Belarus 3.1-¶3b): the tables
    are then broken and the final table drawn."""
    if players_left < 0 or size < 2:
        refuse("players left cannot be negative and a final table seats two or more", "final-table")
    return players_left <= size


def _short_halts(tables: Sequence[Table], rules: TournamentRules, stud: bool) -> list[int]:
    """Tables that stop: far enough short and, under TDA R11-D, once the big blind would reach
    an empty seat (ADD-11-D); at once where the profile says so (``halt_at_once``: PokerStars
    Live 2.5, RedCactus 10, Poland §25.3) and in stud, which has no blinds."""
    short_by = rules.halt_when_short_by
    if short_by is None:
        return []
    fullest = max(t.size for t in tables)
    at_once = stud or rules.halt_at_once
    return [
        t.number
        for t in tables
        if fullest - t.size >= short_by and (at_once or _big_blind_meets_empty_seat(t))
    ]


def _big_blind_meets_empty_seat(table: Table) -> bool:
    last = table.last
    if last is None:
        return False
    return table.seats[(last.big_blind + 1) % len(table.seats)] is None


class _Planner:
    """Moves one player at a time from the fullest table to the shortest until the gap closes;
    a table's size changes as moves are planned, so two heaps (fullest, shortest) with stale
    entries skipped keep each step cheap over a thousand tables."""

    def __init__(
        self,
        tables: Sequence[Table],
        rules: TournamentRules,
        stud: bool,
        recent: AbstractSet[str],
    ) -> None:
        self.tables = {t.number: t for t in tables}
        self.sizes = {t.number: t.size for t in tables}
        self.mover = rules.balance_mover
        self.stud = stud
        self.recent = recent
        self.leaving: dict[int, set[int]] = {}
        self.taken: dict[int, set[int]] = {}
        self.orders: dict[int, list[int]] = {}
        self.high = [(-size, n) for n, size in self.sizes.items()]
        self.low = [(size, n) for n, size in self.sizes.items()]
        heapq.heapify(self.high)
        heapq.heapify(self.low)

    def plan(self, gap: int) -> tuple[Move, ...]:
        moves: list[Move] = []
        while True:
            target = self._shortest()
            if target is None:
                break
            to_table, to_seat = target
            fullest = self._fullest_size()
            if fullest - self.sizes[to_table] < gap:
                break
            from_table, from_seat = self._giver(fullest, to_seat)
            moves.append(self._move(from_table, from_seat, to_table, to_seat))
        return tuple(moves)

    def _move(self, from_table: int, from_seat: int, to_table: int, to_seat: int) -> Move:
        entry = self.tables[from_table].seats[from_seat]
        assert entry is not None
        self.leaving.setdefault(from_table, set()).add(from_seat)
        self.taken.setdefault(to_table, set()).add(to_seat)
        for number, change in ((from_table, -1), (to_table, 1)):
            self.sizes[number] += change
            heapq.heappush(self.high, (-self.sizes[number], number))
            heapq.heappush(self.low, (self.sizes[number], number))
        rule = BALANCE_STUD if self.stud else BALANCE
        return Move(
            entry=entry,
            from_table=from_table,
            from_seat=from_seat,
            to_table=to_table,
            to_seat=to_seat,
            rule=rule,
        )

    def _shortest(self) -> tuple[int, int] | None:
        """The table with fewest players that has a seat to give, and that seat; tables with no
        acceptable seat leave the heap for the rest of the plan."""
        while self.low:
            size, number = self.low[0]
            if size != self.sizes[number]:
                heapq.heappop(self.low)
                continue
            seat = self._seat_at(self.tables[number])
            if seat is not None:
                return number, seat
            heapq.heappop(self.low)
        return None

    def _fullest_size(self) -> int:
        while -self.high[0][0] != self.sizes[self.high[0][1]]:
            heapq.heappop(self.high)
        return -self.high[0][0]

    def _giver(self, fullest: int, to_seat: int) -> tuple[int, int]:
        """The giving table and the seat of its mover: the lowest-numbered fullest table; if its
        mover was moved recently, the next equally full table whose mover was not; failing
        that, the next player in line at the first table who was not."""
        popped: list[tuple[int, int]] = []
        chosen: tuple[int, int] | None = None
        while chosen is None and self.high and -self.high[0][0] >= fullest:
            entry = heapq.heappop(self.high)
            if -entry[0] != self.sizes[entry[1]]:
                continue
            popped.append(entry)
            first = self._candidates(self.tables[entry[1]], to_seat)[0]
            if self.tables[entry[1]].seats[first] not in self.recent:
                chosen = (entry[1], first)
        for entry in popped:
            heapq.heappush(self.high, entry)
        if chosen is not None:
            return chosen
        table = self.tables[popped[0][1]]
        candidates = self._candidates(table, to_seat)
        fresh = [s for s in candidates if table.seats[s] not in self.recent]
        return table.number, (fresh or candidates)[0]

    def _candidates(self, table: Table, to_seat: int) -> list[int]:
        """Seats of the players of ``table`` who may still move, first in line first."""
        leaving = self.leaving.get(table.number, set())
        return [s for s in self._order(table, to_seat) if s not in leaving]

    def _order(self, table: Table, to_seat: int) -> list[int]:
        """Players of ``table`` in the order they should move.

        Flop games: from the player due the big blind (or in it, Belarus) on clockwise, waiting
        players last. Stud: the player who would be the hold'em big blind in a mixed game whose
        button is frozen (R11-B), otherwise by position, from the seat being filled on.
        """
        if self.stud and table.last is None:
            return _clockwise_players(table, min(to_seat, len(table.seats) - 1))
        if table.number not in self.orders:
            self.orders[table.number] = _big_blind_order(table, self.mover)
        return self.orders[table.number]

    def _seat_at(self, table: Table) -> int | None:
        """The seat a moved player takes at ``table``, or ``None`` when none is acceptable."""
        taken = self.taken.get(table.number, set())
        for seat in _worst_seats(table, stud=self.stud):
            if seat not in taken:
                return seat
        return None


def _big_blind_order(table: Table, mover: BalanceMover) -> list[int]:
    waiting = table.waiting
    playing = [i for i, e in enumerate(table.seats) if e is not None and e not in waiting]
    late = [i for i, e in enumerate(table.seats) if e is not None and e in waiting]
    last = table.last
    start = playing[0] if playing else 0
    if last is not None and len(playing) >= 2:
        if mover is BalanceMover.CURRENT_BIG_BLIND and last.big_blind in playing:
            start = last.big_blind
        else:
            start = next_positions(table).big_blind
    first = next((k for k, s in enumerate(playing) if s >= start), 0)
    return playing[first:] + playing[:first] + late


def _clockwise_players(table: Table, start: int) -> list[int]:
    n = len(table.seats)
    return [s for k in range(n) if table.seats[s := (start + k) % n] is not None]


def _worst_seats(table: Table, *, stud: bool) -> list[int]:
    """Free seats from worst to best for a moved player.

    Flop games: clockwise from the seat after last hand's big blind, so the first one that comes
    before the next big blind takes it next hand; the seat of last hand's big blind, the coming
    small blind, never (R11-A). Before any hand, the lowest seats first. Stud: the seat vacated
    last first, then older ones, then the rest.
    """
    free = table.free_seats
    if stud:
        latest = [s for s in reversed(table.vacated) if s in free]
        return latest + [s for s in free if s not in latest]
    last = table.last
    if last is None:
        return list(free)
    n = len(table.seats)
    after = [(last.big_blind + k) % n for k in range(1, n)]
    return [s for s in after if table.seats[s] is None]
