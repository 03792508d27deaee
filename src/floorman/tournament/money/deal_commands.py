"""Deals as tournament commands: proposed on the current stacks, binding only when every
remaining player consents (Poland §58.3: one refusal ends it; PokerStars Live 1.5).

A deal covers the prizes of the places still to be decided. Once accepted, each player is sure
of his amount, and the payout table pays only what was left to play for, to the winner. After
a full deal (nothing left to play for) the event ends at once and the players are placed by
their chips, the biggest stack first and equal stacks in the order of the deal (decision:
places are for the record, the money is the deal's); each collects his own bounty. A pending
proposal lapses when a hand is recorded, since its figures came from the stacks before it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from floorman.rules.ruling import RuleRef
from floorman.tournament.desk.event_settings import settings_of
from floorman.tournament.events import PlayerEliminated, TournamentEvent, TournamentFinished
from floorman.tournament.money import pool as money
from floorman.tournament.money.deal_events import (
    DealAccepted,
    DealConsented,
    DealProposed,
    DealRejected,
)
from floorman.tournament.money.deals import Deal, DealMethod, accept_deal, propose_deal
from floorman.tournament.refusals import bad, refuse_if
from floorman.tournament.state import TournamentState


def propose(
    state: TournamentState,
    *,
    method: DealMethod | str,
    at: float,
    keep_for_winner: int = 0,
    amounts: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> list[TournamentEvent]:
    """A deal among every player still in, over the prizes of the places left."""
    if not state.started or state.finished:
        bad("a deal is made while the tournament is running", "deal-time")
    _check_deals_allowed(state)
    if state.deal is not None:
        bad("a deal is already proposed: accept or refuse it first", "deal-pending")
    if state.pending:
        bad("a deal waits for the hand-for-hand round to end", "pending-busts")
    players = [e for e in state.entries.values() if e.alive]
    if len(players) < 2:
        bad("a deal needs two players", "deal-players")
    deal = propose_deal(
        deal_method(method),
        [e.entry for e in players],
        [e.stack for e in players],
        state.prizes[: len(players)],
        amounts=amounts,
        keep_for_winner=keep_for_winner,
        unit=state.config_.prize_unit,
        rng=rng,
    )
    return [
        DealProposed(
            method=str(deal.method),
            players=deal.players,
            amounts=deal.amounts,
            left_to_play=deal.left_to_play,
            at=at,
        )
    ]


def deal_method(method: DealMethod | str) -> DealMethod:
    """The method named; an unknown name is refused (constraint ``deal-method``), not a crash."""
    try:
        return DealMethod(method)
    except ValueError:
        known = ", ".join(m.value for m in DealMethod)
        bad(f"unknown deal method {method!r}; methods: {known}", "deal-method")


def _check_deals_allowed(state: TournamentState) -> None:
    """Refuse any deal where the event forbids them (the TD's rules on deals, Poland §58.1)."""
    ruleset = state.config_.ruleset
    refuse_if(
        not settings_of(state).deals_allowed,
        ruleset,
        ruleset.cite("deals").rule,
        "deals-forbidden",
        "this event allows no deals",
    )


def consent(
    state: TournamentState, *, entry: str, at: float, agree: bool = True
) -> list[TournamentEvent]:
    """One player's answer; the last consent makes the deal (:func:`accepted`)."""
    proposal = state.deal
    if proposal is None:
        bad("no deal is proposed", "deal-pending")
    if entry not in proposal.players:
        bad(f"{entry} is not in the deal", "deal-consent")
    if entry in state.consents:
        bad(f"{entry} has already agreed", "deal-consent")
    rule = _rule(state)
    if not agree:
        return [DealRejected(entry=entry, at=at, rule=rule.rule)]
    events: list[TournamentEvent] = [DealConsented(entry=entry, at=at)]
    if set(proposal.players) == state.consents | {entry}:
        events.append(accepted(state, at))
    return events


def accepted(state: TournamentState, at: float) -> DealAccepted:
    """The deal every player agreed to, and the payout table it leaves."""
    proposal = state.deal
    assert proposal is not None
    deal = Deal(
        method=DealMethod(proposal.method),
        players=proposal.players,
        amounts=proposal.amounts,
        left_to_play=proposal.left_to_play,
    )
    consents = dict.fromkeys(proposal.players, True)
    accept_deal(deal, consents, rule=_rule(state))
    count = len(deal.players)
    prizes = (deal.left_to_play, *(0,) * (count - 1), *state.prizes[count:])
    return DealAccepted(
        method=proposal.method,
        players=deal.players,
        amounts=deal.amounts,
        left_to_play=deal.left_to_play,
        prizes=prizes,
        at=at,
        rule=_rule(state).rule,
    )


def finish_by_chips(state: TournamentState, at: float) -> list[TournamentEvent]:
    """After a full deal: everyone placed by chips now, each with his deal money."""
    players = sorted(
        (e for e in state.entries.values() if e.alive),
        key=lambda e: -e.stack,  # a stable sort keeps the deal's order on equal stacks
    )
    rule = _rule(state).rule
    assert state.clock is not None
    level = state.clock.position(at).level_number or 0
    events: list[TournamentEvent] = []
    for place, player in reversed(list(enumerate(players[1:], start=2))):
        events.append(
            PlayerEliminated(
                entry=player.entry,
                place=place,
                tied=1,
                prize=money.place_shares(state, place, [player.entry])[0],
                by=(),
                level=level,
                table=player.table or 0,
                at=at,
                rule=rule,
                reason="deal",
            )
        )
        events += money.bounty_for(state, player.entry, winners=[player.entry])
    winner = players[0]
    prize = money.place_shares(state, 1, [winner.entry])[0]
    events.append(TournamentFinished(winner=winner.entry, prize=prize, at=at))
    events += money.bounty_for(state, winner.entry, winners=[winner.entry])
    return events


def _rule(state: TournamentState) -> RuleRef:
    return state.config_.ruleset.cite("deal")
