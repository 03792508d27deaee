"""The entry desk's and the director's commands beyond registration and play: withdrawals,
re-entries giving up their chips, special-needs seats, a player's colour-up, found chips,
registration opened and closed, ID checks, the cashier's records, and the organiser's
changes to the event.

:class:`DeskCommands` is a base of :class:`~floorman.tournament.aggregate.Tournament`, like
:class:`~floorman.tournament.floor.manual_commands.ManualCommands`: each public method checks first
and changes nothing when it refuses, then returns the events it decided, applied. The rules
live in :mod:`.withdrawal`, :mod:`.special_seats`, :mod:`.chip_inventory`,
:mod:`.registration_desk`, :mod:`.seat_activation` and :mod:`.event_changes`; a player who
leaves is followed by what follows any elimination (alternates, the end, the seating).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from floorman.tournament.desk import entries, event_changes, registration_desk, withdrawal
from floorman.tournament.desk.bans import check_not_banned
from floorman.tournament.desk.event_changes import Change
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.events import TournamentEvent
from floorman.tournament.seating import seat_activation
from floorman.tournament.seating.special_seats import special_needs_seat
from floorman.tournament.state import TournamentState
from floorman.tournament.structure import changes as structure_change
from floorman.tournament.structure import chip_inventory, low_chips

if TYPE_CHECKING:
    from floorman.tournament.config import TournamentConfig
    from floorman.tournament.structure.levels import Structure


class _Host(Protocol):
    """What these commands use of the aggregate."""

    state: TournamentState

    @property
    def config(self) -> TournamentConfig: ...

    def register(
        self, *, player: str, name: str, at: float, rng: random.Random | None = None
    ) -> tuple[TournamentEvent, ...]: ...

    def _emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]: ...

    def _check_format_entry(self) -> None: ...

    def _after_eliminations(
        self, at: float, rng: random.Random, seats_changed: bool
    ) -> list[TournamentEvent]: ...


class DeskCommands:
    """Withdrawals, re-entries, special seats, colour-ups, found chips, the desk, changes."""

    # --- players leaving and coming back --------------------------------------------------

    def withdraw(
        self: _Host, *, entry: str, at: float, rng: random.Random
    ) -> tuple[TournamentEvent, ...]:
        """``entry`` leaves for good (Poland §57.2): stack removed, placed as disqualified."""
        events = self._emit(withdrawal.withdraw(self.state, entry, at))
        return events + tuple(self._after_eliminations(at, rng, True))

    def reenter(
        self: _Host, *, player: str, name: str, at: float, rng: random.Random
    ) -> tuple[TournamentEvent, ...]:
        """A re-entry while ``player`` still has chips, where the event allows it (TDA R8-B):
        his chips leave play, then he enters again as a late entry."""
        state = self.state
        self._check_format_entry()
        entries.check_late_registration(state, at)
        registration_desk.check_open(state)
        registration_desk.require_id(state, player)
        check_not_banned(state, player, name)
        entries.late_stack(state, at, state.config_.ruleset.tournament.late_entry_stack)
        events = self._emit(withdrawal.surrender(state, player, at))
        events += self.register(player=player, name=name, at=at, rng=rng)
        return events + tuple(self._after_eliminations(at, rng, True))

    # --- seats and chips ------------------------------------------------------------------

    def special_needs_seat(
        self: _Host, *, entry: str, table: int, seat: int, reason: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """A free seat the director gives ``entry`` for special needs (TDA R9, RedCactus 8,
        PokerStars Live 2.1, Poland §13.4); ``seat`` is 0-based. ``at`` is the moment of the
        command (the move itself carries none)."""
        del at
        move = special_needs_seat(self.state, entry=entry, table=table, seat=seat, reason=reason)
        return self._emit([move])

    def colour_up_player(
        self: _Host, *, entry: str, remove: Sequence[int], at: float
    ) -> tuple[TournamentEvent, ...]:
        """``entry``'s chips of the ``remove`` denominations changed up, announced (TDA R25-B,
        PokerStars Live 3.3); the stack's value is kept."""
        return self._emit([chip_inventory.colour_up(self.state, entry, remove, at)])

    def chips_found(
        self: _Host, *, chips: int, at: float, note: str = ""
    ) -> tuple[TournamentEvent, ...]:
        """Chips found with no owner go back to the stock (TDA R64, RedCactus 64)."""
        return self._emit([chip_inventory.found(self.state, chips, note, at)])

    def exchange_low_chips(
        self: _Host, *, entry: str, denomination: int, count: int, at: float
    ) -> tuple[TournamentEvent, ...]:
        """Chips of a raced-off ``denomination`` found on ``entry`` after the race: out of
        play, exchanged at value in the smallest chip in play (PokerStars Live 3.2)."""
        found = low_chips.exchange(
            self.state, entry=entry, denomination=denomination, count=count, at=at
        )
        return self._emit([found])

    # --- the desk -------------------------------------------------------------------------

    def open_registration(self: _Host, *, at: float) -> tuple[TournamentEvent, ...]:
        """The staff open registration again (Poland §55.2)."""
        return self._emit([registration_desk.set_registration(self.state, open=True, at=at)])

    def close_registration(self: _Host, *, at: float) -> tuple[TournamentEvent, ...]:
        """The staff close registration (Poland §55.2): no more entries, late ones included;
        the alternates still waiting are released and waiting seats activated."""
        state = self.state
        events = self._emit([registration_desk.set_registration(state, open=False, at=at)])
        if not state.started:
            return events
        events += self._emit(entries.release_alternates(state, at))
        return events + self._emit(seat_activation.activate_all(state, at))

    def check_id(
        self: _Host, *, player: str, document: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """The staff checked ``player``'s ID (Poland §55.6)."""
        return self._emit(
            [registration_desk.check_id(self.state, player=player, document=document, at=at)]
        )

    def pay_prize(self: _Host, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
        """The cashier pays ``entry``'s prize, after the ID check the event may require."""
        return self._emit([registration_desk.pay_prize(self.state, entry=entry, at=at)])

    def record_rebuy_payment(self: _Host, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
        """The money owed for ``entry``'s declared rebuys and add-ons is paid (Poland §18.4)."""
        return self._emit([registration_desk.rebuy_paid(self.state, entry=entry, at=at)])

    def record_refund(
        self: _Host, *, entry: str, amount: int, reason: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """A refund the staff decided (Poland §55.5)."""
        return self._emit(
            [registration_desk.refund(self.state, entry=entry, amount=amount, reason=reason, at=at)]
        )

    # --- the event itself -----------------------------------------------------------------

    def cancel(self: _Host, *, reason: str, at: float) -> tuple[TournamentEvent, ...]:
        """The organiser calls the event off (PokerStars Live 6.12, Poland §55.7)."""
        return self._emit([event_changes.cancel(self.state, reason=reason, at=at)])

    def change_event(
        self: _Host, *, what: Change | str, description: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """A change the organiser announces: suspended (the clock stops), moved, its rules
        (Poland P.1) or anything else (§55.7, PokerStars Live 6.12)."""
        return self._emit(
            event_changes.change(self.state, what=what, description=description, at=at)
        )

    def change_settings(
        self: _Host, *, settings: EventSettings, reason: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """New settings for the event from now on (Poland P.1)."""
        return self._emit(
            [event_changes.change_settings(self.state, settings=settings, reason=reason, at=at)]
        )

    def change_structure(
        self: _Host, *, structure: Structure, reason: str, at: float
    ) -> tuple[TournamentEvent, ...]:
        """New levels and breaks from the first item not yet started (PokerStars Live 6.12,
        Poland §55.7); the clock follows. Refused for the item in progress or earlier ones."""
        change = structure_change.change_structure(
            self.state, structure=structure, reason=reason, at=at
        )
        return self._emit([change])
