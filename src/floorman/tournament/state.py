"""The tournament's state, and ``apply``: the fold of its events.

``apply`` checks nothing and cannot fail on an event the aggregate produced: every check was
made when the event was decided (:mod:`floorman.tournament.aggregate`), so replaying a log
never re-runs rule checks on old events and always rebuilds the same state (DESIGN.md).
The state is mutable for speed (a 10,000-entrant simulation applies millions of events), but
only ``apply`` changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk.state import DESK_HANDLERS, DeskState
from floorman.tournament.desk.unsold_events import UNSOLD_HANDLERS
from floorman.tournament.events import (
    AlternateListed,
    AlternatesReleased,
    BountyPaid,
    ButtonsPlaced,
    ChipRaceRun,
    ChipsRemoved,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    DealAccepted,
    DealConsented,
    DealProposed,
    DealRejected,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    MisdealRecorded,
    PayoutsSet,
    PenaltyGiven,
    PlacesShifted,
    PlayerAbsent,
    PlayerEliminated,
    PlayerMoved,
    PlayerPresent,
    PlayerRegistered,
    PlayerSeated,
    RebuyMade,
    SeatsDrawn,
    TableBroken,
    TimeAdded,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from floorman.tournament.floor.hands_in_play import (
    PLAY_HANDLERS,
    PlayState,
    hand_ended,
    seat_newcomer,
    table_gone,
)
from floorman.tournament.floor.manual_state import MANUAL_HANDLERS, ManualState, note_move
from floorman.tournament.floor.state import FLOOR_HANDLERS, FloorState, hand_for_hand_ended
from floorman.tournament.formats.state import FORMAT_HANDLERS, FormatState, note_hand, redrawn
from floorman.tournament.money.events import MONEY_HANDLERS, MoneyDesk
from floorman.tournament.money.places import Bust
from floorman.tournament.officials.penalties import Penalty, PenaltyLedger, serve_hand
from floorman.tournament.officials.state import OFFICIAL_HANDLERS
from floorman.tournament.officials.table_calls import CALL_HANDLERS, TableCalls
from floorman.tournament.seating.positions import record_hand
from floorman.tournament.seating.table_index import TableMap, indexed
from floorman.tournament.seating.tables import Positions, Table
from floorman.tournament.structure.clock import Clock
from floorman.tournament.structure.mixed_games import button_moves


@dataclass(slots=True)
class EntryState:
    """One entry: a player's buy-in, his chips, where he sits and how he finished."""

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
    entries_of: dict[str, list[str]] = field(default_factory=dict)
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

    def __post_init__(self) -> None:
        self.tables = indexed(self.tables)  # a snapshot decodes a plain dict

    def apply(self, event: TournamentEvent) -> None:
        self.version += 1
        handler = _HANDLERS[type(event)]
        handler(self, event)

    @property
    def config_(self) -> TournamentConfig:
        assert self.config is not None, "the tournament was never created"
        return self.config

    def table_of(self, entry: str) -> Table:
        number = self.entries[entry].table
        assert number is not None
        return self.tables[number]

    def _seat(self, entry: str, table: Table) -> None:
        self.tables[table.number] = table
        state = self.entries[entry]
        state.table, state.seat = table.number, table.seat_of(entry)

    def _unseat(self, entry: str) -> None:
        state = self.entries[entry]
        if state.table is not None and state.table in self.tables:
            self.tables[state.table] = self.tables[state.table].without(entry)
        state.table = state.seat = None


def _created(state: TournamentState, event: TournamentCreated) -> None:
    state.config = event.config


def _registered(state: TournamentState, event: PlayerRegistered) -> None:
    entry = EntryState(event.entry, event.player, event.name, event.stack)
    entry.bounty = state.config_.bounty
    state.entries[event.entry] = entry
    state.entries_of.setdefault(event.player, []).append(event.entry)
    state.alive += 1
    if state.started:  # a late entry's chips go into play at once
        state.chips += event.stack
    if event.alternate:
        waiting = [a for a in state.alternates if a[0] == event.player][:1]
        for listed in waiting:
            state.alternates.remove(listed)


def _seated(state: TournamentState, event: PlayerSeated) -> None:
    table = state.tables[event.table]
    state._seat(event.entry, seat_newcomer(state, table, event.seat, event.entry))
    if event.stack is not None:
        state.entries[event.entry].stack = event.stack
        state.chips += event.stack
    state.unseated.discard(event.entry)


