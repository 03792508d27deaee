"""The tournament's state, and ``apply``: the fold of its events.

``apply`` checks nothing and cannot fail on an event the aggregate produced: every check was
made when the event was decided (:mod:`floorman.tournament.aggregate`), so replaying a log
never re-runs rule checks on old events and always rebuilds the same state (DESIGN.md).
The state is mutable for speed (a 10,000-entrant simulation applies millions of events), but
only ``apply`` changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk.entry_state import ENTRY_FOLD
from floorman.tournament.desk.state import DESK_HANDLERS, DeskState
from floorman.tournament.desk.unsold_events import (
    UNSOLD_HANDLERS,
    UnsoldSeatsClosed,
    UnsoldSeatTaken,
)
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import (
    FinalTableFormed,
    HandForHandEnded,
    HandPlayed,
    MisdealRecorded,
    PlayerMoved,
    SeatsDrawn,
    TableBroken,
    TournamentEvent,
)
from floorman.tournament.evolve import CORE_FOLD
from floorman.tournament.floor import hands_in_play, manual_state
from floorman.tournament.floor import state as floor_state
from floorman.tournament.floor.hands_in_play import PLAY_HANDLERS, PlayState
from floorman.tournament.floor.manual_events import HandDone, PlayerBusted
from floorman.tournament.floor.manual_state import MANUAL_HANDLERS, Instruction, ManualState
from floorman.tournament.floor.state import FLOOR_HANDLERS, FloorState
from floorman.tournament.formats import state as formats_state
from floorman.tournament.formats.state import FORMAT_HANDLERS, FormatState
from floorman.tournament.money.deal_events import DealProposed
from floorman.tournament.money.events import MONEY_HANDLERS, MoneyDesk
from floorman.tournament.money.places import Bust
from floorman.tournament.money.state import MONEY_FOLD
from floorman.tournament.officials import table_calls
from floorman.tournament.officials.fold_handlers import PENALTY_FOLD
from floorman.tournament.officials.penalties import PenaltyLedger
from floorman.tournament.officials.state import OFFICIAL_HANDLERS
from floorman.tournament.officials.table_calls import CALL_HANDLERS, TableCalls
from floorman.tournament.seating.table_index import TableMap, indexed
from floorman.tournament.seating.tables import Table
from floorman.tournament.state_copies import Snapshot, plan_for, undo
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.state import CLOCK_FOLD

Handler = Callable[["TournamentState", Any], None]
"""Folds one event into the state: checks nothing, writes its concept's part only."""


