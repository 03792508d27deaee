"""An official's ruling put on the tournament's record, checked before it is written.

The floor and the director rule on what players bring them: a player who folded because of a
deliberate miscall may take it to the director, who may rule for fairness even against the
technical rules (Poland §46.3, §1.6; TDA R1 and PokerStars Live 1.1 say the same of every
decision). floorman never takes that decision: it records who ruled, under which rule, what he
decided and why, and which written rule he set aside, so the records and protocols list it
(:func:`floorman.records.extra_events.ruling_record` reads it by its kind). Who may rule is the
profile's (``[rulings]`` of its penalty catalogue: Belarus 2.1.3, the chief judge alone).
A ruling changes nothing the tournament plays by; its effects on chips go through the
commands that move them (a count adjusted with its reason, a penalty).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from floorman.errors import IllegalActionError
from floorman.rules.loader import CATALOGUE_SUFFIX
from floorman.rules.ruling import RuleRef, Ruling
from floorman.tournament.desk.unsold_seats import check_not_unsold
from floorman.tournament.officials.events import RulingRecorded
from floorman.tournament.officials.penalties import Role
from floorman.tournament.officials.penalty_catalogue import catalogue_of
from floorman.tournament.refusals import bad

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@cache
def rule_ids(profile: str) -> frozenset[str]:
    """The rule ids of a profile's catalogue: a ruling may cite only those (package data)."""
    path = resources.files("floorman.rules") / "data" / f"{profile}{CATALOGUE_SUFFIX}"
    return frozenset(rule["id"] for rule in tomllib.loads(path.read_text("utf-8"))["rule"])


def decide_ruling(
    state: TournamentState,
    *,
    rule: str,
    decision: str,
    reason: str,
    by_role: Role | str,
    at: float,
    entry: str = "",
    others: Sequence[str] = (),
    table: int | None = None,
    sets_aside: str = "",
) -> RulingRecorded:
    """The ruling as the log keeps it; refused when the input is incomplete or names what the
    tournament does not know, or when ``by_role`` may not rule under this profile."""
    if not state.started:
        bad("rulings are recorded once the tournament has started", "started")
    if not decision.strip() or not reason.strip():
        bad("a ruling needs the decision and its reason", "ruling-text")
    profile = state.config_.ruleset.profile
    for cited in (rule, sets_aside):
        if cited and cited not in rule_ids(profile):
            bad(f"{profile} has no rule {cited!r}", "ruling-rule")
    if not rule:
        bad("a ruling names the rule it applies", "ruling-rule")
    for named in (entry, *others):
        if named and named not in state.entries:
            bad(f"{named!r} is not an entry of this tournament", "entry")
        if named:
            check_not_unsold(state, named)
    if table is not None and table not in state.tables:
        bad(f"table {table} is not in play", "table")
    role = _role(by_role)
    return RulingRecorded(
        rule=rule,
        decision=decision.strip(),
        reason=reason.strip(),
        entry=entry,
        others=tuple(others),
        table=table,
        sets_aside=sets_aside,
        by_role=str(role),
        power_rule=_power_rule(state, role),
        at=at,
    )


def _role(role: Role | str) -> Role:
    try:
        return Role(role)
    except ValueError:
        bad(f"{role!r} is not an official role; the roles are {', '.join(Role)}", "penalty-role")


def _power_rule(state: TournamentState, role: Role) -> str:
    """The rule that lets ``role`` rule, or a refusal citing who may."""
    book = catalogue_of(state)
    for power in book.rulings:
        if power.role is role:
            return power.rule
    holders = ", ".join(str(p.role) for p in book.rulings) or "nobody"
    cited = book.rulings[0].rule if book.rulings else book.powers[0].rule
    raise IllegalActionError(
        Ruling(
            RuleRef(book.profile, cited),
            "ruling-power",
            f"a {role} may not put a ruling on the record; that is for: {holders}",
            (("role", str(role)), ("holders", holders)),
        )
    )
