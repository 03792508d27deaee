"""The tournament service on both backends: commands committed, refusals writing nothing,
versions, idempotency, snapshots, determinism."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.service.play import FakeClock, config, next_hand, play, started

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.service.codec import encode_event
from floorman.service.commands import Pause, RecordHand, Register, Resume, Start
from floorman.service.core import Outcome, StaleVersion, TournamentService, UnknownStream
from floorman.service.snapshots import snapshot_format
from floorman.service.store import EventStore
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.events import ClockPaused, ClockResumed, PlayerRegistered
from floorman.tournament.floor.table_hand import result_of

Make = Callable[..., TournamentService]


def do(
    service: TournamentService,
    tournament_id: str,
    command: object,
    *,
    expected: int | None = None,
    key: str | None = None,
) -> Outcome:
    return service.execute(
        tournament_id, command, expected_version=expected, idempotency_key=key, actor="td"
    )


def test_commands_are_committed_and_the_state_is_the_fold_of_their_events(
    service: TournamentService,
) -> None:
    created = service.create(config(6))
    tournament_id = created.tournament_id
    assert created.version == 1
    registered = do(service, tournament_id, Register(player="ann", name="Ann"), expected=1)
    assert registered.version == 2
    assert isinstance(registered.events[0], PlayerRegistered)
    loaded = service.load(tournament_id)
    assert loaded.version == 2
    assert [e.name for e in loaded.tournament.state.entries.values()] == ["Ann"]
    assert service.rebuild(tournament_id).tournament.state == loaded.tournament.state
    assert [t.id for t in service.list_tournaments()] == [tournament_id]


def test_a_refusal_of_the_core_propagates_and_writes_nothing(service: TournamentService) -> None:
    tournament_id = started(service, 6)
    version = service.load(tournament_id).version
    with pytest.raises(IllegalActionError) as illegal:
        do(service, tournament_id, Start())
    assert illegal.value.ruling.key == "started"
    with pytest.raises(MalformedInputError):
        do(service, tournament_id, Register(player=" ", name="Nobody"))
    with pytest.raises(IllegalActionError):
        do(service, tournament_id, Resume())  # the clock runs
    assert service.store.version(tournament_id) == version
    assert service.load(tournament_id).tournament.state == (
        service.rebuild(tournament_id, use_snapshots=False).tournament.state
    )


def test_a_bad_hand_result_is_refused_and_leaves_the_cached_state_clean(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 6)
    loaded = service.load(tournament_id)
    setup = next_hand(loaded, 0)
    assert setup is not None
    result = result_of(setup, play_hand(setup, {}, __import__("random").Random(2)))
    crooked = type(result)(
        table=result.table,
        level=result.level,
        positions=result.positions,
        stacks_before=result.stacks_before,
        stacks_after=tuple((e, s + 1) for e, s in result.stacks_after),
    )
    with pytest.raises(MalformedInputError) as refused:
        do(service, tournament_id, RecordHand(result=crooked), expected=loaded.version)
    assert refused.value.constraint == "chips"
    assert service.load(tournament_id).version == loaded.version
    done = do(service, tournament_id, RecordHand(result=result), expected=loaded.version)
    assert done.version > loaded.version


def test_a_stale_version_is_refused_with_the_current_and_expected_versions(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 6)
    version = service.load(tournament_id).version
    do(service, tournament_id, Pause(), expected=version)
    with pytest.raises(StaleVersion) as stale:
        do(service, tournament_id, Resume(), expected=version)
    assert (stale.value.current, stale.value.expected) == (version + 1, version)
    assert service.store.version(tournament_id) == version + 1


def test_two_consoles_cannot_record_the_same_bust_twice(make_service: Make) -> None:
    """Two processes (two services, two caches) decide the same hand on the same version."""
    first, second = make_service(), make_service()
    tournament_id = started(first, 6)
    loaded = second.load(tournament_id)
    setup = next_hand(loaded, 0)
    assert setup is not None
    hand = RecordHand(result=result_of(setup, play_hand(setup, {}, __import__("random").Random(4))))
    do(first, tournament_id, hand, expected=loaded.version)
    with pytest.raises(StaleVersion):
        do(second, tournament_id, hand, expected=loaded.version)
    assert first.store.version(tournament_id) == second.load(tournament_id).version


def test_without_an_expected_version_a_command_is_decided_on_the_latest_state(
    make_service: Make,
) -> None:
    first, second = make_service(), make_service()
    tournament_id = first.create(config(6)).tournament_id
    second.load(tournament_id)  # cached at version 1
    do(first, tournament_id, Register(player="ann", name="Ann"))
    done = do(second, tournament_id, Register(player="bob", name="Bob"))
    assert done.version == 3
    names = [e.name for e in second.load(tournament_id).tournament.state.entries.values()]
    assert names == ["Ann", "Bob"]


def test_a_retried_command_returns_its_first_outcome_and_is_applied_once(
    service: TournamentService,
) -> None:
    tournament_id = service.create(config(6)).tournament_id
    first = do(service, tournament_id, Register(player="ann", name="Ann"), key="req-1")
    again = do(service, tournament_id, Register(player="ann", name="Ann"), key="req-1")
    assert again.replayed
    assert not first.replayed
    assert (again.command_id, again.version, again.events) == (
        first.command_id,
        first.version,
        first.events,
    )
    assert len(service.load(tournament_id).tournament.state.entries) == 1
    for outcome in (first, again):
        assert list(outcome.encoded) == [encode_event(e) for e in outcome.events]
    with pytest.raises(MalformedInputError) as reused:
        do(service, tournament_id, Register(player="bob", name="Bob"), key="req-1")
    assert reused.value.constraint == "idempotency-key-reused"


def test_a_creation_retried_with_its_key_makes_one_tournament(service: TournamentService) -> None:
    first = service.create(config(6), idempotency_key="create-1")
    again = service.create(config(6), idempotency_key="create-1")
    assert again.tournament_id == first.tournament_id
    assert again.replayed
    assert len(service.list_tournaments()) == 1


def test_an_unknown_tournament_is_reported(service: TournamentService) -> None:
    with pytest.raises(UnknownStream):
        service.load("t-nowhere")
    with pytest.raises(UnknownStream):
        do(service, "t-nowhere", Pause())


def test_a_wall_clock_going_back_does_not_reach_the_level_clock(
    make_service: Make, clock: FakeClock
) -> None:
    service = make_service()
    tournament_id = started(service, 6)
    paused = do(service, tournament_id, Pause()).events[0]
    clock.now -= 500  # the laptop's clock was set back
    resumed = do(service, tournament_id, Resume()).events[0]
    assert isinstance(paused, ClockPaused)
    assert isinstance(resumed, ClockResumed)
    assert resumed.at == paused.at


def test_every_acknowledged_command_is_announced_to_the_listeners(
    service: TournamentService,
) -> None:
    heard: list[Outcome] = []
    service.listeners.append(heard.append)
    tournament_id = started(service, 6)
    do(service, tournament_id, Pause())
    with pytest.raises(IllegalActionError):
        do(service, tournament_id, Pause())
    assert len(heard) == 1 + 6 + 1 + 1  # creation, registrations, start, one pause
    assert [o.version for o in heard] == sorted({o.version for o in heard})
    assert heard[-1].version == service.store.version(tournament_id)
    assert isinstance(heard[-1].events[0], ClockPaused)


def test_the_same_seed_and_moments_give_the_same_log(make_service: Make, tmp_path: Path) -> None:
    """Randomness comes from the tournament's seed and the version: nothing else."""
    other = TournamentService(
        EventStore.open(f"sqlite:///{tmp_path / 'other.db'}", data_dir=tmp_path),
        clock=FakeClock(),
        rng_seed=11,
    )
    logs = []
    for service in (make_service(clock=FakeClock()), other):
        tournament_id = started(service, 9)
        play(service, tournament_id, 12, seed=3)
        logs.append([(r.kind, r.data) for r in service.store.read(tournament_id)])
    assert logs[0] == logs[1]
    other.store.close()


