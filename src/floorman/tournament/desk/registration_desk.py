"""The registration desk and the cashier: registration opened and closed by the staff, ID
checks, prizes paid, rebuys paid for, refunds.

Registration stays open until the staff close it (Poland §55.2); closed, no entry is taken,
late entries included, and the alternates still waiting are released. Where the event
requires it (Poland §55.6, §51.4), a player registers, and an entry is paid, only once the
staff have recorded his ID as checked: floorman keeps the fact, never the document. A rebuy's
chips are his from the declaration (§18.3, TDA R27); the money is owed until the cashier
records it (§18.4: showing the funds is the staff's to check). A refund is the staff's call
(§55.5) and only recorded: the prize pool is not changed by it.
"""

from __future__ import annotations

from floorman.tournament.desk.event_settings import settings_of
from floorman.tournament.desk.events import (
    IdChecked,
    PrizePaid,
    RebuyPaid,
    RefundRecorded,
    RegistrationSet,
)
from floorman.tournament.desk.unsold_seats import check_not_unsold
from floorman.tournament.entry_record import EntryState
from floorman.tournament.refusals import bad, refuse_if
from floorman.tournament.state import TournamentState


def set_registration(state: TournamentState, *, open: bool, at: float) -> RegistrationSet:
    """The staff open or close registration (Poland §55.2)."""
    _check_not_over(state)
    if state.desk.registration_closed != open:
        bad(f"registration is {'open' if open else 'closed'} already", "registration")
    rule = state.config_.ruleset.cite("registration").rule
    return RegistrationSet(open=open, at=at, rule=rule)


def check_open(state: TournamentState) -> None:
    """Refuse an entry while the staff keep registration closed (Poland §55.2)."""
    ruleset = state.config_.ruleset
    refuse_if(
        state.desk.registration_closed,
        ruleset,
        ruleset.cite("registration").rule,
        "registration-closed",
        "registration is closed",
    )


def check_id(state: TournamentState, *, player: str, document: str, at: float) -> IdChecked:
    """The staff record that they checked ``player``'s ID (Poland §55.6)."""
    _check_not_over(state)
    if not player.strip() or not document.strip():
        bad("an ID check names the player and the document shown", "id-check")
    rule = state.config_.ruleset.cite("id-check").rule
    return IdChecked(player=player, document=document.strip(), at=at, rule=rule)


def require_id(state: TournamentState, player: str, *, concept: str = "id-check") -> None:
    """Refuse a registration, a seat or a payout to a player whose ID the staff have not
    checked, where the event requires it (Poland §55.6; at payout §51.4)."""
    ruleset = state.config_.ruleset
    refuse_if(
        settings_of(state).id_required and player not in state.desk.id_checked,
        ruleset,
        ruleset.cite(concept).rule,
        "id-unchecked",
        f"the staff have not checked {player}'s ID",
        player=player,
    )


def pay_prize(state: TournamentState, *, entry: str, at: float) -> PrizePaid:
    """The cashier pays ``entry`` his prize: once he is placed, once, and after the ID check
    the event may require (§51.4)."""
    player = _entry(state, entry)
    if player.place is None or not player.prize:
        bad(f"{entry} has no prize to be paid", "prize")
    if entry in state.desk.paid:
        bad(f"{entry} has been paid", "prize")
    require_id(state, player.player, concept="payout-id")
    rule = state.config_.ruleset.cite("payout-id").rule
    return PrizePaid(entry=entry, amount=player.prize, at=at, rule=rule)


def owed(state: TournamentState, entry: str) -> int:
    """What ``entry`` still owes for the rebuys and add-ons he declared (Poland §18.4)."""
    config = state.config_
    player = state.entries[entry]
    price = config.rebuy.price if config.rebuy else 0
    add_on = config.add_on.price if config.add_on else 0
    due = player.rebuys * price + player.add_ons * add_on
    return due - state.desk.rebuys_paid.get(entry, 0)


def rebuy_paid(state: TournamentState, *, entry: str, at: float) -> RebuyPaid:
    """The cashier records the money of ``entry``'s declared rebuys and add-ons."""
    _entry(state, entry)
    amount = owed(state, entry)
    if amount <= 0:
        bad(f"{entry} owes nothing for rebuys", "rebuy-paid")
    rule = state.config_.ruleset.cite("rebuy-owed").rule
    return RebuyPaid(entry=entry, amount=amount, at=at, rule=rule)


def refund(
    state: TournamentState, *, entry: str, amount: int, reason: str, at: float
) -> RefundRecorded:
    """A refund the staff decided (Poland §55.5), recorded once per entry."""
    _entry(state, entry)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        bad("a refund is a whole amount of 1 or more", "refund")
    if not reason.strip():
        bad("a refund needs the staff's reason", "reason")
    if entry in state.desk.refunds:
        bad(f"{entry} has been refunded", "refund")
    rule = state.config_.ruleset.cite("refund").rule
    return RefundRecorded(entry=entry, amount=amount, reason=reason.strip(), at=at, rule=rule)


def _entry(state: TournamentState, entry: str) -> EntryState:
    player = state.entries.get(entry)
    if player is None:
        bad(f"no entry {entry!r}", "entry")
    check_not_unsold(state, entry)
    return player


def _check_not_over(state: TournamentState) -> None:
    if state.desk.cancelled:
        bad("the tournament was cancelled", "cancelled")
