"""Hands at the tables: the next hand's setup, a hand dealt, a hand's result recorded.

Functions of the command's :class:`~floorman.tournament.fold.Fold`. A recorded hand is the
longest command: its stacks, then everything that follows from them
(:mod:`floorman.tournament.floor.after_hand`), each step decided on the fold of the steps
before it and the whole applied or nothing.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import replace

from floorman.tournament.desk import absence, rebuys
from floorman.tournament.events import HandPlayed, TournamentEvent
from floorman.tournament.floor import after_hand, hand_start
from floorman.tournament.floor.commands import check_not_held
from floorman.tournament.floor.hands_in_play import HandStarted, positions_of
from floorman.tournament.floor.table_hand import HandResult, HandSetup, setup_hand
from floorman.tournament.fold import Fold
from floorman.tournament.formats import commands as formats
from floorman.tournament.money import pool as money
from floorman.tournament.officials.hand_rulings import check_rulings
from floorman.tournament.refusals import bad
from floorman.tournament.seating import reseating
from floorman.tournament.structure import colour_up_race
from floorman.tournament.structure.clock import level_for_hand
from floorman.tournament.structure.levels import Level


def hand_setup(fold: Fold, table: int, *, at: float) -> HandSetup | None:
    """The next hand at ``table`` if it may start at ``at``; ``None`` while it waits for
    the other tables' hand-for-hand hand (TDA RP-8). The setup names the seats whose hands
    the dealer kills (absent players, penalties) and refuses while a chip race is due or
    the table is halted until balanced (:func:`.reseating.halted_tables`). At a table
    mid-hand it is the hand in progress, and after a misdeal its exact re-deal (R35-C)."""
    state = fold.state
    if table not in state.tables:
        bad(f"table {table} is not in play", "table")
    if state.finished:
        fold.refuse("finished", "the tournament is over")
    in_progress = state.play.in_hand.get(table)
    if in_progress is not None:
        return _finish_setup(fold, _replayed_setup(fold, in_progress), at)
    if (state.hand_for_hand and table in state.round_played) or not formats.may_deal(fold, table):
        return None
    _check_not_halted(fold, table)
    clock = after_hand.clock_of(fold)
    position = clock.position(at)
    if colour_up_race.due_at(state, position.index):
        fold.refuse_by(
            "chip_race", "chip-race-due", "the chip race of the break comes before the hand"
        )
    level = level_for_hand(clock, at)
    setup = setup_hand(
        formats.dealing_table_of(fold, table, level),
        button=state.buttons.get(table),
        level=level,
        level_number=position.level_number or 0,
        chips={e: state.entries[e].stack for e in state.tables[table].players},
        ruleset=fold.config.ruleset,
        smallest_chip=fold.config.structure.smallest_chip_after(position.index),
        players_left=state.alive,
    )
    return _finish_setup(fold, setup, at)


def _replayed_setup(fold: Fold, dealt: HandStarted) -> HandSetup:
    """The deal ``dealt`` again: its level and blinds, button and players (R35-C)."""
    state = fold.state
    structure = after_hand.clock_of(fold).structure
    level = structure.items[dealt.index]
    assert isinstance(level, Level), "a hand is only ever started at a play level"
    table = hand_start.replay_table(formats.dealing_table_of(fold, dealt.table, level), dealt)
    return setup_hand(
        table,
        button=None,
        level=level,
        level_number=dealt.level,
        chips={e: state.entries[e].stack for e in table.players},
        ruleset=fold.config.ruleset,
        smallest_chip=structure.smallest_chip_after(dealt.index),
        players_left=state.alive,
        positions=positions_of(dealt),
    )


def _finish_setup(fold: Fold, setup: HandSetup, at: float) -> HandSetup:
    """``setup`` with hand-for-hand's holds and the hands the dealer kills."""
    state, table = fold.state, setup.table
    if state.hand_for_hand:  # the tablet holds a called all-in (RP-8-F), §52.4's streets
        street = state.floor.street_by_street
        setup = replace(setup, hand_for_hand=True, street_by_street=street)
    hands = absence.dead_hands(state, table, at)
    if not hands.dead:
        return setup
    dealt = {e: seat for seat, e in enumerate(setup.seats) if e is not None}
    return replace(
        setup,
        dead=frozenset(dealt[e] for e in hands.dead if e in dealt),
        serving=tuple(e for e in hands.serving if e in dealt),
        redeal=table in state.redeal,
    )


