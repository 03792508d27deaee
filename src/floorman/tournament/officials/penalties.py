"""Penalties: each rulebook's scale, who may give what, and the hands an entry has left to serve.

The rulebooks agree on the kinds of penalty (a warning, missed hands, missed rounds, time away,
disqualification) and on what a missed round is: one hand for every player at the table, the
offender included, for each round (TDA R71-A and D10, Belarus 7.1.2's note, PokerStars Live
6.9.1, Poland §7.2.3a, RedCactus 71). They differ in the tariff (Belarus 7.1 fixes one per
offence, the TDA leaves it to the director, R71-A: repeats escalate), in who may give a penalty
(Belarus 7.2.1/7.2.2: a judge warns and sits players out, only the chief judge disqualifies),
in the limits (Poland §7.2.2: 1 to 3 missed hands; §7.2.3a: a round times 1 to 4) and in where
the player waits. Those differences are data: one catalogue per profile,
``floorman/rules/data/<profile>.penalties.toml``, read by :mod:`.penalty_catalogue` (which
describes its format) into the values defined here.

The ledger is pure data: the tournament folds penalties given and hands served into it, and
nothing in it belongs to a table, so a penalty follows the entry across table moves and days
(PokerStars Live 6.9.4: 16 hands given, 5 served, 11 carried over).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Generic, NoReturn, TypeVar

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef, Ruling

T = TypeVar("T")


class PenaltyKind(StrEnum):
    WARNING = "warning"
    MISSED_HANDS = "missed-hands"
    MISSED_ROUNDS = "missed-rounds"
    """One hand per player at the table (offender included) for each round (TDA R71-A)."""
    DISQUALIFICATION = "disqualification"
    TIME = "time"
    """Minutes away from the table (Poland §7.2.3b)."""
    KILLED_HAND = "killed-hand"
    """His hand is declared dead (PokerStars Live 6.9.1). Given between hands, it is the next
    hand he is dealt: one hand to sit out, served like a missed hand."""
    ELIMINATION = "elimination"
    """Out of the event with the place of the moment and its prize (PokerStars Live 6.9.5)."""
    EVENT_BAN = "event-ban"
    SPONSOR_BAN = "sponsor-ban"
    """Bans from the event or from every event of its sponsor (PokerStars Live 6.9.1): the
    player may not enter this event again (``Serving.ban_refuses_entry``); other events are
    the organiser's."""


COUNTED = frozenset({PenaltyKind.MISSED_HANDS, PenaltyKind.MISSED_ROUNDS, PenaltyKind.TIME})
"""Kinds that carry an amount; the others do not."""
TAKES_OUT = frozenset({PenaltyKind.DISQUALIFICATION, PenaltyKind.ELIMINATION})
"""Kinds that end the player's event."""
BANS = frozenset({PenaltyKind.EVENT_BAN, PenaltyKind.SPONSOR_BAN})
"""Kinds that keep the player from entering the event again."""


class Role(StrEnum):
    """An official who may give penalties."""

    JUDGE = "judge"
    CHIEF_JUDGE = "chief-judge"
    FLOOR = "floor"
    DIRECTOR = "director"


class AwayFrom(StrEnum):
    """Where a player serving a penalty must keep away from."""

    TABLE = "table"
    """His own table (TDA R71-C)."""
    ALL_TABLES = "all-tables"
    """Every tournament table (Poland §7.2.3)."""
    TOURNAMENT_AREA = "tournament-area"
    """The whole tournament area (PokerStars Live 6.9.3)."""


