"""Export and import as JSON lines, and ``floorman replay FILE``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.service.play import play, started

from floorman.cli.app import main
from floorman.errors import MalformedInputError
from floorman.service.commands import Pause
from floorman.service.core import TournamentService
from floorman.service.export import export_jsonl, import_jsonl, read_jsonl
from floorman.service.replay import check_stream


def played(service: TournamentService, *, hands: int = 8, undo: int = 2) -> str:
    tournament_id = started(service, 10)
    play(service, tournament_id, hands)
    service.execute(tournament_id, Pause(), expected_version=None, idempotency_key="p", actor="td")
    if undo:
        service.undo(tournament_id, undo, actor="td", reason="wrong", expected_version=None)
    return tournament_id


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), capsys.readouterr().out


def test_an_export_imports_to_the_same_tournament(
    service: TournamentService, tmp_path: Path
) -> None:
    tournament_id = played(service)
    path = tmp_path / "event.jsonl"
    lines = export_jsonl(service, tournament_id, path)
    assert lines == len(path.read_text().splitlines())
    copy = import_jsonl(service, path, tournament_id="copy")
    assert copy == "copy"
    original, imported = service.load(tournament_id), service.load(copy)
    assert imported.version == original.version
    assert imported.tournament.state == original.tournament.state
    assert [c.entry for c in service.store.commands(copy)] == [
        c.entry for c in service.store.commands(tournament_id)
    ]
    again = tmp_path / "again.jsonl"
    export_jsonl(service, copy, again)
    assert check_stream(read_jsonl(again)).ok


def test_an_import_into_another_database_keeps_the_id_and_refuses_it_twice(
    service: TournamentService, make_service: object, tmp_path: Path
) -> None:
    tournament_id = played(service, hands=6)
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)
    other = TournamentService(
        __import__("floorman.service.store", fromlist=["EventStore"]).EventStore.open(
            f"sqlite:///{tmp_path / 'other.db'}", data_dir=tmp_path
        )
    )
    assert import_jsonl(other, path) == tournament_id
    assert (
        other.load(tournament_id).tournament.state == service.load(tournament_id).tournament.state
    )
    with pytest.raises(MalformedInputError) as twice:
        import_jsonl(other, path)
    assert twice.value.constraint == "stream-exists"
    other.store.close()


def test_replay_re_decides_every_command_and_prints_a_summary(
    service: TournamentService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id = played(service)
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)
    code, out = run(capsys, "replay", "--json", str(path))
    report = json.loads(out)
    assert code == 0
    assert report["ok"]
    assert report["problems"] == []
    commands = len(service.store.commands(tournament_id))
    assert report["commands"] == commands
    assert report["redecided"] == commands - 1  # all but the undo
    assert report["undos"] == 1
    assert report["undone"] == 2
    state = service.load(tournament_id).tournament.state
    assert (report["entries"], report["alive"], report["hands"]) == (
        len(state.entries),
        state.alive,
        state.hands,
    )
    code, out = run(capsys, "replay", str(path))
    assert code == 0
    assert "Decided again" in out


def _tamper(path: Path, kind: str, change: object) -> None:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    record = next(
        line["record"]
        for line in reversed(lines)
        if "record" in line and line["record"]["kind"] == kind
    )
    change(record["data"])  # type: ignore[operator]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_replay_finds_an_event_the_core_would_not_have_decided(
    service: TournamentService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id = played(service, undo=0)
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)

    def more_chips(data: dict[str, object]) -> None:
        after = data["stacks_after"]
        assert isinstance(after, list)
        after[0][1] += 1000

    _tamper(path, "hand-played", more_chips)
    code, out = run(capsys, "replay", "--json", str(path))
    report = json.loads(out)
    assert code == 1
    assert not report["ok"]
    assert any("decided as" in p or "refused" in p for p in report["problems"])
    assert any("turned" in p for p in report["problems"])


def test_a_broken_file_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"format": "floorman-stream", "format_version": 1}\n')
    with pytest.raises(MalformedInputError) as header:
        read_jsonl(path)
    assert "line 1" in str(header.value)
    path.write_text("not json\n")
    with pytest.raises(MalformedInputError) as garbage:
        read_jsonl(path)
    assert garbage.value.constraint == "jsonl"
    with pytest.raises(MalformedInputError):
        read_jsonl(tmp_path / "missing.jsonl")


def test_an_export_with_a_missing_record_is_refused(
    service: TournamentService, tmp_path: Path
) -> None:
    tournament_id = played(service, hands=5, undo=0)
    path = tmp_path / "event.jsonl"
    export_jsonl(service, tournament_id, path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:5] + lines[6:]) + "\n")
    with pytest.raises(MalformedInputError) as refused:
        read_jsonl(path)
    assert refused.value.constraint == "versions"
