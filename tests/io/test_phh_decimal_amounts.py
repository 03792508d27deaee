"""Decimal amounts in PHH (issue 16 item 10): ``floorman hh replay`` reads them by scaling to
whole units, replays, and reports in the file's own units; a chip the file splits in halves,
which the rule gives whole to one player, is reported as such."""

from __future__ import annotations

import json
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory

from floorman.cli.app import main
from floorman.io.phh_units import loads_scaled

DATA = Path(__file__).parent / "data"

CENTS = """
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [50.0, 37.35]
actions = ['d dh p1 AsKd', 'd dh p2 7c2d', 'p2 cbr 1.5', 'p1 cc', 'd db Qh9s4c', 'p1 cc',
  'p2 cbr 2.25', 'p1 f']
currency = 'USD'
"""
"""Online $0.25/$0.50: the button raises to $1.50, is called, bets $2.25 on the flop and
takes the pot of $3.00 uncalled."""

HALVES = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 2c3d', 'd dh p2 4h5h', 'd dh p3 6d7d', 'p3 cbr 100', 'p1 f', 'p2 cc',
  'd db AsKsQs', 'd db Js', 'd db Ts']
finishing_stacks = [99, 100.5, 100.5]
"""
"""A cash game's record: the board plays, the pot of 201 is split and the file writes the odd
chip in halves; TDA R20-A gives it whole to the first winner left of the button (p2)."""


def replayed(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> dict[str, Any]:
    with pytest.raises(SystemExit) as done:
        main(["hh", "replay", "--json", *extra, str(path)])
    assert done.value.code in (0, None)
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["ok"] is True, record
    return record


def pokerkit_decimal_stacks(text: str) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, final = HandHistory.loads(text, parse_value=Decimal)
    return [Decimal(s) for s in final.stacks]


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    return path


def test_quarter_and_half_chip_stacks_replay_to_pokerkits_result_in_the_files_units(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = DATA / "fractional-chips" / "antonius-blom-2009.phh"
    record = replayed(capsys, path)
    assert record["finishing_stacks"] == [1937923.75, 0]
    expected = pokerkit_decimal_stacks(path.read_text(encoding="utf-8"))
    assert [Decimal(str(s)) for s in record["finishing_stacks"]] == expected
    assert record["notes"][0] == "amounts read in units of 1/100, played in units of 0.01"


def test_dollars_and_cents_are_replayed_in_cents_and_reported_in_dollars(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scaled = loads_scaled(CENTS)
    assert (scaled.scale, scaled.chip) == (100, 1)
    assert scaled.hand.blinds_or_straddles == (25, 50)
    assert scaled.hand.starting_stacks == (5000, 3735)
    record = replayed(capsys, written(tmp_path, CENTS))
    assert record["finishing_stacks"] == [48.5, 38.85]
    assert [Decimal(str(s)) for s in record["finishing_stacks"]] == pokerkit_decimal_stacks(CENTS)


@pytest.mark.rules("tda-2022 R20-A")
def test_tda_r20_a_a_chip_the_file_splits_in_halves_goes_whole_to_one_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scaled = loads_scaled(HALVES)
    assert (scaled.scale, scaled.chip) == (10, 10)  # played in whole chips
    record = replayed(capsys, written(tmp_path, HALVES))
    assert record["finishing_stacks"] == [99, 101, 100]
    split = [note for note in record["notes"] if "odd chip" in note]
    assert split == [
        "p2: the file has 100.5, the rule (tda-2022 R20-A) gives 101: the odd chip the file "
        "splits goes whole to one player",
        "p3: the file has 100.5, the rule (tda-2022 R20-A) gives 100: the odd chip the file "
        "splits goes whole to one player",
    ]


def test_a_whole_chip_file_is_read_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    record = replayed(capsys, DATA / "dwan-ivey-2009.phh")
    assert "notes" not in record
    assert all(isinstance(s, int) for s in record["finishing_stacks"])
