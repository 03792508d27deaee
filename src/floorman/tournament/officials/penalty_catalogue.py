"""Penalty catalogues read from the profiles' data files: one per profile,
``floorman/rules/data/<profile>.penalties.toml``, in this format::


    profile = "belarus-sport"

    [serving]                       # how a penalty is served; each value cites its rule
    away_from = { value = "table", rule = "7.2.1" }    # table | all-tables | tournament-area
    forced_bets_posted = { value = true, rule = "6.4.4" }
    disqualified_buy_in_in_pool = { value = true, rule = "6.9.6" }   # optional
    eliminated_paid = { value = true, rule = "6.9.5" }  # needed where elimination is given
    ban_refuses_entry = { value = true, rule = "6.9.1" }  # needed where bans are given
    carried_over = { value = true, rule = "6.9.4" }  # optional: unserved hands go to the next day

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
``director``; kinds are the values of :class:`~.penalties.PenaltyKind`. Everything read is
checked and an unknown or bad key is refused naming it (constraint ``penalty-key:<key>``), so
a catalogue never loads half right.

Apart from :mod:`.penalties` (the scale and the ledger) because reading and checking a file
is a concern of its own, and the tournament only ever needs the values it yields.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

from floorman.errors import MalformedInputError, refuse
from floorman.rules.loader import PENALTIES_SUFFIX
from floorman.tournament.officials.penalties import (
    BANS,
    COUNTED,
    AwayFrom,
    Cited,
    Limit,
    Offence,
    Penalty,
    PenaltyCatalogue,
    PenaltyKind,
    Power,
    Role,
    RulingPower,
    Serving,
)

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState

T = TypeVar("T")


@cache
def catalogue(profile: str) -> PenaltyCatalogue:
    """The penalty catalogue shipped with ``profile`` (read once: it is package data)."""
    return load_catalogue(profile)


def catalogue_of(state: TournamentState) -> PenaltyCatalogue:
    """The event's catalogue: its venue's (``penalty_profile``) or its rulebook's."""
    config = state.config_
    return catalogue(config.penalty_profile or config.ruleset.profile)


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
        refuse(f"{source}: not TOML: {error}", "penalty-key:toml")
    _only(table, {"profile", "serving", "powers", "limits", "rulings", "offence"}, source, "")
    profile = table.get("profile")
    if not isinstance(profile, str) or not profile:
        refuse(f"{source}: profile must be a profile id", "penalty-key:profile")
    offences = tuple(_offence(e, source) for e in _list(table, "offence", source))
    ids = [o.id for o in offences]
    if len(set(ids)) != len(ids):
        refuse(f"{source}: offence ids must be unique", "penalty-key:offence.id")
    serving = _serving(_table(table, "serving", source), source)
    powers = tuple(
        _power(role, entry, source) for role, entry in _table(table, "powers", source).items()
    )
    if serving.eliminated_paid is None and any(PenaltyKind.ELIMINATION in p.kinds for p in powers):
        refuse(
            f"{source}: elimination is given, so serving.eliminated_paid must say whether it pays",
            "penalty-key:serving.eliminated_paid",
        )
    if serving.ban_refuses_entry is None and any(p.kinds & BANS for p in powers):
        refuse(
            f"{source}: bans are given, so serving.ban_refuses_entry must say what they refuse",
            "penalty-key:serving.ban_refuses_entry",
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
    keys = {
        "away_from",
        "forced_bets_posted",
        "disqualified_buy_in_in_pool",
        "eliminated_paid",
        "ban_refuses_entry",
        "carried_over",
    }
    _only(table, keys, source, "serving.")
    buy_in = table.get("disqualified_buy_in_in_pool")
    paid = table.get("eliminated_paid")
    bans = table.get("ban_refuses_entry")
    carried = table.get("carried_over")
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
        ban_refuses_entry=None
        if bans is None
        else _cited(bans, bool, source, "serving.ban_refuses_entry"),
        carried_over=None
        if carried is None
        else _cited(carried, bool, source, "serving.carried_over"),
    )


def _cited(entry: object, kind: type[T], source: str, key: str) -> Cited[T]:
    if not isinstance(entry, dict) or set(entry) != {"value", "rule"}:
        refuse(f"{source}: {key} must be {{ value = ..., rule = ... }}", f"penalty-key:{key}")
    value, rule = entry["value"], _rule(entry["rule"], source, key)
    if issubclass(kind, StrEnum):
        if value not in {m.value for m in kind}:
            refuse(
                f"{source}: {key} must be one of {', '.join(m.value for m in kind)}",
                f"penalty-key:{key}",
            )
        return Cited(value=kind(value), rule=rule)
    if not isinstance(value, kind):
        refuse(f"{source}: {key} must be {kind.__name__}", f"penalty-key:{key}")
    return Cited(value=value, rule=rule)


