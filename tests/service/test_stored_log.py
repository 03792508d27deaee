"""Records read straight from the event store, on SQLite and PostgreSQL: the events in force
(an undone bust-out is in no result), the online hands paired with the log through the
command that recorded each, and ``floorman export ... --db`` on a tournament id."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest
from tests.cli.test_cli import run
from tests.service.play import next_hand, play, started

from floorman.engine.actions import Call, Check
from floorman.io.phh import loads_all
from floorman.records.results import results_from_events
from floorman.service.api.online import OnlineTables
from floorman.service.commands import RecordHand
from floorman.service.core import TournamentService, UnknownStream
from floorman.service.log_readers.stored_log import online_hands, read_log
from floorman.tournament.events import HandPlayed, PlayerRegistered
from floorman.tournament.floor.table_hand import HandResult


def do(service: TournamentService, tournament_id: str, command: object) -> None:
    service.execute(tournament_id, command, expected_version=None, idempotency_key=None, actor="td")


def bust(service: TournamentService, tournament_id: str) -> str:
    """Record a hand, as a dealer's tablet would, in which the last player dealt in loses his
    stack to the first; returns the busted entry."""
    setup = next_hand(service.load(tournament_id), 0)
    assert setup is not None
    before = tuple(
        (entry, setup.config.stacks[seat] or 0)
        for seat, entry in enumerate(setup.seats)
        if entry is not None
    )
    (winner, won), (loser, lost) = before[0], before[-1]
    after = tuple((e, won + lost if e == winner else 0 if e == loser else s) for e, s in before)
    result = HandResult(
        table=setup.table,
        level=setup.level,
        positions=setup.positions,
        stacks_before=before,
        stacks_after=after,
        eliminated_by={loser: (winner,)},
    )
    do(service, tournament_id, RecordHand(result=result))
    return loser


def play_online(service: TournamentService, tournament_id: str, hands: int) -> OnlineTables:
    """The server deals ``hands`` hands one table at a time; everyone checks or calls."""
    tables = OnlineTables(service, clock=service.clock, rng=random.Random(7))
    tables.go_online(tournament_id)
    for _ in range(hands):
        table = tables.tables(tournament_id)[0]
        live = tables.live(tournament_id, table)
        while live is not None and tables.live(tournament_id, table) is live:
            options = live.hand.legal_options()
            entry = live.setup.seats[options.actor]
            assert entry is not None
            action = Check() if options.check else Call()
            tables.act(tournament_id, table, entry, action, payload={}, idempotency_key=None)
    return tables


def test_the_log_holds_the_events_in_force_and_an_undone_bust_is_in_no_result(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 8)
    play(service, tournament_id, 2)
    before = results_from_events(read_log(service.store, tournament_id).events)
    busted = bust(service, tournament_id)
    read = read_log(service.store, tournament_id)
    placed = {s.entry: s.place for s in results_from_events(read.events).standings}
    assert placed[busted] == 8 - sum(s.place is not None for s in before.standings)
    assert read.hands_recorded == 3
    service.undo(tournament_id, 1, actor="td", reason="wrong pot", expected_version=None)
    undone = read_log(service.store, tournament_id)
    assert undone.version == read.version + 1
    assert undone.events == tuple(service.rebuild(tournament_id).tournament.events)
    assert results_from_events(undone.events) == before
    assert undone.hands_recorded == 2


def test_online_hands_are_paired_with_the_log_and_an_undone_one_is_left_out(
    service: TournamentService,
) -> None:
    tournament_id = started(service, 8)
    play(service, tournament_id, 2)  # from a tablet: summed up, no action to write
    play_online(service, tournament_id, 3)
    log = read_log(service.store, tournament_id)
    summaries = [e for e in log.events if isinstance(e, HandPlayed)]
    assert log.hands_recorded == 5
    assert [h.summary for h in log.online] == summaries[2:]
    hands = online_hands(service.store, log)
    assert [h.number for h in hands.hands] == [s.number for s in summaries[2:]]
    entry_of = {e.name: e.entry for e in log.events if isinstance(e, PlayerRegistered)}
    for hand, summary in zip(hands.hands, summaries[2:], strict=True):
        finishing = hand.replay().stacks
        seated = {entry_of[n]: finishing[s] for s, n in enumerate(hand.players) if n}
        assert seated == dict(summary.stacks_after)
    # the server started the next hand at once (start-hand): undo it and the last hand
    service.undo(tournament_id, 2, actor="td", reason="void", expected_version=None)
    after = online_hands(service.store, read_log(service.store, tournament_id))
    assert [h.number for h in after.hands] == [s.number for s in summaries[2:4]]


def test_only_a_tournament_is_read(service: TournamentService) -> None:
    tournament_id = started(service, 6)
    play_online(service, tournament_id, 1)
    hand_stream = read_log(service.store, tournament_id).online[0].stream
    for unknown in ("t-nothing", hand_stream):
        with pytest.raises(UnknownStream):
            read_log(service.store, unknown)


def test_cli_exports_a_tournament_in_the_database(
    service: TournamentService,
    database_url: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    tournament_id = started(service, 6)
    play_online(service, tournament_id, 2)
    db = ["--db", database_url]
    code, csv_text, _ = run(capsys, "export", "results", tournament_id, *db)
    assert code == 0
    assert len(csv_text.splitlines()) == 1 + 6
    code, text, _ = run(capsys, "export", "hands", tournament_id, *db)
    assert code == 0
    assert text.count("PokerStars Hand #") == 2
    assert "Tournament #1, 100+0 " in text  # the event's buy-in
    archive = tmp_path / "hands.zip"
    code, _, _ = run(
        capsys, "export", "hands", tournament_id, *db, "-f", "phhs-zip", "-o", str(archive)
    )
    assert code == 0
    with zipfile.ZipFile(io.BytesIO(archive.read_bytes())) as opened:
        assert sum(len(loads_all(opened.read(n).decode())) for n in opened.namelist()) == 2
    code, _, err = run(capsys, "export", "protocol", tournament_id, *db, "--secretary", "A")
    assert code == 2
    assert "2.3.3" in err
    code, _, err = run(capsys, "export", "hands", tournament_id, *db, "--hands", "h.jsonl")
    assert code == 2
    assert "--hands is for a log file" in err
    code, _, err = run(capsys, "export", "results", "t-nothing", *db)
    assert code == 2
    assert "t-nothing" in err


def test_cli_refuses_a_database_that_is_not_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "export", "results", "t1", "--data-dir", str(tmp_path / "none"))
    assert code == 2
    assert "no database" in err
    assert not (tmp_path / "none").exists()
