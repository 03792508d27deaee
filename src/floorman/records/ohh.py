"""Hands as Open Hand History (OHH, spec 1.4.7), the JSON format hand trackers import.

One ``{"ohh": ...}`` object per hand, objects separated by a blank line (the spec's storage
format, ``.ohh`` files). Each hand is tagged as a tournament hand with the event's tournament
info, and its ``game_number`` is ``<tournament>-<hand number>``: the tournament-wide hand
number comes from the log, so exporting again, mid-event or after, gives every hand the same
id and trackers do not import it twice.

Amounts follow the spec's reading: an action's ``amount`` is what that action put in (a raise
"to 600" over a bet of 200 the player had already made is 400), so the rounds add up to the
pots. Chips returned uncalled are taken off the last wager's pot share, as the pots carry
only chips that were contested.

Hold'em, Omaha and Omaha hi/lo are written; so are stud and stud hi/lo, as far as the spec
carries them: it names only the flop game streets, so the five stud betting rounds are
``Preflop`` (third street), ``Flop``, ``Turn``, ``River`` and ``River`` again (seventh street;
the round ids keep them in order, and the spec lets a street repeat). Each street's cards are
a ``Dealt Cards`` action per player in the order dealt (third street: two down, then the door
card; fourth to sixth: up; seventh: down), as the spec's dealt cards carry no face. The
bring-in, a forced bet with no action of its own in the spec, is a ``Post Extra Blind`` (a
forced post) made where it was made, after the deal; completing it is a ``Raise``; the
stakes are the small and the big bet. A draw game hand that ended before its first draw is
a ``Draw`` hand. What the spec cannot carry (razz, a draw, a stud card turned face up by
mistake) is left out and listed (:mod:`floorman.records.ohh_games`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from floorman import __version__
from floorman.cards.card import format_cards
from floorman.engine.events import (
    Acted,
    BoardDealt,
    ForcedBetPosted,
    HoleDealt,
    Mucked,
    PotAwarded,
    Shown,
)
from floorman.engine.games import FIXED_LIMIT, POT_LIMIT
from floorman.errors import MalformedInputError
from floorman.records.hand_exports import TableHand, TableHands
from floorman.records.ohh_games import Skipped, ohh_game_type, skip_notes, skipped_of

SPEC_VERSION = "1.4.7"
_STREETS = ("Preflop", "Flop", "Turn", "River")
_STUD_STREETS = ("Preflop", "Flop", "Turn", "River", "River")
"""Third to seventh street: the spec has no stud street names (see the module's note)."""
_FORCED = {"small-blind": "Post SB", "big-blind": "Post BB"}
_ACTED = {
    "check": "Check",
    "call": "Call",
    "bet": "Bet",
    "raise": "Raise",
    "fold": "Fold",
    "complete": "Raise",
    "bring-in": "Post Extra Blind",
}
_EPOCH_FROM = 1e8


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhEvent:
    """What every hand of an event carries about the tournament."""

    tournament: int = 1
    name: str = "floorman"
    start: datetime.datetime = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    """When the event started; hands whose times count seconds from the start add them."""
    currency: str = "PPC"
    """The buy-in's currency code; ``PPC`` (play chips) for an event without money."""
    buy_in: int = 0
    fee: int = 0
    """Buy-in and fee in the currency's smallest unit (written in whole units)."""
    initial_stack: int = 0
    round_seconds: int = 0
    """The first level's length, the spec's ``speed.round_time``."""
    tables: int = 2


@dataclass(frozen=True, slots=True)
class OhhFile:
    """An ``.ohh`` file's text and the hands it left out (:mod:`~floorman.records.ohh_games`)."""

    text: str
    skipped: tuple[Skipped, ...] = ()

    @property
    def notes(self) -> tuple[str, ...]:
        """One sentence per game and reason left out, for the user to read."""
        return skip_notes(self.skipped)


def ohh_file(hands: TableHands, event: OhhEvent | None = None) -> OhhFile:
    """Every hand the spec can carry as an ``.ohh`` file, in the order played, and the others.

    :raises MalformedInputError: the event has hands and none can be written (``ohh-game``).
    """
    head = event or OhhEvent()
    written: list[str] = []
    skipped: list[Skipped] = []
    for hand in hands.hands:
        left_out = skipped_of(hand)
        if left_out is None:
            written.append(json.dumps({"ohh": ohh_hand(hand, head)}))
        else:
            skipped.append(left_out)
    if skipped and not written:
        raise MalformedInputError(
            "no hand of this event can be written as Open Hand History without loss: "
            + "; ".join(skip_notes(tuple(skipped))),
            constraint="ohh-game",
        )
    return OhhFile(text="\n\n".join(written) + "\n", skipped=tuple(skipped))


def ohh_text(hands: TableHands, event: OhhEvent | None = None) -> str:
    """The ``.ohh`` file of :func:`ohh_file` (the hands left out are not in it)."""
    return ohh_file(hands, event).text


def game_number(tournament: int, hand: TableHand) -> str:
    """The hand's stable id: the tournament and the hand's number in its log."""
    return f"{tournament}-{hand.number}"


def _utc(at: float, start: datetime.datetime) -> str:
    if at >= _EPOCH_FROM:
        when = datetime.datetime.fromtimestamp(at, tz=datetime.UTC)
    else:
        when = start.astimezone(datetime.UTC) + datetime.timedelta(seconds=at)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _money(amount: int, currency: str) -> float:
    return amount if currency == "PPC" else amount / 100


def _bet_type(hand: TableHand) -> str:
    structure = hand.config.game.structure
    if structure is FIXED_LIMIT:
        return "FL"
    return "PL" if structure is POT_LIMIT else "NL"


def ohh_hand(hand: TableHand, event: OhhEvent | None = None) -> dict[str, object]:
    """One hand as the spec's object (the value under ``"ohh"``).

    :raises MalformedInputError: the game cannot be written without loss (``ohh-game``).
    """
    head = event or OhhEvent()
    game_type = ohh_game_type(hand)
    config = hand.config
    stud = config.game.is_stud
    ante = next(
        (e.amount for e in hand.events if isinstance(e, ForcedBetPosted) and "ante" in e.bet), 0
    )
    walk = _Walk(hand)
    rounds = list(walk.rounds())
    return {
        "spec_version": SPEC_VERSION,
        "site_name": "floorman",
        "network_name": "floorman",
        "internal_version": __version__,
        "tournament": True,
        "tournament_info": _tournament_info(head),
        "game_number": game_number(head.tournament, hand),
        "start_date_utc": _utc(hand.at, head.start),
        "table_name": f"{head.name} {hand.table}",
        "game_type": game_type,
        "bet_limit": {"bet_type": _bet_type(hand), "bet_cap": 0},
        "table_size": config.seat_count,
        "currency": "T$",
        "dealer_seat": config.button + 1,
        "small_blind_amount": config.small_bet if stud else config.small_blind,
        "big_blind_amount": config.big_bet if stud else config.big_blind,
        "ante_amount": ante,
        "flags": [],
        "players": [
            {
                "id": seat + 1,
                "seat": seat + 1,
                "name": walk.name(seat),
                "starting_stack": config.stacks[seat],
                "is_sitting_out": seat in hand.sitting_out,
            }
            for seat in config.occupied
        ],
        "rounds": rounds,
        "pots": walk.pots,
    }


def _tournament_info(head: OhhEvent) -> dict[str, object]:
    return {
        "tournament_number": str(head.tournament),
        "name": head.name,
        "start_date_utc": _utc(0, head.start),
        "currency": head.currency,
        "buyin_amount": _money(head.buy_in, head.currency),
        "fee_amount": _money(head.fee, head.currency),
        "bounty_fee_amount": 0,
        "initial_stack": head.initial_stack,
        "type": "MTT" if head.tables > 1 else "STT",
        "flags": [],
        "speed": {"type": "Normal", "round_time": head.round_seconds},
    }


def _round(
    number: int, street: str, cards: list[str], actions: list[dict[str, object]]
) -> dict[str, object]:
    out: dict[str, object] = {"id": number, "street": street, "actions": actions}
    if cards:
        out["cards"] = cards
    return out


@dataclass(slots=True)
class _Walk:
    """Walks one hand's events once, cutting them into the spec's rounds."""

    hand: TableHand
    bets: dict[int, int] = field(default_factory=dict)
    pots: list[dict[str, object]] = field(default_factory=list)
    number: int = 0
    """The last action's number: the spec numbers actions across the whole hand."""
    dealt: set[int] = field(default_factory=set)
    """Stud: the seats dealt a card in the current street."""

    def name(self, seat: int) -> str:
        return self.hand.players[seat] or f"Seat {seat + 1}"

    def _action(self, seat: int, action: str, **extra: object) -> dict[str, object]:
        self.number += 1
        return {"action_number": self.number, "player_id": seat + 1, "action": action, **extra}

    def rounds(self) -> Iterator[dict[str, object]]:
        """Preflop, then a round per board card dealt (stud: per street dealt), then the
        showdown if cards were shown or mucked; hands tabled after an all-in are shown when
        the first pot is awarded."""
        name, cards, actions = _STREETS[0], list[str](), list[dict[str, object]]()
        showdown: list[dict[str, object]] = []
        board: list[int] = []
        number = 0
        for event in self.hand.events:
            if self._new_street(event):
                yield _round(number, name, cards, actions)
                number, actions, cards = number + 1, [], []
                name = _STUD_STREETS[min(number, len(_STUD_STREETS) - 1)]
                self.bets.clear()
            if isinstance(event, BoardDealt):
                dealt = [c for c in event.cards if c is not None]
                if not self.stud:
                    yield _round(number, name, cards, actions)
                    board.extend(dealt)
                    number, actions = number + 1, []
                    name = _STREETS[max(1, min(len(board) - 2, 3))]
                    self.bets.clear()
                cards = format_cards(dealt).split()
            elif isinstance(event, Shown):
                shown = format_cards(event.cards).split()
                showdown.append(self._action(event.seat, "Shows Cards", cards=shown))
            elif isinstance(event, Mucked):
                showdown.append(self._action(event.seat, "Mucks Cards"))
            elif isinstance(event, PotAwarded):
                if not self.pots:
                    showdown.extend(self._tabled(showdown))
                self._pot(event)
            else:
                action = self._step(event)
                if action is not None:
                    actions.append(action)
        yield _round(number, name, cards, actions)
        if showdown:
            yield _round(number + 1, "Showdown", [], showdown)

    @property
    def stud(self) -> bool:
        return self.hand.config.game.is_stud

    def _new_street(self, event: object) -> bool:
        """Stud: a street starts with the first card dealt to a seat already dealt in this
        round, or with a community card (a short stub's seventh street)."""
        if not self.stud:
            return False
        if isinstance(event, BoardDealt):
            self.dealt = {-1}
            return True
        if not isinstance(event, HoleDealt):
            return False
        if event.seat in self.dealt:
            self.dealt = {event.seat}
            return True
        self.dealt.add(event.seat)
        return False

    def _tabled(self, shown: list[dict[str, object]]) -> Iterator[dict[str, object]]:
        played = self.hand.replay()
        if not played.tabled:
            return
        done = {a["player_id"] for a in shown}
        for seat in sorted(played.live):
            cards = [c for c in played.holes[seat] if c is not None]
            if seat + 1 not in done and cards:
                yield self._action(seat, "Shows Cards", cards=format_cards(cards).split())

    def _step(self, event: object) -> dict[str, object] | None:
        if isinstance(event, ForcedBetPosted):
            if "ante" in event.bet:
                return self._action(
                    event.seat, "Post Ante", amount=event.amount, is_allin=event.all_in
                )
            self.bets[event.seat] = self.bets.get(event.seat, 0) + event.amount
            kind = _FORCED.get(event.bet, "Post Extra Blind")
            return self._action(event.seat, kind, amount=event.amount, is_allin=event.all_in)
        if isinstance(event, HoleDealt):
            cards = [c for c in event.cards if c is not None]
            return self._action(event.seat, "Dealt Cards", cards=format_cards(cards).split())
        if isinstance(event, Acted):
            before = self.bets.get(event.seat, 0)
            highest = max(self.bets.values(), default=0)
            self.bets[event.seat] = max(before, event.to)
            kind = _ACTED.get(event.action, "Call")
            if kind == "Raise" and highest == 0:
                kind = "Bet"
            if kind in ("Check", "Fold"):
                return self._action(event.seat, kind)
            return self._action(event.seat, kind, amount=event.to - before, is_allin=event.all_in)
        return None

    def _pot(self, event: PotAwarded) -> None:
        self.pots.append(
            {
                "number": len(self.pots),
                "amount": event.amount,
                "rake": 0,
                "player_wins": [
                    {"player_id": seat + 1, "win_amount": chips, "contributed_rake": 0}
                    for seat, chips in event.shares
                ],
            }
        )
