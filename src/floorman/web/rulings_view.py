"""A live hand's rulings as the tablet and the director's console show them: what was ruled
(with its rule), what the director may still override and how, and his overrides that
lapsed.

One picture for both screens, built from the replayed hand (:mod:`floorman.web.dealer_hand`):
the rulings are those the recorded hand will carry
(:func:`floorman.tournament.officials.live_rulings.
rulings_of`), so what the director sees at the table is what the results print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from floorman.live.director.override_targets import OverrideTarget, targets
from floorman.service.api.errors import ruling_dict
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.officials.hand_rulings import TableRuling
from floorman.tournament.officials.live_rulings import rulings_of
from floorman.tournament.officials.table_calls import DirectorCalled, TableRulingOverridden
from floorman.web.dealer_hand import Replayed
from floorman.web.dealer_overrides import Lapsed


def hand_rulings(setup: HandSetup, replayed: Replayed, names: Mapping[str, str]) -> dict[str, Any]:
    """``{rulings, overridable, lapsed}`` of the hand: every ruling so far, oldest first,
    the ones the director may override now, and his overrides the hand could not take."""
    live = replayed.live
    return {
        "rulings": [ruling_json(r, names) for r in rulings_of(setup, live)],
        "overridable": [target_json(t, setup, names) for t in targets(live)],
        "lapsed": [lapsed_json(item) for item in replayed.lapsed],
    }


def ruling_json(ruling: TableRuling, names: Mapping[str, str]) -> dict[str, Any]:
    entry = ruling.entry
    return {
        "kind": ruling.kind.value,
        "ruling": ruling_dict(ruling.ruling),
        "rule": str(ruling.ruling.rule),
        "decided_by": ruling.decided_by,
        "entry": entry,
        "name": None if entry is None else names.get(entry, entry),
        "outcome": ruling.outcome,
        "reason": ruling.reason,
    }


def target_json(
    target: OverrideTarget, setup: HandSetup, names: Mapping[str, str]
) -> dict[str, Any]:
    seat = target.seat
    entry = setup.seats[seat] if seat is not None and 0 <= seat < len(setup.seats) else None
    return {
        "at": target.at,
        "kind": target.kind,
        "subject": target.subject,
        "seat": seat,
        "name": None if entry is None else names.get(entry, entry),
        "ruling": ruling_dict(target.ruling),
        "rule": str(target.ruling.rule),
        "choices": list(target.choices),
        "with_action": list(target.with_action),
    }


def lapsed_json(item: Lapsed) -> dict[str, Any]:
    return {**override_json(item.override), "why": item.why}


def override_json(override: TableRulingOverridden) -> dict[str, Any]:
    return {
        "target": override.target,
        "after_step": override.after_step,
        "choice": override.choice,
        "action": override.action,
        "to": override.to,
        "reason": override.reason,
        "by": override.by_role,
        "at": override.at,
    }


def call_json(called: DirectorCalled | None) -> dict[str, Any] | None:
    if called is None:
        return None
    return {"reason": called.reason, "by": called.by_role, "at": called.at}


def overrides_json(overrides: Sequence[TableRulingOverridden]) -> list[dict[str, Any]]:
    return [override_json(o) for o in overrides]
