"""Ruling messages of the live table's other irregularities
(:mod:`floorman.live.director.table_rulings`,
:mod:`floorman.live.irregularities.after_award`, :mod:`floorman.live.counting`): English templates,
translated
in the gettext catalogues with the others. :data:`floorman.rules.message_templates.TEMPLATES`
includes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

TABLE_TEMPLATES: Final[Mapping[str, tuple[str, ...]]] = {
    "device-dead": ("seat {seat} used a device with a live hand: his hand is dead",),
    "device-all-in": ("seat {seat} used a device while all-in: his hand stays live",),
    "device-penalty": ("seat {seat} used a device at the table: the penalty is the floor's",),
    "up-cards-live": ("seat {seat} faces no bet: his hand stays live",),
    "shown-out-of-turn": ("seat {seat} showed out of turn: his cards stand as shown",),
    "shown-out-of-turn-all-show": (
        "seat {seat} showed out of turn: every hand still to show must be shown",
    ),
    "must-show": ("a hand was shown out of turn: seat {seat} must show his cards",),
    "muck-retrieved": (
        "seat {seat}'s mucked hand can be told apart: it is taken back to be shown",
    ),
    "muck-conceded": ("seat {seat} mucked before showing: his hand is dead",),
    "tabled-hand-live": ("seat {seat}'s hand was tabled: it cannot be killed",),
    "award-stands": ("the pot was awarded: the result stands",),
    "lone-wrong-count": (
        "seat {seat} held a wrong number of cards: the pot goes to the others who played",
    ),
    "found-chips-director": (
        "chips found after an all-in: the director rules what they count for",
    ),
    "found-chips-kept": ("seat {seat} won: the chips found are his, nobody having called them",),
    "found-chips-committed": (
        "seat {seat}'s chips found were part of his all-in: the winner takes what he covered",
    ),
    "stud-second-up-burned": (
        "a second card dealt face up is burned and replaced by a card dealt face down",
    ),
    "damaged-face-up": (
        "the damaged card is face up: the hand is played to the end, then the deck is changed",
    ),
    "folding-exposure": (
        "seat {seat} showed a card as he folded: his hand is dead and all of it is shown",
    ),
    "unclear-exposure": (
        "nobody can tell which of seat {seat}'s cards was seen: his whole hand is shown",
    ),
    "shown-out-of-hand-kept-back": (
        "seat {seat} showed cards to seat {to}, who has no live hand:"
        " they are shown to the others after the hand, if they ask",
    ),
    "shown-after-hand": (
        "seat {by} asks: the cards seat {seat} showed during the hand are turned up",
    ),
    "extra-cards-returned": (
        "seat {seat} keeps the top card and his {extra} extra cards go back on the stub",
    ),
    "count-for-live-hands": (
        "seat {seat} holds no live hand: the dealer counts for live hands only",
    ),
    "bet-counted": ("seat {seat}'s wager is {amount}",),
    "feigned-bet": (
        "seat {seat} picked up chips and then checked: the floor may hold him to a bet of {to}",
    ),
}
