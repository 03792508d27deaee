"""Tables, seats and the moves between them: the vocabulary of seating and balancing.

A :class:`Table` is a value: seating a player, removing one or recording a hand gives a new
table. Seats are 0-based indexes clockwise (index 0 is "seat 1" on the floor, the seat to the
dealer's left, Poland §13.1); people see seats and tables numbered from 1, which is what
:meth:`Move.describe` prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from floorman.errors import refuse

MIN_SEATS = 2
MAX_SEATS = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Positions:
    """Where the button and the blinds are for one hand.

    ``button`` may be an empty seat (a dead button, TDA R32). ``small_blind`` is ``None`` when
    no small blind is posted (a dead small blind): the player who was big blind last hand has
    left. The small blind then still *belongs* to a seat, the empty seat of that last big
    blind, kept in ``dead_small_blind_seat``, because the button moves there next hand: the
    button always follows the small blind's position, whether or not anyone posted there.
    """

    button: int
    small_blind: int | None
    big_blind: int
    dead_small_blind_seat: int | None = None

    def __post_init__(self) -> None:
        if self.small_blind is not None and self.dead_small_blind_seat is not None:
            refuse("a small blind is either posted or dead, not both", "positions")
        if self.big_blind in (self.small_blind, self.dead_small_blind_seat):
            refuse("the big blind and the small blind are different seats", "positions")

    @property
    def small_blind_position(self) -> int | None:
        """The seat the small blind belongs to, posted or dead (the next hand's button)."""
        if self.small_blind is not None:
            return self.small_blind
        return self.dead_small_blind_seat

    def seats(self) -> tuple[int, ...]:
        """Every seat these positions name, to check them against a table."""
        named = (self.button, self.small_blind, self.big_blind, self.dead_small_blind_seat)
        return tuple(s for s in named if s is not None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """One table: who sits where, where the last hand's blinds were, who waits to be dealt in.

    ``waiting`` holds players seated where they may not be dealt in yet, between the button
    and the small blind (TDA R8-A, R10-A, D15): they sit out until the button passes them.
    ``vacated`` lists the seats emptied since they were last filled, oldest first, because
    stud balancing fills the seat vacated last (TDA R11-A, Poland §25.2b).
    """

    number: int
    seats: tuple[str | None, ...]
    last: Positions | None = None
    waiting: frozenset[str] = frozenset()
    vacated: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.number < 1:
            refuse(f"table number {self.number} is not a table number (1 or more)", "table-number")
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            refuse(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {len(self.seats)}", "seats")
        players = self.players
        if len(set(players)) != len(players):
            twice = sorted({p for p in players if players.count(p) > 1})
            refuse(f"table {self.number}: {', '.join(twice)} seated twice", "entry-twice")
        if not self.waiting <= set(players):
            refuse(f"table {self.number}: a waiting player is not seated here", "waiting")
        self._check_seat_numbers()

    def _check_seat_numbers(self) -> None:
        named = self.last.seats() if self.last is not None else ()
        if any(not 0 <= s < len(self.seats) for s in (*named, *self.vacated)):
            refuse(f"table {self.number}: a position is not a seat of this table", "positions")
        if any(self.seats[s] is not None for s in self.vacated) or len(set(self.vacated)) != len(
            self.vacated
        ):
            refuse(f"table {self.number}: a vacated seat is taken or listed twice", "vacated")

    @property
    def players(self) -> tuple[str, ...]:
        """The entries seated here, in seat order."""
        return tuple(e for e in self.seats if e is not None)

    @property
    def size(self) -> int:
        """How many players sit here (the number balancing compares)."""
        return len(self.seats) - self.seats.count(None)

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(i for i, e in enumerate(self.seats) if e is None)

    def seat_of(self, entry: str) -> int:
        """The seat of ``entry``; refuses an entry that does not sit here."""
        if entry not in self.seats:
            refuse(f"{entry} does not sit at table {self.number}", "not-seated")
        return self.seats.index(entry)

    def with_seat(self, seat: int, entry: str, *, waiting: bool = False) -> Table:
        """This table with ``entry`` placed in the empty ``seat``.

        A raw placement: whether a newcomer may be dealt in at once is the dead-button rule's
        question, answered by :func:`floorman.tournament.seating.positions.join`, which calls this.
        """
        if not 0 <= seat < len(self.seats):
            refuse(f"table {self.number} has no seat {seat + 1}", "seat")
        if self.seats[seat] is not None:
            refuse(f"table {self.number} seat {seat + 1} is taken", "seat-taken")
        seats = list(self.seats)
        seats[seat] = entry
        return Table(
            number=self.number,
            seats=tuple(seats),
            last=self.last,
            waiting=self.waiting | {entry} if waiting else self.waiting,
            vacated=tuple(s for s in self.vacated if s != seat),
        )

    def without(self, entry: str) -> Table:
        """This table once ``entry`` has left (busted, moved, disqualified)."""
        seat = self.seat_of(entry)
        seats = list(self.seats)
        seats[seat] = None
        return Table(
            number=self.number,
            seats=tuple(seats),
            last=self.last,
            waiting=self.waiting - {entry},
            vacated=(*self.vacated, seat),
        )

    def with_last(self, positions: Positions, waiting: frozenset[str]) -> Table:
        """This table after a hand played with ``positions``; ``waiting`` who still sits out."""
        return Table(
            number=self.number,
            seats=self.seats,
            last=positions,
            waiting=waiting,
            vacated=self.vacated,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """One player taken from one seat to another, with the concept that decided it.

    ``rule`` is a concept key rather than a rule number, because each rulebook numbers the
    same procedure differently: ``"balance"`` (a flop-game balancing move: who moves and to
    which seat), ``"balance-stud"`` (a stud move by position) and ``"break-draw"`` (a seat
    drawn when a table breaks). The caller maps the key to the profile's rule.
    """

    entry: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    rule: str

    def describe(self, names: Mapping[str, str]) -> str:
        """The instruction as a floor person reads it out, seats numbered from 1:
        ``"Ivanov: table 3 seat 5 -> table 7 seat 2"``."""
        name = names.get(self.entry, self.entry)
        return (
            f"{name}: table {self.from_table} seat {self.from_seat + 1} -> "
            f"table {self.to_table} seat {self.to_seat + 1}"
        )


def clockwise(start: int, end: int, seat: int, count: int) -> bool:
    """Whether ``seat`` lies strictly after ``start`` and up to ``end`` included, going
    clockwise round a table of ``count`` seats."""
    return 0 < (seat - start) % count <= (end - start) % count
