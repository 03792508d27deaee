"""PokerStars text read back by floorman's own reader (:mod:`floorman.io.pokerstars_read`):
every hand of an event as recorded: seats, chips, who sits out, antes and blinds, each action
with the total it bets to, the board, the chips collected, who finished where, the time."""

from __future__ import annotations

import datetime
import json
import zoneinfo
from pathlib import Path

import pytest
from tests.records.test_pokerstars_readers import _HEADER, _board, _event, _name, _won
from typer.testing import CliRunner

from floorman.cli.app import app as cli
from floorman.engine.config import AnteMode
from floorman.engine.events import Acted, ForcedBetPosted
from floorman.errors import MalformedInputError
from floorman.io.pokerstars_read import read_pokerstars
from floorman.records.hand_exports import TableHand

_VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises"}


def _expected_actions(hand: TableHand) -> list[tuple[str, str, int, int | None]]:
    street, out = 0, []
    bets: dict[int, int] = {}
    for event in hand.events:
        if type(event).__name__ == "BoardDealt":
            street, bets = street + 1, {}
        elif isinstance(event, ForcedBetPosted) and "ante" not in event.bet:
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
        elif isinstance(event, Acted):
            verb = _VERBS[event.action]
            if verb == "raises" and not any(bets.values()):
                verb = "bets"
            to = None if verb in ("folds", "checks") else event.to
            bets[event.seat] = max(bets.get(event.seat, 0), event.to)
            out.append((_name(hand, event.seat), verb, street, to))
    return out


@pytest.mark.parametrize("mode", [AnteMode.BIG_BLIND, AnteMode.EVERY_PLAYER])
def test_our_reader_reads_every_exported_hand_back_as_recorded(mode: AnteMode) -> None:
    event = _event(mode)
    read = read_pokerstars(event.text)
    assert len(read) == len(event.hands.hands)
    eastern = zoneinfo.ZoneInfo("America/New_York")
    for got, hand in zip(read, event.hands.hands, strict=True):
        config = hand.config
        assert got.number == hand.number
        assert got.tournament == _HEADER.tournament
        assert got.buy_in == _HEADER.buy_in
        assert (got.small_blind, got.big_blind) == (config.small_blind, config.big_blind)
        assert got.button == config.button + 1
        assert got.seats == {s + 1: (_name(hand, s), config.stacks[s]) for s in config.occupied}
        assert got.sitting_out == {_name(hand, s) for s in hand.sitting_out}
        posted = [e for e in hand.events if isinstance(e, ForcedBetPosted)]
        assert got.antes == {_name(hand, e.seat): e.amount for e in posted if "ante" in e.bet}
        assert got.blinds == {_name(hand, e.seat): e.amount for e in posted if "ante" not in e.bet}
        actions = [(a.name, a.verb, a.street, a.to) for a in got.actions]
        assert actions == _expected_actions(hand)
        assert got.board == _board(hand)
        assert got.collected == _won(hand)
        assert got.finished == {name: place for name, place, _ in hand.finishes}
        moment = _HEADER.start + datetime.timedelta(seconds=hand.at)
        assert got.eastern == moment.astimezone(eastern).replace(tzinfo=None, microsecond=0)


def test_our_reader_refuses_what_is_not_a_tournament_hand() -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_pokerstars("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01\n")
    assert caught.value.constraint == "pokerstars-text"


def test_floorman_hh_stars_lists_every_hand_as_read(tmp_path: Path) -> None:
    """The reader at the command line: every hand of an exported file, as a tracker takes it,
    and a file that is no PokerStars history refused with status 2."""
    event = _event(AnteMode.BIG_BLIND)
    exported = tmp_path / "event.txt"
    exported.write_text(event.text, encoding="utf-8")
    answer = CliRunner().invoke(cli, ["hh", "stars", str(exported), "--json"])
    assert answer.exit_code == 0, answer.output
    lines = [json.loads(line) for line in answer.output.splitlines()]
    assert [line["hand"] for line in lines] == [h.number for h in event.hands.hands]
    first, hand = lines[0], event.hands.hands[0]
    assert first["blinds"] == [hand.config.small_blind, hand.config.big_blind]
    assert first["board"] == _board(hand)
    assert first["collected"] == _won(hand)
    bad = tmp_path / "bad.txt"
    bad.write_text("not a hand history\n", encoding="utf-8")
    refused = CliRunner().invoke(cli, ["hh", "stars", str(bad)])
    assert refused.exit_code == 2
