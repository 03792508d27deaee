"""What each audience may see of a tournament: the big screen, the director, a dealer, a player.

Like :mod:`floorman.engine.views` for one hand, information is hidden here in the core and not
filtered ad hoc by the server (DESIGN principle 5). Every view is a pure function of the
tournament and the moment ``at`` it is shown; it reads the state and the end of the event log
and changes nothing. The hand part of a table or player view comes from the hand engine's own
views: the dealer sees what lies face up (:func:`floorman.engine.views.public_view`), a player
his own cards and what lies face up (:func:`~floorman.engine.views.seat_view`), the director
everything.

Views are frozen values with ``as_dict()`` giving plain JSON-ready data. Table numbers are the
floor's (from 1); ``seat`` fields are 0-based indexes like the core's, and every text meant to
be read out (``"Ivanov -> T7 S2"``) numbers seats from 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.engine.views import director_view as hand_director_view
from floorman.engine.views import public_view as hand_public_view
from floorman.engine.views import seat_view
from floorman.errors import FloormanError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.late_registration import LateRegistrationEnd, end_view
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import FinalTableFormed, PlayerMoved, PlayerSeated
from floorman.tournament.floor.hands_in_play import seating_table
from floorman.tournament.floor.manual_state import Instruction, pending_instructions, uncounted
from floorman.tournament.floor.state import seats_per_table
from floorman.tournament.money.pool import payouts
from floorman.tournament.seating.balancing import plan_balance, tables_to_break
from floorman.tournament.seating.reseating import halted_tables
from floorman.tournament.state import TournamentState
from floorman.tournament.views.clock import ClockView, clock_view
from floorman.tournament.views.values import ViewValue

RECENT_EVENTS = 2_000
"""How far back in the log seat changes are looked for: a display shows the latest few, and a
bounded look keeps every view cheap in an event of thousands of entrants."""
SEAT_CHANGES_SHOWN = 12


@dataclass(frozen=True, slots=True, kw_only=True)
class Money(ViewValue):
    """The prize pool, the payouts and how far the field is from the money."""

    pool: int
    payouts: tuple[int, ...]
    """Prize of each paid place, first place first."""
    paid_places: int
    players_to_money: int
    """Players still to bust before everyone left is paid; 0 in the money."""
    on_bubble: bool
    """One bust from the money: the next player out wins nothing (hand-for-hand, TDA RP-8)."""
    in_the_money: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChange(ViewValue):
    """A player given a new seat: moved by balancing or a break, seated late, or redrawn."""

    entry: str
    name: str
    table: int
    seat: int
    reason: str
    """``balance``, ``break``, ``late-entry`` or ``final-table``."""
    text: str
    """As read out: ``"Ivanov -> T7 S2"``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Placing(ViewValue):
    entry: str
    name: str
    place: int
    prize: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(ViewValue):
    """The big screen: clock, stakes, field, stacks, money, seat changes. No cards, no stack
    of any one player (a public display shows the field, not who holds what)."""

    name: str
    profile: str
    started: bool
    finished: bool
    clock: ClockView | None
    entries: int
    players_left: int
    tables: int
    chips_in_play: int
    average_stack: int
    average_big_blinds: float | None
    money: Money
    hand_for_hand: bool
    final_table: int | None
    seat_changes: tuple[SeatChange, ...]
    latest_out: tuple[Placing, ...]
    """The latest players out (last first): a display's "eliminated" ticker."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLine(ViewValue):
    seat: int
    entry: str | None
    name: str | None
    stack: int | None
    waiting: bool
    """Seated between the button and the small blind: dealt in once the button passes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLine(ViewValue):
    """One table as the floor sees it: who sits where with which stack, the next hand."""

    table: int
    seats: tuple[SeatLine, ...]
    players: int
    button: int | None
    small_blind: int | None
    big_blind: int | None
    next_hand_level: int | None
    """The level the next hand is dealt at; ``None`` when no hand may start now. While a hand
    is in progress: its level and positions."""
    waits_for_hand_for_hand: bool
    in_hand: bool = False
    """A hand was started here and its result is not recorded yet (hands_in_play)."""
    after_hand: tuple[str, ...] = ()
    """What the floor does once this hand is over ("after this hand: ..."), for the console
    and the table's tablet."""
    halted: bool = False
    """The table may not start a hand until it is balanced (TDA R11-D, PSL 2.5, RedCactus 10,
    Poland §25.3, Belarus 3.1-¶3a)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryLine(ViewValue):
    entry: str
    player: str
    name: str
    stack: int
    table: int | None
    seat: int | None
    place: int | None
    prize: int
    finish: str = ""
    """How he left (``bust``, ``disqualified``, ``withdrawn``...; empty while in)."""
    penalty: str = ""
    """His latest penalty's step (``2-rounds``, ``warning``...) while he still serves one."""
    penalty_hands_left: int = 0
    """Hands he still sits out (rounds count as hands at his table: TDA R71-A)."""
    away_until: float | None = None
    """A timed penalty (Poland §7.2.3b): away until this moment."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AlternateLine(ViewValue):
    """A player on the alternate list: seated, first come first seated, when a seat opens."""

    player: str
    name: str
    position: int
    """1 for the next one seated."""
    since: float | None


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalTableNote(ViewValue):
    """The final table drawn larger than the event's tables (TDA RP-9: nine at an 8-max
    event), so the console can say why a table holds one more than usual."""

    table: int
    size: int
    seats_per_table: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Balancing(ViewValue):
    """Seating work the floor still has to do: moves, halted tables, tables to break."""

    moves: tuple[str, ...]
    halted: tuple[int, ...]
    tables_to_break: tuple[int, ...]
    hand_for_hand_waiting: tuple[int, ...]
    """Hand-for-hand: tables that have not played the round's hand yet."""
    after_hand: tuple[str, ...] = ()
    """Decisions waiting for a hand in progress: "after this hand at table 3: ..."."""
    instructions: tuple[str, ...] = ()
    """Moves announced and not yet confirmed, oldest first (``Tournament.confirm_move``)."""
    instruction_moves: tuple[Instruction, ...] = ()
    """The same moves by entry, tables and seats, for a console to confirm and word them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorView(ViewValue):
    """Everything: the public view, every table and entry, and the pending seating work."""

    public: PublicView
    tables: tuple[TableLine, ...]
    entries: tuple[EntryLine, ...]
    balancing: Balancing
    uncounted_chips: int = 0
    """Chips in play no stack on record holds, until the next count (manual_state.uncounted)."""
    alternates: tuple[AlternateLine, ...] = ()
    """The alternate list in the order they will be seated."""
    late_registration: LateRegistrationEnd | None = None
    """The late-registration end the event set, and the time left to it."""
    final_table: FinalTableNote | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView(ViewValue):
    """A table for its dealer: seats, names, stacks, positions, and the hand in progress as
    the table sees it (face-up cards only)."""

    table: TableLine
    clock: ClockView | None
    hand: dict[str, Any] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(ViewValue):
    """One entry for its player: his seat, his moves, the clock, and his own cards only."""

    entry: EntryLine
    clock: ClockView | None
    moves: tuple[SeatChange, ...]
    """His latest seat changes, last first."""
    table: TableLine | None
    hand: dict[str, Any] | None
    hand_table: int | None
    """The table of the hand in ``hand``: where he acts. It differs from ``table`` when
    balancing has seated him elsewhere while that hand goes on (he moves once it ends)."""


# --- the views ----------------------------------------------------------------------------------


def public_view(tournament: Tournament, at: float) -> PublicView:
    """The public display at ``at``: no cards and no single player's stack."""
    state = tournament.state
    config = tournament.config
    alive = [e for e in state.entries.values() if e.alive]
    chips = sum(e.stack for e in alive)
    clock = clock_view(tournament, at)
    big_blind = _stake(clock, state)
    average = chips // len(alive) if alive else 0
    names = _names(state)
    return PublicView(
        name=config.name,
        profile=config.ruleset.id,  # with its preset: ``redcactus/weekly``
        started=state.started,
        finished=state.finished,
        clock=clock,
        entries=len(state.entries),
        players_left=state.alive,
        tables=len(state.tables),
        chips_in_play=chips,
        average_stack=average,
        average_big_blinds=round(average / big_blind, 1) if big_blind else None,
        money=_money(state),
        hand_for_hand=state.hand_for_hand,
        final_table=state.final_table,
        seat_changes=seat_changes(tournament, names)[:SEAT_CHANGES_SHOWN],
        latest_out=_latest_out(state.entries.values()),
    )


