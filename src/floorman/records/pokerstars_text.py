"""Hands written as PokerStars-style text, the format hand trackers read.

The text follows PokerStars' tournament hand histories: a header with the hand number, the
tournament, the game, the level and blinds and the time; the table and the button; the seats
with their chips; antes and blinds; ``*** HOLE CARDS ***`` and the action street by street,
raises written as "raises <increment> to <total>"; the showdown, the pots collected and the
summary. Every player's hole cards are written as ``Dealt to`` lines, since floorman's record
knows them all (a tracker takes the first as the hero's). Hands whose cards were all tabled
after an all-in are shown when the pots are awarded, as in the PHH export.

Flop games with blinds are written (hold'em and Omaha, no-limit, pot-limit and limit); stud and
draw games have no PokerStars text here and are refused (constraint ``pokerstars-game``).
"""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from floorman.cards.card import format_cards
from floorman.cards.evaluation import Game as Valuing
from floorman.cards.evaluation import evaluate_hand
from floorman.engine import showdown
from floorman.engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    ForcedBetPosted,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
)
from floorman.engine.games import FIXED_LIMIT, POT_LIMIT
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.records.hand_exports import TableHand, TableHands
from floorman.tournament.events import TournamentCreated

_GAMES = {"NT": "Hold'em", "FT": "Hold'em", "PO": "Omaha", "FO/8": "Omaha Hi/Lo"}
_STREETS = ("Flop", "Turn", "River")
_SEPARATOR = "\n\n\n"
_EPOCH_FROM = 1e8
_EASTERN = zoneinfo.ZoneInfo("America/New_York")
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHeader:
    """What the header names besides the hand: the tournament number, buy-in and start."""

    tournament: int = 1
    buy_in: str = "Freeroll"
    """As PokerStars writes it: ``10+1``, ``€10+€1 EUR``, ``Freeroll``."""
    start: datetime.datetime = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    """When the event started, for hands whose times count seconds from the start."""
    currency: str = ""
    """The buy-in's currency code: prizes in the finish lines are written in it."""
    zone: str = "UTC"
    """The venue's time zone (IANA name): the header gives its local time and abbreviation,
    then the Eastern time in brackets, the one every PokerStars reader parses."""


def check_zone(name: str) -> str:
    """``name`` when it is a time zone this machine knows.

    :raises MalformedInputError: it is not (constraint ``time-zone``).
    """
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise MalformedInputError(
            f"unknown time zone {name!r}; name one such as Europe/Paris or UTC",
            constraint="time-zone",
        ) from None
    return name


def buy_in_text(buy_in: int, fee: int, currency: str = "") -> str:
    """The header's buy-in as PokerStars writes it: ``Freeroll`` without one; in a currency,
    amounts in its smallest unit become ``$10.00+$1.00 USD``; without, chips as ``10+1``."""
    if not buy_in and not fee:
        return "Freeroll"
    if not currency:
        return f"{buy_in}+{fee}"
    sign = _SYMBOLS.get(currency, "")
    return f"{sign}{buy_in / 100:.2f}+{sign}{fee / 100:.2f} {currency}"


def header_of(
    events: Iterable[object], *, tournament: int = 1, zone: str = "UTC", currency: str = ""
) -> StarsHeader:
    """The header of an event's hands: its buy-in and fee (:func:`buy_in_text`, a freeroll
    without a buy-in), read from the tournament's creation in ``events``; times in ``zone``.

    :raises MalformedInputError: ``zone`` is not a known time zone (``time-zone``), or
        ``currency`` is not a three-letter code (``currency``).
    """
    check_zone(zone)
    if currency and not (len(currency) == 3 and currency.isalpha() and currency.isupper()):
        raise MalformedInputError(
            f"a currency is a three-letter code such as EUR, not {currency!r}",
            constraint="currency",
        )
    created = next((e for e in events if isinstance(e, TournamentCreated)), None)
    config = None if created is None else created.config
    if config is None or not config.buy_in:
        return StarsHeader(tournament=tournament, zone=zone, currency=currency)
    buy_in = buy_in_text(config.buy_in, config.fee, currency)
    return StarsHeader(tournament=tournament, buy_in=buy_in, zone=zone, currency=currency)


def pokerstars_text(hands: TableHands, header: StarsHeader | None = None) -> str:
    """Every hand of the event, in the order played, separated by blank lines."""
    head = header or StarsHeader()
    return _SEPARATOR.join(pokerstars_hand(h, head) for h in hands.hands) + "\n"


def pokerstars_hand(hand: TableHand, header: StarsHeader | None = None) -> str:
    """One hand as PokerStars text.

    :raises MalformedInputError: the game has no PokerStars text here (``pokerstars-game``).
    """
    game = hand.config.game
    if game.code not in _GAMES:
        names = ", ".join(sorted(_GAMES))
        raise MalformedInputError(
            f"{game.name} has no PokerStars text; games written: {names}",
            constraint="pokerstars-game",
        )
    writer = _Writer(hand, header or StarsHeader())
    return "\n".join(writer.lines())


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``21st``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{'th' if 10 <= number % 100 <= 20 else suffix}"


