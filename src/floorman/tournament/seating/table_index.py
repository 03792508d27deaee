"""The tables in play, indexed by how many players sit at each.

After every elimination the floor asks the same questions: are the tables still within the
profile's gap of each other, must a table break, who moves where. Asked of every table, each
question is a pass over all of them, thousands in a large field, after each of its thousands of
eliminations: the work grows with the square of the field (a 100,000-entrant event spent most
of its time there). :class:`TableMap` is the state's ``tables`` dict keeping, as tables are set
and removed, how many tables have each size, the players seated, and the table numbers of each
size in number order, so those questions read only the few tables that can matter.

Tables are immutable values, replaced whole in the dict, so an index updated on every
``__setitem__`` and ``__delitem__`` is always exact.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, overload

from floorman.tournament.seating.tables import Table

_T = TypeVar("_T")


class TableMap(dict[int, Table]):
    """``dict`` of table number to :class:`Table`, with its tables indexed by size."""

    __slots__ = (
        "_accepted",
        "_before",
        "_count",
        "_full",
        "_journal",
        "_judged_since",
        "_numbers",
        "_place",
        "_placed",
        "_roomy",
        "_seated",
        "_size_of",
        "_stamp",
        "_unjudged",
    )

    def __init__(self, tables: Mapping[int, Table] | Iterable[tuple[int, Table]] = ()) -> None:
        super().__init__()
        self._count: dict[int, int] = {}
        """How many tables have each size."""
        self._full: dict[int, int] = {}
        """How many tables of each size have no free seat."""
        self._roomy: dict[int, int] = {}
        """How many tables of each size have two free seats or more."""
        self._place: dict[int, int] = {}
        """Each table's place in the dict's order (the order it was first set in)."""
        self._placed = 0
        self._size_of: dict[int, int] = {}
        self._numbers: dict[int, list[int]] = {}
        """Per size, a heap of table numbers; entries of tables that changed size since are
        stale and skipped (a number is current when ``_size_of`` still says that size)."""
        self._seated = 0
        self._stamp: dict[int, int] = {}
        """How many times each table was set: a judgement holds for one stamp."""
        self._unjudged: dict[int, set[int]] = {}
        self._accepted: dict[int, list[tuple[int, int]]] = {}
        """Per size, a heap of (number, stamp) of tables a judge accepted (:meth:`first_judged`)."""
        self._judged_since = 0
        self._journal: dict[int, Table | None] | None = None
        """While a command is decided: each table it set, as it was before (``None``: new)."""
        self._before: dict[int, int] | None = None
        """While a command is decided: the places in the order of the tables it removed."""
        for number, table in dict(tables).items():
            self[number] = table

    # --- a command's journal (the tournament's checkpoint) -------------------------------

    def begin_journal(self) -> None:
        """From now on, remember what each change replaces, so that :meth:`roll_back_journal`
        can put the map back as it is now. Copying the map at every command instead would cost
        a 100,000-entrant event its 11,000 tables at every hand."""
        self._journal, self._before = {}, {}

    def end_journal(self) -> None:
        """The command is decided: its changes stay."""
        self._journal = self._before = None

    def roll_back_journal(self) -> None:
        """The map as it was at :meth:`begin_journal`, in the same order. Costs the tables the
        command touched, and the whole map only when it removed one (its place in the order
        is then put back by a rebuild)."""
        journal, places = self._journal, self._before
        self.end_journal()
        if not journal:
            return
        for number, old in reversed(list(journal.items())):
            if old is None:
                self.pop(number, None)
            else:
                self[number] = old
        if places:
            order = self._place
            ordered = sorted(self.items(), key=lambda item: places.get(item[0], order[item[0]]))
            self.clear()
            for number, table in ordered:
                self[number] = table

    def _journal_set(self, number: int) -> None:
        journal = self._journal
        if journal is not None and number not in journal:
            journal[number] = dict.get(self, number)

    def _journal_removal(self, number: int) -> None:
        """Before table ``number`` leaves the map: it, and its place in the order if the
        command found it there."""
        journal, places = self._journal, self._before
        if journal is None or places is None:
            return
        if number not in journal:
            journal[number] = dict.__getitem__(self, number)
        if journal[number] is not None and number not in places:
            places[number] = self._place[number]

    # --- the dict, kept in step ---------------------------------------------------------

    def __setitem__(self, number: int, table: Table) -> None:
        self._journal_set(number)
        if number in self:
            self._forget(number)
        else:
            self._place[number] = self._placed
            self._placed += 1
        super().__setitem__(number, table)
        self._note(number, table)

    def __delitem__(self, number: int) -> None:
        self._journal_removal(number)
        self._forget(number)
        del self._place[number]
        super().__delitem__(number)

    @overload
    def pop(self, number: int, /) -> Table: ...
    @overload
    def pop(self, number: int, default: Table, /) -> Table: ...
    @overload
    def pop(self, number: int, default: _T, /) -> Table | _T: ...
    def pop(self, number: int, *default: Any) -> Any:
        if number in self:
            self._journal_removal(number)
            self._forget(number)
            del self._place[number]
        return super().pop(number, *default)

    def popitem(self) -> tuple[int, Table]:
        if self:
            last = next(reversed(self))
            self._journal_removal(last)
            self._forget(last)
            del self._place[last]
        return super().popitem()

    def setdefault(self, number: int, default: Table, /) -> Table:
        if number not in self:
            self[number] = default
        return self[number]

    def update(self, *others: Any, **more: Table) -> None:
        for number, table in dict(*others, **more).items():
            self[number] = table

    def __ior__(self, other: Any) -> TableMap:  # type: ignore[override,misc]
        self.update(other)
        return self

    def clear(self) -> None:
        for number in list(self) if self._journal is not None else ():
            self._journal_removal(number)
        super().clear()
        self._count.clear()
        self._full.clear()
        self._roomy.clear()
        self._place.clear()
        self._size_of.clear()
        self._numbers.clear()
        self._seated = 0
        self._unjudged.clear()
        self._accepted.clear()

    def copy(self) -> TableMap:
        return TableMap(self)

    def __reduce__(self) -> tuple[type[TableMap], tuple[dict[int, Table]]]:
        return TableMap, (dict(self),)

    # --- what the floor asks ------------------------------------------------------------

    @property
    def seated(self) -> int:
        """Players seated at all the tables."""
        return self._seated

    def size_range(self) -> tuple[int, int]:
        """The fewest and the most players at a table; ``(0, 0)`` without tables."""
        sizes = [s for s, n in self._count.items() if n]
        return (min(sizes), max(sizes)) if sizes else (0, 0)

    def open_at(self, size: int) -> int:
        """How many tables of ``size`` players have a free seat."""
        return self._count.get(size, 0) - self._full.get(size, 0)

    def roomy_at(self, size: int) -> int:
        """How many tables of ``size`` players have two free seats or more."""
        return self._roomy.get(size, 0)

    def in_order(self, numbers: Iterable[int]) -> list[int]:
        """``numbers`` in the dict's order (the order the tables were first set in)."""
        return sorted(numbers, key=self._place.__getitem__)

    def numbers_at(self, size: int) -> list[int]:
        """Every table of ``size`` players, in number order."""
        return sorted(n for n in self._live(size))

    def lowest_at(self, size: int, accept: Callable[[int], bool], wanted: int) -> list[int]:
        """Tables of ``size`` players in number order, up to the ``wanted``-th one ``accept``
        takes (all of them if fewer are taken)."""
        heap = self._numbers.get(size, [])
        found: list[int] = []
        taken = 0
        while heap and taken < wanted:
            number = heapq.heappop(heap)
            if self._size_of.get(number) != size or (found and found[-1] == number):
                continue
            found.append(number)
            taken += accept(number)
        for number in found:
            heapq.heappush(heap, number)
        return found

    def first_judged(
        self, size: int, judge: Callable[[int], bool], wanted: int, since: int
    ) -> list[int]:
        """Up to ``wanted`` tables of ``size`` players that ``judge`` accepts, lowest numbers
        first. Each table is judged once until it is set again, so the judge must answer from
        the table and from facts that only grow, counted by ``since`` (a smaller count than
        last time, those facts were reset: every judgement is dropped)."""
        if since < self._judged_since:
            self._accepted.clear()
            self._unjudged = {s: set(self._live(s)) for s in self._numbers}
        self._judged_since = since
        heap = self._accepted.setdefault(size, [])
        for number in self._unjudged.pop(size, set()):
            if self._size_of.get(number) == size and judge(number):
                heapq.heappush(heap, (number, self._stamp[number]))
        found: list[tuple[int, int]] = []
        while heap and len(found) < wanted:
            entry = heapq.heappop(heap)
            current = self._current(entry, size)
            if current and (not found or found[-1] != entry):
                found.append(entry)
        for entry in found:
            heapq.heappush(heap, entry)
        if len(heap) > 2 * self._count.get(size, 0) + 32:
            heap[:] = sorted(e for e in set(heap) if self._current(e, size))
        return [number for number, _ in found]

    # --- the index ----------------------------------------------------------------------

    def _current(self, entry: tuple[int, int], size: int) -> bool:
        number, stamp = entry
        return self._stamp.get(number) == stamp and self._size_of.get(number) == size

    def _live(self, size: int) -> set[int]:
        return {n for n in self._numbers.get(size, ()) if self._size_of.get(n) == size}

    def _note(self, number: int, table: Table) -> None:
        size = table.size
        if size == len(table.seats):
            self._full[size] = self._full.get(size, 0) + 1
        if len(table.seats) - size >= 2:
            self._roomy[size] = self._roomy.get(size, 0) + 1
        self._size_of[number] = size
        self._stamp[number] = self._stamp.get(number, 0) + 1
        unjudged = self._unjudged.setdefault(size, set())
        unjudged.add(number)
        if len(unjudged) > 2 * self._count.get(size, 0) + 32:
            unjudged.intersection_update(self._live(size) | {number})
        self._count[size] = self._count.get(size, 0) + 1
        self._seated += size
        heap = self._numbers.setdefault(size, [])
        heapq.heappush(heap, number)
        if len(heap) > 2 * self._count[size] + 32:  # mostly stale: rebuilt, amortised
            heap[:] = sorted(self._live(size))

    def _forget(self, number: int) -> None:
        size = self._size_of.pop(number)
        table = self[number]
        if size == len(table.seats):
            self._full[size] -= 1
        if len(table.seats) - size >= 2:
            self._roomy[size] -= 1
        self._count[size] -= 1
        self._seated -= size


def indexed(tables: Mapping[int, Table]) -> TableMap:
    """``tables`` as a :class:`TableMap` (itself when it already is one)."""
    return tables if isinstance(tables, TableMap) else TableMap(tables)
