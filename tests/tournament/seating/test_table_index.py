"""The table index: exact after any change, and balancing over its few tables plans the same
moves as over every table (what lets a 100,000-entrant event balance in linear time)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from floorman.rules.profiles import get_ruleset
from floorman.tournament.seating.balancing import balance_scope, plan_balance
from floorman.tournament.seating.positions import record_hand
from floorman.tournament.seating.table_index import TableMap
from floorman.tournament.seating.tables import Positions, Table


def table(number: int, players: int, rng: random.Random, *, seats: int = 9) -> Table:
    """A table of ``players`` in random seats, half of them with a hand played."""
    taken = sorted(rng.sample(range(seats), players))
    made = Table(
        number=number,
        seats=tuple(f"t{number}s{s}" if s in taken else None for s in range(seats)),
    )
    if players < 2 or rng.random() < 0.5:
        return made
    button, big = taken[0], taken[1 % players]
    return record_hand(made, Positions(button=button, small_blind=button, big_blind=big))


def assert_exact(tables: TableMap) -> None:
    sizes = [t.size for t in tables.values()]
    assert tables.seated == sum(sizes)
    assert tables.size_range() == ((min(sizes), max(sizes)) if sizes else (0, 0))
    for size in range(10):
        assert tables.open_at(size) == sum(
            t.size == size and t.size < len(t.seats) for t in tables.values()
        )
    for size in set(sizes):
        assert tables.numbers_at(size) == sorted(n for n, t in tables.items() if t.size == size)


def test_the_index_follows_every_way_of_changing_the_dict() -> None:
    rng = random.Random(3)
    tables = TableMap()
    for step in range(600):
        number = rng.randint(1, 40)
        choice = rng.random()
        if choice < 0.6:
            tables[number] = table(number, rng.randint(0, 9), rng)
        elif choice < 0.75:
            tables.pop(number, None)
        elif choice < 0.85 and number in tables:
            del tables[number]
        elif choice < 0.9:
            tables.update({number: table(number, rng.randint(0, 9), rng)})
        elif choice < 0.95:
            tables |= {number: table(number, rng.randint(0, 9), rng)}
        elif step % 7 == 0:
            tables.clear()
        elif tables:
            tables.popitem()
        assert_exact(tables)
    for other in (tables.copy(), copy.deepcopy(tables), pickle.loads(pickle.dumps(tables))):
        assert isinstance(other, TableMap)
        assert other == tables
        assert_exact(other)


def test_the_first_tables_of_a_size_are_found_in_number_order() -> None:
    rng = random.Random(5)
    tables = TableMap({n: table(n, 8 if n % 3 else 7, rng) for n in range(1, 31)})
    even = tables.lowest_at(8, lambda n: n % 2 == 0, 3)
    assert even == [1, 2, 4, 5, 7, 8]  # up to the third table accepted, in number order
    assert tables.first_judged(8, lambda n: n % 2 == 0, 3, since=0) == [2, 4, 8]
    tables[4] = table(4, 6, rng)  # changed: judged again where it now sits
    assert tables.first_judged(8, lambda n: n % 2 == 0, 3, since=0) == [2, 8, 10]
    assert tables.first_judged(6, lambda n: True, 3, since=0) == [4]


@pytest.mark.parametrize(
    "profile", ["tda-2022", "belarus-sport", "redcactus", "pokerstars-live", "poland-pzp"]
)
def test_balancing_the_few_tables_the_index_keeps_plans_the_moves_of_all_tables(
    profile: str,
) -> None:
    rules = get_ruleset(profile).tournament
    rng = random.Random(11)
    with_moves = narrowed = 0
    for _ in range(300):
        count = rng.randint(2, 60)
        common = rng.randint(4, 8)
        usual = [common, common, common + 1, common - 1, common - 2, common + 1]
        sizes = [common - 4 if rng.random() < 0.05 else rng.choice(usual) for _ in range(count)]
        tables = TableMap({n: table(n, max(2, s), rng) for n, s in enumerate(sizes, 1)})
        players = [p for t in tables.values() for p in t.players]
        moved = set(rng.sample(players, rng.randint(0, len(players))))
        whole = plan_balance(tuple(tables.values()), rules=rules, recently_moved=moved)
        scope = balance_scope(tables, tables.__getitem__, rules=rules, recently_moved=moved)
        assert len(scope) <= len(tables)
        planned = plan_balance(scope, rules=rules, recently_moved=moved) if scope else None
        assert (planned.moves if planned else ()) == whole.moves
        assert (planned.halted if planned else ()) == whole.halted
        with_moves += bool(whole.moves)
        narrowed += bool(scope) and len(scope) < len(tables)
    assert with_moves > 100
    assert narrowed > 20


@pytest.mark.parametrize("seed", range(40))
def test_a_rolled_back_journal_gives_back_the_map_as_it_was(seed: int) -> None:
    """A command's checkpoint journals the tables instead of copying them: whatever the
    command set, added, removed or cleared, rolling back gives the same tables in the same
    order, with an exact index; ending the journal keeps the changes."""
    rng = random.Random(seed)
    tables = TableMap({n: table(n, rng.randint(0, 9), rng) for n in range(1, rng.randint(2, 12))})
    before = list(tables.items())
    for keep in (False, True):
        tables.begin_journal()
        for _ in range(rng.randint(1, 12)):
            kind = rng.random()
            numbers = list(tables)
            if kind < 0.5 and numbers:
                number = rng.choice(numbers)
                tables[number] = table(number, rng.randint(0, 9), rng)
            elif kind < 0.7:
                number = max(numbers, default=0) + rng.randint(1, 3)
                tables[number] = table(number, rng.randint(0, 9), rng)
            elif kind < 0.9 and numbers:
                del tables[rng.choice(numbers)]
            elif kind < 0.95 and numbers:
                tables.pop(rng.choice(numbers))
            else:
                tables.clear()
        changed = list(tables.items())
        if keep:
            tables.end_journal()
            assert list(tables.items()) == changed
        else:
            tables.roll_back_journal()
            assert list(tables.items()) == before
        assert_exact(tables)
