"""An event's results as an Open Tournament Summary (OTS, spec 1.1.5), for hand trackers.

Trackers compute a player's results (finish, prize, return on the buy-in) from the summary,
not from the hands: without it a tournament shows only chips won and lost. One
``{"ots": ...}`` object per event, in an ``.ots`` file. Every entrant is listed (the spec asks
for all, those still playing marked so); an entry who re-entered is listed once per entry,
as each bought a place of his own. Amounts in a currency are written in whole units; an
event for chips is play money (``XPM``).
"""

from __future__ import annotations

import datetime
import json
from collections import Counter

from floorman import __version__
from floorman.records.results import Results, Standing

SPEC_VERSION = "1.1.5"
PLAY_MONEY = "XPM"


def _utc(at: float | None) -> str | None:
    if at is None:
        return None
    moment = datetime.datetime.fromtimestamp(at, tz=datetime.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def money(amount: int, currency: str) -> float:
    """``amount`` (smallest unit) in whole units of ``currency``; chips stay chips."""
    return amount / 100 if currency and currency != PLAY_MONEY else float(amount)


def ots_summary(
    results: Results, *, tournament: int = 1, currency: str = "", round_seconds: int = 0
) -> dict[str, object]:
    """The spec's object (the value under ``"ots"``) for ``results``."""
    code = currency or PLAY_MONEY
    rebuys = Counter(p.entry for p in results.purchases if p.kind == "rebuy")
    add_ons = Counter(p.entry for p in results.purchases if p.kind == "add-on")
    summary: dict[str, object] = {
        "spec_version": SPEC_VERSION,
        "site_name": "floorman",
        "network_name": "floorman",
        "internal_version": __version__,
        "tournament_number": str(tournament),
        "tournament_name": results.name,
        "start_date_utc": _utc(results.started_at),
        "currency": code,
        "buyin_amount": money(results.buy_in, code),
        "fee_amount": money(results.fee, code),
        "initial_stack": results.starting_stack,
        "type": "MTT",
        "flags": ["Rebuy"] if rebuys or add_ons else [],
        "speed": {"type": "Normal", "round_time": round_seconds},
        "prize_pool": money(results.pool, code),
        "player_count": len(results.entries),
        "tournament_finishes_and_winnings": [_finish(s, code) for s in results.standings],
    }
    if results.finished_at is not None and results.finished:
        summary["end_date_utc"] = _utc(results.finished_at)
    if rebuys or add_ons:
        names = {s.entry: s.name for s in results.standings}
        summary["tournament_rebuys"] = [
            {"player_name": names.get(e, e), "rebuys": rebuys[e], "addons": add_ons[e]}
            for e in sorted(set(rebuys) | set(add_ons))
        ]
    return summary


def _finish(standing: Standing, currency: str) -> dict[str, object]:
    if standing.place is None:
        return {"player_name": standing.name, "still_playing": True}
    return {
        "player_name": standing.name,
        "finish_position": standing.place,
        "still_playing": False,
        "prize": money(standing.prize, currency),
    }


def ots_text(
    results: Results, *, tournament: int = 1, currency: str = "", round_seconds: int = 0
) -> str:
    """The ``.ots`` file: one JSON object under ``"ots"``."""
    summary = ots_summary(
        results, tournament=tournament, currency=currency, round_seconds=round_seconds
    )
    return json.dumps({"ots": summary}, indent=2, ensure_ascii=False) + "\n"