def _seats_drawn(state: TournamentState, event: SeatsDrawn) -> None:
    """The first draw puts the stacks in play; a later one (a knock-out's next stage) only
    reseats players whose chips are in play already."""
    first = not state.started
    state.manual.instructions.clear()  # a redraw replaces every move not carried out
    by_table: dict[int, list[str | None]] = {}
    for entry, number, seat in event.seats:
        seats = by_table.setdefault(number, [None] * event.seats_per_table)
        seats[seat] = entry
    for number, seats in sorted(by_table.items()):
        table = Table(number=number, seats=tuple(seats))
        state.tables[number] = table
        for entry in table.players:
            state._seat(entry, table)
            if first:
                state.chips += state.entries[entry].stack
    for waiting in state.entries.values():
        if first and waiting.table is None:
            waiting.stack = 0  # absent and kept out of play (RedCactus 7): chips on arrival
            state.unseated.add(waiting.entry)
    state.started = True


def _buttons(state: TournamentState, event: ButtonsPlaced) -> None:
    state.buttons.update(event.buttons)


def _payouts(state: TournamentState, event: PayoutsSet) -> None:
    state.pool, state.prizes = event.pool, event.prizes


def _clock_started(state: TournamentState, event: ClockStarted) -> None:
    state.clock = Clock.for_structure(state.config_.structure).start(event.at)


def _clock_paused(state: TournamentState, event: ClockPaused) -> None:
    assert state.clock is not None
    state.clock = state.clock.pause(event.at)


def _clock_resumed(state: TournamentState, event: ClockResumed) -> None:
    assert state.clock is not None
    state.clock = state.clock.resume(event.at)


def _time_added(state: TournamentState, event: TimeAdded) -> None:
    assert state.clock is not None
    state.clock = state.clock.add_time(event.seconds, at=event.at)


def _hand_played(state: TournamentState, event: HandPlayed) -> None:
    state.hands += 1
    state.calls.hand_done(event.table)
    for entry, stack in event.stacks_after:
        state.entries[entry].stack = stack
        state.entries[entry].moved_from = None
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
    note_hand(state, event)
    for (entry, before), (_, after) in zip(event.stacks_before, event.stacks_after, strict=True):
        if after == 0 and entry not in state.unsold:  # an unsold seat is never placed
            state.pending.append(Bust(entry, event.table, before, event.level))
    state.knocked_out_by.update(event.knocked_out_by)
    if state.hand_for_hand:
        state.round_played.add(event.table)
    for entry in event.served:
        state.ledger = serve_hand(state.ledger, entry)
    state.redeal.pop(event.table, None)
    hand_ended(state, event.table)
    state.deal = None  # a pending deal's figures no longer hold
    state.consents.clear()


def _eliminated(state: TournamentState, event: PlayerEliminated) -> None:
    entry = state.entries[event.entry]
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)
    state._unseat(event.entry)
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
        moving.moved_from = event.from_table
    state._unseat(event.entry)
    table = state.tables[event.to_table]
    state._seat(event.entry, seat_newcomer(state, table, event.to_seat, event.entry))
    state.moved.add(event.entry)
    note_move(state, event)


def _broken(state: TournamentState, event: TableBroken) -> None:
    del state.tables[event.table]
    state.round_played.discard(event.table)
    table_gone(state, event.table)


def _final_table(state: TournamentState, event: FinalTableFormed) -> None:
    seats: list[str | None] = [None] * event.size
    for entry, _, seat in event.seats:
        seats[seat] = entry
    state.tables.clear()
    table = Table(number=event.table, seats=tuple(seats))
    state.tables[event.table] = table
    state.buttons = {event.table: event.button}
    for entry in table.players:
        state._seat(entry, table)
    state.final_table = event.table
    state.round_played.clear()
    for number in list(state.play.in_hand):
        table_gone(state, number)
    state.manual.instructions.clear()  # the redraw is announced as a whole
    redrawn(state)


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
    hand_for_hand_ended(state)
    if state.clock is not None:
        state.clock = state.clock.hand_for_hand_end(event.at)


def _finished(state: TournamentState, event: TournamentFinished) -> None:
    winner = state.entries[event.winner]
    state.pending.clear()
    winner.place, winner.prize, winner.tied = 1, event.prize, 1
    winner.finish = "winner"
    state.alive -= 1
    state.finished = True
    if state.clock is not None and state.clock.running:
        state.clock = state.clock.pause(event.at)


def _alternate_listed(state: TournamentState, event: AlternateListed) -> None:
    state.alternates.append((event.player, event.name))
    state.alternate_since[event.player] = event.at


def _alternates_released(state: TournamentState, event: AlternatesReleased) -> None:
    state.alternates = [a for a in state.alternates if a[0] not in event.players]


def _rebuy(state: TournamentState, event: RebuyMade) -> None:
    entry = state.entries[event.entry]
    entry.stack += event.chips
    state.chips += event.chips
    if event.add_on:
        entry.add_ons += 1
        state.add_ons += 1
    else:
        entry.rebuys += 1
        state.rebuys += 1
    state.pending = [bust for bust in state.pending if bust.entry != event.entry]
    state.knocked_out_by.pop(event.entry, None)


