"""What a live table adds to a hand's history: rulings, held out-of-turn actions, the director's
decisions, the board's repair plan.

A live hand's history interleaves these with the engine's own events
(:mod:`floorman.engine.events`). Like those, they record facts and are folded without checks:
each carries what its fold needs (a ruling's ``effects`` count says how many engine events that
follow it are its doing, so an override can withdraw them). Every one has a stable ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from floorman.engine.actions import PlayerAction
from floorman.live.irregularities.reports import Report
from floorman.rules.ruling import RuleRef, Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingMade:
    """An automatic ruling on a dealer's report, followed by its ``effects`` engine events.

    ``outcome`` names what was decided (``misdeal``, ``dead``, ``live``...); ``alternatives``
    are the outcomes the director may put in its place (TDA R1).
    """

    kind: ClassVar[str] = "ruling-made"
    id: str
    ruling: Ruling
    outcome: str
    alternatives: tuple[str, ...] = ()
    seat: int | None = None
    report: Report | None = None
    withdrawn: int = 0
    """Engine events taken back first (board cards the repair returns to the stub)."""
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfTurnHeld:
    """An action out of turn, held until the turn reaches ``seat`` (TDA R53-A).

    ``facing`` is the street's highest bet when he acted: if it is the same when his turn
    comes, the action binds; ``skipped`` is the seat whose turn it was.
    """

    kind: ClassVar[str] = "out-of-turn-held"
    seat: int
    action: PlayerAction
    facing: int
    skipped: int
    street: int
    ruling: Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfTurnBound:
    """Substantial action followed the out-of-turn actions held against ``skipped``: they bind
    whatever happens, and the skipped hand goes to the director (TDA R53-B)."""

    kind: ClassVar[str] = "out-of-turn-bound"
    skipped: int
    seats: tuple[int, ...]
    ruling: Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfTurnSettled:
    """The turn reached a held action: ``applied`` (it binds) or released (the action to him
    changed: he has every option again). ``forfeit``: chips of the released action that stay in
    the pot whatever he does now (Belarus 4.10)."""

    kind: ClassVar[str] = "out-of-turn-settled"
    seat: int
    applied: bool
    ruling: Ruling
    forfeit: int = 0
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Reading:
    """What one option of a pending ruling does when chosen: the action the seat then takes,
    and the chips that first go to the pot as dead money (an undercall given up, TDA R51-B)."""

    option: str
    action: PlayerAction | None
    ruling: Ruling
    forfeit: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingPending:
    """A point the rules leave to the director: play waits for his choice among ``options``."""

    kind: ClassVar[str] = "ruling-pending"
    id: str
    topic: str
    """What is to be decided (``skipped-seat``, ``deck-defect``...): what the options act on."""
    question: str
    options: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    seat: int | None = None
    readings: tuple[Reading, ...] = ()
    """The dealer assist's readings (topic ``assist``): the chosen one is played for ``seat``."""
    cards: tuple[int, ...] = ()
    """The cards a granted request turns up (topic ``show-request``, TDA R18)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingResolved:
    """The director chose ``option`` for a pending ruling, with his reason."""

    kind: ClassVar[str] = "ruling-resolved"
    id: str
    option: str
    by: str
    reason: str
    rule: RuleRef
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingOverridden:
    """The director put ``outcome`` in place of an automatic ruling, with his reason (TDA R1).
    ``withdrawn`` engine events of the old outcome stop counting; ``effects`` follow."""

    kind: ClassVar[str] = "ruling-overridden"
    id: str
    outcome: str
    by: str
    reason: str
    rule: RuleRef
    withdrawn: int = 0
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardPlanned:
    """How the next board deals go after a board error (TDA R39, RP-5; Poland §27 II; Belarus
    6.6): which cards are out of play until when, and what is burned before the next streets.

    ``burns`` maps a street to the cards the dealer burns before it (``None`` for an unseen
    card): an empty tuple means no burn, a street left out burns one card as usual.
    ``preburned`` maps a street to a card already burned for it.
    """

    kind: ClassVar[str] = "board-planned"
    steps: tuple[str, ...]
    """What the dealer does, in order, in plain words."""
    out_of_play: tuple[int, ...] = ()
    """Cards set aside: they may not be dealt until they go back into the stub."""
    back_after: int | None = None
    """The street after whose betting the set-aside cards go back into the stub; ``None``:
    they are back for the next deal."""
    burned: tuple[int, ...] = ()
    """Cards burned outside the engine's record (an extra burn): never dealt again."""
    burns: tuple[tuple[int, int], ...] = ()
    """(street, cards to burn before it) where it is not the usual one."""
    preburned: tuple[tuple[int, int], ...] = field(default=())
    """(street, card) already burned for that street: the dealer burns nothing more."""
    kept: tuple[int, ...] = ()
    """Board cards of the next street already chosen (TDA R39-B): the dealer adds the rest."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCalled:
    """``seat``, the player to act, was put on the clock at ``at`` (seconds on the table's
    clock) by a player or an official: ``seconds``, then a ``countdown`` (TDA R29, Belarus
    7.1.7 note, Poland §5, PokerStars Live 3.11)."""

    kind: ClassVar[str] = "clock-called"
    seat: int
    by: str
    """``player`` or ``official``."""
    at: float
    seconds: int
    countdown: int
    rule: RuleRef

    @property
    def deadline(self) -> float:
        """When the countdown ends."""
        return self.at + self.seconds + self.countdown


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockExpired:
    """The countdown ended at ``at`` without an action: the engine's clock expiry follows
    (``effects`` events: a fold, or a check where the profile allows one)."""

    kind: ClassVar[str] = "clock-expired"
    seat: int
    at: float
    ruling: Ruling
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfTurnOverridden:
    """The director overrode how a held action out of turn settled (TDA R1 with R53): a bound
    action ruled not binding (the chips go back; ``instead`` is what the player does in turn),
    or a released one bound. It stands where the settlement stood; the hand's later history was
    replayed after it (:mod:`floorman.live.director.out_of_turn_override`). ``effects`` engine
    events
    follow: the bound action, or the action taken ``instead``."""

    kind: ClassVar[str] = "out-of-turn-overridden"
    seat: int
    action: PlayerAction
    """The held action out of turn the override is about."""
    binding: bool
    instead: PlayerAction | None
    by: str
    reason: str
    rules: tuple[RuleRef, ...]
    """The director's rule (R1), then the out-of-turn rule (R53-A)."""
    effects: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorOverridden:
    """The director put his own ruling in place of one the live hand made by itself (TDA R1):
    a clock expiry, a dealer-assist reading applied at once, a board repair, cards kept back,
    a pot awarded again. It stands where the overridden ruling stood; the hand's later history
    was replayed after it (:mod:`floorman.live.director.overrides`). ``effects`` engine events
    follow: the action in time or read instead, the void, the cards shown."""

    kind: ClassVar[str] = "director-overridden"
    subject: str
    """What was overridden: ``clock-expiry``, ``assist-reading``, ``board-repair``,
    ``kept-back``, ``reawarded``."""
    choice: str
    """What the director put in its place."""
    overridden: Ruling
    """The automatic ruling overridden."""
    seat: int | None = None
    ruling_id: str | None = None
    """The overridden ruling's id, when it had one."""
    instead: PlayerAction | None = None
    """The action played in its place, if any."""
    by: str
    reason: str
    rules: tuple[RuleRef, ...]
    """The director's rule (R1), then the overridden ruling's own."""
    effects: int = 0


LiveEvent = (
    RulingMade
    | OutOfTurnHeld
    | OutOfTurnBound
    | OutOfTurnSettled
    | OutOfTurnOverridden
    | RulingPending
    | RulingResolved
    | RulingOverridden
    | BoardPlanned
    | ClockCalled
    | ClockExpired
    | DirectorOverridden
)