@dataclass(slots=True)
class TournamentState:
    config: TournamentConfig | None = None
    entries: dict[str, EntryState] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=TableMap)
    """A :class:`TableMap` (indexed by table size, for balancing); the hint stays a dict, the
    shape snapshots are written in."""
    clock: Clock | None = None
    pool: int = 0
    prizes: tuple[int, ...] = ()
    hands: int = 0
    started: bool = False
    finished: bool = False
    hand_for_hand: bool = False
    round_played: set[int] = field(default_factory=set)
    """Hand-for-hand: the tables that have played the current round's hand."""
    moved: set[str] = field(default_factory=set)
    """Entries moved once already: balancing avoids moving them again when it can."""
    final_table: int | None = None
    buttons: dict[int, int] = field(default_factory=dict)
    """The drawn button of each table that has not played its first hand yet."""
    pending: list[Bust] = field(default_factory=list)
    """Players out of chips whose places are not given yet: at hand-for-hand they wait for
    every table's hand, so that busts of the same hand are placed together (RP-8-A)."""
    knocked_out_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    alive: int = 0
    """Entries still in the tournament (registered, not eliminated)."""
    chips: int = 0
    """Chips in play by the events: stacks put in play, rebuys, races, less chips removed.
    The stacks of all entries always add up to it (the conservation invariant)."""
    rebuys: int = 0
    add_ons: int = 0
    entries_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each player's entries, in order (re-entries make more than one)."""
    alternates: list[tuple[str, str]] = field(default_factory=list)
    """The alternate list, first come first seated: player id and name."""
    alternate_since: dict[str, float] = field(default_factory=dict)
    """When each player on the alternate list was listed (the console shows how long)."""
    absent: set[str] = field(default_factory=set)
    unseated: set[str] = field(default_factory=set)
    """Entries still in whose stack waits out of play until they arrive (RedCactus 7)."""
    ledger: PenaltyLedger = field(default_factory=PenaltyLedger)
    away_until: dict[str, float] = field(default_factory=dict)
    """Timed penalties (Poland §7.2.3b): away until this moment."""
    redeal: dict[int, frozenset[str]] = field(default_factory=dict)
    """Tables whose next deal re-deals a misdeal, with the entries whose hands it kills."""
    raced: set[int] = field(default_factory=set)
    """Breaks (structure item indexes) whose chip race has been run."""
    deal: DealProposed | None = None
    consents: set[str] = field(default_factory=set)
    guaranteed: dict[str, int] = field(default_factory=dict)
    """Deal money each remaining player is sure of, on top of his place's prize."""
    forfeited: int = 0
    """Prize money of places whose player forfeited it (disqualification)."""
    bounty_forfeited: int = 0
    version: int = 0
    """How many events have been applied: the version a command is decided on."""
    formats: FormatState = field(default_factory=FormatState)
    """Knock-out stages, a called final table, the end of the day (format_state)."""
    manual: ManualState = field(default_factory=ManualState)
    """Move instructions and the busts a director's console entered (manual_state)."""
    desk: DeskState = field(default_factory=DeskState)
    """The entry desk's and the director's records (desk_state)."""
    money: MoneyDesk = field(default_factory=MoneyDesk)
    """The payout plan and whether the books are closed (money_events)."""
    floor: FloorState = field(default_factory=FloorState)
    """Hand-for-hand called and held hands, balancing mode, table size (floor_state)."""
    calls: TableCalls = field(default_factory=TableCalls)
    """The director called to a table, his overrides of its hand's rulings (table_calls)."""
    unsold: set[str] = field(default_factory=set)
    """Unsold seats still in play (Poland §55.10): entries of no player (unsold_events)."""
    play: PlayState = field(default_factory=PlayState)
    """Tables mid-hand and the floor decisions waiting for their hands (hands_in_play)."""
    journal: dict[str, EntryState | None] | None = field(default=None, compare=False, repr=False)
    """While a command is decided (:meth:`checkpoint`): a copy of each entry record it changes,
    as it was before (``None``: it did not exist), so that a refusal puts the entries back
    without a copy of them all."""
    players_journal: dict[str, tuple[str, ...] | None] | None = field(
        default=None, compare=False, repr=False
    )
    """The same for :attr:`entries_of`."""
    copied_now: set[str] | None = field(default=None, compare=False, repr=False)
    moved_added: list[str] | None = field(default=None, compare=False, repr=False)
    """While a command is decided: the entries it added to :attr:`moved` in place (the set
    grows with the field: copying it at every move would cost a 100,000-entrant event dearly)."""
    """While a command is decided: the large containers it has copied before changing them
    (:meth:`to_change`); the checkpoint keeps them by reference."""
    entries_order: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    """The order of the entries before the command's first removal of one: a roll-back puts
    a removed entry back in its place, so that the entries are walked in the same order as
    a replay of the log walks them."""

    def __post_init__(self) -> None:
        self.tables = indexed(self.tables)  # a snapshot decodes a plain dict

    def apply(self, event: TournamentEvent) -> None:
        self.version += 1
        for handler in _HANDLERS[type(event)]:
            handler(self, event)

    @property
    def config_(self) -> TournamentConfig:
        assert self.config is not None, "the tournament was never created"
        return self.config

    def table_of(self, entry: str) -> Table:
        number = self.entries[entry].table
        assert number is not None
        return self.tables[number]

    # --- writes of the entries (the handlers' only way to change them) ---------------------

    def add_entry(self, record: EntryState) -> None:
        """A new entry's record."""
        journal = self.journal
        if journal is not None and record.entry not in journal:
            journal[record.entry] = None
        self.entries[record.entry] = record

    def changing(self, entry: str) -> EntryState:
        """``entry``'s record, for a handler to change: while a command is decided, its first
        change keeps a copy of the record as it was."""
        record = self.entries[entry]
        journal = self.journal
        if journal is not None and entry not in journal:
            journal[entry] = record.copy()
        return record

    def drop_entry(self, entry: str) -> None:
        """``entry`` leaves the state (an unsold seat taken or out of play)."""
        journal = self.journal
        if journal is not None:
            if self.entries_order is None:
                self.entries_order = tuple(self.entries)
            if entry not in journal:
                journal[entry] = self.entries[entry].copy()
        del self.entries[entry]

    def add_player_entry(self, player: str, entry: str) -> None:
        """``entry`` is ``player``'s latest entry."""
        journal = self.players_journal
        earlier = self.entries_of.get(player)
        if journal is not None and player not in journal:
            journal[player] = earlier
        self.entries_of[player] = (*(earlier or ()), entry)

    def note_moved(self, entry: str) -> None:
        """``entry`` has been moved once: added in place, journaled for a roll-back."""
        moved = self.moved
        if entry in moved:
            return
        added, copied = self.moved_added, self.copied_now
        if added is not None and copied is not None and "moved" not in copied:
            added.append(entry)  # the checkpoint holds this very set: a roll-back takes it out
        moved.add(entry)

    def moved_to_change(self) -> set[str]:
        """:attr:`moved`, for a handler to change (see :meth:`to_change`)."""
        self.to_change("moved")
        return self.moved

    def instructions_to_change(self) -> dict[str, Instruction]:
        """The console's move instructions, for a handler to change (see :meth:`to_change`)."""
        self.to_change("instructions")
        return self.manual.instructions

    def to_change(self, name: str) -> None:
        """Before a handler's first change in a command of one of the containers that grow with
        the field (:data:`_BY_REFERENCE`), a new copy replaces it, so that the checkpoint may
        keep the old one as it is instead of copying it at every command."""
        copied = self.copied_now
        if copied is None or name in copied:
            return
        copied.add(name)
        if name == "moved":
            self.moved = set(self.moved)
        else:
            self.manual.instructions = dict(self.manual.instructions)

    def seat_entry(self, entry: str, table: Table) -> None:
        """``entry`` sits in ``table`` as it is now."""
        self.tables[table.number] = table
        record = self.changing(entry)
        record.table, record.seat = table.number, table.seat_of(entry)

    def unseat_entry(self, entry: str) -> None:
        """``entry`` leaves his seat."""
        record = self.changing(entry)
        if record.table is not None and record.table in self.tables:
            self.tables[record.table] = self.tables[record.table].without(entry)
        record.table = record.seat = None

    def set_stack(self, entry: str, stack: int) -> None:
        """``entry``'s stack is now ``stack``."""
        self.changing(entry).stack = stack

    # --- copies -----------------------------------------------------------------------------

    def copy(self) -> TournamentState:
        """An independent copy: containers, entry records and the concepts' parts copied,
        the frozen values shared."""
        copied: TournamentState = _COPY.copy_of(self)
        copied.entries = {entry: record.copy() for entry, record in self.entries.items()}
        copied.journal = copied.players_journal = copied.entries_order = None
        copied.copied_now = copied.moved_added = None
        return copied

    def checkpoint(self) -> Snapshot:
        """The state as it is now, kept for :meth:`roll_back`, and the journal of entry
        writes started. The entries are not copied (a 10,000-entrant event would pay for it
        at every command): their writes from now on are journaled instead."""
        kept = _KEPT.snapshot(self)
        self.journal, self.players_journal, self.copied_now = {}, {}, set()
        self.moved_added = []
        indexed(self.tables).begin_journal()  # the tables too: journaled, not copied
        return kept

    def roll_back(self, kept: Snapshot) -> None:
        """Back, in place, to the state :meth:`checkpoint` kept: a refused command leaves
        the state it started from."""
        _KEPT.restore(self, kept)
        self.moved.difference_update(self.moved_added or ())  # the set the checkpoint holds
        indexed(self.tables).roll_back_journal()
        _put_back(self.entries, self.journal or {})
        undo(self.entries_of, self.players_journal or {})
        if self.entries_order is not None:
            entries = self.entries
            ordered = [(e, entries[e]) for e in self.entries_order if e in entries]
            entries.clear()
            entries.update(ordered)
        self.release()

    def release(self) -> None:
        """The command is decided: its writes stay, the journal ends."""
        self.journal = self.players_journal = self.copied_now = None
        self.entries_order = self.moved_added = None
        indexed(self.tables).end_journal()