def test_an_unreadable_snapshot_is_passed_over(make_service: Make) -> None:
    service = make_service(snapshot_every=0)
    tournament_id = started(service, 6)
    version = service.load(tournament_id).version
    service.store.save_snapshot(
        tournament_id, version=version, format=snapshot_format(), data={"x": 1}, created_at=0
    )
    rebuilt = service.rebuild(tournament_id)
    assert rebuilt.tournament.state == service.load(tournament_id).tournament.state


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    players=st.integers(4, 14),
    hands=st.integers(1, 40),
    every=st.integers(2, 8),
    seed=st.integers(0, 1000),
)
def test_a_snapshot_and_the_events_after_it_give_the_state_of_a_full_replay(
    make_service: Make, players: int, hands: int, every: int, seed: int
) -> None:
    service = make_service(snapshot_every=every)
    tournament_id = started(service, players)
    play(service, tournament_id, hands, seed=seed)
    snapshots = service.store.snapshot_versions(tournament_id, format=snapshot_format())
    assert snapshots
    full = service.rebuild(tournament_id, use_snapshots=False)
    from_snapshot = service.rebuild(tournament_id)
    assert from_snapshot.version == full.version
    assert from_snapshot.tournament.state == full.tournament.state
    assert service.load(tournament_id).tournament.state == full.tournament.state


def test_commands_from_many_threads_on_one_tournament_are_all_applied_in_order(
    service: TournamentService,
) -> None:
    """Commands are decided on the cached state while earlier ones are being committed."""
    import threading

    tournament_id = service.create(config(6)).tournament_id
    outcomes: list[Outcome] = []

    def client(number: int) -> None:
        for n in range(10):
            register = Register(player=f"p{number}-{n}", name=f"P {number}.{n}")
            outcomes.append(do(service, tournament_id, register))

    threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o.version for o in outcomes) == list(range(2, 42))
    assert service.load(tournament_id).version == 41
    assert service.load(tournament_id).tournament.state == state_after_replay(
        service, tournament_id
    )


def state_after_replay(service: TournamentService, tournament_id: str) -> object:
    return service.rebuild(tournament_id, use_snapshots=False).tournament.state