def prize_text(amount: int, currency: str) -> str:
    """A prize as PokerStars writes it: ``$20.00`` in a currency (smallest unit given),
    else the amount itself."""
    if not currency:
        return str(amount)
    return f"{_SYMBOLS.get(currency, '')}{amount / 100:.2f}"


def _limit(hand: TableHand) -> str:
    structure = hand.config.game.structure
    if structure is FIXED_LIMIT:
        return "Limit"
    return "Pot Limit" if structure is POT_LIMIT else "No Limit"


def _roman(number: int) -> str:
    numerals = (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    )  # fmt: skip
    out = []
    for value, letters in numerals:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def stars_moment(at: float, header: StarsHeader) -> str:
    """``2026/11/29 08:14:07 CET [2026/11/29 2:14:07 ET]``: local time and zone, then Eastern
    time in brackets with the hour unpadded, as PokerStars writes it. A zone whose
    abbreviation is not letters (``+03``) is written as UTC, which readers accept."""
    if at >= _EPOCH_FROM:
        when = datetime.datetime.fromtimestamp(at, tz=datetime.UTC)
    else:
        when = header.start + datetime.timedelta(seconds=at)
    local = when.astimezone(zoneinfo.ZoneInfo(header.zone))
    abbreviation = local.tzname() or ""
    if not abbreviation.isalpha():
        local, abbreviation = when.astimezone(datetime.UTC), "UTC"
    eastern = when.astimezone(_EASTERN)
    return (
        f"{local:%Y/%m/%d %H:%M:%S} {abbreviation} "
        f"[{eastern:%Y/%m/%d} {eastern.hour}:{eastern:%M:%S} ET]"
    )


