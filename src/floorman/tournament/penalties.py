"""Penalties: each rulebook's scale, who may give what, and the hands an entry has left to serve.

The rulebooks agree on the kinds of penalty (a warning, missed hands, missed rounds, time away,
disqualification) and on what a missed round is: one hand for every player at the table, the
offender included, for each round (TDA R71-A and D10, Belarus 7.1.2's note, PokerStars Live
6.9.1, Poland §7.2.3a, RedCactus 71). They differ in the tariff (Belarus 7.1 fixes one per
offence, the TDA leaves it to the director, R71-A: repeats escalate), in who may give a penalty
(Belarus 7.2.1/7.2.2: a judge warns and sits players out, only the chief judge disqualifies),
in the limits (Poland §7.2.2: 1 to 3 missed hands; §7.2.3a: a round times 1 to 4) and in where
the player waits. Those differences are data: one catalogue per profile,
``floorman/rules/data/<profile>.penalties.toml``, in this format::

    profile = "belarus-sport"

    [serving]                       # how a penalty is served; each value cites its rule
    away_from = { value = "table", rule = "7.2.1" }    # table | all-tables | tournament-area
    forced_bets_posted = { value = true, rule = "6.4.4" }
    disqualified_buy_in_in_pool = { value = true, rule = "6.9.6" }   # optional
    eliminated_paid = { value = true, rule = "6.9.5" }  # needed where elimination is given

    [powers]                        # official role -> the kinds of penalty he may give
    judge = { kinds = ["warning", "missed-rounds"], rule = "7.2.1" }
    chief-judge = { kinds = ["warning", "missed-rounds", "disqualification"], rule = "7.2.2" }

    [rulings]                       # optional: official role -> the rule that lets him rule
    chief-judge = { rule = "2.1.3" }

    [limits]                        # optional: the most of a counted kind the book allows
    missed-hands = { most = 3, rule = "§7.2.2" }

    [[offence]]
    id = "delay"                    # stable key, the same across profiles where it can be
    rule = "7.1.7"                  # the rule's id in <profile>.rules.toml
    title = "Unjustified delay"     # English, floorman's own words
    steps = ["warning", "1-round"]  # the scale: first offence, second, ...; the last repeats
    forfeits_chips = true           # optional: the chips in question leave play (TDA R63)

A step is a kind without an amount (``warning``, ``disqualification``, ``elimination``,
``killed-hand``, ``event-ban``, ``sponsor-ban``) or a count and a unit: ``2-hands``,
``1-round``, ``10-minutes``. Roles are ``judge``, ``chief-judge``, ``floor`` and
``director``; kinds are the values of :class:`PenaltyKind`. Everything read is checked and an
unknown or bad key is refused naming it (constraint ``penalty-key:<key>``), so a catalogue
never loads half right.

The ledger is pure data: the tournament folds penalties given and hands served into it, and
nothing in it belongs to a table, so a penalty follows the entry across table moves and days
(PokerStars Live 6.9.4: 16 hands given, 5 served, 11 carried over).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from importlib import resources
from typing import Any, Generic, NoReturn, TypeVar

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.loader import PENALTIES_SUFFIX
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
    """His hand in play is declared dead (PokerStars Live 6.9.1): the live table's to do."""
    ELIMINATION = "elimination"
    """Out of the event with the place of the moment and its prize (PokerStars Live 6.9.5)."""
    EVENT_BAN = "event-ban"
    SPONSOR_BAN = "sponsor-ban"
    """Bans from future events (PokerStars Live 6.9.1): recorded for the organiser."""


COUNTED = frozenset({PenaltyKind.MISSED_HANDS, PenaltyKind.MISSED_ROUNDS, PenaltyKind.TIME})
"""Kinds that carry an amount; the others do not."""
TAKES_OUT = frozenset({PenaltyKind.DISQUALIFICATION, PenaltyKind.ELIMINATION})
"""Kinds that end the player's event."""


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
    included unless ``counts_offender`` is false (TDA R71-A, D10: 8 players, 2 rounds, 16).

    ``players_at_table`` is counted when the penalty is given (TDA ambiguity A27, PokerStars
    Live A22), so later moves do not change it. Warnings, time away and disqualification make
    no hands to sit out.
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
    return 0


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