_PARTS: tuple[type, ...] = (
    FormatState,
    ManualState,
    DeskState,
    MoneyDesk,
    FloorState,
    TableCalls,
    PlayState,
)
"""The concepts' parts of the state: mutable records of containers, copied field by field."""
_ENTRY_FIELDS = tuple(f.name for f in fields(EntryState))
_JOURNALED = (
    "entries",
    "entries_of",
    "journal",
    "players_journal",
    "entries_order",
    "copied_now",
    "moved_added",
)
_BY_REFERENCE = ("moved", "ManualState.instructions")
"""Containers that grow with the players moved: a checkpoint keeps them by reference, and a
handler copies one before its first change in a command (:meth:`TournamentState.to_change`)."""
_COPY = plan_for(TournamentState, _PARTS)
_KEPT = plan_for(
    TournamentState, _PARTS, leave_out=(*_JOURNALED, "tables"), by_reference=_BY_REFERENCE
)


def _put_back(entries: dict[str, EntryState], journal: dict[str, EntryState | None]) -> None:
    """The entries as the journal kept them: new ones removed, removed ones back, changed
    ones changed back in place (whoever holds a record sees it as it was)."""
    for entry, before in journal.items():
        current = entries.get(entry)
        if before is None:
            entries.pop(entry, None)
        elif current is None:
            entries[entry] = before
        else:
            for name in _ENTRY_FIELDS:
                setattr(current, name, getattr(before, name))