_UNITS = {
    "hand": PenaltyKind.MISSED_HANDS,
    "round": PenaltyKind.MISSED_ROUNDS,
    "minute": PenaltyKind.TIME,
}
_STEP = re.compile(r"([1-9][0-9]*)-(hand|round|minute)s?")
_UNCOUNTED = frozenset(k.value for k in PenaltyKind if k not in COUNTED)


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """One penalty: its kind, how many hands, rounds or minutes, and the offence and rule."""

    kind: PenaltyKind
    amount: int = 0
    """Hands, rounds or minutes for a counted kind; 0 for a warning or a disqualification."""
    offence: str = ""
    rule: str = ""

    def __post_init__(self) -> None:
        counted = self.kind in COUNTED
        if counted != (self.amount > 0) or self.amount < 0:
            wanted = "an amount of 1 or more" if counted else "no amount"
            raise MalformedInputError(
                f"a {self.kind} penalty has {wanted}, not {self.amount}",
                constraint="penalty-amount",
            )

    @classmethod
    def parse(cls, step: str, *, offence: str = "", rule: str = "") -> Penalty:
        """Read a scale step: a kind without an amount (``warning``, ``disqualification``,
        ``elimination``...) or a count and a unit (``2-rounds``, ``1-hand``)."""
        if step in _UNCOUNTED:
            return cls(kind=PenaltyKind(step), offence=offence, rule=rule)
        match = _STEP.fullmatch(step)
        if match is None:
            raise MalformedInputError(
                f"{step!r} is not a penalty: write one of {', '.join(sorted(_UNCOUNTED))}, "
                "or a count and hands, rounds or minutes such as 2-rounds",
                constraint="penalty-step",
            )
        return cls(kind=_UNITS[match[2]], amount=int(match[1]), offence=offence, rule=rule)

    @property
    def step(self) -> str:
        """The penalty as a scale step; ``Penalty.parse(p.step)`` gives it back."""
        if self.kind not in COUNTED:
            return str(self.kind)
        unit = next(u for u, k in _UNITS.items() if k is self.kind)
        return f"{self.amount}-{unit}{'s' if self.amount > 1 else ''}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Cited(Generic[T]):
    """A setting of a catalogue and the rule it comes from."""

    value: T
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Serving:
    """How a penalty is served in this rulebook."""

    away_from: Cited[AwayFrom]
    forced_bets_posted: Cited[bool]
    """His seat is dealt in, his forced bets taken and his hand killed (TDA R71-C)."""
    disqualified_buy_in_in_pool: Cited[bool] | None = None
    """A disqualified player's buy-in stays in the prize pool (PokerStars Live 6.9.6);
    ``None`` where the book does not say."""
    eliminated_paid: Cited[bool] | None = None
    """A player eliminated as a penalty is paid the prize of his place (PokerStars Live 6.9.5:
    only a disqualification forfeits winnings); ``None`` where the book has no elimination."""
    ban_refuses_entry: Cited[bool] | None = None
    """An event or sponsor ban refuses his later registrations and re-entries in the same
    event (PokerStars Live 6.9.1); ``None`` where the book has no bans."""
    carried_over: Cited[bool] | None = None
    """Penalty hands not served by the end of a day are served on the next (PokerStars Live
    6.9.4); ``None`` where the book does not say, and floorman carries them all the same,
    citing the general rule: a penalty is the player's, not the day's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Offence:
    id: str
    rule: str
    title: str
    steps: tuple[Penalty, ...]
    forfeits_chips: bool = False
    """The chips he hid are forfeited and leave play whatever the penalty (TDA R63)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Power:
    role: Role
    kinds: frozenset[PenaltyKind]
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingPower:
    """An official who may put a ruling on the record, and the rule that lets him."""

    role: Role
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Limit:
    kind: PenaltyKind
    most: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCatalogue:
    """A rulebook's penalties: the scale per offence, the officials' powers and limits."""

    profile: str
    serving: Serving
    powers: tuple[Power, ...]
    limits: tuple[Limit, ...] = ()
    offences: tuple[Offence, ...] = ()
    rulings: tuple[RulingPower, ...] = ()

    def offence(self, offence_id: str) -> Offence:
        for offence in self.offences:
            if offence.id == offence_id:
                return offence
        known = ", ".join(o.id for o in self.offences)
        raise MalformedInputError(
            f"{self.profile} has no offence {offence_id!r}; it has {known}",
            constraint="penalty-offence",
        )


# --- the scale ---------------------------------------------------------------------------------


def hands_to_miss(penalty: Penalty, players_at_table: int, *, counts_offender: bool = True) -> int:
    """Hands the offender sits out: a round is one hand per player at the table, himself
    included unless ``counts_offender`` is false (TDA R71-A, D10: 8 players, 2 rounds, 16);
    a killed hand is the one next hand (PokerStars Live 6.9.1).

    ``players_at_table`` is counted when the penalty is given (TDA ambiguity A27, PokerStars
    Live A22), so later moves do not change it. Warnings, time away, bans and disqualification
    make no hands to sit out.
    """
    if players_at_table < 1 + (not counts_offender):
        raise MalformedInputError(
            f"{players_at_table} players at the table, the offender included, is too few",
            constraint="players-at-table",
        )
    if penalty.kind is PenaltyKind.MISSED_HANDS:
        return penalty.amount
    if penalty.kind is PenaltyKind.MISSED_ROUNDS:
        return penalty.amount * (players_at_table - (not counts_offender))
    return int(penalty.kind is PenaltyKind.KILLED_HAND)


def escalate(catalogue: PenaltyCatalogue, offence_id: str, previous: int) -> Penalty:
    """The scale's penalty for an offence committed ``previous`` times before; past the last
    step the last step again (Belarus 7.1: "2 or more times"; TDA R71-A: repeats escalate)."""
    if previous < 0:
        raise MalformedInputError(
            f"previous offences must be 0 or more, not {previous}", constraint="penalty-count"
        )
    steps = catalogue.offence(offence_id).steps
    return steps[min(previous, len(steps) - 1)]


