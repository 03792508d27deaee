"""Undo: a record of its own, history never edited, the state that of the commands in force."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.service.play import config, play, started

from floorman.errors import MalformedInputError
from floorman.service.commands import Pause, Register, Resume
from floorman.service.core import Outcome, StaleVersion, TournamentService
from floorman.service.snapshots import snapshot_format
from floorman.service.undo import UNDONE
from floorman.tournament.events import PlayerEliminated
from floorman.tournament.state import TournamentState

Make = Callable[..., TournamentService]


def do(service: TournamentService, tournament_id: str, command: object) -> Outcome:
    return service.execute(
        tournament_id, command, expected_version=None, idempotency_key=None, actor="td"
    )


def undo(service: TournamentService, tournament_id: str, count: int, **options: object) -> Outcome:
    settings: dict[str, object] = {"expected_version": None, **options}
    return service.undo(tournament_id, count, actor="td", reason="test", **settings)  # type: ignore[arg-type]


def state_now(service: TournamentService, tournament_id: str) -> TournamentState:
    """The state as a full replay of the log gives it (a fresh object, not the cache)."""
    return service.rebuild(tournament_id, use_snapshots=False).tournament.state


def test_undoing_the_last_commands_restores_the_state_before_them(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 8)
    before = state_now(service, tournament_id)
    play(service, tournament_id, 3)
    do(service, tournament_id, Pause())
    done = undo(service, tournament_id, 4)
    assert len(done.undone) == 4
    assert done.events == ()
    assert service.load(tournament_id).tournament.state.entries == before.entries
    assert service.load(tournament_id).tournament.state.tables == before.tables
    after = state_now(service, tournament_id)
    assert after.hands == 0
    assert after.clock == before.clock


def test_an_undo_appends_a_record_and_leaves_the_history_as_it_was(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 6)
    do(service, tournament_id, Pause())
    history = service.store.read(tournament_id)
    pause = service.store.commands(tournament_id)[-1]
    done = undo(service, tournament_id, 1)
    after = service.store.read(tournament_id)
    assert after[: len(history)] == history
    assert [r.kind for r in after[len(history) :]] == [UNDONE]
    assert after[-1].data["commands"][0]["id"] == pause.id
    assert after[-1].data["reason"] == "test"
    assert done.undone == (pause.id,)
    assert done.version == len(after)
    clock = service.load(tournament_id).tournament.state.clock
    assert clock is not None
    assert clock.running


def test_the_creation_is_never_undone_and_the_count_is_checked(
    service: TournamentService,
) -> None:
    tournament_id = service.create(config(6)).tournament_id
    do(service, tournament_id, Register(player="ann", name="Ann"))
    with pytest.raises(MalformedInputError) as too_many:
        undo(service, tournament_id, 2)
    assert too_many.value.constraint == "undo-count"
    with pytest.raises(MalformedInputError):
        undo(service, tournament_id, 0)
    undo(service, tournament_id, 1)
    with pytest.raises(MalformedInputError):
        undo(service, tournament_id, 1)  # only the creation is left
    assert service.load(tournament_id).tournament.state.entries == {}


def test_an_undo_is_not_undone_a_second_undo_takes_the_command_before(
    service: TournamentService,
) -> None:
    tournament_id = service.create(config(6)).tournament_id
    for name in ("Ann", "Bob", "Cid"):
        do(service, tournament_id, Register(player=name.lower(), name=name))
    undo(service, tournament_id, 1)
    undo(service, tournament_id, 1)
    names = [e.name for e in service.load(tournament_id).tournament.state.entries.values()]
    assert names == ["Ann"]


def test_commands_after_an_undo_are_decided_on_the_restored_state(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 6)
    do(service, tournament_id, Pause())
    undo(service, tournament_id, 1)
    do(service, tournament_id, Pause())  # running again, so it can be paused again
    do(service, tournament_id, Resume())
    assert service.load(tournament_id).tournament.state == state_now(service, tournament_id)


def test_a_bust_out_undone_puts_the_player_back_with_his_chips(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 6)
    for _ in range(60):
        before = state_now(service, tournament_id)
        play(service, tournament_id, 1, seed=len(before.entries) + before.hands)
        last = service.store.commands(tournament_id)[-1]
        events = service.rebuild(tournament_id, use_snapshots=False).tournament.events
        busts = [e for e in events[last.first_version - 1 :] if isinstance(e, PlayerEliminated)]
        if busts:
            break
    else:
        pytest.fail("nobody busted in 60 hands")
    undo(service, tournament_id, 1)
    entry = service.load(tournament_id).tournament.state.entries[busts[0].entry]
    assert entry.alive
    assert entry.stack == before.entries[busts[0].entry].stack > 0


def test_snapshots_holding_undone_events_are_passed_over(make_service: Make) -> None:
    service = make_service(snapshot_every=3)
    tournament_id = started(service, 9)
    play(service, tournament_id, 8)
    undo(service, tournament_id, 5)
    versions = service.store.snapshot_versions(tournament_id, format=snapshot_format())
    assert versions
    assert service.rebuild(tournament_id).tournament.state == state_now(service, tournament_id)
    play(service, tournament_id, 6, seed=9)  # snapshots after the undo point are used again
    assert service.store.snapshot_versions(tournament_id, format=snapshot_format()) != versions
    assert service.rebuild(tournament_id).tournament.state == state_now(service, tournament_id)
    assert service.load(tournament_id).tournament.state == state_now(service, tournament_id)


def test_an_undo_decided_on_a_stale_version_is_refused(service: TournamentService) -> None:
    tournament_id = started(service, 6)
    version = service.load(tournament_id).version
    do(service, tournament_id, Pause())
    with pytest.raises(StaleVersion):
        undo(service, tournament_id, 1, expected_version=version)
    assert service.store.version(tournament_id) == version + 1


def test_an_undo_retried_with_its_key_is_applied_once(service: TournamentService) -> None:
    tournament_id = service.create(config(6)).tournament_id
    for name in ("Ann", "Bob"):
        do(service, tournament_id, Register(player=name.lower(), name=name))
    first = undo(service, tournament_id, 1, idempotency_key="u1")
    again = undo(service, tournament_id, 1, idempotency_key="u1")
    assert again.replayed
    assert again.undone == first.undone
    assert len(service.load(tournament_id).tournament.state.entries) == 1
