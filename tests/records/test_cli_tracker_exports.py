"""``floorman export hands`` with the PokerStars header's venue time zone and currency."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.test_cli import run
from tests.records.sim_data import simulated

from floorman.service.log_readers.event_file import write_event_list, write_hands


@pytest.fixture(scope="module")
def event_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("tracker-event")
    sim = simulated()
    (folder / "event.json").write_text(write_event_list(sim.events), encoding="utf-8")
    (folder / "hands.jsonl").write_text(write_hands(sim.hands), encoding="utf-8")
    return folder / "event.json", folder / "hands.jsonl"


def test_export_hands_writes_local_time_zone_eastern_time_and_currency(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, hands = event_files
    args = ("export", "hands", str(event), "--hands", str(hands))
    code, text, _ = run(capsys, *args, "--zone", "Asia/Tokyo", "--currency", "EUR")
    assert code == 0
    first = text.splitlines()[0]
    assert " JST [" in first
    assert first.endswith(" ET]")
    assert "Tournament #1, €1.00+€0.00 EUR Hold'em" in first


def test_export_hands_refuses_an_unknown_time_zone_or_currency(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, hands = event_files
    args = ("export", "hands", str(event), "--hands", str(hands))
    code, _, err = run(capsys, *args, "--zone", "Mars/Olympus")
    assert code != 0
    assert "unknown time zone" in err
    code, _, err = run(capsys, *args, "--currency", "euro")
    assert code != 0
    assert "three-letter code" in err


def test_export_hands_as_open_hand_history(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, hands = event_files
    args = ("export", "hands", str(event), "--hands", str(hands), "--format", "ohh")
    code, text, _ = run(capsys, *args, "--tournament", "9", "--currency", "EUR")
    assert code == 0
    objects = [json.loads(chunk)["ohh"] for chunk in text.strip().split("\n\n")]
    assert len(objects) == len(simulated().hands)
    assert objects[0]["game_number"] == "9-1"
    assert objects[0]["tournament_info"]["currency"] == "EUR"
    assert objects[0]["tournament_info"]["buyin_amount"] == 1.0


def test_export_summary_as_ots_and_pokerstars(
    capsys: pytest.CaptureFixture[str], event_files: tuple[Path, Path]
) -> None:
    event, _ = event_files
    code, text, _ = run(capsys, "export", "summary", str(event), "--format", "ots")
    assert code == 0
    ots = json.loads(text)["ots"]
    assert len(ots["tournament_finishes_and_winnings"]) == ots["player_count"] == 12
    code, text, _ = run(
        capsys, "export", "summary", str(event), "-f", "pokerstars", "--zone", "Europe/Paris"
    )
    assert code == 0
    assert text.startswith("PokerStars Tournament #1, ")
    assert " CET [" in text