def check_power(catalogue: PenaltyCatalogue, role: Role | str, penalty: Penalty) -> None:
    """Refuse a penalty the official may not give, or one beyond the book's limits, citing
    the rule that gives the power (Belarus 7.2.2: only the chief judge disqualifies)."""
    acting = _role(role)
    granted = next((p for p in catalogue.powers if p.role is acting), None)
    if granted is None or penalty.kind not in granted.kinds:
        _refuse_power(catalogue, acting, penalty, granted)
    for limit in catalogue.limits:
        if limit.kind is penalty.kind and penalty.amount > limit.most:
            raise IllegalActionError(
                Ruling(
                    RuleRef(catalogue.profile, limit.rule),
                    "penalty-limit",
                    f"a {limit.kind} penalty is at most {limit.most}, not {penalty.amount}",
                    (("kind", str(limit.kind)), ("most", limit.most), ("amount", penalty.amount)),
                )
            )


def _role(role: Role | str) -> Role:
    try:
        return Role(role)
    except ValueError:
        choices = ", ".join(r.value for r in Role)
        raise MalformedInputError(
            f"{role!r} is not an official role; the roles are {choices}", constraint="penalty-role"
        ) from None


def _refuse_power(
    catalogue: PenaltyCatalogue, acting: Role, penalty: Penalty, granted: Power | None
) -> NoReturn:
    holder = next((p for p in catalogue.powers if penalty.kind in p.kinds), None)
    cited = holder or granted or catalogue.powers[0]
    holder_role = str(holder.role) if holder is not None else ""
    who = f"; that is for the {holder_role}" if holder_role else ""
    raise IllegalActionError(
        Ruling(
            RuleRef(catalogue.profile, cited.rule),
            "penalty-power",
            f"a {acting} may not give a {penalty.kind} penalty{who}",
            (("role", str(acting)), ("kind", str(penalty.kind)), ("holder", holder_role)),
        )
    )


# --- the ledger --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """One entry's penalties, in the order given, and the hands he has left to sit out."""

    entry: str
    penalties: tuple[Penalty, ...] = ()
    hands_left: int = 0

    def offences(self, offence_id: str) -> int:
        """How many times he was penalised for this offence: the count :func:`escalate`
        takes (repeats are counted per offence within the event, Belarus decision)."""
        return sum(p.offence == offence_id for p in self.penalties)

    @property
    def disqualified(self) -> bool:
        return any(p.kind is PenaltyKind.DISQUALIFICATION for p in self.penalties)


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyLedger:
    """Every entry's penalty record; entries never penalised have an empty one."""

    records: tuple[PenaltyRecord, ...] = ()

    def record(self, entry: str) -> PenaltyRecord:
        for record in self.records:
            if record.entry == entry:
                return record
        return PenaltyRecord(entry=entry)

    def serving(self, entry: str) -> bool:
        """He sits out the next hand: dealt in, forced bets taken, hand killed (R71-C)."""
        return self.record(entry).hands_left > 0

    def with_record(self, record: PenaltyRecord) -> PenaltyLedger:
        """A copy with this entry's record replaced (or added)."""
        others = tuple(r for r in self.records if r.entry != record.entry)
        return PenaltyLedger(records=(*others, record))


def give(
    ledger: PenaltyLedger,
    entry: str,
    penalty: Penalty,
    *,
    players_at_table: int,
    counts_offender: bool = True,
) -> PenaltyLedger:
    """Record a penalty and add the hands it makes him sit out to those still owed."""
    record = ledger.record(entry)
    if record.disqualified:
        raise MalformedInputError(
            f"{entry} is disqualified and can be penalised no further",
            constraint="penalty-disqualified",
        )
    hands = hands_to_miss(penalty, players_at_table, counts_offender=counts_offender)
    return ledger.with_record(
        replace(
            record,
            penalties=(*record.penalties, penalty),
            hands_left=record.hands_left + hands,
        )
    )


def serve_hand(ledger: PenaltyLedger, entry: str, *, redeal: bool = False) -> PenaltyLedger:
    """One hand of his penalty served, at whatever table he now sits; call it for each deal
    whose hand was killed because :meth:`PenaltyLedger.serving` said so.

    ``redeal`` is true for the re-deal of a misdealt hand: the re-deal kills the same hands as
    the deal it replaces, and the two count as one hand (TDA R35-C, D11), already counted at
    the first deal, so nothing more is served.
    """
    if redeal:
        return ledger
    record = ledger.record(entry)
    if record.hands_left == 0:
        raise MalformedInputError(
            f"{entry} has no penalty hands left to serve", constraint="penalty-nothing-to-serve"
        )
    return ledger.with_record(replace(record, hands_left=record.hands_left - 1))
