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
from floorman.tournament.events import (
    ButtonsPlaced,
    ChipsRemoved,
    DealProposed,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    MisdealRecorded,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TableBroken,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from floorman.tournament.floor import hands_in_play, manual_state
from floorman.tournament.floor import state as floor_state
from floorman.tournament.floor.hands_in_play import PLAY_HANDLERS, PlayState, seat_newcomer
from floorman.tournament.floor.manual_events import HandDone, PlayerBusted
from floorman.tournament.floor.manual_state import MANUAL_HANDLERS, Instruction, ManualState
from floorman.tournament.floor.state import FLOOR_HANDLERS, FloorState
from floorman.tournament.formats import state as formats_state
from floorman.tournament.formats.state import FORMAT_HANDLERS, FormatState
from floorman.tournament.money.events import MONEY_HANDLERS, MoneyDesk
from floorman.tournament.money.places import Bust
from floorman.tournament.money.state import MONEY_FOLD
from floorman.tournament.officials import table_calls
from floorman.tournament.officials.fold_handlers import PENALTY_FOLD
from floorman.tournament.officials.penalties import PenaltyLedger, serve_hand
from floorman.tournament.officials.state import OFFICIAL_HANDLERS
from floorman.tournament.officials.table_calls import CALL_HANDLERS, TableCalls
from floorman.tournament.seating.positions import record_hand
from floorman.tournament.seating.table_index import TableMap, indexed
from floorman.tournament.seating.tables import Positions, Table
from floorman.tournament.state_copies import Snapshot, plan_for, undo
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.mixed_games import button_moves
from floorman.tournament.structure.state import CLOCK_FOLD

Handler = Callable[["TournamentState", Any], None]
"""Folds one event into the state: checks nothing, writes its concept's part only."""


@dataclass(slots=True)
class EntryState:
    """One entry: a player's buy-in, his chips, where he sits and how he finished.

    Mutable for speed (a hand changes a few records, and a simulation plays thousands of
    hands), but only a handler changes one, and only through
    :meth:`TournamentState.changing`, which keeps the record as it was for a roll-back while a
    command is decided."""

    entry: str
    player: str
    name: str
    stack: int
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    tied: int = 1
    prize: int = 0
    eliminated_by: tuple[str, ...] = ()
    eliminated_level: int | None = None
    eliminated_at: float | None = None
    finish: str = ""
    """How he left: ``bust``, ``disqualified``, ``deal``, ``no-show`` (empty while in)."""
    rebuys: int = 0
    add_ons: int = 0
    bounty: int = 0
    """The bounty on his head now (it grows in a progressive knockout)."""
    bounty_won: int = 0
    moved_from: int | None = None
    """The table he was moved away from since his last recorded hand: a hand he was still
    playing there when the move was announced is recorded at that table (moves are carried
    out after the hand)."""

    @property
    def alive(self) -> bool:
        return self.place is None

    def copy(self) -> EntryState:
        """An independent copy (built directly: it is taken at most commands)."""
        return EntryState(
            self.entry,
            self.player,
            self.name,
            self.stack,
            self.table,
            self.seat,
            self.place,
            self.tied,
            self.prize,
            self.eliminated_by,
            self.eliminated_level,
            self.eliminated_at,
            self.finish,
            self.rebuys,
            self.add_ons,
            self.bounty,
            self.bounty_won,
            self.moved_from,
        )


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


def _created(state: TournamentState, event: TournamentCreated) -> None:
    state.config = event.config


def _registered(state: TournamentState, event: PlayerRegistered) -> None:
    bounty = state.config_.bounty
    state.add_entry(EntryState(event.entry, event.player, event.name, event.stack, bounty=bounty))
    state.add_player_entry(event.player, event.entry)
    state.alive += 1
    if state.started:  # a late entry's chips go into play at once
        state.chips += event.stack
    if event.alternate:
        waiting = [a for a in state.alternates if a[0] == event.player][:1]
        for listed in waiting:
            state.alternates.remove(listed)


def _seated(state: TournamentState, event: PlayerSeated) -> None:
    table = state.tables[event.table]
    state.seat_entry(event.entry, seat_newcomer(state, table, event.seat, event.entry))
    if event.stack is not None:
        state.set_stack(event.entry, event.stack)
        state.chips += event.stack
    state.unseated.discard(event.entry)


def _seats_drawn(state: TournamentState, event: SeatsDrawn) -> None:
    """The first draw puts the stacks in play; a later one (a knock-out's next stage) only
    reseats players whose chips are in play already."""
    first = not state.started
    by_table: dict[int, list[str | None]] = {}
    for entry, number, seat in event.seats:
        seats = by_table.setdefault(number, [None] * event.seats_per_table)
        seats[seat] = entry
    for number, seats in sorted(by_table.items()):
        table = Table(number=number, seats=tuple(seats))
        state.tables[number] = table
        for entry in table.players:
            state.seat_entry(entry, table)
            if first:
                state.chips += state.entries[entry].stack
    for waiting in list(state.entries.values()):
        if first and waiting.table is None:
            state.set_stack(waiting.entry, 0)  # kept out of play (RedCactus 7): chips later
            state.unseated.add(waiting.entry)
    state.started = True


def _buttons(state: TournamentState, event: ButtonsPlaced) -> None:
    state.buttons.update(event.buttons)


def _hand_played(state: TournamentState, event: HandPlayed) -> None:
    state.hands += 1
    entries = state.entries
    for entry, stack in event.stacks_after:
        record = entries[entry]
        if record.stack != stack or record.moved_from is not None:
            record = state.changing(entry)
            record.stack, record.moved_from = stack, None
    table = state.tables[event.table]
    positions = Positions(
        button=event.button,
        small_blind=event.small_blind,
        big_blind=event.big_blind,
        dead_small_blind_seat=event.dead_small_blind_seat,
    )
    if button_moves(state.config_, event.level):  # stud freezes the button (R11-B)
        state.tables[event.table] = record_hand(table, positions)
        state.buttons.pop(event.table, None)
    for (entry, before), (_, after) in zip(event.stacks_before, event.stacks_after, strict=True):
        if after == 0 and entry not in state.unsold:  # an unsold seat is never placed
            state.pending.append(Bust(entry, event.table, before, event.level))
    state.knocked_out_by.update(event.knocked_out_by)
    if state.hand_for_hand:
        state.round_played.add(event.table)
    for entry in event.served:
        state.ledger = serve_hand(state.ledger, entry)
    state.redeal.pop(event.table, None)
    state.deal = None  # a pending deal's figures no longer hold
    state.consents.clear()


def _eliminated(state: TournamentState, event: PlayerEliminated) -> None:
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)
    state.unseat_entry(event.entry)
    entry = state.changing(event.entry)
    entry.place, entry.tied, entry.prize = event.place, event.tied, event.prize
    entry.eliminated_by, entry.eliminated_level = event.by, event.level
    entry.eliminated_at = event.at
    entry.finish = event.reason
    if event.reason != "deal":  # placed by a deal, he keeps his chip count on record
        entry.stack = 0
    state.alive -= 1
    state.forfeited += event.forfeited
    state.absent.discard(event.entry)
    state.unseated.discard(event.entry)
    state.away_until.pop(event.entry, None)


