"""Entries and money as tournament commands: rebuys, add-ons, alternates, the age check,
bounties and the overlay (issue 6)."""

from __future__ import annotations

import random
from datetime import date

import pytest
from tests.tournament.tournament_helpers import bust, bust_down_to, chips_conserved, event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.config import AddOnTerms, RebuyTerms
from floorman.tournament.events import (
    AlternateListed,
    AlternatesReleased,
    BountyPaid,
    PayoutsSet,
    PlayerEliminated,
    PlayerRegistered,
    PlayerSeated,
    RebuyMade,
)

REBUY = RebuyTerms(price=100, chips=10_000, last_level=2)


def _refused(call: object, *args: object, **kwargs: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return caught.value


REBUY_RULES = {
    "tda-2022": "R27",
    "pokerstars-live": "2.3",
    "belarus-sport": "3.1-¶1c",
    "poland-pzp": "§18.1",
}


@pytest.mark.rules(
    "tda-2022 R27", "pokerstars-live 2.3", "belarus-sport 4.1-re-buy", "poland-pzp §18.1"
)
@pytest.mark.parametrize("profile", sorted(REBUY_RULES))
def test_tda_r27_rebuy_declared_before_a_hand_adds_chips_pool_and_payouts(profile: str) -> None:
    tournament = event(10, profile=profile, rebuy=REBUY)
    events = tournament.rebuy(entry="e3", at=60.0)
    made = next(e for e in events if isinstance(e, RebuyMade))
    assert (made.chips, made.price, made.add_on) == (10_000, 100, False)
    assert made.rule == REBUY_RULES[profile]
    assert tournament.state.entries["e3"].stack == 20_000
    assert any(isinstance(e, PayoutsSet) for e in events)
    assert tournament.state.pool == 11 * 100
    assert sum(tournament.state.prizes) == tournament.state.pool
    assert chips_conserved(tournament)


@pytest.mark.rules("tda-2022 R27")
def test_rebuys_are_refused_above_the_stack_limit_after_the_period_and_past_the_maximum() -> None:
    terms = RebuyTerms(price=100, chips=5_000, last_level=1, max_stack=10_000, max_rebuys=1)
    tournament = event(6, rebuy=terms)
    tournament.rebuy(entry="e1", at=10.0)
    version = tournament.state.version
    above = _refused(tournament.rebuy, entry="e1", at=11.0)  # 15,000 now
    assert (above.ruling.key, above.ruling.rule.rule) == ("rebuy-stack", "R27")
    late = _refused(tournament.rebuy, entry="e2", at=21 * 60.0)  # level 2
    assert late.ruling.key == "rebuy-period"
    again = event(6, rebuy=RebuyTerms(price=100, chips=100, last_level=1, max_rebuys=1))
    again.rebuy(entry="e1", at=10.0)
    assert _refused(again.rebuy, entry="e1", at=20.0).ruling.key == "rebuy-stack"
    assert tournament.state.version == version


@pytest.mark.rules("poland-pzp §18.2", "belarus-sport 3.1-¶1c")
@pytest.mark.parametrize("profile", ["poland-pzp", "belarus-sport"])
def test_poland_18_2_a_player_who_busts_in_the_rebuy_period_rebuys_before_the_next_hand(
    profile: str,
) -> None:
    tournament = event(9, profile=profile, rebuy=REBUY)
    bust(tournament, "e1", at=60.0, rebuys=["e1"])
    player = tournament.state.entries["e1"]
    assert player.alive
    assert (player.stack, player.rebuys) == (10_000, 1)
    assert not any(isinstance(e, PlayerEliminated) for e in tournament.events)
    bust(tournament, "e2", at=70.0)  # no rebuy: out
    assert tournament.state.entries["e2"].place == 9
    assert chips_conserved(tournament)


def test_only_a_player_busted_in_the_hand_rebuys_with_its_result() -> None:
    tournament = event(9, rebuy=REBUY)
    version = tournament.state.version
    with pytest.raises(MalformedInputError) as caught:
        bust(tournament, "e1", at=60.0, rebuys=["e2"])
    assert caught.value.constraint == "rebuy"
    assert tournament.state.version == version


@pytest.mark.rules("poland-pzp §18.5")
def test_poland_18_5_the_add_on_is_once_per_entry_in_its_window() -> None:
    add_on = AddOnTerms(price=50, chips=5_000, after_level=1)
    tournament = event(6, profile="poland-pzp", add_on=add_on)
    early = _refused(tournament.add_on, entry="e1", at=60.0)
    assert (early.ruling.key, early.ruling.rule.rule) == ("add-on-window", "§18.1")
    events = tournament.add_on(entry="e1", at=25 * 60.0)
    assert next(e for e in events if isinstance(e, RebuyMade)).add_on
    assert tournament.state.entries["e1"].stack == 15_000
    assert tournament.state.pool == 6 * 100 + 50
    assert _refused(tournament.add_on, entry="e1", at=26 * 60.0).ruling.key == "add-on-taken"
    assert _refused(tournament.add_on, entry="e2", at=41 * 60.0).ruling.key == "add-on-window"


@pytest.mark.rules("redcactus 27")
def test_redcactus_27_an_event_with_rebuys_is_refused() -> None:
    refusal = _refused(event, 6, profile="redcactus", start=False, rebuy=REBUY)
    assert refusal.ruling.rule.rule == "27"


def test_rebuys_and_late_entries_stop_once_the_money_is_reached() -> None:
    terms = RebuyTerms(price=100, chips=100, last_level=2, max_stack=1_000_000)
    tournament = event(20, rebuy=terms)
    assert len(tournament.state.prizes) == 3
    bust_down_to(tournament, 3)
    at = 100.0
    alive = next(e.entry for e in tournament.state.entries.values() if e.alive)
    prizes = tournament.state.prizes
    assert _refused(tournament.rebuy, entry=alive, at=at).ruling.key == "rebuy-in-the-money"
    late = _refused(tournament.register, player="late", name="L", at=at, rng=random.Random(1))
    assert late.ruling.key == "late-entry"
    assert tournament.state.prizes == prizes


def test_guarantee_tops_the_pool_up_and_records_the_overlay() -> None:
    tournament = event(10, guarantee=5_000)
    payouts = next(e for e in tournament.events if isinstance(e, PayoutsSet))
    assert (payouts.pool, payouts.overlay) == (5_000, 4_000)
    assert sum(payouts.prizes) == 5_000


def test_a_fixed_bounty_goes_to_the_eliminator_and_the_winner_collects_his_own() -> None:
    tournament = event(3, bounty=25)
    bust(tournament, "e1", at=10.0)
    paid = next(e for e in tournament.events if isinstance(e, BountyPaid))
    assert paid.eliminated == "e1"
    assert sum(a for _, a in paid.shares) == 25
    winner_of_e1 = paid.shares[0][0]
    assert tournament.state.entries[winner_of_e1].bounty_won == 25
    loser = next(e for e in ("e2", "e3") if tournament.state.entries[e].alive and e != winner_of_e1)
    bust(tournament, loser, at=20.0)
    won = sum(e.bounty_won for e in tournament.state.entries.values())
    assert tournament.state.finished
    assert won == 3 * 25


def test_a_progressive_knockout_pays_half_and_puts_half_on_the_winners_head() -> None:
    tournament = event(3, bounty=40, progressive_bounty=True)
    bust(tournament, "e1", at=10.0)
    paid = next(e for e in tournament.events if isinstance(e, BountyPaid))
    (winner, cash), (_, added) = paid.shares[0], paid.added[0]
    assert cash == added == 20
    assert tournament.state.entries[winner].bounty == 60


@pytest.mark.rules("poland-pzp §56.1", "poland-pzp §56.2")
def test_poland_56_an_alternate_waits_for_a_free_seat_and_gets_a_full_stack() -> None:
    tournament = event(18, profile="poland-pzp")  # two full 9-max tables
    listed = tournament.register(player="alt", name="Alternate", at=2_500.0, rng=random.Random(2))
    assert [type(e) for e in listed] == [AlternateListed]
    assert tournament.state.alternates == [("alt", "Alternate")]
    assert len(tournament.state.entries) == 18
    bust(tournament, "e5", at=2_600.0)
    registered = next(
        e for e in tournament.events if isinstance(e, PlayerRegistered) and e.alternate
    )
    assert (registered.stack, registered.rule) == (10_000, "§56.2")
    seated = [e for e in tournament.events if isinstance(e, PlayerSeated)]
    assert [e.entry for e in seated] == [registered.entry]
    assert tournament.state.alternates == []
    assert tournament.state.entries["e5"].place == 19  # the field grew after he busted
    assert chips_conserved(tournament)


@pytest.mark.rules("redcactus 7")
def test_redcactus_alternates_still_waiting_when_late_registration_closes_are_released() -> None:
    tournament = event(18, profile="redcactus")
    tournament.register(player="alt", name="Alternate", at=1_800.0, rng=random.Random(2))
    bust(tournament, "e5", at=3_700.0)  # past the hour: the freed seat is not filled
    released = next(e for e in tournament.events if isinstance(e, AlternatesReleased))
    assert (released.players, released.rule) == (("alt",), "7")
    assert tournament.state.alternates == []
    assert "alt" not in {e.player for e in tournament.state.entries.values()}


@pytest.mark.rules("belarus-sport 1.1", "poland-pzp §55.1")
@pytest.mark.parametrize(
    ("profile", "age", "rule"), [("belarus-sport", 17, "1.1"), ("poland-pzp", 18, "§55.1")]
)
def test_belarus_1_1_entrants_must_be_17(profile: str, age: int, rule: str) -> None:
    tournament = event(4, profile=profile, start=False)
    day = date(2026, 3, 1)
    young = _refused(
        tournament.register,
        player="kid",
        name="Kid",
        at=0.0,
        birth_date=date(2026 - age, 3, 2),
        on=day,
    )
    assert (young.ruling.key, young.ruling.rule.rule) == ("minimum-age", rule)
    born = date(2026 - age, 3, 1)
    tournament.register(player="adult", name="Adult", at=0.0, birth_date=born, on=day)
    assert any(e.player == "adult" for e in tournament.state.entries.values())
    with pytest.raises(MalformedInputError) as caught:
        tournament.register(player="x", name="X", at=0.0, birth_date=date(1990, 1, 1))
    assert caught.value.constraint == "registration-date"


@pytest.mark.rules("tda-2022 R8-A")
def test_a_late_entry_makes_the_players_already_out_finish_one_place_lower() -> None:
    tournament = event(12)
    bust(tournament, "e4", at=60.0)
    assert tournament.state.entries["e4"].place == 12
    tournament.register(player="late", name="Late", at=120.0, rng=random.Random(3))
    assert tournament.state.entries["e4"].place == 13
    assert len(tournament.state.entries) == 13
