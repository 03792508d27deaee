"""Places, prizes and bounties for players who are out, and the end of the event.

Busts are placed together: those of one hand, or of one hand-for-hand round (RP-8-A), ranked
by :func:`~floorman.tournament.money.places.place_busts`; a tie shares the prizes of its places.
Each player out is followed by his bounty, if the event has them (:mod:`.money`).
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.tournament.events import PlayerEliminated, TournamentEvent, TournamentFinished
from floorman.tournament.money import pool as money
from floorman.tournament.money.places import Placing, place_busts
from floorman.tournament.state import TournamentState


def by_place(placings: Sequence[Placing]) -> list[tuple[int, list[Placing]]]:
    """Placings grouped by the place they share, best first."""
    groups: dict[int, list[Placing]] = {}
    for placing in placings:
        groups.setdefault(placing.place, []).append(placing)
    return sorted(groups.items())


def place_pending(state: TournamentState, at: float) -> list[TournamentEvent]:
    """Places for every pending bust, together (one hand, or one hand-for-hand round)."""
    pending = list(state.pending)
    if not pending:
        return []
    config = state.config_
    rules = config.ruleset.tournament
    placings = place_busts(
        pending,
        players_left=state.alive,
        same_hand=rules.same_hand_busts,
        cross_table=rules.cross_table_busts,
    )
    if len(placings) == state.alive:
        raise AssertionError("a hand cannot eliminate every player")
    bust_of = {bust.entry: bust for bust in pending}
    rule = config.ruleset.cite("places").rule
    events: list[TournamentEvent] = []
    for first, group in by_place(placings):
        entries = [placing.entry for placing in group]
        for placing, prize in zip(group, money.place_shares(state, first, entries), strict=True):
            bust = bust_of[placing.entry]
            by = state.knocked_out_by.get(placing.entry, ())
            events.append(
                PlayerEliminated(
                    entry=placing.entry,
                    place=placing.place,
                    tied=placing.tied,
                    prize=prize,
                    by=by,
                    level=bust.level,
                    table=bust.table,
                    at=at,
                    rule=rule,
                )
            )
            events += money.bounty_for(state, placing.entry, winners=by)
    return events


def finish(state: TournamentState, at: float) -> list[TournamentEvent]:
    """The last player in wins: first prize, his deal money and his own bounty."""
    winner = next(e for e in state.entries.values() if e.alive)
    prize = money.place_shares(state, 1, [winner.entry])[0]
    return [
        TournamentFinished(winner=winner.entry, prize=prize, at=at),
        *money.bounty_for(state, winner.entry, winners=[winner.entry]),
    ]
