"""The values of the dealer assist: what was said, which chips went in, and what that makes.

A dealer at a live table records two things a player does when it is his turn: the words he
said (a :class:`Declaration`, read from speech by :func:`floorman.live.assist.speech.parse_speech`)
and the chips he pushed (a :class:`ChipPush`). The rules (TDA R40-R61 and their equivalents)
turn them, in the :class:`BettingSituation` read from the engine, into one engine action and
its ruling: an :class:`AssistRuling`. Everything here is a frozen value; the hand is never
touched.

Chips are given as ``(denomination, count)`` pairs so that the rules that look at single chips
(the oversized chip, R44; removing the smallest chip, R45) can see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from floorman.engine.actions import PlayerAction
from floorman.engine.betting import LegalOptions
from floorman.engine.games import Structure
from floorman.errors import MalformedInputError
from floorman.rules.ruleset import Decider as Decider  # its home is the profile's parameters
from floorman.rules.ruling import Ruling

Chips = tuple[tuple[int, int], ...]
"""Chips as ``(denomination, count)`` pairs."""


def chips_value(chips: Chips) -> int:
    return sum(denomination * count for denomination, count in chips)


def chips_count(chips: Chips) -> int:
    return sum(count for _, count in chips)


def check_chips(chips: Chips, what: str) -> None:
    """Refuse a chip list that is not pairs of positive denomination and positive count."""
    for pair in chips:
        if len(pair) != 2 or pair[0] <= 0 or pair[1] <= 0:
            raise MalformedInputError(
                f"{what}: chips are (denomination, count) pairs of positive numbers, not {pair!r}",
                constraint="chips",
            )


class DeclarationKind(StrEnum):
    """What a player said, stripped of its amount (TDA R3 official terms)."""

    NONE = "none"
    """Nothing, or an amount alone ("two hundred": R40-C, as if pushed silently)."""
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    POT = "pot"
    COMPLETE = "complete"
    BRING_IN = "bring-in"
    """Stud: the bring-in said ("bring it in"); elsewhere read as a call of it."""


class Timing(StrEnum):
    """When the words came, measured against the chips (TDA R40-A: the first one defines)."""

    BEFORE = "before"
    WITH = "with"
    """At the same moment: a clear declaration prevails, otherwise the chips do."""
    AFTER = "after"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declaration:
    """A verbal declaration as the dealer heard it.

    ``amount`` is a street total ("raise 8000" means raise to 8000, TDA R43-B) unless ``by``
    says it is added to the bet faced ("raise by 300", "300 more": RedCactus 47-B accepts it).
    ``bare`` marks a number said without its size ("five"), which may mean 500 or 5000 (R57).
    ``clear`` is false when the words were not heard clearly by all (ADD-40-A): the director
    then decides between them and the chips.
    """

    kind: DeclarationKind = DeclarationKind.NONE
    amount: int | None = None
    bare: bool = False
    by: bool = False
    timing: Timing = Timing.BEFORE
    clear: bool = True
    text: str = ""

    def __post_init__(self) -> None:
        if self.amount is not None and self.amount <= 0:
            raise MalformedInputError(
                f"a declared amount must be positive, not {self.amount}", constraint="amount"
            )
        if (self.bare or self.by) and self.amount is None:
            raise MalformedInputError(
                "a bare or added amount needs the amount itself", constraint="amount"
            )

    @property
    def silent(self) -> bool:
        """Nothing was said: neither a word nor an amount."""
        return self.kind is DeclarationKind.NONE and self.amount is None


SILENT = Declaration()
"""A player who said nothing."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FrontChips:
    """The chips of the player's earlier bet of this street, still in front of him (TDA R46).

    ``chips`` are those left in front after any pull-back (they may hold change still due to
    him, like a 1000 chip posted for a 100 blind, ADD-46 situation 2); ``pulled_back`` is the
    value he pulled back into his stack; ``apart`` says he put the new chips apart from them.
    """

    chips: Chips = ()
    pulled_back: int = 0
    apart: bool = False

    def __post_init__(self) -> None:
        check_chips(self.chips, "chips in front")
        if self.pulled_back < 0:
            raise MalformedInputError("chips pulled back cannot be negative", constraint="chips")

    @property
    def value(self) -> int:
        return chips_value(self.chips)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipPush:
    """The chips a player put forward, motion by motion.

    More than one motion without a declaration first is a string bet (TDA R42, R56; Belarus
    4.11). ``front`` describes the chips already in front of him from an earlier bet (``None``:
    untouched, denominations unknown). ``gathered_all`` says he gathered all his chips and
    pushed them forward, which may be read as all-in (ADD-46 situation 5).
    """

    motions: tuple[Chips, ...] = ()
    front: FrontChips | None = None
    gathered_all: bool = False

    def __post_init__(self) -> None:
        for motion in self.motions:
            check_chips(motion, "pushed chips")
        if any(not motion for motion in self.motions):
            raise MalformedInputError("a motion pushes at least one chip", constraint="chips")

    @classmethod
    def of(
        cls, *chips: tuple[int, int], front: FrontChips | None = None, gathered_all: bool = False
    ) -> ChipPush:
        """Chips pushed in one motion: ``ChipPush.of((1000, 1), (100, 5))``."""
        return cls(motions=(tuple(chips),) if chips else (), front=front, gathered_all=gathered_all)

    @property
    def chips(self) -> Chips:
        return tuple(pair for motion in self.motions for pair in motion)

    @property
    def total(self) -> int:
        return chips_value(self.chips)

    @property
    def count(self) -> int:
        return chips_count(self.chips)

    @property
    def is_empty(self) -> bool:
        return not self.motions

    @property
    def is_string(self) -> bool:
        return len(self.motions) > 1


