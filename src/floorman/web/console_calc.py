"""What the director's console computes before it commits to anything: the rulebooks to pick
from, a structure generated for the field, the payouts it would pay, the penalty catalogue of
the event's rulebook, and a deal by chip chop and by ICM side by side.

Each is a pure function of its inputs, JSON-ready, and changes nothing: the console shows the
figures, the director adjusts them, and only then sends a command (``POST /tournaments``,
``propose-deal``...) that the tournament decides on its own terms. The deal figures come from
the same functions the ``propose-deal`` command calls (:func:`floorman.tournament.money.deals.
propose_deal`), so what the director saw is what the players are asked to agree to.
"""

from __future__ import annotations

import random
from typing import Any

from floorman.engine.config import AnteMode
from floorman.rules.profiles import PRESETS, PROFILES
from floorman.tournament.money.deals import DealMethod, propose_deal
from floorman.tournament.money.prizes import payout_table, prize_pool
from floorman.tournament.officials.penalties import PenaltyCatalogue
from floorman.tournament.officials.penalty_catalogue import load_catalogue
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.generator import expected_hours, generate_structure

DEAL_SEED = 0
"""ICM beyond twenty players is sampled; a fixed seed keeps one preview's figures stable."""


def profiles() -> list[dict[str, str | bool | None]]:
    """Every rulebook and preset a tournament can be created with, profiles first, with what
    the creation form needs to know of each: whether it allows re-entry (an event cannot
    change that) and rebuys (TDA R27; RedCactus 27 has none)."""
    return [
        {
            "id": ruleset.id,
            "profile": ruleset.profile,
            "preset": ruleset.preset,
            "name": ruleset.name,
            "reentry": ruleset.tournament.reentry_allowed,
            "rebuys": ruleset.tournament.rebuys_allowed,
        }
        for ruleset in (*PROFILES.values(), *PRESETS.values())
    ]


def structure_preview(
    *,
    starting_stack: int,
    chips: tuple[int, ...],
    players: int,
    target_hours: float,
    level_minutes: int,
    break_every: int,
    break_minutes: int,
    ante_mode: str,
    game: str,
) -> dict[str, Any]:
    """A generated structure (``Structure.as_dict``, what ``POST /tournaments`` takes) and
    the hours the finishing model expects it to last for ``players``."""
    structure = generate_structure(
        starting_stack=starting_stack,
        chips=chips,
        players=players,
        target_hours=target_hours,
        level_minutes=level_minutes,
        break_every=break_every,
        break_minutes=break_minutes,
        ante_mode=AnteMode(ante_mode),
        game=game,
    )
    return {
        "structure": structure.as_dict(),
        "expected_hours": expected_hours(structure, players=players),
    }


def payouts_preview(
    *, entries: int, buy_in: int, guarantee: int, prize_unit: int
) -> dict[str, Any]:
    """The prize pool of ``entries`` entries and the payout table the tournament would start
    with (:mod:`floorman.tournament.money.prizes`: the same functions its start calls)."""
    pool = prize_pool(entries=entries, buy_in=buy_in, guarantee=guarantee).total
    prizes = payout_table(entries=entries, pool=pool, buy_in=buy_in, unit=prize_unit)
    return {"pool": pool, "prizes": list(prizes)}


def penalty_catalogue(profile: str) -> dict[str, Any]:
    """The rulebook's offences with their scales, and which official may give which kind."""
    catalogue: PenaltyCatalogue = load_catalogue(profile)
    return {
        "profile": catalogue.profile,
        "offences": [
            {
                "id": offence.id,
                "rule": offence.rule,
                "title": offence.title,
                "steps": [step.step for step in offence.steps],
            }
            for offence in catalogue.offences
        ],
        "powers": [
            {"role": str(power.role), "kinds": sorted(str(k) for k in power.kinds)}
            for power in catalogue.powers
        ],
    }


def deal_preview(state: TournamentState, *, keep_for_winner: int = 0) -> dict[str, Any]:
    """The players left, the prizes of the places still to decide, and what each would take
    by chip chop and by ICM (and, when ``keep_for_winner`` is given, by ICM with that sum
    left to play for); the deal on the table, if any, with who has agreed."""
    players = [e for e in state.entries.values() if e.alive]
    entries = [e.entry for e in players]
    stacks = [e.stack for e in players]
    prizes = state.prizes[: len(players)]
    unit = state.config_.prize_unit
    figures: dict[str, Any] = {
        "players": [{"entry": e.entry, "name": e.name, "stack": e.stack} for e in players],
        "prizes": list(prizes),
        "pending": _pending(state),
    }
    if len(players) < 2 or not state.started or state.finished:
        return figures
    for method in (DealMethod.CHIP_CHOP, DealMethod.ICM):
        deal = propose_deal(
            method, entries, stacks, prizes, unit=unit, rng=random.Random(DEAL_SEED)
        )
        figures[str(method)] = list(deal.amounts)
    if keep_for_winner:
        hybrid = propose_deal(
            DealMethod.HYBRID,
            entries,
            stacks,
            prizes,
            keep_for_winner=keep_for_winner,
            unit=unit,
            rng=random.Random(DEAL_SEED),
        )
        figures["hybrid"] = list(hybrid.amounts)
    return figures


def _pending(state: TournamentState) -> dict[str, Any] | None:
    deal = state.deal
    if deal is None:
        return None
    return {
        "method": deal.method,
        "players": list(deal.players),
        "amounts": list(deal.amounts),
        "left_to_play": deal.left_to_play,
        "agreed": sorted(state.consents),
    }