# --- loading -----------------------------------------------------------------------------------


def load_catalogue(profile: str) -> PenaltyCatalogue:
    """The penalty catalogue shipped with a profile (``<profile>.penalties.toml``)."""
    name = f"{profile}{PENALTIES_SUFFIX}"
    path = resources.files("floorman.rules") / "data" / name
    if not path.is_file():
        raise MalformedInputError(
            f"no penalty catalogue for profile {profile!r}", constraint="penalty-profile"
        )
    return parse_catalogue(path.read_text(encoding="utf-8"), source=name)


def parse_catalogue(text: str, *, source: str) -> PenaltyCatalogue:
    """Read and check a penalty catalogue (format in this module's docstring)."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        _bad(f"{source}: not TOML: {error}", "toml")
    _only(table, {"profile", "serving", "powers", "limits", "rulings", "offence"}, source, "")
    profile = table.get("profile")
    if not isinstance(profile, str) or not profile:
        _bad(f"{source}: profile must be a profile id", "profile")
    offences = tuple(_offence(e, source) for e in _list(table, "offence", source))
    ids = [o.id for o in offences]
    if len(set(ids)) != len(ids):
        _bad(f"{source}: offence ids must be unique", "offence.id")
    serving = _serving(_table(table, "serving", source), source)
    powers = tuple(
        _power(role, entry, source) for role, entry in _table(table, "powers", source).items()
    )
    if serving.eliminated_paid is None and any(PenaltyKind.ELIMINATION in p.kinds for p in powers):
        _bad(
            f"{source}: elimination is given, so serving.eliminated_paid must say whether it pays",
            "serving.eliminated_paid",
        )
    return PenaltyCatalogue(
        profile=profile,
        serving=serving,
        powers=powers,
        rulings=tuple(
            RulingPower(
                role=_role_key(role, source, f"rulings.{role}"),
                rule=_rule(_only_rule(entry, source, f"rulings.{role}"), source, f"rulings.{role}"),
            )
            for role, entry in _table(table, "rulings", source, required=False).items()
        ),
        limits=tuple(
            _limit(kind, entry, source)
            for kind, entry in _table(table, "limits", source, required=False).items()
        ),
        offences=offences,
    )


def _serving(table: Mapping[str, Any], source: str) -> Serving:
    keys = {"away_from", "forced_bets_posted", "disqualified_buy_in_in_pool", "eliminated_paid"}
    _only(table, keys, source, "serving.")
    buy_in = table.get("disqualified_buy_in_in_pool")
    paid = table.get("eliminated_paid")
    return Serving(
        away_from=_cited(table.get("away_from"), AwayFrom, source, "serving.away_from"),
        forced_bets_posted=_cited(
            table.get("forced_bets_posted"), bool, source, "serving.forced_bets_posted"
        ),
        disqualified_buy_in_in_pool=None
        if buy_in is None
        else _cited(buy_in, bool, source, "serving.disqualified_buy_in_in_pool"),
        eliminated_paid=None
        if paid is None
        else _cited(paid, bool, source, "serving.eliminated_paid"),
    )


def _cited(entry: object, kind: type[T], source: str, key: str) -> Cited[T]:
    if not isinstance(entry, dict) or set(entry) != {"value", "rule"}:
        _bad(f"{source}: {key} must be {{ value = ..., rule = ... }}", key)
    value, rule = entry["value"], _rule(entry["rule"], source, key)
    if issubclass(kind, StrEnum):
        if value not in {m.value for m in kind}:
            _bad(f"{source}: {key} must be one of {', '.join(m.value for m in kind)}", key)
        return Cited(value=kind(value), rule=rule)
    if not isinstance(value, kind):
        _bad(f"{source}: {key} must be {kind.__name__}", key)
    return Cited(value=value, rule=rule)


def _role_key(role: str, source: str, key: str) -> Role:
    if role not in {r.value for r in Role}:
        _bad(f"{source}: unknown role {role!r}", key)
    return Role(role)


def _only_rule(entry: object, source: str, key: str) -> object:
    if not isinstance(entry, dict) or set(entry) != {"rule"}:
        _bad(f"{source}: {key} must be {{ rule = ... }}", key)
    return entry["rule"]


def _power(role: str, entry: object, source: str) -> Power:
    key = f"powers.{role}"
    _role_key(role, source, key)
    if not isinstance(entry, dict) or set(entry) != {"kinds", "rule"}:
        _bad(f"{source}: {key} must be {{ kinds = [...], rule = ... }}", key)
    kinds = entry["kinds"]
    if not isinstance(kinds, list) or not kinds or not set(kinds) <= {k.value for k in PenaltyKind}:
        _bad(f"{source}: {key}.kinds must list penalty kinds", key)
    return Power(
        role=Role(role),
        kinds=frozenset(PenaltyKind(k) for k in kinds),
        rule=_rule(entry["rule"], source, key),
    )


def _limit(kind: str, entry: object, source: str) -> Limit:
    key = f"limits.{kind}"
    if kind not in {k.value for k in COUNTED}:
        _bad(f"{source}: only missed hands, missed rounds and time have limits", key)
    if not isinstance(entry, dict) or set(entry) != {"most", "rule"}:
        _bad(f"{source}: {key} must be {{ most = N, rule = ... }}", key)
    most = entry["most"]
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        _bad(f"{source}: {key}.most must be 1 or more", key)
    return Limit(kind=PenaltyKind(kind), most=most, rule=_rule(entry["rule"], source, key))


def _offence(entry: object, source: str) -> Offence:
    if not isinstance(entry, dict):
        _bad(f"{source}: each [[offence]] must be a table", "offence")
    _only(entry, {"id", "rule", "title", "steps", "forfeits_chips"}, source, "offence.")
    for key in ("id", "rule", "title"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            _bad(f"{source}: every offence needs a non-empty {key}", f"offence.{key}")
    steps = entry.get("steps")
    if not isinstance(steps, list) or not steps or not all(isinstance(s, str) for s in steps):
        _bad(f"{source}: offence {entry['id']}: steps must list penalties", "offence.steps")
    try:
        parsed = tuple(Penalty.parse(s, offence=entry["id"], rule=entry["rule"]) for s in steps)
    except MalformedInputError as error:
        _bad(f"{source}: offence {entry['id']}: {error}", "offence.steps")
    forfeits = entry.get("forfeits_chips", False)
    if not isinstance(forfeits, bool):
        _bad(f"{source}: offence {entry['id']}: forfeits_chips must be true or false", "offence")
    return Offence(
        id=entry["id"],
        rule=entry["rule"],
        title=entry["title"],
        steps=parsed,
        forfeits_chips=forfeits,
    )


def _rule(value: object, source: str, key: str) -> str:
    if not isinstance(value, str) or not value:
        _bad(f"{source}: {key} needs a rule id", key)
    return value


def _table(
    table: Mapping[str, Any], key: str, source: str, *, required: bool = True
) -> Mapping[str, Any]:
    value = table.get(key, None if required else {})
    if not isinstance(value, dict) or (required and not value):
        _bad(f"{source}: [{key}] must be a table", key)
    return value


def _list(table: Mapping[str, Any], key: str, source: str) -> list[Any]:
    value = table.get(key, [])
    if not isinstance(value, list):
        _bad(f"{source}: {key} must be an array of tables ([[{key}]])", key)
    return value


def _only(table: Mapping[str, Any], allowed: set[str], source: str, prefix: str) -> None:
    for key in table:
        if key not in allowed:
            _bad(f"{source}: unknown key {prefix}{key}", f"{prefix}{key}")


def _bad(message: str, key: str) -> NoReturn:
    raise MalformedInputError(message, constraint=f"penalty-key:{key}")
