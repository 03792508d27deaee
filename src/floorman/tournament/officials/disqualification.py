"""Disqualification: the player's chips leave play and he is placed by the profile's rule.

His chips are removed from play (TDA R71-D, Poland §7.2.4, PokerStars Live 6.9.6), so the
event's chip count drops by them. His place (``disqualified_place``):

``AT_DISQUALIFICATION`` (TDA, Belarus, RedCactus, PokerStars Live 6.9.5.1: 15 left, he is 15th)
    the place he would have had had he busted then: the last of those still in.
``LAST`` (Poland §7.2.5)
    the last place of the event, and every player eliminated before him moves up one place,
    with the prize of his new place (T14: the former 9th becomes 8th and is paid; the digest
    leaves open whether prizes follow, ambiguity 21, and floorman pays the new places so the
    payout table stays whole).

Where the profile says so (``disqualified_forfeits_prize``: PokerStars Live 6.9.6, Poland
§7.2.5) he receives no prize and the prize of his place stays unpaid, recorded as forfeited;
his buy-in stays in the pool and his bounty is won by nobody.
"""

from __future__ import annotations

from floorman.rules.tournament_rules import DisqualifiedPlace
from floorman.tournament.events import (
    ChipsRemoved,
    PlacesShifted,
    PlayerEliminated,
    TournamentEvent,
)
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import source
from floorman.tournament.state import TournamentState


def disqualify(state: TournamentState, entry: str, at: float) -> list[TournamentEvent]:
    """The events that take ``entry`` out of the event (he is alive: checked by the caller)."""
    config = state.config_
    rules = config.ruleset.tournament
    rule = source(config.ruleset, "disqualified_place")
    player = state.entries[entry]
    events: list[TournamentEvent] = []
    if player.stack:
        events.append(
            ChipsRemoved(entry=entry, chips=player.stack, reason="disqualified", rule=rule)
        )
    place = state.alive
    if rules.disqualified_place is DisqualifiedPlace.LAST:
        place = len(state.entries) - len(state.unsold)  # unsold seats are no entries
        events += _move_up(state, rule)
    forfeits = rules.disqualified_forfeits_prize
    events += taken_out(
        state, entry, place, at, rule=rule, reason="disqualified", paid=not forfeits
    )
    return events


def taken_out(
    state: TournamentState, entry: str, place: int, at: float, *, rule: str, reason: str, paid: bool
) -> list[TournamentEvent]:
    """``entry`` placed ``place`` by an official, not by a hand (nobody won his chips, so
    nobody wins his bounty), with the prize of his place unless it is forfeited."""
    prize = money.place_shares(state, place, [entry])[0]
    forfeited = 0 if paid else prize
    assert state.clock is not None
    out = PlayerEliminated(
        entry=entry,
        place=place,
        tied=1,
        prize=prize - forfeited,
        by=(),
        level=state.clock.position(at).level_number or 0,
        table=state.entries[entry].table or 0,
        at=at,
        rule=rule,
        reason=reason,
        forfeited=forfeited,
    )
    return [out, *money.bounty_for(state, entry, winners=())]


def _move_up(state: TournamentState, rule: str) -> list[TournamentEvent]:
    """Everyone placed so far moves up one place, ties kept together, prizes re-shared. A
    player disqualified earlier moves up too but still wins nothing where the prize is
    forfeited: what his new place adds is forfeited with it."""
    forfeits = state.config_.ruleset.tournament.disqualified_forfeits_prize
    groups: dict[int, list[str]] = {}
    for player in state.entries.values():
        if player.place is not None:
            groups.setdefault(player.place, []).append(player.entry)
    if not groups:
        return []
    places: list[tuple[str, int, int, int]] = []
    forfeited = 0
    for place, entries in sorted(groups.items()):
        shares = money.place_shares(state, place - 1, entries)
        for entry, share in zip(entries, shares, strict=True):
            if forfeits and state.entries[entry].finish == "disqualified":
                forfeited += share - money.place_shares(state, place, [entry])[0]
                share = 0
            places.append((entry, place - 1, len(entries), share))
    return [PlacesShifted(places=tuple(places), forfeited=forfeited, rule=rule)]
