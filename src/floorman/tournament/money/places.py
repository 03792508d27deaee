"""Finishing places of players eliminated together, by the profile's rules.

Players knocked out in one hand at one table are ranked by the chips they started that hand
with: more chips finishes higher, equal stacks tie (TDA ambiguity A2 decision; PokerStars Live
3.13.3; Poland §52.5). Players knocked out in the same hand-for-hand hand at different tables
tie under TDA RP-8-A (scenario T58), PokerStars Live 3.13.2 and Poland §52.5, or are ranked by
chips where a house says so; when one table loses several players in that hand, they are still
ranked among themselves by stack, and ranks tie across tables. A tie shares the prizes of the
places it covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.rules.tournament_rules import CrossTableBusts, SameHandBusts


@dataclass(frozen=True, slots=True)
class Bust:
    """A player out of chips: his entry, his table, his stack when the hand started and the
    level it was played at."""

    entry: str
    table: int
    stack_before: int
    level: int = 0
    known: bool = True
    """Whether ``stack_before`` is known: a bust the director enters may not say it."""


@dataclass(frozen=True, slots=True)
class Placing:
    entry: str
    place: int
    """The best place of the group he shares (a tie for 50th-52nd is place 50)."""
    tied: int
    """How many players share the places from ``place`` on."""


def place_busts(
    busts: Sequence[Bust],
    *,
    players_left: int,
    same_hand: SameHandBusts,
    cross_table: CrossTableBusts,
) -> tuple[Placing, ...]:
    """Places for players eliminated together; ``players_left`` counts them still in.

    With ``players_left`` = 52 and three busts, the places handed out are 50, 51 and 52.
    Returned best place first; the order within a tie follows ``busts``.
    """
    groups = _tie_groups(busts, same_hand=same_hand, cross_table=cross_table)
    placings: list[Placing] = []
    place = players_left - len(busts) + 1
    for group in groups:
        placings.extend(Placing(bust.entry, place, len(group)) for bust in group)
        place += len(group)
    return tuple(placings)


def _tie_groups(
    busts: Sequence[Bust], *, same_hand: SameHandBusts, cross_table: CrossTableBusts
) -> list[list[Bust]]:
    """The busts in groups that share places, best group first."""
    if not busts:
        return []
    if same_hand is SameHandBusts.SHARE:
        return [list(busts)]
    tables = sorted({bust.table for bust in busts})
    if len(tables) > 1 and cross_table is CrossTableBusts.TIE:
        return _ranks_across_tables(busts, tables)
    return _by_stack(busts)


def _ranks_across_tables(busts: Sequence[Bust], tables: Sequence[int]) -> list[list[Bust]]:
    """Each table's busts ranked by stack; the players of the same rank at different tables
    tie (the best of every table share the best places, and so on), since only players at one
    table can be compared by the chips they started the hand with."""
    per_table = [_by_stack([b for b in busts if b.table == table]) for table in tables]
    depth = max(len(groups) for groups in per_table)
    return [
        [bust for groups in per_table if rank < len(groups) for bust in groups[rank]]
        for rank in range(depth)
    ]


def _by_stack(busts: Sequence[Bust]) -> list[list[Bust]]:
    """Busts of one table: more chips at the start of the hand first, equal stacks together;
    all together when a stack is not known, since they cannot be told apart."""
    if not all(bust.known for bust in busts):
        return [list(busts)]
    ordered = sorted(busts, key=lambda bust: -bust.stack_before)
    groups: list[list[Bust]] = []
    for bust in ordered:
        if groups and groups[-1][0].stack_before == bust.stack_before:
            groups[-1].append(bust)
        else:
            groups.append([bust])
    return groups
