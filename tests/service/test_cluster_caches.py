"""A process's cached tournament follows the commands another process commits (issue 21):
the records announced since are folded onto it, so a big event is not read again from its
snapshot at every command the other process takes; an undo, or an append of this process
that failed, has it read again from the log. Two services on one PostgreSQL database stand
for two server processes; the bridge's call (``observe``) is made here by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.service.play import FakeClock, play, started

from floorman.service import core, loading
from floorman.service.commands import Pause, Resume
from floorman.service.core import TournamentService
from floorman.service.snapshots import state_to_dict
from floorman.service.store import EventStore


@pytest.fixture
def two(postgres_url: str, tmp_path: Path) -> Iterator[tuple[TournamentService, ...]]:
    stores = [EventStore.open(postgres_url, data_dir=tmp_path / str(n)) for n in range(2)]
    try:
        yield tuple(
            TournamentService(s, clock=FakeClock(), rng_seed=n) for n, s in enumerate(stores)
        )
    finally:
        for store in stores:
            store.close()


@pytest.fixture
def rebuilds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The tournaments read again from the log (snapshot and records) by either service."""
    seen: list[str] = []
    rebuild: Callable[..., core.Loaded] = core.rebuild

    def counted(store: EventStore, stream: str, **options: bool) -> core.Loaded:
        seen.append(stream)
        return rebuild(store, stream, **options)

    monkeypatch.setattr(core, "rebuild", counted)
    return seen


def _same_as_the_log(service: TournamentService, tournament: str) -> None:
    with service.reading(tournament) as cached:
        fresh = loading.rebuild(service.store, tournament)  # not counted
        assert cached.version == fresh.version
        assert state_to_dict(cached.tournament.state) == state_to_dict(fresh.tournament.state)


def test_the_other_process_folds_the_records_announced_instead_of_reading_the_event_again(
    two: tuple[TournamentService, TournamentService], rebuilds: list[str]
) -> None:
    one, other = two
    tournament = started(one, 18)
    other.load(tournament)  # cached in the second process
    play(one, tournament, hands=12)  # hands, busts, moves: commands of every kind
    latest = one.load(tournament).version
    rebuilds.clear()
    assert other.observe(tournament, latest)
    assert other.load(tournament).version == latest
    outcome = other.execute(
        tournament, Pause(), expected_version=latest, idempotency_key=None, actor="td"
    )
    assert outcome.version == latest + 1
    assert rebuilds == []
    _same_as_the_log(other, tournament)
    assert one.observe(tournament, outcome.version)
    one.execute(tournament, Resume(), expected_version=latest + 1, idempotency_key=None,
                actor="td")  # fmt: skip
    assert rebuilds == []


def test_an_undo_announced_by_the_other_process_has_the_event_read_again(
    two: tuple[TournamentService, TournamentService], rebuilds: list[str]
) -> None:
    one, other = two
    tournament = started(one, 12)
    other.load(tournament)
    one.execute(tournament, Pause(), expected_version=None, idempotency_key=None, actor="td")
    undone = one.undo(tournament, 1, actor="td", reason="a wrong tap", expected_version=None)
    rebuilds.clear()
    assert other.observe(tournament, undone.version)
    assert other.load(tournament).version == undone.version
    assert rebuilds == [tournament]
    _same_as_the_log(other, tournament)
    assert other.load(tournament).tournament.state.clock is not None
    assert other.load(tournament).tournament.state.clock.running


def test_a_cache_that_lost_a_race_is_read_again_not_folded(
    two: tuple[TournamentService, TournamentService], rebuilds: list[str]
) -> None:
    """The second process decided a pause on a version the first had moved past: its append
    fails, its cache holds a state the log never had, and the records announced must not be
    folded onto it."""
    one, other = two
    tournament = started(one, 12)
    base = other.load(tournament).version
    one.execute(tournament, Pause(), expected_version=base, idempotency_key=None, actor="td")
    one.execute(tournament, Resume(), expected_version=None, idempotency_key=None, actor="td")
    begun = other.begin(tournament, Pause(), expected_version=base, idempotency_key=None,
                        actor="td")  # fmt: skip
    assert isinstance(begun, core.Begun)
    with pytest.raises(core.StaleVersion):
        begun.pending.result()
    assert other.observe(tournament, base + 2)  # announced before the failure is heard
    rebuilds.clear()
    assert other.load(tournament).version == base + 2
    assert rebuilds == [tournament]
    _same_as_the_log(other, tournament)
