"""``floorman export`` and ``floorman league`` run in-process."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from tests.cli.test_cli import run
from tests.records.sim_data import simulated

from floorman.io.phh import loads_all
from floorman.records.exports import results_json
from floorman.records.results import results_from_events
from floorman.service.codec import encode_event
from floorman.service.log_readers.event_file import read_event_log, write_event_list, write_hands


@pytest.fixture(scope="module")
def event_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("event")
    sim = simulated()
    (folder / "event.json").write_text(write_event_list(sim.events), encoding="utf-8")
    (folder / "hands.jsonl").write_text(write_hands(sim.hands), encoding="utf-8")
    return folder / "event.json", folder / "hands.jsonl"


def _service_export(events: tuple[object, ...], path: Path, *, undone: int = 0) -> None:
    """A service JSON-lines export: one command wrote the events; with ``undone``, a second
    command wrote that many more events and a third undid it."""
    header = {
        "format": "floorman-stream",
        "format_version": 1,
        "id": "t1",
        "kind": "tournament",
        "seed": "1",
        "title": "t",
        "created_at": 0.0,
        "version": len(events) + undone + (1 if undone else 0),
    }

    def command(number: int, first: int, last: int) -> dict[str, object]:
        entry = {"id": number, "name": "x", "payload": {}, "actor": "td", "at": 0.0}
        versions = {"first_version": first, "last_version": last, "base_version": first - 1}
        return {"command": {**entry, "idempotency_key": None, **versions}}

    def record(version: int, event: object) -> dict[str, object]:
        return {"record": {"version": version, **encode_event(event)}}

    lines: list[object] = [header, command(1, 1, len(events))]
    lines += [record(v, e) for v, e in enumerate(events, 1)]
    if undone:
        extra = events[-undone:]
        start = len(events) + 1
        lines.append(command(2, start, start + undone - 1))
        lines += [record(start + i, e) for i, e in enumerate(extra)]
        undo = {"commands": [{"id": 2, "first_version": start}], "reason": "mistake"}
        lines.append(command(3, start + undone, start + undone))
        lines.append(
            {
                "record": {
                    "version": start + undone,
                    "kind": "undone",
                    "schema_version": 1,
                    "data": undo,
                }
            }
        )
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")


def test_event_log_reads_the_service_export_without_undone_commands(tmp_path: Path) -> None:
    events = simulated().events
    path = tmp_path / "export.jsonl"
    _service_export(events, path, undone=2)
    assert read_event_log(path) == events


def test_export_results_csv_json_html(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, _ = event_files
    expected = results_from_events(simulated().events)
    code, csv_text, _ = run(capsys, "export", "results", str(event))
    assert code == 0
    assert len(csv_text.splitlines()) == 1 + len(expected.standings)
    _, json_text, _ = run(capsys, "export", "results", str(event), "--format", "json")
    assert json_text == results_json(expected)
    _, page, _ = run(capsys, "export", "results", str(event), "-f", "html", "--lang", "fr")
    assert "Classement final" in page


def test_export_protocol_pdf_and_refusals(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path], tmp_path: Path
) -> None:
    event, _ = event_files
    pdf = tmp_path / "final.pdf"
    code, _, _ = run(
        capsys,
        "export",
        "protocol",
        str(event),
        "--chief-judge",
        "Иван Петров",
        "--secretary",
        "Анна Смирнова",
        "--format",
        "pdf",
        "--output",
        str(pdf),
    )
    assert code == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    code, _, err = run(capsys, "export", "protocol", str(event))
    assert code == 2
    assert "chief judge" in err
    code, _, err = run(capsys, "export", "protocol", str(event), "--running", "-f", "pdf")
    assert code == 2
    assert "--output" in err
    code, _, err = run(capsys, "export", "results", str(event), "-f", "phh")
    assert code == 2
    assert "results export as" in err


def test_export_running_protocol_html_in_russian(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, _ = event_files
    code, page, _ = run(capsys, "export", "protocol", str(event), "--running", "--secretary", "A")
    assert code == 0
    assert "Протокол соревнований" in page
    assert "Жеребьёвка" in page


def test_export_hands_pokerstars_and_phh_zip(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path], tmp_path: Path
) -> None:
    event, hands = event_files
    code, text, _ = run(capsys, "export", "hands", str(event), "--hands", str(hands))
    assert code == 0
    assert text.count("PokerStars Hand #") == len(simulated().hands)
    archive = tmp_path / "hands.zip"
    code, _, _ = run(
        capsys,
        "export",
        "hands",
        str(event),
        "--hands",
        str(hands),
        "-f",
        "phhs-zip",
        "-o",
        str(archive),
    )
    assert code == 0
    with zipfile.ZipFile(io.BytesIO(archive.read_bytes())) as opened:
        assert all(name.endswith(".phhs") for name in opened.namelist())
    code, text, _ = run(capsys, "export", "hands", str(event), "--hands", str(hands), "-f", "phh")
    assert code == 0
    assert len(loads_all(text)) == len(simulated().hands)
    code, _, err = run(capsys, "export", "hands", str(event))
    assert code == 2
    assert "--hands" in err


def test_league_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for seed in (1, 2):
        results = results_from_events(simulated(8, seed, antes=False).events)
        (tmp_path / f"w{seed}.json").write_text(results_json(results), encoding="utf-8")
    league = tmp_path / "league.toml"
    league.write_text(
        'name = "Bar league"\n\n[[seasons]]\nid = "s1"\npoints = "sqrt"\nqualify = 3\n'
        + "".join(
            f'\n[[events]]\nid = "w{s}"\nseason = "s1"\nresults = "w{s}.json"\n' for s in (1, 2)
        ),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "league", "standings", str(league), "-f", "csv")
    assert code == 0
    assert len(out.splitlines()) == 9
    code, out, _ = run(capsys, "league", "qualified", str(league))
    assert len(out.splitlines()) >= 3
    code, out, _ = run(capsys, "league", "merge", str(league), "Player 1", "Player 2")
    assert code == 0
    assert "p2" in out
    code, out, _ = run(capsys, "league", "standings", str(league), "-f", "json")
    assert len(json.loads(out)["standings"]) == 7
    code, out, _ = run(capsys, "league", "player", str(league), "Player 2", "-f", "html")
    assert "Player 1" in out
    code, _, err = run(capsys, "league", "player", str(league), "Nobody")
    assert code == 2
    assert "Nobody" in err