def director_view(
    tournament: Tournament, at: float, *, tables: tuple[TableLine, ...] | None = None
) -> DirectorView:
    """The director's console: the public view plus every table, entry and pending move.
    ``tables``: the lines of every table in play at ``at``, in order, when the caller kept
    them from an earlier view (:func:`~floorman.tournament.views.table_lines.take_lines`)."""
    state = tournament.state
    if tables is None:
        tables = tuple(table_line(tournament, n, at) for n in sorted(state.tables))
    return DirectorView(
        public=public_view(tournament, at),
        tables=tables,
        entries=tuple(_entry_line(e, state.desk.withdrawn, state) for e in state.entries.values()),
        balancing=_balancing(tournament),
        uncounted_chips=uncounted(state),
        alternates=_alternates(state),
        late_registration=end_view(state, at),
        final_table=_final_table_note(tournament),
    )


def table_view(
    tournament: Tournament, table: int, at: float, hand: Hand | None = None
) -> TableView:
    """What the dealer of ``table`` sees; ``hand`` is the hand being dealt there, if any."""
    if table not in tournament.state.tables:
        raise MalformedInputError(f"table {table} is not in play", constraint="table")
    return TableView(
        table=table_line(tournament, table, at),
        clock=clock_view(tournament, at),
        hand=None if hand is None else hand_public_view(hand).as_dict(),
    )


