"""Ruling messages of a live table's irregularities and the director's rulings (English
templates; the translations are in the gettext catalogues with the others).

Kept apart from :mod:`floorman.rules.messages` so that the live rulings (:mod:`floorman.live`)
can be read in one place; :data:`floorman.rules.messages.TEMPLATES` includes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

LIVE_TEMPLATES: Final[Mapping[str, tuple[str, ...]]] = {
    "misdeal": ("misdeal: every bet is returned and the hand is dealt again",),
    "no-misdeal": ("too late for a misdeal: the hand plays on",),
    "fouled-deck": ("the deck is defective: the hand is void and every bet is returned",),
    "deck-defect-director": ("a defective deck: the director decides whether the hand stands",),
    "boxed-card": ("a boxed card is dead and replaced by the next",),
    "card-replaced": ("the exposed card is replaced and becomes the burn before the flop",),
    "card-exposed": ("seat {seat}'s exposed card is shown to everyone; the hand plays on",),
    "dead-hand": ("seat {seat}'s hand is dead",),
    "dead-at-deal-end": ("seat {seat}'s hand is dead at the end of the deal",),
    "absent-live": ("seat {seat} is away, but his hand stays live",),
    "hand-live": ("seat {seat}'s hand can be told apart: it stays live",),
    "button-short": ("the button gets the missing card",),
    "extra-card-burn": ("the extra card becomes the burn before the flop",),
    "hand-is-over": ("the hand is over",),
    "ruling-pending": ("play waits for the director's ruling {id}",),
    "premature-cards": (
        "cards dealt too early do not count: the street is dealt again after the betting",
    ),
    "four-card-flop": (
        "four flop cards: one is the burn before the turn, the other three are the flop",
    ),
    "board-dealt-again": ("the board cards go back and the street is dealt again",),
    "extra-board-card": ("only the right card stays on the board",),
    "missing-burn": ("no burn was dealt: the cards are put right before any action",),
    "board-stands": ("there was action on these cards: the board stands",),
    "extra-burn": ("a card too many was burned: the deck's order is restored",),
    "no-burn-now": ("no burn before this street: the board plan already burned for it",),
    "out-of-turn-held": ("seat {seat} acted out of turn: the action waits for his turn",),
    "out-of-turn-binds": (
        "the action to seat {seat} did not change: his action out of turn stands",
    ),
    "out-of-turn-released": ("the action to seat {seat} changed: he has every option again",),
    "out-of-turn-chips-stay": ("seat {seat}'s chips put in out of turn stay in the pot",),
    "out-of-turn-bound": (
        "substantial action followed: the actions out of turn stand and the director rules "
        "on seat {seat}",
    ),
    "fold-out-of-turn": ("seat {seat} folded out of turn: the fold is binding",),
    "passive-only": ("seat {seat} may only check, call or fold",),
    "stud-card-turned": ("the exposed card stays face up and the third card is dealt face down",),
    "stud-seventh-replaced": ("the seventh-street card dealt face up is replaced",),
    "dealer-killed": (
        "seat {seat}'s hand was mucked by the dealer: only a bet nobody called goes back",
    ),
    "stub-disordered": (
        "the stub's order was disturbed: it is restored or shuffled face down, then play goes on",
    ),
    "director-ruling": ("the director rules: {option}",),
    "director-override": ("the director overrides the ruling: {outcome}",),
    "director-overridden": ("the director overrides the {subject} ruling: {choice}",),
    "out-of-turn-overridden": (
        "the director overrides seat {seat}'s action out of turn: {choice}",
    ),
    "no-right-to-see": ("seat {seat} gave up his cards: he may not ask to see a hand",),
    "paid-to-see": ("seat {by} called the last bet: seat {seat}'s hand is turned up",),
    "shown-on-request-live": ("seat {seat}'s hand is turned up on request and plays for the pot",),
    "count-estimate": (
        "seat {seat}'s chips are estimated, not counted: an exact count is for his all-in",
    ),
    "count-exact": ("seat {seat}'s all-in is {amount}",),
    "pot-not-counted": ("the dealer spreads the pot: no count",),
    "pot-counted": ("the pot is {amount}",),
    "show-refused": (
        "seat {seat} will not table his whole hand: the floor orders it shown or dead",
    ),
    "dispute-heard": ("the dispute is heard: the director rules on it",),
    "dispute-too-late": ("too late to dispute this hand: it stands",),
    "show-request-director": ("seat {by} asks to see seat {seat}'s hand: the director decides",),
    # the action clock (live/director/action_clock.py)
    "no-clock-now": ("nobody is to act now",),
    "clock-running": ("the clock is already running",),
    "clock-caller": ("this player may not call the clock",),
    "no-clock": ("nobody is on the clock",),
    # a player treated as all-in with chips left (live/irregularities/all_in_choice.py)
    "seventh-up-all-in": (
        "seat {seat}'s seventh card is face up after bets: he is all-in for this round",
    ),
    "seventh-up-choice": (
        "seat {seat}'s seventh card stays face up: he chooses to be all-in or to play on",
    ),
    "heads-up-exposure": (
        "seat {seat} showed his cards heads-up: seat {opponent} chooses how play goes on",
    ),
    "treated-all-in": ("seat {seat} is treated as all-in",),
    "bet-withdrawn": ("seat {seat} takes back {amount} not called",),
}
