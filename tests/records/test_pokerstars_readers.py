"""PokerStars text read by two independent parsers from PyPI, pokerdf and poker 0.30, checked
against floorman's own record of every hand: seats, stacks, blinds, antes, actions, board,
winners, amounts, and the header's buy-in, currency and time."""

from __future__ import annotations

import datetime
import re
import zoneinfo
from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cache

from poker.room.pokerstars import PokerStarsHandHistory
from pokerdf.core.read_and_convert import apply_regex

from floorman.cards.card import format_cards
from floorman.engine.config import AnteMode
from floorman.engine.events import Acted, BoardDealt, ForcedBetPosted, PotAwarded
from floorman.records.hand_exports import TableHand, TableHands, hands_from_log
from floorman.records.pokerstars_text import StarsHeader, buy_in_text, pokerstars_text
from floorman.sim.incidents import FloorOptions
from floorman.sim.tournament_sim import simulate
from floorman.tournament.structure.levels import Level, Structure

_HEADER = StarsHeader(
    tournament=3_141_592,
    buy_in=buy_in_text(1_000, 100, "USD"),
    currency="USD",
    zone="Europe/Paris",
    start=datetime.datetime(2026, 11, 29, 7, 0, tzinfo=datetime.UTC),
)
_MONEY = ("10.00", "1.00", "USD")
_POSITION = re.compile(r" \((button|small blind|big blind)\)$")


@dataclass(frozen=True, slots=True)
class _Event:
    hands: TableHands
    text: str