def player_view(
    tournament: Tournament,
    entry: str,
    at: float,
    hand: Hand | None = None,
    hand_seat: int | None = None,
    hand_table: int | None = None,
) -> PlayerView:
    """What the player of ``entry`` sees; ``hand`` is the hand he is dealt in, if the server
    deals it (online): he sees his own cards there and nobody else's face-down cards.
    ``hand_seat`` and ``hand_table`` are his seat and table in that hand (default: where he
    sits now; they differ when balancing has seated him elsewhere while the hand is played)."""
    state = tournament.state.entries.get(entry)
    if state is None:
        raise MalformedInputError(f"{entry} is not an entry of this event", constraint="entry")
    names = _names(tournament.state)
    table = state.table
    line = None if table is None else table_line(tournament, table, at)
    own = _own_hand(hand, state.seat if hand_seat is None else hand_seat)
    return PlayerView(
        entry=_entry_line(state, tournament.state.desk.withdrawn, tournament.state),
        clock=clock_view(tournament, at),
        moves=tuple(c for c in seat_changes(tournament, names) if c.entry == entry),
        table=line,
        hand=own,
        hand_table=None if own is None else (table if hand_table is None else hand_table),
    )


def hand_director_dict(hand: Hand | None) -> dict[str, Any] | None:
    """The director's view of a hand in progress (every card), JSON-ready."""
    return None if hand is None else hand_director_view(hand).as_dict()


def _stake(clock: ClockView | None, state: TournamentState) -> int:
    """What stacks are measured in: the big blind (the small bet without blinds) of the level
    in progress, of the next level during a break, of the first level before the start."""
    stakes = None if clock is None else clock.level or clock.next_level
    if stakes is not None:
        return stakes.big_blind or stakes.small_bet
    first = state.config_.structure.levels[0]
    return first.stake


# --- money, seats, tables -----------------------------------------------------------------------


def _money(state: TournamentState) -> Money:
    """Before the start the pool and payouts are those the registrations so far make (the
    start fixes them), so a console shows the money coming in, not 0."""
    paid, alive = len(state.prizes), state.alive
    pool, prizes = state.pool, state.prizes
    if not state.started and state.entries:
        projected = payouts(state)
        pool, prizes = projected.pool, projected.prizes
    return Money(
        pool=pool,
        payouts=prizes,
        paid_places=paid,
        players_to_money=max(alive - paid, 0) if paid else 0,
        on_bubble=bool(paid) and alive == paid + 1,
        in_the_money=state.finished or 0 < alive <= paid,
    )


def seat_changes(tournament: Tournament, names: Mapping[str, str]) -> tuple[SeatChange, ...]:
    """The seat changes among the latest :data:`RECENT_EVENTS` events, last first."""
    changes: list[SeatChange] = []
    for event in reversed(tournament.events[-RECENT_EVENTS:]):
        if isinstance(event, PlayerMoved):
            changes.append(_change(event.entry, event.to_table, event.to_seat, event.reason, names))
        elif isinstance(event, PlayerSeated):
            changes.append(_change(event.entry, event.table, event.seat, "late-entry", names))
        elif isinstance(event, FinalTableFormed):
            changes.extend(
                _change(e, table, seat, "final-table", names) for e, table, seat in event.seats
            )
    return tuple(changes)


def _change(entry: str, table: int, seat: int, reason: str, names: Mapping[str, str]) -> SeatChange:
    name = names.get(entry, entry)
    return SeatChange(
        entry=entry,
        name=name,
        table=table,
        seat=seat,
        reason=reason,
        text=f"{name} -> T{table} S{seat + 1}",
    )


def _latest_out(entries: Iterable[EntryState], count: int = 5) -> tuple[Placing, ...]:
    """Places are given in the order players go out, so the best places are the latest."""
    out = sorted(
        (e for e in entries if e.place is not None and e.eliminated_at is not None),
        key=lambda e: e.place or 0,
    )
    return tuple(
        Placing(entry=e.entry, name=e.name, place=e.place or 0, prize=e.prize) for e in out[:count]
    )


