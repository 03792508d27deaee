"""Covering raises in limit (issue 16 item 9): a history records a raise that puts the last
opponent all-in as a raise to his whole stack (WSOP 2023 #43, razz: facing 600,000, "to
750,000" against exactly 750,000). The replay takes it as the full limit raise whose uncalled
part was never recorded, and says so in its report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from floorman.cli.app import main
from floorman.engine.events import BetReturned
from floorman.errors import IllegalActionError
from floorman.io.phh import loads
from floorman.io.phh_replay import replay

HAND = """
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [1000, 2000]
small_bet = 2000
big_bet = 4000
starting_stacks = [9000, 50000]
actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 cc', 'p1 cc', 'd db Ks9h4c', 'p1 cc',
  'p2 cbr 2000', 'p1 cc', 'd db 3d', 'p1 cbr 4000', 'p2 cbr 5000', 'p1 cc', 'd db Js',
  'p1 sm AsAh', 'p2 sm 7c2d']
finishing_stacks = [18000, 41000]
"""
"""On the turn ``p1`` bets 4000 with 1000 behind; ``p2`` "raises to 5000", ``p1``'s whole
stack for the street, where the fixed raise is to 8000."""


def test_a_raise_to_the_last_opponents_whole_stack_is_the_full_raise_uncalled_in_part() -> None:
    result = replay(loads(HAND))
    assert result.hand.is_over
    assert list(result.finishing_stacks) == [18000, 41000]
    returned = [e for e in result.hand.events if isinstance(e, BetReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(1, 3000)]
    [note] = result.notes
    assert "raise to 5000" in note
    assert "full limit raise to 8000" in note
    assert "uncalled 3000" in note


def test_a_short_raise_that_covers_nobody_is_still_refused() -> None:
    richer = HAND.replace("starting_stacks = [9000, 50000]", "starting_stacks = [20000, 50000]")
    with pytest.raises(IllegalActionError) as refused:
        replay(loads(richer))
    assert refused.value.ruling.key == "below-min-raise"


def test_cli_hh_replay_reports_the_covering_raise(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cover.phh"
    path.write_text(HAND, encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["hh", "replay", "--json", str(path)])
    assert done.value.code in (0, None)
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["ok"] is True
    assert record["finishing_stacks"] == [18000, 41000]
    assert "full limit raise to 8000" in record["notes"][0]
    main_text = ["hh", "replay", str(path)]
    with pytest.raises(SystemExit):
        main(main_text)
    assert "note: p2's raise to 5000 covers every opponent" in capsys.readouterr().out


RAZZ = """
variant = 'FR'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [8, 100]
actions = ['d dh p1 2c3dKh', 'd dh p2 4c5d6h', 'p1 pb', 'p2 cbr 2', 'p1 cc',
  'd dh p1 7s', 'd dh p2 8s', 'p2 cc', 'p1 cc',
  'd dh p1 9s', 'd dh p2 Ts', 'p2 cc', 'p1 cbr 4', 'p2 cbr 5', 'p1 cc',
  'd dh p1 Js', 'd dh p2 Qs', 'd dh p1 2h', 'd dh p2 7h',
  'p1 sm 2c3dKh7s9sJs2h', 'p2 sm 4c5d6h8sTsQs7h']
finishing_stacks = [0, 108]
"""
"""The WSOP 2023 #43 situation in small: razz, fifth street, ``p1`` bets the big bet of 4 with
1 behind and ``p2`` "raises to 5", ``p1``'s whole stack, where the fixed raise is to 8."""


def test_razz_fifth_street_covering_raise_as_in_wsop_2023_event_43() -> None:
    result = replay(loads(RAZZ))
    assert result.hand.is_over
    assert list(result.finishing_stacks) == [0, 108]
    [note] = result.notes
    assert note.startswith("p2's raise to 5 covers every opponent")
    assert "full limit raise to 8" in note