def _bounty(state: TournamentState, event: BountyPaid) -> None:
    state.entries[event.eliminated].bounty = 0
    for entry, amount in event.shares:
        state.entries[entry].bounty_won += amount
    for entry, amount in event.added:
        state.entries[entry].bounty += amount
    state.bounty_forfeited += event.forfeited


def _absent(state: TournamentState, event: PlayerAbsent) -> None:
    state.absent.add(event.entry)


def _present(state: TournamentState, event: PlayerPresent) -> None:
    state.absent.discard(event.entry)


def _penalty(state: TournamentState, event: PenaltyGiven) -> None:
    record = state.ledger.record(event.entry)
    penalty = Penalty.parse(event.step, offence=event.offence, rule=event.rule)
    state.ledger = state.ledger.with_record(
        replace(
            record,
            penalties=(*record.penalties, penalty),
            hands_left=record.hands_left + event.hands,
        )
    )
    if event.away_until is not None:
        state.away_until[event.entry] = event.away_until


def _misdeal(state: TournamentState, event: MisdealRecorded) -> None:
    for entry in event.served:
        state.ledger = serve_hand(state.ledger, entry)
    state.redeal[event.table] = frozenset(event.dead)
    state.calls.hand_done(event.table)


def _chips_removed(state: TournamentState, event: ChipsRemoved) -> None:
    state.entries[event.entry].stack -= event.chips
    state.chips -= event.chips


def _places_shifted(state: TournamentState, event: PlacesShifted) -> None:
    for entry, place, tied, prize in event.places:
        moved = state.entries[entry]
        moved.place, moved.tied, moved.prize = place, tied, prize
    state.forfeited += event.forfeited


def _chip_race(state: TournamentState, event: ChipRaceRun) -> None:
    for race in event.races:
        for line in race.lines:
            state.entries[line.entry].stack = line.stack_after
            state.chips += line.stack_after - line.stack_before
    state.raced.add(event.index)


def _deal_proposed(state: TournamentState, event: DealProposed) -> None:
    state.deal = event
    state.consents.clear()


def _deal_consented(state: TournamentState, event: DealConsented) -> None:
    state.consents.add(event.entry)


def _deal_rejected(state: TournamentState, event: DealRejected) -> None:
    state.deal = None
    state.consents.clear()


def _deal_accepted(state: TournamentState, event: DealAccepted) -> None:
    state.prizes = event.prizes
    for entry, amount in zip(event.players, event.amounts, strict=True):
        state.guaranteed[entry] = state.guaranteed.get(entry, 0) + amount
    state.deal = None
    state.consents.clear()


_HANDLERS: dict[type, Callable[[TournamentState, Any], None]] = {
    TournamentCreated: _created,
    PlayerRegistered: _registered,
    PlayerSeated: _seated,
    SeatsDrawn: _seats_drawn,
    ButtonsPlaced: _buttons,
    PayoutsSet: _payouts,
    ClockStarted: _clock_started,
    ClockPaused: _clock_paused,
    ClockResumed: _clock_resumed,
    TimeAdded: _time_added,
    HandPlayed: _hand_played,
    PlayerEliminated: _eliminated,
    PlayerMoved: _moved,
    TableBroken: _broken,
    FinalTableFormed: _final_table,
    HandForHandStarted: _h4h_started,
    HandForHandRound: _h4h_round,
    HandForHandEnded: _h4h_ended,
    TournamentFinished: _finished,
    AlternateListed: _alternate_listed,
    AlternatesReleased: _alternates_released,
    RebuyMade: _rebuy,
    BountyPaid: _bounty,
    PlayerAbsent: _absent,
    PlayerPresent: _present,
    PenaltyGiven: _penalty,
    MisdealRecorded: _misdeal,
    ChipsRemoved: _chips_removed,
    PlacesShifted: _places_shifted,
    ChipRaceRun: _chip_race,
    DealProposed: _deal_proposed,
    DealConsented: _deal_consented,
    DealRejected: _deal_rejected,
    DealAccepted: _deal_accepted,
}
_HANDLERS.update(FORMAT_HANDLERS)
_HANDLERS.update(MANUAL_HANDLERS)
_HANDLERS.update(OFFICIAL_HANDLERS)
_HANDLERS.update(DESK_HANDLERS)
_HANDLERS.update(FLOOR_HANDLERS)
_HANDLERS.update(UNSOLD_HANDLERS)
_HANDLERS.update(PLAY_HANDLERS)
_HANDLERS.update(CALL_HANDLERS)
_HANDLERS.update(MONEY_HANDLERS)