def _names(state: TournamentState) -> dict[str, str]:
    return {entry: e.name for entry, e in state.entries.items()}


def _entry_line(entry: EntryState, withdrawn: set[str], state: TournamentState) -> EntryLine:
    """A withdrawal is placed as a disqualification; its line says he withdrew. A penalty
    still served shows with the hands left (``state.ledger``)."""
    record = state.ledger.record(entry.entry)
    away = state.away_until.get(entry.entry)
    serving = record.hands_left > 0 or away is not None
    latest = record.penalties[-1].step if serving and record.penalties else ""
    return EntryLine(
        entry=entry.entry,
        player=entry.player,
        name=entry.name,
        stack=entry.stack,
        table=entry.table,
        seat=entry.seat,
        place=entry.place,
        prize=entry.prize,
        finish="withdrawn" if entry.entry in withdrawn else entry.finish,
        penalty=latest,
        penalty_hands_left=record.hands_left,
        away_until=away,
    )


def _alternates(state: TournamentState) -> tuple[AlternateLine, ...]:
    return tuple(
        AlternateLine(
            player=player,
            name=name,
            position=number,
            since=state.alternate_since.get(player),
        )
        for number, (player, name) in enumerate(state.alternates, start=1)
    )


def _final_table_note(tournament: Tournament) -> FinalTableNote | None:
    """The final table when it seats more than the event's tables do (RP-9)."""
    state = tournament.state
    if state.final_table is None:
        return None
    for event in reversed(tournament.events[-RECENT_EVENTS:]):
        if isinstance(event, FinalTableFormed):
            usual = tournament.config.seats_per_table
            if event.size <= usual:
                return None
            return FinalTableNote(
                table=event.table, size=event.size, seats_per_table=usual, rule=event.rule
            )
    return None


def table_line(tournament: Tournament, number: int, at: float) -> TableLine:
    """A table with the positions of its next hand when one may start at ``at``; otherwise
    (a break, the event over) the positions of its last hand, or its drawn button."""
    state = tournament.state
    table = state.tables[number]
    entries = state.entries
    seats = tuple(
        SeatLine(
            seat=seat,
            entry=entry,
            name=None if entry is None else entries[entry].name,
            stack=None if entry is None else entries[entry].stack,
            waiting=entry is not None and entry in table.waiting,
        )
        for seat, entry in enumerate(table.seats)
    )
    try:
        setup = tournament.hand_setup(number, at=at)
    except FloormanError:
        setup = None
    positions = setup.positions if setup is not None else table.last
    return TableLine(
        table=number,
        seats=seats,
        players=table.size,
        button=positions.button if positions is not None else state.buttons.get(number),
        small_blind=None if positions is None else positions.small_blind,
        big_blind=None if positions is None else positions.big_blind,
        next_hand_level=None if setup is None else setup.level,
        waits_for_hand_for_hand=state.hand_for_hand and number in state.round_played,
        in_hand=number in state.play.in_hand,
        after_hand=state.play.after_hand(number),
        halted=setup is None and number in halted_tables(state),  # a halt refuses the setup
    )


def _balancing(tournament: Tournament) -> Balancing:
    state = tournament.state
    config = tournament.config
    tables = tuple(seating_table(state, t) for t in state.tables.values())
    if not tables:
        return Balancing(moves=(), halted=(), tables_to_break=(), hand_for_hand_waiting=())
    plan = plan_balance(
        tables,
        rules=config.ruleset.tournament,
        stud=get_game(config.structure.levels[0].game).is_stud,
        recently_moved=frozenset(state.moved),
    )
    names = _names(state)
    waiting = set(state.tables) - state.round_played if state.hand_for_hand else set()
    breaking = tables_to_break(tables, seats_per_table=seats_per_table(state))
    return Balancing(  # never a move into a table about to be broken
        moves=tuple(m.describe(names) for m in plan.moves if m.to_table not in breaking),
        halted=plan.halted,
        tables_to_break=breaking,
        hand_for_hand_waiting=tuple(sorted(waiting)),
        after_hand=tuple(
            f"after this hand at table {w.table}: {w.text}" for w in state.play.waiting
        ),
        instructions=tuple(i.text for i in pending_instructions(state)),
        instruction_moves=pending_instructions(state),
    )


def _own_hand(hand: Hand | None, seat: int | None) -> dict[str, Any] | None:
    """The hand seen from the player's seat: his own cards only."""
    if hand is None or seat is None or seat >= hand.config.seat_count:
        return None
    return seat_view(hand, seat).as_dict()
