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
from floorman.service.commands import AddTime, Pause, Resume
from floorman.service.core import TournamentService
from floorman.service.snapshots import state_to_dict
from floorman.service.store import EventStore, StoredRecord


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


def test_a_command_decided_on_a_failed_append_is_refused_though_its_version_matches(
    two: tuple[TournamentService, TournamentService],
) -> None:
    """The second process, not yet told of the first's commit, decides a pause and then a
    resume on its cache: the pause fails (the version moved), and the resume, whose expected
    version the first process's commit happens to match, must fail with it rather than log
    a resume of a clock that was never paused."""
    one, other = two
    tournament = started(one, 12)
    base = other.load(tournament).version
    one.execute(tournament, AddTime(seconds=-1), expected_version=None, idempotency_key=None,
                actor="td")  # fmt: skip
    assert one.load(tournament).version == base + 1
    pause = other.begin(tournament, Pause(), expected_version=None, idempotency_key=None,
                        actor="td")  # fmt: skip
    resume = other.begin(tournament, Resume(), expected_version=None, idempotency_key=None,
                         actor="td")  # fmt: skip
    assert isinstance(pause, core.Begun)
    assert isinstance(resume, core.Begun)
    with pytest.raises(core.StaleVersion):
        pause.pending.result()
    with pytest.raises(core.StaleVersion):
        resume.pending.result()
    assert other.store.version(tournament) == base + 1
    with pytest.raises(core.StaleVersion):
        other.finish(tournament, resume)
    outcome = other.execute(tournament, Pause(), expected_version=None, idempotency_key=None,
                            actor="td")  # fmt: skip
    assert outcome.version > base + 1
    _same_as_the_log(other, tournament)


def _reading_with(service: TournamentService, meanwhile: Callable[[], None]) -> None:
    """Run ``meanwhile`` once, right after the service's first read of the log's records
    (while it folds them onto its cache)."""
    read = service.store.read
    done: list[bool] = []

    def reading(stream: str, after: int = 0, **options: int | None) -> tuple[StoredRecord, ...]:
        found = read(stream, after, **options)
        if not done:
            done.append(True)
            meanwhile()
        return found

    service.store.read = reading  # type: ignore[method-assign]


def _paused_and_announced(one: TournamentService, other: TournamentService) -> tuple[str, int]:
    """A tournament cached by ``other`` at a version, paused by ``one`` after it, and that
    pause announced to ``other``: its id and the version ``other`` cached."""
    tournament = started(one, 12)
    base = other.load(tournament).version
    one.execute(tournament, Pause(), expected_version=None, idempotency_key=None, actor="td")
    assert other.observe(tournament, base + 1)
    return tournament, base


def test_an_announcement_heard_while_folding_is_kept_for_the_next_reading(
    two: tuple[TournamentService, TournamentService],
) -> None:
    one, other = two
    tournament, base = _paused_and_announced(one, other)

    def another_commit() -> None:
        one.execute(tournament, Resume(), expected_version=None, idempotency_key=None, actor="td")
        other.observe(tournament, base + 2)  # the bridge, meanwhile

    _reading_with(other, another_commit)
    assert other.load(tournament).version == base + 1  # what was read
    assert other.load(tournament).version == base + 2  # the mark was kept
    _same_as_the_log(other, tournament)


def test_a_state_read_before_the_cache_was_dropped_is_not_put_back(
    two: tuple[TournamentService, TournamentService],
) -> None:
    one, other = two
    tournament, base = _paused_and_announced(one, other)

    def lost_notifications() -> None:
        one.execute(tournament, Resume(), expected_version=None, idempotency_key=None, actor="td")
        other.forget()  # the bridge reconnected: what it missed is read from the log

    _reading_with(other, lost_notifications)
    other.load(tournament)
    assert other.load(tournament).version == base + 2
    _same_as_the_log(other, tournament)