@dataclass(slots=True)
class _Writer:
    """Walks one hand's events once, keeping the street's bets for "raises X to Y"."""

    hand: TableHand
    header: StarsHeader
    played: Hand = field(init=False)
    bets: dict[int, int] = field(default_factory=dict)
    folded: dict[int, str] = field(default_factory=dict)
    shown: dict[int, tuple[int, ...]] = field(default_factory=dict)
    mucked: set[int] = field(default_factory=set)
    won: dict[int, int] = field(default_factory=dict)
    pots: list[int] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    street: int = -1

    def __post_init__(self) -> None:
        self.played = self.hand.replay()

    def name(self, seat: int) -> str:
        return self.hand.players[seat] or f"Seat {seat + 1}"

    def lines(self) -> Iterator[str]:
        yield from self._header()
        for event in self.hand.events:
            yield from self._event(event)
        yield from self._finishes()
        yield from self._summary()

    def _finishes(self) -> Iterator[str]:
        """Who left the tournament in this hand, as PokerStars tells it before the summary."""
        for name, place, prize in self.hand.finishes:
            won = prize_text(prize, self.header.currency)
            if place == 1:
                yield f"{name} wins the tournament and receives {won} - congratulations!"
                continue
            line = f"{name} finished the tournament in {ordinal(place)} place"
            yield f"{line} and received {won}." if prize else line

    def _header(self) -> Iterator[str]:
        config, hand, head = self.hand.config, self.hand, self.header
        stakes = f"{config.small_blind}/{config.big_blind}"
        if config.game.is_limit:
            stakes = f"{config.small_bet}/{config.big_bet}"
        yield (
            f"PokerStars Hand #{hand.number}: Tournament #{head.tournament}, {head.buy_in} "
            f"{_GAMES[config.game.code]} {_limit(hand)} - Level {_roman(hand.level)} ({stakes}) "
            f"- {stars_moment(hand.at, head)}"
        )
        yield (
            f"Table '{head.tournament} {hand.table}' {config.seat_count}-max "
            f"Seat #{config.button + 1} is the button"
        )
        for seat in config.occupied:
            away = " is sitting out" if seat in hand.sitting_out else ""
            yield f"Seat {seat + 1}: {self.name(seat)} ({config.stacks[seat]} in chips){away}"

    def _event(self, event: object) -> Iterator[str]:
        if isinstance(event, ForcedBetPosted):
            yield self._forced(event)
        elif isinstance(event, HoleDealt):
            yield from self._hole(event)
        elif isinstance(event, Acted):
            yield self._acted(event)
        elif isinstance(event, BetReturned):
            self.bets[event.seat] = self.bets.get(event.seat, 0) - event.amount
            yield f"Uncalled bet ({event.amount}) returned to {self.name(event.seat)}"
        elif isinstance(event, BoardDealt):
            yield self._board(event)
        elif isinstance(event, Shown):
            yield from self._show(event.seat, event.cards)
        elif isinstance(event, Mucked):
            self.mucked.add(event.seat)
            yield f"{self.name(event.seat)}: mucks hand"
        elif isinstance(event, PotAwarded):
            yield from self._award(event)

    def _forced(self, event: ForcedBetPosted) -> str:
        all_in = " and is all-in" if event.all_in else ""
        if event.bet in ("ante", "big-blind-ante"):
            return f"{self.name(event.seat)}: posts the ante {event.amount}{all_in}"
        self.bets[event.seat] = self.bets.get(event.seat, 0) + event.amount
        blind = "small" if event.bet == "small-blind" else "big"
        return f"{self.name(event.seat)}: posts {blind} blind {event.amount}{all_in}"

    def _hole(self, event: HoleDealt) -> Iterator[str]:
        if self.street < 0:
            self.street = 0
            yield "*** HOLE CARDS ***"
        cards = [c for c in event.cards if c is not None]
        if cards:
            yield f"Dealt to {self.name(event.seat)} [{format_cards(cards)}]"

    def _acted(self, event: Acted) -> str:
        name, seat = self.name(event.seat), event.seat
        before = self.bets.get(seat, 0)
        highest = max(self.bets.values(), default=0)
        all_in = " and is all-in" if event.all_in else ""
        self.bets[seat] = max(before, event.to)
        if event.action == "fold":
            self.folded[seat] = self._fold_street()
            return f"{name}: folds"
        if event.action == "check":
            return f"{name}: checks"
        if event.action == "call":
            return f"{name}: calls {event.to - before}{all_in}"
        if event.action == "bet" or highest == 0:
            return f"{name}: bets {event.to}{all_in}"
        return f"{name}: raises {event.to - highest} to {event.to}{all_in}"

    def _fold_street(self) -> str:
        return "before Flop" if self.street <= 0 else f"on the {_STREETS[self.street - 1]}"

    def _board(self, event: BoardDealt) -> str:
        cards = [c for c in event.cards if c is not None]
        old = format_cards(self.board)
        self.board.extend(cards)
        self.street += 1
        self.bets.clear()
        title = _STREETS[min(self.street, 3) - 1].upper()
        if self.street == 1:
            return f"*** {title} *** [{format_cards(cards)}]"
        return f"*** {title} *** [{old}] [{format_cards(cards)}]"

    def _show(self, seat: int, cards: tuple[int, ...]) -> Iterator[str]:
        if not self.shown and not self.pots:
            yield "*** SHOW DOWN ***"
        self.shown[seat] = cards
        yield f"{self.name(seat)}: shows [{format_cards(cards)}] ({self._describe(cards)})"

    def _describe(self, cards: tuple[int, ...]) -> str:
        omaha = self.hand.config.game.code in ("PO", "FO/8")
        try:
            if omaha:
                value = evaluate_hand(cards, self.board, game=Valuing.OMAHA)
            else:
                value = evaluate_hand((*cards, *self.board))
        except MalformedInputError:
            return "shown"
        return "shown" if value is None else value.name("en").lower()

    def _award(self, event: PotAwarded) -> Iterator[str]:
        if not self.pots and self.played.tabled:
            yield from self._tabled_shows()
        self.pots.append(event.amount)
        source = "pot"
        if len(self.played.events) and self._pot_count() > 1:
            source = "main pot" if len(self.pots) == 1 else f"side pot-{len(self.pots) - 1}"
        for seat, chips in event.shares:
            self.won[seat] = self.won.get(seat, 0) + chips
            yield f"{self.name(seat)} collected {chips} from {source}"

    def _pot_count(self) -> int:
        return sum(isinstance(e, PotAwarded) for e in self.hand.events)

    def _tabled_shows(self) -> Iterator[str]:
        config = self.hand.config
        first = (config.dealer_seat + 1) % config.seat_count
        order = showdown.show_order(
            self.played.live, aggressor=None, first=first, seats=config.seat_count
        )
        for seat in order:
            cards = tuple(c for c in self.played.holes[seat] if c is not None)
            if len(self.shown.get(seat, ())) < len(cards):
                yield from self._show(seat, cards)

    def _summary(self) -> Iterator[str]:
        yield "*** SUMMARY ***"
        total = sum(self.pots)
        if len(self.pots) > 1:
            sides = " ".join(f"Side pot-{i}. {p}." for i, p in enumerate(self.pots[1:], 1))
            yield f"Total pot {total} Main pot {self.pots[0]}. {sides} | Rake 0"
        else:
            yield f"Total pot {total} | Rake 0"
        if self.board:
            yield f"Board [{format_cards(self.board)}]"
        for seat in self.hand.config.occupied:
            yield f"Seat {seat + 1}: {self.name(seat)}{self._position(seat)} {self._outcome(seat)}"

    def _position(self, seat: int) -> str:
        config = self.hand.config
        small, big = config.blind_seats()
        if seat == config.button:
            return " (button)"
        if seat == small:
            return " (small blind)"
        return " (big blind)" if seat == big else ""

    def _outcome(self, seat: int) -> str:
        won = self.won.get(seat, 0)
        if seat in self.folded:
            return f"folded {self.folded[seat]}"
        if seat in self.shown:
            cards = self.shown[seat]
            result = f"won ({won})" if won else "lost"
            return f"showed [{format_cards(cards)}] and {result} with {self._describe(cards)}"
        if seat in self.mucked:
            return "mucked"
        return f"collected ({won})" if won else "lost"
