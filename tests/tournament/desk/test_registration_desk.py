"""The registration desk and the cashier (issue 6, part A): registration opened and closed by
the staff (Poland §55.2), IDs checked before registration and payout (§55.6, §51.4), refunds
(§55.5), rebuys that play before they are paid (§18.3, §18.4), smaller late stacks (§55.9,
§55.11) and a setting forbidding deals (§58.1)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust_down_to, event, setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import RebuyTerms
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.desk.events import PrizePaid, RebuyPaid, RefundRecorded, RegistrationSet
from floorman.tournament.desk.registration_desk import owed
from floorman.tournament.events import AlternatesReleased, PlayerRegistered


@pytest.mark.rules("poland-pzp §55.2")
def test_poland_s55_2_staff_close_and_reopen_registration() -> None:
    tournament = event(4, profile="poland-pzp", start=False)
    (closed,) = tournament.close_registration(at=1.0)
    assert isinstance(closed, RegistrationSet)
    assert closed.rule == "§55.2"
    with pytest.raises(IllegalActionError) as caught:
        tournament.register(player="late", name="Late", at=2.0)
    assert (caught.value.ruling.key, caught.value.ruling.rule.rule) == (
        "registration-closed",
        "§55.2",
    )
    with pytest.raises(MalformedInputError):
        tournament.close_registration(at=3.0)
    tournament.open_registration(at=4.0)
    events = tournament.register(player="late", name="Late", at=5.0)
    assert isinstance(events[0], PlayerRegistered)


@pytest.mark.rules("poland-pzp §55.2")
def test_poland_s55_2_closing_late_registration_releases_the_alternates() -> None:
    tournament = event(18, profile="poland-pzp")
    tournament.register(player="alt", name="Alternate", at=60.0, rng=random.Random(1))
    assert tournament.state.alternates == [("alt", "Alternate")]
    events = tournament.close_registration(at=70.0)
    assert any(isinstance(e, AlternatesReleased) for e in events)
    assert tournament.state.alternates == []
    with pytest.raises(IllegalActionError):
        tournament.register(player="x", name="X", at=80.0, rng=random.Random(1))


@pytest.mark.rules("poland-pzp §55.6", "poland-pzp §51.4")
def test_poland_s55_6_no_registration_nor_payout_without_a_checked_id() -> None:
    tournament = event(
        0, profile="poland-pzp", start=False, settings=EventSettings(id_required=True)
    )
    with pytest.raises(IllegalActionError) as caught:
        tournament.register(player="p1", name="Player 1", at=0.0)
    assert (caught.value.ruling.key, caught.value.ruling.rule.rule) == ("id-unchecked", "§55.6")
    for number in range(1, 21):
        tournament.check_id(player=f"p{number}", document="passport", at=0.0)
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(1))
    bust_down_to(tournament, 1)
    winner = next(e for e in tournament.state.entries.values() if e.place == 1)
    tournament.state.desk.id_checked.discard(winner.player)  # a test of the payout's check
    with pytest.raises(IllegalActionError) as caught:
        tournament.pay_prize(entry=winner.entry, at=900.0)
    assert caught.value.ruling.rule.rule == "§51.4"
    tournament.check_id(player=winner.player, document="passport", at=901.0)
    (paid,) = tournament.pay_prize(entry=winner.entry, at=902.0)
    assert isinstance(paid, PrizePaid)
    assert paid.amount == winner.prize > 0
    with pytest.raises(MalformedInputError):
        tournament.pay_prize(entry=winner.entry, at=903.0)


def test_a_prize_is_paid_only_to_a_placed_entry_with_a_prize() -> None:
    tournament = event(6)
    with pytest.raises(MalformedInputError) as caught:
        tournament.pay_prize(entry="e1", at=1.0)
    assert caught.value.constraint == "prize"


@pytest.mark.rules("poland-pzp §55.5")
def test_poland_s55_5_a_refund_is_recorded_and_the_entry_stays_his() -> None:
    """Entries are personal: the entry keeps its player, and a refund the staff decide is a
    record for the cashier that leaves the prize pool as it was."""
    tournament = event(8, profile="poland-pzp")
    pool = tournament.state.pool
    (refund,) = tournament.record_refund(entry="e3", amount=110, reason="illness", at=5.0)
    assert isinstance(refund, RefundRecorded)
    assert (refund.rule, refund.amount) == ("§55.5", 110)
    assert tournament.state.pool == pool
    assert tournament.state.entries["e3"].player == "p3"
    with pytest.raises(MalformedInputError):
        tournament.record_refund(entry="e3", amount=110, reason="again", at=6.0)
    with pytest.raises(MalformedInputError):
        tournament.record_refund(entry="e4", amount=0, reason="nothing", at=6.0)


@pytest.mark.rules("poland-pzp §18.3", "poland-pzp §18.4")
def test_poland_s18_3_a_declared_rebuy_plays_at_once_and_is_owed_until_paid() -> None:
    tournament = event(
        6, profile="poland-pzp", rebuy=RebuyTerms(price=100, chips=5_000, last_level=2)
    )
    tournament.rebuy(entry="e2", at=30.0)
    table = tournament.state.entries["e2"].table
    assert table is not None
    setup = setup_of(tournament, table, 31.0)
    assert setup.config.stacks[setup.seats.index("e2")] == 15_000  # chips not there yet
    assert owed(tournament.state, "e2") == 100
    (paid,) = tournament.record_rebuy_payment(entry="e2", at=40.0)
    assert isinstance(paid, RebuyPaid)
    assert (paid.amount, paid.rule) == (100, "§18.3")
    assert owed(tournament.state, "e2") == 0
    with pytest.raises(MalformedInputError):
        tournament.record_rebuy_payment(entry="e2", at=41.0)
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("poland-pzp §55.9", "poland-pzp §55.11")
def test_poland_s55_11_t15_deductions_count_whole_periods_from_the_start_and_the_antes() -> None:
    """T15's arithmetic through the desk: at 39 minutes one whole period of blinds (level 2:
    200/400) and no whole period of antes (they began at 20); at 40 one of each."""
    tournament = event(12, profile="poland-pzp")
    first = tournament.register(player="a", name="A", at=39 * 60.0, rng=random.Random(1))
    second = tournament.register(player="b", name="B", at=40 * 60.0, rng=random.Random(1))
    stacks = [
        next(e for e in ev if isinstance(e, PlayerRegistered)).stack for ev in (first, second)
    ]
    assert stacks == [10_000 - (200 + 400), 10_000 - 2 * (300 + 600) - 600 * 9]
    assert all(stack < 10_000 for stack in stacks)  # §55.9: smaller than the starting stack


@pytest.mark.rules("poland-pzp §58.1")
def test_poland_s58_1_an_event_may_forbid_deals() -> None:
    tournament = event(6, profile="poland-pzp", settings=EventSettings(deals_allowed=False))
    bust_down_to(tournament, 3)
    with pytest.raises(IllegalActionError) as caught:
        tournament.propose_deal(method="chip-chop", at=500.0)
    assert (caught.value.ruling.key, caught.value.ruling.rule.rule) == ("deals-forbidden", "§58.1")
    tournament.change_settings(settings=EventSettings(), reason="the TD allows deals", at=501.0)
    assert tournament.propose_deal(method="chip-chop", at=502.0)