def start_hand(fold: Fold, table: int, *, at: float) -> tuple[TournamentEvent, ...]:
    """A hand is dealt at ``table`` now (the tablet's "new hand", the online server's
    deal): the tournament knows the table is mid-hand until its result is recorded.
    Refused while a hand is on there, unless a misdeal voided it: the re-deal is then that
    hand again (R35-C). Refused at a halted table and while :func:`hand_setup` has no
    hand to give (hand-for-hand, a stopped table)."""
    state = fold.state
    misdealt = state.play.in_hand.get(table)
    if misdealt is not None and table not in state.redeal:
        bad(
            f"a hand is in progress at table {table}: record it (or its misdeal) first",
            "hand-in-progress",
        )
    setup = hand_setup(fold, table, at=at)
    if setup is None:
        bad(f"table {table} may not start a hand now: it waits for the other tables", "waiting")
    index = misdealt.index if misdealt else after_hand.clock_of(fold).position(at).index
    ruleset = fold.config.ruleset
    dealt = hand_start.started(
        setup,
        deal=state.play.deals + 1,
        index=index,
        redeal=misdealt is not None,
        at=at,
        rule=ruleset.cite("misdeal").rule if misdealt else ruleset.cite("levels").rule,
    )
    return fold.emit([dealt])


def _check_not_halted(fold: Fold, table: int) -> None:
    if fold.state.play.final_table_waits:  # every table stops for the draw (RP-9)
        fold.refuse("final-table", "the final table is drawn once the hands are over")
    if table in reseating.halted_tables(fold.state):
        rules = fold.config.ruleset.tournament
        parameter = "halt_when_short_by" if rules.halt_when_short_by else "balance_within_one"
        fold.refuse_by(
            parameter, "table-halted", "the table is halted until the tables are balanced"
        )


def record_hand(
    fold: Fold,
    result: HandResult,
    *,
    at: float,
    rng: random.Random,
    rebuys: Collection[str] = (),
) -> tuple[TournamentEvent, ...]:
    """A hand finished at a table: its stacks, then everything that follows from them.
    ``rebuys`` are players it left without chips who rebuy before the next hand (Poland
    §18.2) instead of being eliminated."""
    state = fold.state
    if result.table not in state.tables:
        bad(f"table {result.table} is not in play", "table")
    formats.check_may_record(fold, result.table)
    check_not_held(state, result.table)
    _check_result(fold, result)
    bought = _bust_rebuys(fold, result, rebuys, at)
    played = HandPlayed(
        table=result.table,
        number=state.hands + 1,
        level=result.level,
        button=result.positions.button,
        small_blind=result.positions.small_blind,
        big_blind=result.positions.big_blind,
        dead_small_blind_seat=result.positions.dead_small_blind_seat,
        stacks_before=result.stacks_before,
        stacks_after=result.stacks_after,
        knocked_out_by=tuple(sorted(result.eliminated_by.items())),
        served=result.served,
        rulings=result.rulings,
        history=result.history,
        at=at,
    )
    events = fold.emit([played, *bought])
    if bought:
        events += fold.emit(money.payouts_unless_paid(state))
    if state.hand_for_hand and set(state.tables) - state.round_played:
        return events  # the busts wait for the other tables' hand
    events += tuple(after_hand.after_hands(fold, at, rng))
    if reseating.hand_awaited_ended(state):  # judged between hands (R11-A)
        events += tuple(formats.reseat_after_hand(fold, rng))
    return events


def _bust_rebuys(
    fold: Fold, result: HandResult, wanted: Collection[str], at: float
) -> list[TournamentEvent]:
    busted = {entry for entry, stack in result.stacks_after if stack == 0}
    strangers = sorted(set(wanted) - busted)
    if strangers:
        bad(
            f"{', '.join(strangers)} did not lose his chips in this hand: rebuy between "
            "hands instead",
            "rebuy",
        )
    state = fold.state
    return [e for entry in sorted(wanted) for e in rebuys.rebuy(state, entry, at, busted=True)]


def _check_result(fold: Fold, result: HandResult) -> None:
    state = fold.state
    before, after = dict(result.stacks_before), dict(result.stacks_after)
    if set(before) != set(after) or len(before) != len(result.stacks_before):
        bad("a hand's stacks must name the same players", "stacks")
    if sum(before.values()) != sum(after.values()) or min(after.values(), default=0) < 0:
        bad("a hand cannot create or destroy chips", "chips")
    for entry, stack in before.items():
        record = state.entries.get(entry)
        at_table = record is not None and result.table in (record.table, record.moved_from)
        if record is None or not at_table or record.stack != stack:
            bad(f"{entry} did not start this hand at table {result.table} with {stack}", "stacks")
    for entry in result.served:
        if entry not in before or not state.ledger.serving(entry):
            bad(f"{entry} had no penalty hand to serve in this hand", "served")
    check_rulings(result.rulings, before)
    dealt = state.play.in_hand.get(result.table)
    if dealt is not None and not hand_start.matches(result, dealt):
        bad(
            f"table {result.table} was dealt another hand: level {dealt.level}, button "
            f"seat {dealt.button + 1}, {len(dealt.players)} players",
            "hand-started",
        )
    if state.hand_for_hand and result.table in state.round_played:
        fold.refuse("hand-for-hand", "this table waits for the others' hand")
