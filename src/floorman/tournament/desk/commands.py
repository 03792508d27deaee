"""The entry desk's and the director's commands beyond registration and play: withdrawals,
re-entries giving up their chips, special-needs seats, a player's colour-up, found chips,
registration opened and closed, ID checks, the cashier's records, and the organiser's
changes to the event.

The commands are functions of a command's :class:`~floorman.tournament.fold.Fold`, run by the
facade :class:`~floorman.tournament.aggregate.Tournament`: each checks first, then folds the
events it decides; a refusal at any step leaves nothing (:mod:`floorman.tournament.fold`). The
rules live in :mod:`.withdrawal`, :mod:`.special_seats`, :mod:`.chip_inventory`,
:mod:`.registration_desk`, :mod:`.seat_activation` and :mod:`.event_changes`; a player who
leaves is followed by what follows any elimination (alternates, the end, the seating)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from floorman.tournament.desk import entries, event_changes, registration_desk, withdrawal
from floorman.tournament.desk.bans import check_not_banned
from floorman.tournament.desk.entry_commands import register
from floorman.tournament.desk.event_changes import Change
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.after_hand import after_eliminations
from floorman.tournament.fold import Fold
from floorman.tournament.formats.commands import check_format_entry
from floorman.tournament.refusals import bad
from floorman.tournament.seating import seat_activation, special_seats
from floorman.tournament.structure import changes as structure_change
from floorman.tournament.structure import chip_inventory, low_chips

if TYPE_CHECKING:
    from floorman.tournament.structure.levels import Structure


# --- players leaving and coming back --------------------------------------------------


def withdraw(
    fold: Fold, *, entry: str, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """``entry`` leaves for good (Poland §57.2): stack removed, placed as disqualified."""
    events = fold.emit(withdrawal.withdraw(fold.state, entry, at))
    return events + tuple(after_eliminations(fold, at, rng, True))


def reenter(
    fold: Fold, *, player: str, name: str, at: float, rng: random.Random
) -> tuple[TournamentEvent, ...]:
    """A re-entry while ``player`` still has chips, where the event allows it (TDA R8-B):
    his chips leave play, then he enters again as a late entry."""
    state = fold.state
    if not state.started:
        bad("before the start a player registers once: there is nothing to re-enter", "started")
    check_format_entry(fold)
    entries.check_late_registration(state, at)
    registration_desk.check_open(state)
    registration_desk.require_id(state, player)
    check_not_banned(state, player, name)
    entries.late_stack(state, at, state.config_.ruleset.tournament.late_entry_stack)
    events = fold.emit(withdrawal.surrender(state, player, at))
    events += register(fold, player=player, name=name, at=at, rng=rng)
    return events + tuple(after_eliminations(fold, at, rng, True))


# --- seats and chips ------------------------------------------------------------------


def special_needs_seat(
    fold: Fold, *, entry: str, table: int, seat: int, reason: str, at: float
) -> tuple[TournamentEvent, ...]:
    """A free seat the director gives ``entry`` for special needs (TDA R9, RedCactus 8,
    PokerStars Live 2.1, Poland §13.4); ``seat`` is 0-based. ``at`` is the moment of the
    command (the move itself carries none)."""
    del at
    move = special_seats.special_needs_seat(
        fold.state, entry=entry, table=table, seat=seat, reason=reason
    )
    return fold.emit([move])


def colour_up_player(
    fold: Fold, *, entry: str, remove: Sequence[int], at: float
) -> tuple[TournamentEvent, ...]:
    """``entry``'s chips of the ``remove`` denominations changed up, announced (TDA R25-B,
    PokerStars Live 3.3); the stack's value is kept."""
    return fold.emit([chip_inventory.colour_up(fold.state, entry, remove, at)])


def chips_found(
    fold: Fold, *, chips: int, at: float, note: str = ""
) -> tuple[TournamentEvent, ...]:
    """Chips found with no owner go back to the stock (TDA R64, RedCactus 64)."""
    return fold.emit([chip_inventory.found(fold.state, chips, note, at)])


def exchange_low_chips(
    fold: Fold, *, entry: str, denomination: int, count: int, at: float
) -> tuple[TournamentEvent, ...]:
    """Chips of a raced-off ``denomination`` found on ``entry`` after the race: out of
    play, exchanged at value in the smallest chip in play (PokerStars Live 3.2)."""
    found = low_chips.exchange(
        fold.state, entry=entry, denomination=denomination, count=count, at=at
    )
    return fold.emit([found])


# --- the desk -------------------------------------------------------------------------


def open_registration(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    """The staff open registration again (Poland §55.2)."""
    return fold.emit([registration_desk.set_registration(fold.state, open=True, at=at)])


def close_registration(fold: Fold, *, at: float) -> tuple[TournamentEvent, ...]:
    """The staff close registration (Poland §55.2): no more entries, late ones included;
    the alternates still waiting are released and waiting seats activated."""
    state = fold.state
    events = fold.emit([registration_desk.set_registration(state, open=False, at=at)])
    if not state.started:
        return events
    events += fold.emit(entries.release_alternates(state, at))
    return events + fold.emit(seat_activation.activate_all(state, at))


def check_id(fold: Fold, *, player: str, document: str, at: float) -> tuple[TournamentEvent, ...]:
    """The staff checked ``player``'s ID (Poland §55.6)."""
    return fold.emit(
        [registration_desk.check_id(fold.state, player=player, document=document, at=at)]
    )


def pay_prize(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """The cashier pays ``entry``'s prize, after the ID check the event may require."""
    return fold.emit([registration_desk.pay_prize(fold.state, entry=entry, at=at)])


def record_rebuy_payment(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """The money owed for ``entry``'s declared rebuys and add-ons is paid (Poland §18.4)."""
    return fold.emit([registration_desk.rebuy_paid(fold.state, entry=entry, at=at)])


def record_refund(
    fold: Fold, *, entry: str, amount: int, reason: str, at: float
) -> tuple[TournamentEvent, ...]:
    """A refund the staff decided (Poland §55.5)."""
    return fold.emit(
        [registration_desk.refund(fold.state, entry=entry, amount=amount, reason=reason, at=at)]
    )


# --- the event itself -----------------------------------------------------------------


def cancel(fold: Fold, *, reason: str, at: float) -> tuple[TournamentEvent, ...]:
    """The organiser calls the event off (PokerStars Live 6.12, Poland §55.7)."""
    return fold.emit([event_changes.cancel(fold.state, reason=reason, at=at)])


def change_event(
    fold: Fold, *, what: Change | str, description: str, at: float
) -> tuple[TournamentEvent, ...]:
    """A change the organiser announces: suspended (the clock stops), moved, its rules
    (Poland P.1) or anything else (§55.7, PokerStars Live 6.12)."""
    return fold.emit(event_changes.change(fold.state, what=what, description=description, at=at))


def change_settings(
    fold: Fold, *, settings: EventSettings, reason: str, at: float
) -> tuple[TournamentEvent, ...]:
    """New settings for the event from now on (Poland P.1)."""
    return fold.emit(
        [event_changes.change_settings(fold.state, settings=settings, reason=reason, at=at)]
    )


def change_structure(
    fold: Fold, *, structure: Structure, reason: str, at: float
) -> tuple[TournamentEvent, ...]:
    """New levels and breaks from the first item not yet started (PokerStars Live 6.12,
    Poland §55.7); the clock follows. Refused for the item in progress or earlier ones."""
    change = structure_change.change_structure(
        fold.state, structure=structure, reason=reason, at=at
    )
    return fold.emit([change])