_REACTIONS: tuple[tuple[type, Handler], ...] = (
    (SeatsDrawn, manual_state.forget_instructions),
    (HandPlayed, table_calls.table_hand_over),
    (HandPlayed, formats_state.note_hand),
    (HandPlayed, hands_in_play.table_hand_over),
    (MisdealRecorded, table_calls.table_hand_over),
    (PlayerMoved, manual_state.note_move),
    (TableBroken, hands_in_play.table_broken),
    (FinalTableFormed, hands_in_play.every_table_gone),
    (FinalTableFormed, manual_state.forget_instructions),
    (FinalTableFormed, formats_state.redrawn_by),
    (HandForHandEnded, floor_state.hand_for_hand_over),
    (HandDone, formats_state.table_done),
    (HandDone, hands_in_play.table_hand_over),
    (PlayerBusted, formats_state.bust_noted),
    (UnsoldSeatTaken, manual_state.forget_taken_seat),
    (UnsoldSeatsClosed, manual_state.forget_closed_seats),
)
"""Events of one concept that another concept's part of the state follows: each reaction is
that concept's own function and writes only its part (a redraw clears the console's move
instructions, a recorded hand ends the table's hand in play...). They run after the event's
own handler, in this order."""


def _handlers() -> dict[type, tuple[Handler, ...]]:
    """Every event's handlers: its concept's own, then the reactions of the others."""
    handlers: dict[type, tuple[Handler, ...]] = {}
    owned = (
        CORE_FOLD,
        CLOCK_FOLD,
        MONEY_FOLD,
        PENALTY_FOLD,
        ENTRY_FOLD,
        FORMAT_HANDLERS,
        MANUAL_HANDLERS,
        OFFICIAL_HANDLERS,
        DESK_HANDLERS,
        FLOOR_HANDLERS,
        UNSOLD_HANDLERS,
        PLAY_HANDLERS,
        CALL_HANDLERS,
        MONEY_HANDLERS,
    )
    for table in owned:
        for kind, handler in table.items():
            assert kind not in handlers, f"{kind.__name__} has two owners"
            handlers[kind] = (handler,)
    for kind, reaction in _REACTIONS:
        handlers[kind] = (*handlers[kind], reaction)
    return handlers


_HANDLERS = _handlers()
