"""The director view's kept table lines are always the lines taken anew, over simulated
tournaments with their incidents (rebuys, penalties, absences, late entries, hand-for-hand,
the final table), and the lines of the tables a hand left alone are kept."""

from __future__ import annotations

import random
from typing import ClassVar
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.rules.profiles import get_ruleset
from floorman.service.api.table_lines import TableLines
from floorman.sim import tournament_sim
from floorman.sim.incidents import FloorOptions
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import HandPlayed
from floorman.tournament.structure.default import default_structure
from floorman.tournament.views.audiences import director_view, table_line
from floorman.tournament.views.table_lines import take_lines


class Watched(Tournament):
    """The simulation's tournament, caught as it is created."""

    made: ClassVar[list[Tournament]] = []

    @classmethod
    def create(cls, config: TournamentConfig) -> Tournament:
        tournament = super().create(config)
        cls.made.append(tournament)
        return tournament


def anew(tournament: Tournament, at: float) -> tuple[object, ...]:
    return tuple(table_line(tournament, n, at) for n in sorted(tournament.state.tables))


@given(seed=st.integers(0, 10_000), incidents=st.booleans())
@settings(max_examples=4, deadline=None)
def test_kept_lines_are_the_lines_taken_anew(seed: int, incidents: bool) -> None:
    kept = TableLines()
    floor = FloorOptions(rebuys=True, penalties=0.02, absences=0.02, late_entries=6)
    shown: list[int] = []
    taken: list[int] = []

    def check(event: object, names: object) -> None:
        if not isinstance(event, HandPlayed):
            return  # reported once the command's events are all applied: one look each
        tournament = Watched.made[-1]
        before = kept.taken
        assert kept.lines(tournament, event.at) == anew(tournament, event.at)
        if len(tournament.state.tables) > 1:  # one table: its line changes every hand
            shown.append(len(tournament.state.tables))
            taken.append(kept.taken - before)

    with mock.patch.object(tournament_sim, "Tournament", Watched):
        tournament_sim.simulate(
            players=40, seed=seed, on_event=check, floor=floor if incidents else None
        )
    # each hand changes its own table's line; with two tables or more, a fifth of the lines
    # or more are kept even in fields this small (of six tables at most)
    assert sum(taken) < 0.8 * sum(shown)


def test_a_level_change_a_pause_and_another_tournament_take_every_line_again() -> None:
    config = TournamentConfig(
        name="lines",
        structure=default_structure(27),
        ruleset=get_ruleset("tda-2022"),
    )
    tournament = Tournament.create(config)
    for number in range(1, 28):
        tournament.register(player=f"p{number}", name=f"P{number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(4))
    kept = TableLines()
    assert kept.lines(tournament, 10.0) == anew(tournament, 10.0)
    assert kept.taken == 3
    kept.lines(tournament, 20.0)
    assert kept.taken == 3  # nothing changed
    level_end = 20 * 60.0
    assert kept.lines(tournament, level_end + 1) == anew(tournament, level_end + 1)
    assert kept.taken == 6
    tournament.pause(at=level_end + 2)
    kept.lines(tournament, level_end + 3)
    assert kept.taken == 9
    copy = Tournament.replay(tournament.events)
    assert kept.lines(copy, level_end + 3) == anew(copy, level_end + 3)
    assert kept.taken == 12
    view = director_view(copy, level_end + 3, tables=kept.lines(copy, level_end + 3))
    assert view == director_view(copy, level_end + 3)
    data = kept.data()
    assert data == [line.as_dict() for line in view.tables]
    assert all(a is b for a, b in zip(kept.data(), data, strict=True))  # made once


def test_take_lines_is_pure_and_keeps_what_still_holds() -> None:
    config = TournamentConfig(
        name="pure lines", structure=default_structure(18), ruleset=get_ruleset("tda-2022")
    )
    tournament = Tournament.create(config)
    for number in range(1, 19):
        tournament.register(player=f"p{number}", name=f"P{number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(2))
    first = take_lines(tournament, 10.0, None)
    assert first.taken == len(tournament.state.tables) == 2
    again = take_lines(tournament, 11.0, first)
    assert again.taken == 0
    assert tuple(again.lines.values()) == anew(tournament, 11.0)
    assert (
        take_lines(tournament, 11.0, first).lines == again.lines
    )  # the same inputs, the same lines
    assert first.taken == 2  # the kept value is not changed by the next take
