"""The chip race (TDA R24, D9; Poland §2; RedCactus 24): cards, rounding, protection, accounting."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards.card import ALL_CARDS, Card, parse_cards
from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import ChipRace
from floorman.tournament.structure.chip_race import (
    ChipRaceResult,
    race_off,
    smallest_chip_in_play,
)


class StackedRandom(random.Random):
    """A generator whose shuffle puts known cards on top, for races with given cards."""

    def __init__(self, top: str) -> None:
        super().__init__(0)
        self.top = parse_cards(top)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = [*self.top, *(c for c in ALL_CARDS if c not in self.top)]


def card_race(
    stacks: dict[str, dict[int, int]],
    rng: random.Random,
    *,
    removed: int = 25,
    next_up: int = 100,
    seat_order: Sequence[str] | None = None,
) -> ChipRaceResult:
    return race_off(
        stacks,
        removed=removed,
        next_up=next_up,
        seat_order=list(stacks) if seat_order is None else seat_order,
        method=ChipRace.CARD_RACE,
        rng=rng,
    )


@pytest.mark.rules(
    "poland-pzp §2.1", "poland-pzp §2.2", "poland-pzp §2.3", "poland-pzp §2.4", "tda-2022 R24-A"
)
def test_poland_t1_chip_race_highest_cards_one_chip_each_and_nobody_raced_out() -> None:
    stacks = {"S1": {1000: 2, 25: 3}, "S4": {25: 2}, "S7": {1000: 4, 25: 3}}
    race = card_race(stacks, StackedRandom("As Kh 4c Kd 9c Ks 7d 2h"))
    assert [(entry, str(card)) for entry, card in race.dealt] == [
        ("S1", "As"), ("S1", "Kh"), ("S1", "4c"), ("S4", "Kd"), ("S4", "9c"),
        ("S7", "Ks"), ("S7", "7d"), ("S7", "2h"),
    ]  # fmt: skip
    assert race.raced == 2  # 8 x 25 = 200
    assert race.winners == ("S1", "S7")  # A♠, then K♠ over K♥ (S1 has his chip) and K♦
    assert [line.stack_after for line in race.lines] == [2100, 100, 4100]
    assert race.line("S4").protected
    assert dict(race.line("S4").chips) == {100: 1}
    assert race.chips_delta == 100  # 6,200 in play before, 6,300 after
    assert race.protection_added == 100
    assert race.race_delta == 0


@pytest.mark.rules("tda-2022 R24-A", "tda-2022 R24-C")
def test_tda_d9_race_from_seat_1_at_most_one_chip_nobody_raced_out() -> None:
    """Three players each hold one odd 25; one 100 is raced (75 rounds to 100)."""
    stacks = {"seat1": {25: 1}, "seat2": {25: 1}, "seat3": {100: 2, 25: 1}}
    race = card_race(stacks, random.Random(3))
    assert [entry for entry, _ in race.dealt] == ["seat1", "seat2", "seat3"]
    assert race.raced == 1
    assert len(race.winners) == 1
    # Whoever wins, seat 1 and seat 2 end with one 100: won, or given so as not to be raced out.
    assert race.line("seat1").stack_after == race.line("seat2").stack_after == 100
    assert race.line("seat3").stack_after in (200, 300)
    assert all(line.won != line.protected for line in race.lines[:2])


@pytest.mark.rules("tda-2022 R24-C")
def test_tda_d9_leftovers_worth_less_than_half_a_chip_leave_without_compensation() -> None:
    stacks = {"A": {100: 10, 25: 1}, "B": {100: 3}}
    race = card_race(stacks, random.Random(1))
    assert race.raced == 0
    assert race.winners == ()
    assert race.line("A").stack_after == 1000
    assert race.chips_delta == race.race_delta == -25


@pytest.mark.rules("tda-2022 R24-A")
def test_tda_removed_chips_are_first_changed_up_as_far_as_possible() -> None:
    stacks = {"A": {500: 2, 25: 9}, "B": {500: 1, 25: 4}}
    race = card_race(stacks, random.Random(5))
    a, b = race.lines
    assert (a.exchanged, a.leftover_chips, b.exchanged, b.leftover_chips) == (2, 1, 1, 0)
    assert b.cards == ()  # no leftover, no card
    assert dict(b.chips) == {500: 1, 100: 1}
    assert race.raced == 0  # one odd 25 alone is under half a 100


@pytest.mark.rules("poland-pzp §2.2")
def test_poland_t2_150_in_25s_puts_up_two_100s() -> None:
    stacks = {f"P{i}": {100: 5, 25: 1} for i in range(6)}
    race = card_race(stacks, random.Random(11))
    assert race.raced == 2
    assert race.race_delta == 50
    assert len(set(race.winners)) == 2


@pytest.mark.rules("redcactus 24")
def test_redcactus_rounding_half_a_chip_or_more_makes_one_less_is_lost() -> None:
    stacks = {
        "A": {25: 3},  # 75 ≥ 50: one 100
        "B": {100: 4, 25: 1},  # 25 < 50: lost
        "C": {25: 6},  # 150: one 100 at equal value, 50 left rounds up to another
        "D": {25: 1, 500: 1},  # 25 lost, keeps his 500
        "E": {25: 1},  # 25 lost and nothing else: one 100 so as not to be eliminated
    }
    race = race_off(
        stacks,
        removed=25,
        next_up=100,
        seat_order=list(stacks),
        method=ChipRace.ROUNDING,
        rng=random.Random(0),
    )
    assert [line.stack_after for line in race.lines] == [100, 400, 200, 500, 100]
    assert race.winners == ("A", "C")
    assert race.dealt == ()
    assert race.line("E").protected
    assert not race.line("D").protected
    assert race.race_delta == 0  # leftovers 75 + 25 + 50 + 25 + 25 became two 100s
    assert race.chips_delta == 100


def test_the_protecting_chip_is_the_smallest_left_in_play() -> None:
    race = race_off(
        {"A": {100: 1}, "B": {100: 2, 25: 3}, "C": {1000: 1}},
        removed=100,
        next_up=1000,
        seat_order=["A", "B", "C"],
        method=ChipRace.CARD_RACE,
        rng=random.Random(2),
        smallest_remaining=25,
    )
    assert race.raced == 0  # 300 in 100s is under half a 1000
    assert dict(race.line("A").chips) == {25: 1}
    assert race.line("B").stack_after == 75


@settings(max_examples=150, deadline=None)
@given(
    counts=st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, 3)), min_size=2, max_size=10
    ).filter(lambda rows: all(a or b for a, b in rows)),
    seed=st.integers(0, 2**32),
    method=st.sampled_from(ChipRace),
)
def test_race_invariants_one_chip_each_nobody_out_honest_accounting(
    counts: list[tuple[int, int]], seed: int, method: ChipRace
) -> None:
    stacks = {f"P{i}": {100: big, 25: small} for i, (big, small) in enumerate(counts)}
    race = race_off(
        stacks,
        removed=25,
        next_up=100,
        seat_order=list(stacks),
        method=method,
        rng=random.Random(seed),
    )
    racing = sum(line.leftover_chips > 0 for line in race.lines)
    assert len(race.winners) == len(set(race.winners)) == race.raced <= racing
    assert all(line.stack_after >= 100 for line in race.lines)
    assert all(25 not in line.chips for line in race.lines)
    before = sum(100 * big + 25 * small for big, small in counts)
    after = sum(line.stack_after for line in race.lines)
    assert after - before == race.chips_delta == race.race_delta + race.protection_added
    if method is ChipRace.CARD_RACE:  # at most half a chip made or lost over the table
        assert -50 < race.race_delta <= 50
        dealt = sum(line.leftover_chips for line in race.lines)
        assert len({card for _, card in race.dealt}) == len(race.dealt) == dealt


def test_a_seeded_race_replays_exactly() -> None:
    stacks = {f"P{i}": {100: i, 25: i % 4 or 1} for i in range(1, 9)}
    first = card_race(stacks, random.Random(42))
    again = card_race(stacks, random.Random(42))
    assert first.dealt == again.dealt
    assert first.winners == again.winners
    assert all(isinstance(card, Card) for _, card in first.dealt)


def test_bad_races_are_refused_before_anything_moves() -> None:
    rng = random.Random(0)
    with pytest.raises(MalformedInputError) as bad:
        card_race({"A": {25: 1}}, rng, removed=25, next_up=60)
    assert bad.value.constraint == "chip-race-denominations"
    with pytest.raises(MalformedInputError) as bad:
        card_race({"A": {25: 1}, "B": {25: 2}}, rng, seat_order=["A", "A"])
    assert bad.value.constraint == "chip-race-seats"
    with pytest.raises(MalformedInputError) as bad:
        card_race({"A": {25: 1}, "B": {100: 0}}, rng)
    assert bad.value.constraint == "chip-count"
    with pytest.raises(MalformedInputError) as bad:
        card_race({p: {5: 19} for p in "ABC"}, rng, removed=5, next_up=100)
    assert bad.value.constraint == "chip-race-deck"


def test_smallest_chip_in_play() -> None:
    assert smallest_chip_in_play([1000, 100, 500]) == 100
    with pytest.raises(MalformedInputError):
        smallest_chip_in_play([])