def _role_key(role: str, source: str, key: str) -> Role:
    if role not in {r.value for r in Role}:
        refuse(f"{source}: unknown role {role!r}", f"penalty-key:{key}")
    return Role(role)


def _only_rule(entry: object, source: str, key: str) -> object:
    if not isinstance(entry, dict) or set(entry) != {"rule"}:
        refuse(f"{source}: {key} must be {{ rule = ... }}", f"penalty-key:{key}")
    return entry["rule"]


def _power(role: str, entry: object, source: str) -> Power:
    key = f"powers.{role}"
    _role_key(role, source, key)
    if not isinstance(entry, dict) or set(entry) != {"kinds", "rule"}:
        refuse(f"{source}: {key} must be {{ kinds = [...], rule = ... }}", f"penalty-key:{key}")
    kinds = entry["kinds"]
    if not isinstance(kinds, list) or not kinds or not set(kinds) <= {k.value for k in PenaltyKind}:
        refuse(f"{source}: {key}.kinds must list penalty kinds", f"penalty-key:{key}")
    return Power(
        role=Role(role),
        kinds=frozenset(PenaltyKind(k) for k in kinds),
        rule=_rule(entry["rule"], source, key),
    )


def _limit(kind: str, entry: object, source: str) -> Limit:
    key = f"limits.{kind}"
    if kind not in {k.value for k in COUNTED}:
        refuse(
            f"{source}: only missed hands, missed rounds and time have limits", f"penalty-key:{key}"
        )
    if not isinstance(entry, dict) or set(entry) != {"most", "rule"}:
        refuse(f"{source}: {key} must be {{ most = N, rule = ... }}", f"penalty-key:{key}")
    most = entry["most"]
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        refuse(f"{source}: {key}.most must be 1 or more", f"penalty-key:{key}")
    return Limit(kind=PenaltyKind(kind), most=most, rule=_rule(entry["rule"], source, key))


def _offence(entry: object, source: str) -> Offence:
    if not isinstance(entry, dict):
        refuse(f"{source}: each [[offence]] must be a table", "penalty-key:offence")
    _only(entry, {"id", "rule", "title", "steps", "forfeits_chips"}, source, "offence.")
    for key in ("id", "rule", "title"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            refuse(f"{source}: every offence needs a non-empty {key}", f"penalty-key:offence.{key}")
    steps = entry.get("steps")
    if not isinstance(steps, list) or not steps or not all(isinstance(s, str) for s in steps):
        refuse(
            f"{source}: offence {entry['id']}: steps must list penalties",
            "penalty-key:offence.steps",
        )
    try:
        parsed = tuple(Penalty.parse(s, offence=entry["id"], rule=entry["rule"]) for s in steps)
    except MalformedInputError as error:
        refuse(f"{source}: offence {entry['id']}: {error}", "penalty-key:offence.steps")
    forfeits = entry.get("forfeits_chips", False)
    if not isinstance(forfeits, bool):
        refuse(
            f"{source}: offence {entry['id']}: forfeits_chips must be true or false",
            "penalty-key:offence",
        )
    return Offence(
        id=entry["id"],
        rule=entry["rule"],
        title=entry["title"],
        steps=parsed,
        forfeits_chips=forfeits,
    )


def _rule(value: object, source: str, key: str) -> str:
    if not isinstance(value, str) or not value:
        refuse(f"{source}: {key} needs a rule id", f"penalty-key:{key}")
    return value


def _table(
    table: Mapping[str, Any], key: str, source: str, *, required: bool = True
) -> Mapping[str, Any]:
    value = table.get(key, None if required else {})
    if not isinstance(value, dict) or (required and not value):
        refuse(f"{source}: [{key}] must be a table", f"penalty-key:{key}")
    return value


def _list(table: Mapping[str, Any], key: str, source: str) -> list[Any]:
    value = table.get(key, [])
    if not isinstance(value, list):
        refuse(f"{source}: {key} must be an array of tables ([[{key}]])", f"penalty-key:{key}")
    return value


def _only(table: Mapping[str, Any], allowed: set[str], source: str, prefix: str) -> None:
    for key in table:
        if key not in allowed:
            refuse(f"{source}: unknown key {prefix}{key}", f"penalty-key:{prefix}{key}")