def _structure(mode: AnteMode) -> Structure:
    levels = tuple(
        Level(
            minutes=20,
            small_blind=sb,
            big_blind=2 * sb,
            ante=0 if sb == 50 else (2 * sb if mode is AnteMode.BIG_BLIND else sb // 4),
            ante_mode=AnteMode.NONE if sb == 50 else mode,
        )
        for sb in (50, 100, 200, 400, 800, 1_600, 3_000, 5_000)
    )
    return Structure(items=levels, starting_stack=10_000, chips=(25, 100, 500, 1_000))


@cache
def _event(mode: AnteMode) -> _Event:
    """A bot-played event with antes of ``mode`` and absent players (their hands are dealt
    and folded for them). Names are made as ``Player_07``: poker 0.30 cuts a name at its first
    space when it reads a "collected" line, and pokerdf takes a seat line of ``Player_17``
    for ``Player_1`` (its seat pattern does not end the name), so no name may hold a space or
    begin another."""
    played: list[object] = []
    report = simulate(
        players=18,
        seed=5,
        structure=_structure(mode),
        floor=FloorOptions(absences=0.05),
        on_hand=lambda setup, hand: played.append((setup, hand)),
    )
    hands = hands_from_log(report.events, played)  # type: ignore[arg-type]
    renamed = tuple(
        replace(h, players=tuple(n and _unique(n) for n in h.players)) for h in hands.hands
    )
    hands = replace(hands, hands=renamed)
    return _Event(hands=hands, text=pokerstars_text(hands, _HEADER))


def _unique(name: str) -> str:
    return re.sub(r" (\d+)$", lambda m: f"_{int(m.group(1)):02d}", name)


def _name(hand: TableHand, seat: int) -> str:
    return hand.players[seat] or f"Seat {seat + 1}"


def _won(hand: TableHand) -> dict[str, int]:
    won: dict[str, int] = defaultdict(int)
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for seat, chips in event.shares:
                won[_name(hand, seat)] += chips
    return dict(won)


def _board(hand: TableHand) -> list[str]:
    cards = [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
    return format_cards([c for c in cards if c is not None]).split() if cards else []


def _posted(hand: TableHand, antes: bool) -> dict[str, int]:
    posted: dict[str, int] = {}
    for event in hand.events:
        if isinstance(event, ForcedBetPosted) and ("ante" in event.bet) == antes:
            posted[_name(hand, event.seat)] = event.amount
    return posted


def _wagers(hand: TableHand) -> dict[tuple[str, int], list[tuple[str, str]]]:
    """Each player's bets, calls and raises per street (0: preflop) with the chips each adds
    or raises by, from the record's actions; pokerdf leaves folds and checks out."""
    wagers: dict[tuple[str, int], list[tuple[str, str]]] = defaultdict(list)
    street, bets = 0, {}
    for event in hand.events:
        if isinstance(event, ForcedBetPosted) and "ante" not in event.bet:
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
        elif isinstance(event, BoardDealt):
            street, bets = street + 1, {}
        elif isinstance(event, Acted) and event.action in ("call", "bet", "raise"):
            before, highest = bets.get(event.seat, 0), max(bets.values(), default=0)
            verb, chips = {
                "call": ("calls", event.to - before),
                "bet": ("bets", event.to),
                "raise": ("raises", event.to - highest),
            }[event.action]
            if event.action == "raise" and highest == 0:
                verb, chips = "bets", event.to
            wagers[(_name(hand, event.seat), street)].append((verb, str(chips)))
            bets[event.seat] = event.to
    return wagers


def _covers_every_situation(hands: TableHands) -> None:
    awards = [[e for e in h.events if isinstance(e, PotAwarded)] for h in hands.hands]
    assert any(len(a) > 1 for a in awards), "a hand with side pots"
    assert any(len(p.shares) > 1 for a in awards for p in a), "a split pot"
    assert any(
        any(isinstance(e, Acted) and e.all_in for e in h.events) and len(_board(h)) == 5
        for h in hands.hands
    ), "an all-in run-out"
    assert any(h.sitting_out for h in hands.hands), "a player sitting out"


def check_pokerdf_reads(hands: TableHands, text: str, header: StarsHeader) -> None:
    """pokerdf reads every hand of ``text`` as ``hands`` recorded them."""
    frame = apply_regex(text)
    seated = sum(len(h.config.occupied) for h in hands.hands)
    assert len(frame) == seated  # every player of every hand: no hand was rejected
    rows = {(r.HandID, r.Player): r for r in frame.itertuples()}
    streets = ("PreflopAction", "FlopAction", "TurnAction", "RiverAction")
    buy_in = header.buy_in.rsplit(" ", 1)[0] if " " in header.buy_in else header.buy_in
    for hand in hands.hands:
        antes, blinds, won = _posted(hand, True), _posted(hand, False), _won(hand)
        wagers, board = _wagers(hand), _board(hand)
        for seat in hand.config.occupied:
            name = _name(hand, seat)
            row = rows[(str(hand.number), name)]
            assert row.Seat == seat + 1
            assert row.Stack == hand.config.stacks[seat]
            assert row.BuyIn == buy_in
            assert row.HandTimezone == _moment_zone(header, hand)
            assert (row.PostedAnte or 0) == antes.get(name, 0) or name not in antes
            if name in antes:
                assert row.PostedAnte == antes[name]
            if name in blinds:
                assert row.PostedBlind == blinds[name]
            for street, column in enumerate(streets):
                read = [(v, a) for v, a in getattr(row, column) if v]
                assert read == wagers.get((name, street), []), (hand.number, name, column)
            assert list(row.BoardRiver or row.BoardTurn or row.BoardFlop or ()) == board
            if won.get(name):
                assert row.Balance == won[name]
                assert str(row.Result).startswith("won")
            finish = next((f for f in hand.finishes if f[0] == name), None)
            if finish is not None:
                assert row.FinalRank == finish[1]
                paid = finish[2] / 100 if header.currency else finish[2]
                read = 0 if row.Prize is None or row.Prize != row.Prize else row.Prize  # NaN
                assert read == paid
            else:
                assert row.FinalRank == -1


def _moment_zone(header: StarsHeader, hand: TableHand) -> str:
    when = _moment(hand, header)
    return when.astimezone(zoneinfo.ZoneInfo(header.zone)).tzname() or ""


def _moment(hand: TableHand, header: StarsHeader) -> datetime.datetime:
    if hand.at >= 1e8:
        return datetime.datetime.fromtimestamp(hand.at, tz=datetime.UTC)
    return header.start + datetime.timedelta(seconds=hand.at)


def check_poker_reads(
    hands: TableHands, text: str, header: StarsHeader, money: tuple[str, str, str]
) -> None:
    """poker 0.30 reads every hand of ``text`` as ``hands`` recorded them; ``money``: the
    buy-in, fee and currency it should read from the header."""
    texts = text.rstrip("\n").split("\n\n\n")
    assert len(texts) == len(hands.hands)
    for one, hand in zip(texts, hands.hands, strict=True):
        parsed = PokerStarsHandHistory(one)
        parsed.parse()
        assert parsed.ident == str(hand.number)
        assert parsed.tournament_ident == str(header.tournament)
        read = (parsed.buyin, parsed.rake, str(parsed.currency))
        assert read == (Decimal(money[0]), Decimal(money[1]), money[2])
        assert (parsed.sb, parsed.bb) == (hand.config.small_blind, hand.config.big_blind)
        assert parsed.date == _moment(hand, header).replace(microsecond=0)
        seated = {p.seat: (p.name, p.stack) for p in parsed.players if p.stack}
        assert seated == {
            s + 1: (_name(hand, s), hand.config.stacks[s]) for s in hand.config.occupied
        }
        assert parsed.button.seat == hand.config.button + 1
        cards = [*(parsed.flop.cards if parsed.flop else ()), parsed.turn, parsed.river]
        board = [f"{c.rank}{c.suit.name[0].lower()}" for c in cards if c is not None]
        assert board == _board(hand)
        assert parsed.total_pot == sum(_won(hand).values())
        # poker 0.30 reads a summary's seats from the fourth line after "SUMMARY", where a
        # Board line stands: without a board it skips the first seat, so only a subset then
        winners = {_POSITION.sub("", w) for w in parsed.winners}
        if board:
            assert winners == set(_won(hand))
        else:
            assert winners <= set(_won(hand))


def test_pokerstars_text_header_has_local_time_zone_and_eastern_time() -> None:
    first = _event(AnteMode.BIG_BLIND).text.splitlines()[0]
    assert re.search(
        r" - 2026/11/29 \d\d:\d\d:\d\d CET \[2026/11/29 \d{1,2}:\d\d:\d\d ET\]$", first
    ), first
    assert "Tournament #3141592, $10.00+$1.00 USD Hold'em No Limit" in first


def test_pokerstars_text_tells_who_finished_where_for_what() -> None:
    event = _event(AnteMode.BIG_BLIND)
    finishes = [f for h in event.hands.hands for f in h.finishes]
    assert sorted(place for _, place, _ in finishes)[:3] == [1, 2, 3]
    winner = next(f for f in finishes if f[1] == 1)
    assert f"{winner[0]} wins the tournament and receives ${winner[2] / 100:.2f}" in event.text
    assert " finished the tournament in 2nd place and received $" in event.text


def test_pokerstars_text_marks_players_sitting_out() -> None:
    event = _event(AnteMode.BIG_BLIND)
    away = [(h, s) for h in event.hands.hands for s in sorted(h.sitting_out)]
    assert away
    marked = event.text.count(" is sitting out\n")
    assert marked == len(away)
    hand, seat = away[0]
    line = (
        f"Seat {seat + 1}: {_name(hand, seat)} ({hand.config.stacks[seat]} in chips) is sitting out"
    )
    assert line in event.text


def test_pokerdf_reads_every_hand_with_big_blind_antes_as_recorded() -> None:
    event = _event(AnteMode.BIG_BLIND)
    _covers_every_situation(event.hands)
    assert "posts the ante" in event.text
    check_pokerdf_reads(event.hands, event.text, _HEADER)


def test_pokerdf_reads_every_hand_with_antes_for_everyone_as_recorded() -> None:
    event = _event(AnteMode.EVERY_PLAYER)
    assert "posts the ante" in event.text
    check_pokerdf_reads(event.hands, event.text, _HEADER)


def test_poker_030_reads_every_hand_with_big_blind_antes_as_recorded() -> None:
    event = _event(AnteMode.BIG_BLIND)
    check_poker_reads(event.hands, event.text, _HEADER, _MONEY)


def test_poker_030_reads_every_hand_with_antes_for_everyone_as_recorded() -> None:
    event = _event(AnteMode.EVERY_PLAYER)
    check_poker_reads(event.hands, event.text, _HEADER, _MONEY)
