"""Penalties as tournament commands: given from the profile's catalogue, served hand by hand.

A penalty is the catalogue's next step for the offence (:func:`~.penalties.escalate`: repeats
escalate, TDA R71-A) or one the official names, refused if his role may not give it
(Belarus 7.2.2: only the chief judge disqualifies) or if it is beyond the book's limits
(Poland §7.2.2). A missed round is one hand per player at his table when it is given, the
offender counted by the profile (``penalty_round_counts_offender``). The ledger lives in the
tournament's state and follows the entry, not the table, so moves and days carry it over
(PokerStars Live 6.9.4). Each recorded hand in which his hand was killed serves one; a misdeal
serves it at once and its re-deal kills the same hands without serving them again, so the two
count as one (TDA R35-C, D11). A penalty that ends his event is a disqualification
(:mod:`.disqualification`) or an elimination (:mod:`.penalty_elimination`, PokerStars Live
6.9.5), sequenced by :mod:`.official_commands`; the other kinds without hands (a killed hand,
bans) are recorded for the live table and the organiser to act on.
"""

from __future__ import annotations

from floorman.tournament.desk.absence import dead_hands
from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.events import MisdealRecorded, PenaltyGiven, TournamentEvent
from floorman.tournament.officials.penalties import (
    TAKES_OUT,
    Penalty,
    PenaltyKind,
    Role,
    check_power,
    escalate,
    hands_to_miss,
)
from floorman.tournament.officials.penalty_catalogue import catalogue as catalogue
from floorman.tournament.officials.penalty_catalogue import catalogue_of
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState

SECONDS_PER_MINUTE = 60


def decide_penalty(
    state: TournamentState,
    *,
    entry: str,
    offence: str,
    by_role: Role | str,
    at: float,
    step: str | None = None,
) -> tuple[Penalty, PenaltyGiven]:
    """The penalty for ``entry``'s ``offence``: the scale's next step, or ``step`` if the
    official names one; checked against his powers and the book's limits."""
    entry_in_play(state, entry)
    if not state.started:
        bad("penalties are given once the tournament has started", "started")
    book = catalogue_of(state)
    listed = book.offence(offence)
    previous = state.ledger.record(entry).offences(offence)
    penalty = (
        Penalty.parse(step, offence=offence, rule=listed.rule)
        if step is not None
        else escalate(book, offence, previous)
    )
    check_power(book, by_role, penalty)
    if penalty.kind in TAKES_OUT and state.pending:
        bad(f"a {penalty.kind} waits for the hand-for-hand round to end", "pending-busts")
    players = _players_at_table(state, entry)
    counts_offender = state.config_.ruleset.tournament.penalty_round_counts_offender
    role = Role(by_role)
    power = next(p for p in book.powers if p.role is role)
    away = at + penalty.amount * SECONDS_PER_MINUTE if penalty.kind is PenaltyKind.TIME else None
    given = PenaltyGiven(
        entry=entry,
        offence=offence,
        step=penalty.step,
        hands=hands_to_miss(penalty, players, counts_offender=counts_offender),
        players_at_table=players,
        away_until=away,
        by_role=str(role),
        rule=listed.rule,
        power_rule=power.rule,
        at=at,
    )
    return penalty, given


def record_misdeal(state: TournamentState, table: int, at: float) -> list[TournamentEvent]:
    """A misdeal at ``table``: the penalty hands of its dead seats are served by it."""
    if table not in state.tables:
        bad(f"table {table} is not in play", "table")
    hands = dead_hands(state, table, at)  # a re-deal's dead hands were served already
    rule = catalogue_of(state).serving.forced_bets_posted.rule
    return [
        MisdealRecorded(
            table=table, served=hands.serving, dead=tuple(sorted(hands.dead)), at=at, rule=rule
        )
    ]


def _players_at_table(state: TournamentState, entry: str) -> int:
    """Players at his table now, himself included (TDA A27: counted when it is given)."""
    number = state.entries[entry].table
    if number is None:
        return state.config_.seats_per_table
    return state.tables[number].size
