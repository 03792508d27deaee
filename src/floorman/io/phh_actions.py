"""PHH action notation: one entry of a hand's ``actions`` array, as data.

The Poker Hand History format (PHH, https://github.com/uoftcprg/phh-std) writes every step of a
hand as a short string such as ``"p2 cbr 300"`` or ``"d dh p1 AcKd"``. Reading it once into a
:class:`PhhAction` lets the engine replay a hand without handling strings, and writing it back
gives the same text. Players are 1-based in the text (``p1`` is the first player, the small blind
in button games) and 0-based here, like every player index in floorman. Chips are whole numbers in
floorman, so an amount with a fractional part is refused (``phh-chips``) rather than rounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Final

from floorman.cards.card import Card
from floorman.errors import MalformedInputError

DEAL_HOLE: Final = "dh"
DEAL_BOARD: Final = "db"
FOLD: Final = "f"
CHECK_OR_CALL: Final = "cc"
COMPLETE_BET_OR_RAISE: Final = "cbr"
SHOW_OR_MUCK: Final = "sm"
POST_BRING_IN: Final = "pb"
STAND_PAT_OR_DISCARD: Final = "sd"
NO_OP: Final = ""
"""The kind of an action that only carries a commentary (or nothing at all)."""

DEALER_KINDS: Final = frozenset({DEAL_HOLE, DEAL_BOARD})
PLAYER_KINDS: Final = frozenset(
    {FOLD, CHECK_OR_CALL, COMPLETE_BET_OR_RAISE, SHOW_OR_MUCK, POST_BRING_IN, STAND_PAT_OR_DISCARD}
)

_USAGE: Final = {
    DEAL_HOLE: "d dh pN CARDS",
    DEAL_BOARD: "d db CARDS",
    FOLD: "pN f",
    CHECK_OR_CALL: "pN cc",
    COMPLETE_BET_OR_RAISE: "pN cbr AMOUNT",
    SHOW_OR_MUCK: "pN sm [CARDS or -]",
    POST_BRING_IN: "pN pb",
    STAND_PAT_OR_DISCARD: "pN sd [CARDS]",
}
_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
_CARD_RUN: Final = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_AMOUNT: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
UNKNOWN_CARD: Final = "??"


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One PHH action; ``str(action)`` gives back its canonical text.

    ``actor`` is the 0-based player, or ``None`` for the dealer and for no-ops. ``target`` is the
    player a ``dh`` deals to. ``cards`` holds card ints, ``None`` for an unknown ``??`` card; an
    ``sd`` or ``sm`` without cards stands pat or mucks. ``shows_dealt_cards`` is the ``pN sm -``
    form: show the hole cards already written in the deal.

    >>> action = parse_action("d dh p2 As??")
    >>> action.target, action.cards, str(action)
    (1, (Card('As'), None), 'd dh p2 As??')
    """

    actor: int | None
    kind: str
    target: int | None = None
    cards: tuple[int | None, ...] = ()
    amount: int | None = None
    comment: str | None = None
    shows_dealt_cards: bool = False

    def __str__(self) -> str:
        text = " ".join(self._words())
        if self.comment is None:
            return text
        return f"{text} # {self.comment}".strip() if self.comment else f"{text} #".lstrip()

    def _words(self) -> list[str]:
        if self.kind == NO_OP:
            return []
        if self.actor is None:
            target = [] if self.target is None else [f"p{self.target + 1}"]
            return ["d", self.kind, *target, format_phh_cards(self.cards)]
        words = [f"p{self.actor + 1}", self.kind]
        if self.amount is not None:
            words.append(str(self.amount))
        if self.shows_dealt_cards:
            words.append("-")
        elif self.cards:
            words.append(format_phh_cards(self.cards))
        return words


def format_phh_cards(cards: tuple[int | None, ...]) -> str:
    """Cards run together as PHH writes them, ``??`` for an unknown card: ``AsKd``, ``????``."""
    return "".join(UNKNOWN_CARD if card is None else str(Card(card)) for card in cards)


def parse_action(text: str) -> PhhAction:
    """Read one PHH action; refuse anything else with ``MalformedInputError`` (``phh-action``).

    Words may be separated by any whitespace and everything after the first ``#`` is the
    commentary. A fractional ``cbr`` amount is refused with ``phh-chips``.
    """
    head, hashmark, rest = text.partition("#")
    action = _parse_words(head.split(), text)
    return replace(action, comment=rest.strip()) if hashmark else action


def _parse_words(words: list[str], text: str) -> PhhAction:
    match words:
        case []:
            return PhhAction(None, NO_OP)
        case ["d", "db", cards]:
            return PhhAction(None, DEAL_BOARD, cards=_cards(cards, text))
        case ["d", "dh", player, cards]:
            return PhhAction(None, DEAL_HOLE, _player(player, text), _cards(cards, text))
        case ["d", *_]:
            pass
        case [player, "f" | "cc" | "pb" | "sd" | "sm" as kind]:
            return PhhAction(_player(player, text), kind)
        case [player, "cbr", amount]:
            return PhhAction(_player(player, text), "cbr", amount=_amount(amount, text))
        case [player, "sm", "-"]:
            return PhhAction(_player(player, text), "sm", shows_dealt_cards=True)
        case [player, "sd" | "sm" as kind, cards]:
            return PhhAction(_player(player, text), kind, cards=_cards(cards, text))
    raise _bad(text, _diagnose(words))


def _diagnose(words: list[str]) -> str:
    """Say what is wrong with words that match no action form."""
    actor, kind = words[0], words[1] if len(words) > 1 else None
    if actor != "d" and _PLAYER.fullmatch(actor) is None:
        return f"{actor!r} is not an actor (the dealer is d, players are p1, p2, ...)"
    if kind is None:
        return f"nothing follows {actor!r}"
    kinds = DEALER_KINDS if actor == "d" else PLAYER_KINDS
    if kind not in kinds:
        expected = ", ".join(sorted(kinds))
        return f"{kind!r} is not a {'dealer' if actor == 'd' else 'player'} action ({expected})"
    return f"{kind!r} is written {_USAGE[kind]!r}"


def _player(word: str, text: str) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None:
        raise _bad(text, f"{word!r} is not a player (players are p1, p2, ..., counted from 1)")
    return int(match.group(1)) - 1


def _cards(word: str, text: str) -> tuple[int | None, ...]:
    if _CARD_RUN.fullmatch(word) is None:
        raise _bad(
            text,
            f"{word!r} is not a run of PHH cards (rank 2-9, T, J, Q, K or A and suit c, d, h "
            "or s, or ?? for an unknown card, written together as in AsKd)",
        )
    tokens = [word[i : i + 2] for i in range(0, len(word), 2)]
    cards = tuple(None if token == UNKNOWN_CARD else Card.parse(token) for token in tokens)
    known = [card for card in cards if card is not None]
    if len(set(known)) != len(known):
        raise _bad(text, f"{word!r} holds the same card twice")
    return cards


def _amount(word: str, text: str) -> int:
    if _AMOUNT.fullmatch(word) is None:
        raise _bad(text, f"{word!r} is not a chip amount")
    value = Decimal(word)
    if value != value.to_integral_value():
        raise MalformedInputError(
            f"bad PHH action {text!r}: floorman counts chips in whole units, not {word}",
            constraint="phh-chips",
        )
    if not value:
        raise _bad(text, "a completion, bet or raise goes to a positive amount")
    return int(value)


def _bad(text: str, reason: str) -> MalformedInputError:
    return MalformedInputError(f"bad PHH action {text!r}: {reason}", constraint="phh-action")
