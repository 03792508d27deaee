"""The tournament: commands in, events out, state a fold of the events.

:class:`Tournament` is a thin facade. Each public method is a command: it runs the concept's
function (:mod:`.desk.entry_commands`, :mod:`.desk.commands`, :mod:`.seating.start`,
:mod:`.structure.clock_commands`, :mod:`.floor.play`, :mod:`.floor.commands`,
:mod:`.floor.manual_commands`, :mod:`.formats.commands`, :mod:`.money.commands`,
:mod:`.officials.commands`) on a :class:`~floorman.tournament.fold.Fold` of the state, and
returns the events it decided. A command is all or none: a refusal at any of its steps (a
later step included: a bust whose reseating refuses) raises a typed error and leaves the state
and the log as they were; otherwise its events are applied and appended together. Time
(``at``, seconds) and randomness (``rng``) are arguments, so the same commands give the same
events (DESIGN.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, TypeVar

from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk import commands as desk
from floorman.tournament.desk import entry_commands, rebuys
from floorman.tournament.events import TournamentCreated, TournamentEvent
from floorman.tournament.floor import after_hand, play
from floorman.tournament.floor import commands as floor
from floorman.tournament.floor import manual_commands as manual
from floorman.tournament.fold import Fold
from floorman.tournament.formats import commands as formats
from floorman.tournament.money import commands as money
from floorman.tournament.officials import commands as officials
from floorman.tournament.seating.start import start
from floorman.tournament.state import TournamentState
from floorman.tournament.structure import clock_commands, colour_up_race
from floorman.tournament.structure.checks import check_levels
from floorman.tournament.structure.clock import level_for_hand

if TYPE_CHECKING:
    from floorman.tournament.desk.event_changes import Change
    from floorman.tournament.desk.event_settings import EventSettings
    from floorman.tournament.floor.table_hand import HandResult, HandSetup
    from floorman.tournament.formats.events import ClockReset
    from floorman.tournament.money.deals import DealMethod
    from floorman.tournament.money.events import PayoutPlan
    from floorman.tournament.officials.penalties import Role
    from floorman.tournament.structure.levels import Level, Structure

Events = tuple[TournamentEvent, ...]
R = TypeVar("R")


class Tournament:
    """One event. Build it with :meth:`create`, or rebuild it from its log with :meth:`replay`."""

    def __init__(self) -> None:
        self.state = TournamentState()
        self.events: list[TournamentEvent] = []

    def _run(self, decide: Callable[[Fold], R]) -> R:
        """Decide a command on a fold of the state: all its events, or none (:mod:`.fold`)."""
        fold = Fold(self.state, self.events)
        try:
            result = decide(fold)
        except BaseException:
            fold.roll_back()
            raise
        fold.commit(self.events)
        return result

    # --- life cycle -----------------------------------------------------------------------

    @classmethod
    def create(cls, config: TournamentConfig) -> Tournament:
        """A new event; refused if it offers rebuys under a profile that has none, or if a
        level does not raise the forced bets where the profile demands it (Belarus 3.3)."""
        rebuys.check_allowed(config)
        check_levels(config.structure, config.ruleset)
        tournament = cls()
        tournament._run(lambda f: f.emit([TournamentCreated(config=config)]))
        return tournament

    @classmethod
    def replay(cls, events: Iterable[TournamentEvent]) -> Tournament:
        """The tournament whose log is ``events``: a fold, with no rule checked again."""
        tournament = cls()
        for event in events:
            tournament.state.apply(event)
            tournament.events.append(event)
        return tournament

    @property
    def config(self) -> TournamentConfig:
        return self.state.config_

    def cite(self, concept: str) -> str:
        """The rule number this profile gives a tournament concept (``balance``...), or its
        general rule when it has none of its own."""
        return self.config.ruleset.cite(concept).rule

    def open_day(self, events: Sequence[TournamentEvent], *, clock: ClockReset) -> None:
        """A new day begun with ``events`` (:func:`.formats.commands.open_day`)."""
        self._run(lambda f: formats.open_day(f, events, clock=clock))

    # --- entries and money ----------------------------------------------------------------

    def register(
        self,
        *,
        player: str,
        name: str,
        at: float,
        rng: random.Random | None = None,
        birth_date: date | None = None,
        on: date | None = None,
    ) -> Events:
        """A buy-in, or a late entry seated by draw (:func:`.entry_commands.register`)."""
        return self._run(
            lambda f: entry_commands.register(
                f, player=player, name=name, at=at, rng=rng, birth_date=birth_date, on=on
            )
        )

    def rebuy(self, *, entry: str, at: float) -> Events:
        """A rebuy declared between hands (TDA R27)."""
        return self._run(lambda f: entry_commands.rebuy(f, entry=entry, at=at))

    def add_on(self, *, entry: str, at: float) -> Events:
        return self._run(lambda f: entry_commands.add_on(f, entry=entry, at=at))

    def mark_absent(self, *, entry: str, at: float) -> Events:
        """He is away (TDA R30)."""
        return self._run(lambda f: entry_commands.mark_absent(f, entry=entry, at=at))

    def mark_present(self, *, entry: str, at: float, rng: random.Random | None = None) -> Events:
        """He is back; a stack kept out of play is seated now."""
        return self._run(lambda f: entry_commands.mark_present(f, entry=entry, at=at, rng=rng))

    def withdraw(self, *, entry: str, at: float, rng: random.Random) -> Events:
        """``entry`` leaves for good (Poland §57.2)."""
        return self._run(lambda f: desk.withdraw(f, entry=entry, at=at, rng=rng))

    def reenter(self, *, player: str, name: str, at: float, rng: random.Random) -> Events:
        """A re-entry while he still has chips (TDA R8-B)."""
        return self._run(lambda f: desk.reenter(f, player=player, name=name, at=at, rng=rng))

    def special_needs_seat(
        self, *, entry: str, table: int, seat: int, reason: str, at: float
    ) -> Events:
        """A free seat given for special needs (TDA R9); ``seat`` is 0-based."""
        return self._run(
            lambda f: desk.special_needs_seat(
                f, entry=entry, table=table, seat=seat, reason=reason, at=at
            )
        )

    def colour_up_player(self, *, entry: str, remove: Sequence[int], at: float) -> Events:
        """A player's chips of ``remove`` changed up (TDA R25-B)."""
        return self._run(lambda f: desk.colour_up_player(f, entry=entry, remove=remove, at=at))

    def chips_found(self, *, chips: int, at: float, note: str = "") -> Events:
        """Chips with no owner back to the stock (TDA R64)."""
        return self._run(lambda f: desk.chips_found(f, chips=chips, at=at, note=note))

    def exchange_low_chips(self, *, entry: str, denomination: int, count: int, at: float) -> Events:
        """Raced-off chips found after the race, exchanged at value (PokerStars Live 3.2)."""
        return self._run(
            lambda f: desk.exchange_low_chips(
                f, entry=entry, denomination=denomination, count=count, at=at
            )
        )

    def open_registration(self, *, at: float) -> Events:
        return self._run(lambda f: desk.open_registration(f, at=at))

    def close_registration(self, *, at: float) -> Events:
        return self._run(lambda f: desk.close_registration(f, at=at))

    def check_id(self, *, player: str, document: str, at: float) -> Events:
        return self._run(lambda f: desk.check_id(f, player=player, document=document, at=at))

    def pay_prize(self, *, entry: str, at: float) -> Events:
        return self._run(lambda f: desk.pay_prize(f, entry=entry, at=at))

    def record_rebuy_payment(self, *, entry: str, at: float) -> Events:
        return self._run(lambda f: desk.record_rebuy_payment(f, entry=entry, at=at))

    def record_refund(self, *, entry: str, amount: int, reason: str, at: float) -> Events:
        return self._run(
            lambda f: desk.record_refund(f, entry=entry, amount=amount, reason=reason, at=at)
        )

    def cancel(self, *, reason: str, at: float) -> Events:
        return self._run(lambda f: desk.cancel(f, reason=reason, at=at))

    def change_event(self, *, what: Change | str, description: str, at: float) -> Events:
        return self._run(lambda f: desk.change_event(f, what=what, description=description, at=at))

    def change_settings(self, *, settings: EventSettings, reason: str, at: float) -> Events:
        return self._run(lambda f: desk.change_settings(f, settings=settings, reason=reason, at=at))

    def change_structure(self, *, structure: Structure, reason: str, at: float) -> Events:
        return self._run(
            lambda f: desk.change_structure(f, structure=structure, reason=reason, at=at)
        )

    # --- start and clock ------------------------------------------------------------------

    def start(self, *, at: float, rng: random.Random) -> Events:
        """Seat draw (R7), buttons, payouts, and the clock running (:mod:`.seating.start`)."""

        def starting(fold: Fold) -> Events:
            if fold.state.started:
                fold.refuse("started", "the tournament has already started")
            formats.check_format_start(fold)
            return start(fold, at=at, rng=rng)

        return self._run(starting)

    def pause(self, *, at: float) -> Events:
        return self._run(lambda f: clock_commands.pause(f, at=at))

    def resume(self, *, at: float) -> Events:
        return self._run(lambda f: clock_commands.resume(f, at=at))

    def add_time(self, *, seconds: float, at: float) -> Events:
        """More (or, negative, less) time for the current item of the structure."""
        return self._run(lambda f: clock_commands.add_time(f, seconds=seconds, at=at))

    def next_level(self, *, at: float) -> Events:
        """The item in progress ends now; recorded as the time taken off."""
        return self._run(lambda f: clock_commands.next_level(f, at=at))

    def set_time_left(self, *, seconds: float, at: float) -> Events:
        return self._run(lambda f: clock_commands.set_time_left(f, seconds=seconds, at=at))

    def level_at(self, at: float) -> Level:
        """The level a hand starting at ``at`` is played at (TDA R23)."""
        return level_for_hand(after_hand.clock_of(Fold(self.state)), at)

    def chip_race_due(self, at: float) -> tuple[int, ...]:
        """The denominations whose chip race is due before the next hand (TDA R24)."""
        return colour_up_race.due_denominations(self.state, at)

    def race_chips(self, *, at: float, rng: random.Random) -> Events:
        """The chip race of every colour-up break the clock has reached."""
        return self._run(lambda f: clock_commands.race_chips(f, at=at, rng=rng))

    # --- hands ----------------------------------------------------------------------------

    def hand_setup(self, table: int, *, at: float) -> HandSetup | None:
        """The next hand at ``table``, or ``None`` while it waits (:func:`.play.hand_setup`)."""
        return play.hand_setup(Fold(self.state), table, at=at)

    def start_hand(self, table: int, *, at: float) -> Events:
        """A hand is dealt at ``table`` now (:func:`.play.start_hand`)."""
        return self._run(lambda f: play.start_hand(f, table, at=at))

    def record_hand(
        self, result: HandResult, *, at: float, rng: random.Random, rebuys: Collection[str] = ()
    ) -> Events:
        """A hand's result and everything that follows (:func:`.play.record_hand`)."""
        return self._run(lambda f: play.record_hand(f, result, at=at, rng=rng, rebuys=rebuys))

    def record_misdeal(self, *, table: int, at: float) -> Events:
        """A misdeal at ``table`` (R35-C, D11)."""
        return self._run(lambda f: officials.record_misdeal(f, table=table, at=at))

    # --- the floor ------------------------------------------------------------------------

    def call_hand_for_hand(self, *, at: float, street_by_street: bool = False) -> Events:
        """Hand-for-hand from now on (Poland §52.1, §52.4)."""
        return self._run(
            lambda f: floor.call_hand_for_hand(f, at=at, street_by_street=street_by_street)
        )

    def end_hand_for_hand(self, *, at: float) -> Events:
        return self._run(lambda f: floor.end_hand_for_hand(f, at=at))

    def hold_all_in(self, *, table: int, at: float) -> Events:
        """A called all-in held face down during hand-for-hand (TDA RP-8-F)."""
        return self._run(lambda f: floor.hold_all_in(f, table=table, at=at))

    def release_all_in(self, *, table: int, at: float) -> Events:
        return self._run(lambda f: floor.release_all_in(f, table=table, at=at))

    def set_balancing(self, *, mode: str, at: float) -> Events:
        """``automatic`` or ``director`` balancing (TDA R11-C)."""
        return self._run(lambda f: floor.set_balancing(f, mode=mode, at=at))

    def balance_from(self, *, table: int, at: float) -> Events:
        """The director takes the next player due to move from ``table`` (TDA R11-C)."""
        return self._run(lambda f: floor.balance_from(f, table=table, at=at))

    def set_table_size(self, *, seats: int, at: float, rng: random.Random) -> Events:
        """At most ``seats`` players a table from now on (Poland §25.1)."""
        return self._run(lambda f: floor.set_table_size(f, seats=seats, at=at, rng=rng))

    def draw_button(self, *, table: int, at: float, rng: random.Random) -> Events:
        return self._run(lambda f: floor.draw_button(f, table=table, at=at, rng=rng))

    def bust(
        self,
        *,
        entry: str,
        by: Sequence[str] = (),
        at: float,
        rng: random.Random,
        amounts: Sequence[int] | None = None,
        stack: int | None = None,
        same_hand: Sequence[str] = (),
    ) -> Events:
        """``entry`` is out, knocked out by ``by`` (:func:`.manual_commands.bust`)."""
        return self._run(
            lambda f: manual.bust(
                f,
                entry=entry,
                by=by,
                at=at,
                rng=rng,
                amounts=amounts,
                stack=stack,
                same_hand=same_hand,
            )
        )

    def hand_done(self, *, table: int, at: float, rng: random.Random) -> Events:
        """``table`` has finished the hand the event waits for."""
        return self._run(lambda f: manual.hand_done(f, table=table, at=at, rng=rng))

    def chip_count(
        self, *, counts: Mapping[str, int], at: float, adjust: bool = False, reason: str = ""
    ) -> Events:
        """Stacks counted by the floor."""
        return self._run(
            lambda f: manual.chip_count(f, counts=counts, at=at, adjust=adjust, reason=reason)
        )

    def move_player(
        self, *, entry: str, to_table: int, to_seat: int, at: float, reason: str
    ) -> Events:
        """The director seats ``entry`` at ``to_table``, seat ``to_seat`` (0-based)."""
        return self._run(
            lambda f: manual.move_player(
                f, entry=entry, to_table=to_table, to_seat=to_seat, at=at, reason=reason
            )
        )

    def open_table(
        self, *, table: int, at: float, seats: int | None = None, rng: random.Random | None = None
    ) -> Events:
        """An empty table in play; with ``rng`` the alternates take its seats."""
        return self._run(lambda f: manual.open_table(f, table=table, at=at, seats=seats, rng=rng))

    def close_table(self, *, table: int, at: float, rng: random.Random) -> Events:
        """Break ``table`` now (R10-B), the others balanced."""
        return self._run(lambda f: manual.close_table(f, table=table, at=at, rng=rng))

    def confirm_move(self, *, entry: str, at: float) -> Events:
        return self._run(lambda f: manual.confirm_move(f, entry=entry, at=at))

    # --- formats --------------------------------------------------------------------------

    def announce_break_order(self, *, tables: Sequence[int], at: float) -> Events:
        """The director's order for breaking tables (PokerStars Live 2.4)."""
        return self._run(lambda f: formats.announce_break_order(f, tables=tables, at=at))

    def form_final_table(self, *, rng: random.Random) -> Events:
        """Draw a called final table now."""
        return self._run(lambda f: formats.form_final_table(f, rng=rng))

    def end_day(
        self,
        *,
        at: float,
        rng: random.Random,
        in_progress: Collection[int] = (),
        hands: int | None = None,
    ) -> Events:
        """End the day (:func:`.formats.commands.end_day`)."""
        return self._run(
            lambda f: formats.end_day(f, at=at, rng=rng, in_progress=in_progress, hands=hands)
        )

    # --- officials ------------------------------------------------------------------------

    def give_penalty(
        self,
        *,
        entry: str,
        offence: str,
        by_role: Role | str,
        at: float,
        step: str | None = None,
        rng: random.Random | None = None,
    ) -> Events:
        """A penalty from the profile's catalogue (:func:`.officials.commands.give_penalty`)."""
        return self._run(
            lambda f: officials.give_penalty(
                f, entry=entry, offence=offence, by_role=by_role, at=at, step=step, rng=rng
            )
        )

    def confiscate_chips(
        self,
        *,
        entry: str,
        chips: int,
        offence: str,
        by_role: Role | str,
        at: float,
        step: str | None = None,
        rng: random.Random | None = None,
    ) -> Events:
        """Chips forfeited for an offence, with its penalty (TDA R63)."""
        return self._run(
            lambda f: officials.confiscate_chips(
                f,
                entry=entry,
                chips=chips,
                offence=offence,
                by_role=by_role,
                at=at,
                step=step,
                rng=rng,
            )
        )

    def record_ruling(
        self,
        *,
        rule: str,
        decision: str,
        reason: str,
        by_role: Role | str,
        at: float,
        entry: str = "",
        others: Sequence[str] = (),
        table: int | None = None,
        sets_aside: str = "",
    ) -> Events:
        """An official's ruling on the record (Poland §46.3)."""
        return self._run(
            lambda f: officials.record_ruling(
                f,
                rule=rule,
                decision=decision,
                reason=reason,
                by_role=by_role,
                at=at,
                entry=entry,
                others=others,
                table=table,
                sets_aside=sets_aside,
            )
        )

    def call_director(self, *, table: int, reason: str = "", by_role: str, at: float) -> Events:
        return self._run(
            lambda f: officials.call_director(f, table=table, reason=reason, by_role=by_role, at=at)
        )

    def override_table_ruling(
        self,
        *,
        table: int,
        after_step: int,
        target: int,
        choice: str,
        reason: str,
        by_role: str,
        at: float,
        action: str = "",
        to: int | None = None,
    ) -> Events:
        """The director's override of a ruling of ``table``'s hand in play (TDA R1)."""
        return self._run(
            lambda f: officials.override_table_ruling(
                f,
                table=table,
                after_step=after_step,
                target=target,
                choice=choice,
                reason=reason,
                by_role=by_role,
                at=at,
                action=action,
                to=to,
            )
        )

    # --- money and deals ------------------------------------------------------------------

    def set_payout_plan(self, *, plan: PayoutPlan, at: float) -> Events:
        return self._run(lambda f: money.set_payout_plan(f, plan=plan, at=at))

    def record_money(
        self,
        *,
        category: str,
        side: str,
        amount: int,
        at: float,
        entry: str = "",
        note: str = "",
        corrects: int | None = None,
    ) -> Events:
        """A ledger line the director records by hand."""
        return self._run(
            lambda f: money.record_money(
                f,
                category=category,
                side=side,
                amount=amount,
                at=at,
                entry=entry,
                note=note,
                corrects=corrects,
            )
        )

    def close_event(self, *, at: float) -> Events:
        """Close the books, refused unless they balance."""
        return self._run(lambda f: money.close_event(f, at=at))

    def propose_deal(
        self,
        *,
        method: DealMethod | str,
        at: float,
        keep_for_winner: int = 0,
        amounts: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> Events:
        """A chip-chop, ICM, hybrid or custom deal among all remaining players."""
        return self._run(
            lambda f: money.propose_deal(
                f, method=method, at=at, keep_for_winner=keep_for_winner, amounts=amounts, rng=rng
            )
        )

    def consent(self, *, entry: str, at: float, agree: bool = True) -> Events:
        """A player's answer to the deal; the last consent makes it."""
        return self._run(lambda f: money.consent(f, entry=entry, at=at, agree=agree))