NO_CHIPS = ChipPush()
"""A player who pushed nothing."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BettingSituation:
    """The betting state the actor faces, read from the engine (see ``situation_of``).

    ``current`` is the highest total bet of the street, ``bet`` the actor's own chips in
    front, ``full_raise`` the last full bet or raise increment (the base of the 50% standard,
    R43-A and ADD-45), ``pot`` every chip in the pot and in front of players (R57), ``opening``
    that the bet faced is the round's opening bet (no raise yet; the big blind pre-flop, R51-B).
    """

    options: LegalOptions
    structure: Structure
    current: int
    bet: int
    stack: int
    full_raise: int
    pot: int
    big_blind: int
    players: int
    opening: bool

    def __post_init__(self) -> None:
        values = (self.current, self.bet, self.stack, self.full_raise, self.pot, self.big_blind)
        if min(values) < 0 or self.bet > self.current or self.players < 2:
            raise MalformedInputError(
                "a betting situation has non-negative amounts, a bet no higher than the current"
                " bet and at least two players",
                constraint="situation",
            )

    @property
    def owed(self) -> int:
        """Chips the actor must add to call (more than his stack when he is short)."""
        return self.current - self.bet

    @property
    def all_in_to(self) -> int:
        """The street total of the actor's whole stack."""
        return self.bet + self.stack

    @property
    def call_to(self) -> int:
        """The street total of a call (all-in when he is short of the bet)."""
        return min(self.current, self.all_in_to)

    @property
    def facing_bet(self) -> bool:
        return self.current > self.bet


@dataclass(frozen=True, slots=True, kw_only=True)
class AssistRuling:
    """The action the words and chips amount to, the chips that move, and why.

    ``action`` is the engine action to apply (raise amounts are street totals). ``change`` is
    given back to the player from the chips in front of him, ``add`` is what he must put in on
    top of them, ``forfeit`` stays in the pot though he folds (an undercall given up, R51-B).
    A pending ruling lists in ``choices`` the readings its decider chooses between (each a
    complete ruling); ``action`` is then the default reading, or ``None`` when there is none.
    """

    action: PlayerAction | None
    rulings: tuple[Ruling, ...]
    key: str = ""
    """A short name of this reading (``call``, ``raise``, ``fold-forfeit``...)."""
    change: int = 0
    add: int = 0
    forfeit: int = 0
    choices: tuple[AssistRuling, ...] = ()
    decided_by: Decider | None = None

    @property
    def pending(self) -> bool:
        return bool(self.choices)

    @property
    def ruling(self) -> Ruling:
        """The main ruling: the rule that decided (or, pending, the one that leaves it open)."""
        return self.rulings[0]

    def choose(self, key: str) -> AssistRuling:
        """The reading the director (or the player) picked among the choices.

        :raises MalformedInputError: the ruling is not pending, or ``key`` is not a choice
            (constraint ``choice``).
        """
        for choice in self.choices:
            if choice.key == key:
                return choice
        offered = ", ".join(c.key for c in self.choices) or "none: the ruling is not pending"
        raise MalformedInputError(f"no choice {key!r}; choices: {offered}", constraint="choice")
