"""The part of the tournament's state that formats, the end of a day and new days keep, and
the fold of their events.

Like :mod:`floorman.tournament.state`, whose :class:`TournamentState` holds a
:class:`FormatState` and registers :data:`FORMAT_HANDLERS`, nothing here checks anything:
every check was made when the event was decided (:mod:`floorman.tournament.formats.commands`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.tournament.events import HandPlayed
from floorman.tournament.formats.events import (
    BreakOrderAnnounced,
    ClockReset,
    DayEnding,
    FinalTableCalled,
    FlightsMerged,
    PenaltiesCarried,
    StacksBagged,
    StageStarted,
    TableWon,
)
from floorman.tournament.officials.penalties import Penalty, PenaltyRecord
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.levels import Break
from floorman.tournament.structure.mixed_games import hand_game

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState


@dataclass(slots=True)
class FormatState:
    stage: int = 1
    """The knock-out stage in play (Olympic, shootout); 1 for the first."""
    stage_label: str = ""
    table_winners: list[str] = field(default_factory=list)
    """Winners of the stage's tables so far, waiting for the next stage's draw."""
    break_order: tuple[int, ...] = ()
    """Tables in the director's announced breaking order (PokerStars Live 2.4)."""
    final_table_waiting: frozenset[int] | None = None
    """Tables still to finish their hand before the final table (Belarus 3.1-¶3b); ``None``
    when no final table has been called."""
    day: int = 1
    hands_left: dict[int, int] | None = None
    """While the day is ending, the hands each table may still play; ``None`` otherwise."""
    bags: tuple[tuple[str, int, int], ...] = ()
    """The day's bagged stacks ``(entry, chips, bag)`` once it is over."""
    day_over: bool = False
    day_ended_at_index: int = 0
    """The structure item the clock stood at when the day's play stopped."""
    last_table: int | None = None
    """The table of the last hand recorded."""
    last_hand_stud: bool = False
    """The last hand recorded was stud: balancing then moves players by stud rules."""
    last_hand_for_hand: bool = False
    """The last hand recorded was played hand-for-hand: every table has finished its hand."""
    earlier_entries: int = 0
    """Entries of the earlier days not brought in as today's entries (the players out and
    the dropped bags of a Day 2): the payouts count the whole event's field."""
    earlier_rebuys: int = 0
    """Rebuys made on the earlier days, whose money stays in the pool."""
    earlier_add_ons: int = 0


def later_stage(state: TournamentState) -> bool:
    """A table knock-out past its first stage: the field is the winners of the stage before
    (Belarus 3.2-¶2b), so the rebuy period and the add-on belong to the first stage alone."""
    return state.formats.stage > 1


def redrawn(state: TournamentState) -> None:
    """A final table or a new stage drawn while the day is ending (PokerStars Live 3.12): the
    day's last hands were the old tables', so the new ones play no hand that day."""
    if state.formats.hands_left is not None:
        state.formats.hands_left = {}


def redrawn_by(state: TournamentState, event: object) -> None:
    """Reaction to the final table's redraw (:func:`redrawn`)."""
    del event
    redrawn(state)


def table_done(state: TournamentState, event: Any) -> None:
    """Reaction to a table's hand marked done by the director (``HandDone``)."""
    note_table_hand(state, event.table)


def bust_noted(state: TournamentState, event: Any) -> None:
    """Reaction to a bust entered by the director (``PlayerBusted``): his table's hand is
    over, as far as a called final table is concerned."""
    state.formats.last_table = event.table
    state.formats.last_hand_for_hand = state.hand_for_hand


def note_hand(state: TournamentState, event: HandPlayed) -> None:
    """What a recorded hand changes here: its game, and the countdowns of an ending day and
    of a called final table."""
    state.formats.last_hand_stud = hand_game(state.config_, event.level).is_stud
    note_table_hand(state, event.table)


def note_table_hand(state: TournamentState, table: int) -> None:
    """A hand finished at ``table``, recorded or told by the director (``HandDone``): the
    countdowns of an ending day and of a called final table."""
    formats = state.formats
    formats.last_table = table
    formats.last_hand_for_hand = state.hand_for_hand
    if formats.hands_left is not None and table in formats.hands_left:
        formats.hands_left[table] -= 1
    if formats.final_table_waiting is not None:
        formats.final_table_waiting = formats.final_table_waiting - {table}


def _break_order(state: TournamentState, event: BreakOrderAnnounced) -> None:
    state.formats.break_order = event.tables


def _final_table_called(state: TournamentState, event: FinalTableCalled) -> None:
    state.formats.final_table_waiting = frozenset(event.waiting)


def _table_won(state: TournamentState, event: TableWon) -> None:
    state.unseat_entry(event.winner)
    del state.tables[event.table]
    state.buttons.pop(event.table, None)
    state.round_played.discard(event.table)
    state.formats.table_winners.append(event.winner)


def _stage_started(state: TournamentState, event: StageStarted) -> None:
    formats = state.formats
    formats.stage, formats.stage_label = event.stage, event.label
    formats.table_winners.clear()
    for entry, stack in event.stacks:
        state.set_stack(entry, stack)
    state.chips = sum(stack for _, stack in event.stacks)  # the winners hold every chip left
    state.moved_to_change().clear()
    if event.tables == 1:
        state.final_table = 1
    redrawn(state)


def _clock_reset(state: TournamentState, event: ClockReset) -> None:
    """The clock from item ``index``: the colour-up breaks before it count as raced (a Day 2
    plays with stacks raced on Day 1), those after it are raced again when reached (a stage
    restarting the levels deals fresh stacks in every denomination)."""
    structure = state.config_.structure
    start = event.at - structure.boundaries[event.index]
    state.clock = Clock.for_structure(structure).start(start)
    before = structure.items[: event.index]
    state.raced = {i for i, item in enumerate(before) if isinstance(item, Break) and item.colour_up}


def _day_ending(state: TournamentState, event: DayEnding) -> None:
    state.formats.hands_left = {
        number: event.hands + (number in event.in_progress) for number in state.tables
    }


def _stacks_bagged(state: TournamentState, event: StacksBagged) -> None:
    formats = state.formats
    formats.bags, formats.day_over = event.bags, True
    formats.hands_left = None
    formats.day_ended_at_index = event.index


def _flights_merged(state: TournamentState, event: FlightsMerged) -> None:
    formats = state.formats
    formats.day = event.day
    formats.earlier_entries = sum(n for _, n in event.flights) - len(event.carried)
    formats.earlier_rebuys, formats.earlier_add_ons = event.rebuys, event.add_ons


def _penalties_carried(state: TournamentState, event: PenaltiesCarried) -> None:
    penalties = tuple(
        Penalty.parse(step, offence=offence, rule=rule) for offence, step, rule in event.penalties
    )
    record = PenaltyRecord(entry=event.entry, penalties=penalties, hands_left=event.hands_left)
    state.ledger = state.ledger.with_record(record)


FORMAT_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    BreakOrderAnnounced: _break_order,
    FinalTableCalled: _final_table_called,
    TableWon: _table_won,
    StageStarted: _stage_started,
    ClockReset: _clock_reset,
    DayEnding: _day_ending,
    StacksBagged: _stacks_bagged,
    FlightsMerged: _flights_merged,
    PenaltiesCarried: _penalties_carried,
}
"""The fold of each format event, registered in :mod:`floorman.tournament.state`."""