def _moved(state: TournamentState, event: PlayerMoved) -> None:
    moving = state.entries[event.entry]
    if moving.moved_from is None:
        state.changing(event.entry).moved_from = event.from_table
    state.unseat_entry(event.entry)
    table = state.tables[event.to_table]
    state.seat_entry(event.entry, seat_newcomer(state, table, event.to_seat, event.entry))
    state.note_moved(event.entry)


def _broken(state: TournamentState, event: TableBroken) -> None:
    del state.tables[event.table]
    state.round_played.discard(event.table)


def _final_table(state: TournamentState, event: FinalTableFormed) -> None:
    seats: list[str | None] = [None] * event.size
    for entry, _, seat in event.seats:
        seats[seat] = entry
    state.tables.clear()
    table = Table(number=event.table, seats=tuple(seats))
    state.tables[event.table] = table
    state.buttons = {event.table: event.button}
    for entry in table.players:
        state.seat_entry(entry, table)
    state.final_table = event.table
    state.round_played.clear()


def _h4h_started(state: TournamentState, event: HandForHandStarted) -> None:
    state.hand_for_hand = True
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_start(event.at)


def _h4h_round(state: TournamentState, event: HandForHandRound) -> None:
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_hand(event.seconds)


def _h4h_ended(state: TournamentState, event: HandForHandEnded) -> None:
    state.hand_for_hand = False
    state.round_played.clear()
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_end(event.at)


def _finished(state: TournamentState, event: TournamentFinished) -> None:
    state.pending.clear()
    winner = state.changing(event.winner)
    winner.place, winner.prize, winner.tied = 1, event.prize, 1
    winner.finish = "winner"
    state.alive -= 1
    state.finished = True
    if state.clock is not None and state.clock.running:
        state.clock = state.clock.pause(event.at)


def _chips_removed(state: TournamentState, event: ChipsRemoved) -> None:
    state.set_stack(event.entry, state.entries[event.entry].stack - event.chips)
    state.chips -= event.chips


_CORE: dict[type, Handler] = {
    TournamentCreated: _created,
    PlayerRegistered: _registered,
    PlayerSeated: _seated,
    SeatsDrawn: _seats_drawn,
    ButtonsPlaced: _buttons,
    HandPlayed: _hand_played,
    PlayerEliminated: _eliminated,
    PlayerMoved: _moved,
    TableBroken: _broken,
    FinalTableFormed: _final_table,
    HandForHandStarted: _h4h_started,
    HandForHandRound: _h4h_round,
    HandForHandEnded: _h4h_ended,
    TournamentFinished: _finished,
    ChipsRemoved: _chips_removed,
}

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
        _CORE,
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
