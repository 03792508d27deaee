"""Issue 20 item 10: the seat draw, the buttons and balancing draw from the system's randomness,
not from a seed kept in the database; the values drawn are stored with each command, so
``floorman replay`` and undo rebuild exactly without any seed."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

from tests.service.play import config
from tests.service.test_export import played

from floorman.service.commands import Register, Start, run
from floorman.service.core import TournamentService
from floorman.service.draws import PlaybackRandom, RecordingRandom
from floorman.service.export import export_jsonl, read_jsonl
from floorman.service.loading import event_of
from floorman.service.replay import check_stream
from floorman.tournament.aggregate import Tournament

TRIES = 10


def _registered(service: TournamentService, players: int = 9) -> str:
    tournament_id = service.create(config(players, seats=9)).tournament_id
    for number in range(1, players + 1):
        register = Register(player=f"p{number}", name=f"Player {number}")
        service.execute(
            tournament_id, register, expected_version=None, idempotency_key=None, actor="td"
        )
    return tournament_id


def _start(service: TournamentService, tournament_id: str) -> None:
    service.execute(tournament_id, Start(), expected_version=None, idempotency_key=None, actor="td")


def test_draws_are_not_predictable_from_the_database(
    make_service: Callable[..., TournamentService],
) -> None:
    """What an attacker who reads the database (or an export) does: take the stream's seed
    and the version the start was decided on, and draw the seats himself."""
    service = make_service(rng_seed=None)
    predicted = 0
    for _ in range(TRIES):
        tournament_id = _registered(service)
        before = service.load(tournament_id)
        base, copy = before.version, Tournament.replay(before.tournament.events)
        service.execute(
            tournament_id, Start(), expected_version=None, idempotency_key=None, actor="td"
        )
        (start,) = service.store.commands(tournament_id)[-1:]
        stored = tuple(
            event_of(r) for r in service.store.read(tournament_id, base, until=start.last_version)
        )
        seed = service.store.stream(tournament_id).seed
        guess = run(copy, Start(), at=start.entry.at, rng=random.Random(f"{seed}:{base}"))
        predicted += tuple(guess) == stored
        assert start.entry.draws  # the values drawn are kept with the command
    assert predicted == 0


def test_a_command_decided_again_with_its_stored_draws_gives_its_events(
    make_service: Callable[..., TournamentService],
) -> None:
    service = make_service(rng_seed=None)
    tournament_id = _registered(service)
    before = service.load(tournament_id)
    copy = Tournament.replay(before.tournament.events)
    _start(service, tournament_id)
    start = service.store.commands(tournament_id)[-1]
    stored = service.store.read(tournament_id, before.version, until=start.last_version)
    again = PlaybackRandom(start.entry.draws)
    assert tuple(run(copy, Start(), at=start.entry.at, rng=again)) == tuple(map(event_of, stored))
    assert again.exhausted


def test_replay_and_undo_rebuild_exactly_without_a_seed(
    make_service: Callable[..., TournamentService], tmp_path: Path
) -> None:
    service = make_service(rng_seed=None)
    tournament_id = played(service, hands=10, undo=3)
    assert service.store.stream(tournament_id).seed == ""  # nothing kept to predict from
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)
    report = check_stream(read_jsonl(path))
    assert report.ok, report.problems
    assert report.redecided == report.commands - report.undos
    rebuilt = service.rebuild(tournament_id, use_snapshots=False)
    assert rebuilt.tournament.state == service.load(tournament_id).tournament.state


def test_replay_catches_events_that_do_not_follow_from_their_draws(
    make_service: Callable[..., TournamentService], tmp_path: Path
) -> None:
    service = make_service(rng_seed=None)
    tournament_id = played(service, hands=2, undo=0)
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)
    stream = read_jsonl(path)
    index = next(i for i, c in enumerate(stream.commands) if c.command.entry.name == "start")
    start = stream.commands[index]
    other = RecordingRandom()
    other.shuffle(list(range(50)))  # values of another draw, as many as a shuffle takes
    forged_entry = dataclasses.replace(
        start.command.entry, draws=tuple(other.draws[: len(start.command.entry.draws)])
    )
    forged = dataclasses.replace(
        start, command=dataclasses.replace(start.command, entry=forged_entry)
    )
    commands = [*stream.commands[:index], forged, *stream.commands[index + 1 :]]
    report = check_stream(dataclasses.replace(stream, commands=commands))
    assert not report.ok
    assert any("start" in problem for problem in report.problems)
