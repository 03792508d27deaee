"""The clock's history (floorman.web.history) and its freshness check, without a browser:
the field over a bot-played event, undone commands left out, thinning, chip leaders."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from tests.service.play import FakeClock, play, started

from floorman.service.core import TournamentService
from floorman.service.loading import rebuild
from floorman.service.store import EventStore
from floorman.web.history import FieldPoint, chip_leaders, field_history, thin


def service_in(path: Path) -> TournamentService:
    store = EventStore.open(f"sqlite:///{path / 'history.db'}", data_dir=path)
    return TournamentService(store, clock=FakeClock(), rng_seed=5)


def test_the_field_follows_the_state_through_a_played_event(tmp_path: Path) -> None:
    service = service_in(tmp_path)
    tournament = started(service, 12)
    play(service, tournament, 60, seed=2)
    state = service.load(tournament).tournament.state
    field = field_history(rebuild(service.store, tournament, use_snapshots=False).tournament.events)
    assert field[0].players_left == 12
    assert field[-1].players_left == state.alive < 12  # some went out
    assert field[-1].average_stack == state.chips // state.alive
    assert all(a.at <= b.at for a, b in pairwise(field))
    assert [p.players_left for p in field] == sorted((p.players_left for p in field), reverse=True)
    leaders = chip_leaders(state, 3)
    assert [leader.stack for leader in leaders] == sorted(
        (e.stack for e in state.entries.values() if e.alive), reverse=True
    )[:3]
    service.store.close()


def test_an_undone_bust_leaves_the_history(tmp_path: Path) -> None:
    service = service_in(tmp_path)
    tournament = started(service, 8)
    while service.load(tournament).tournament.state.alive == 8:
        play(service, tournament, 1, seed=3)
    service.undo(tournament, 1, actor="td", reason="wrong hand", expected_version=None)
    events = rebuild(service.store, tournament, use_snapshots=False).tournament.events
    assert {p.players_left for p in field_history(events)} == {8}
    service.store.close()


points = st.lists(st.integers(0, 10_000), max_size=600).map(
    lambda ats: [FieldPoint(at=a, players_left=1, entries=1, average_stack=1) for a in sorted(ats)]
)


@given(points, st.integers(2, 300))
def test_thinning_keeps_the_ends_and_the_order_within_the_limit(
    field: list[FieldPoint], limit: int
) -> None:
    thinned = thin(field, limit)
    assert len(thinned) == min(len(field), limit)
    assert all(p in field for p in thinned)
    if field:
        assert (thinned[0], thinned[-1]) == (field[0], field[-1])
    assert [p.at for p in thinned] == sorted(p.at for p in thinned)
