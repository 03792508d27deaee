"""The money ledger, the payout plan and closing the books as tournament commands (issue 18)."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.tournament.manual_support import RNG, live, of_type
from tests.tournament.manual_support import bust_down_to as manual_bust_down_to
from tests.tournament.tournament_helpers import bust_down_to, event

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import RebuyTerms
from floorman.tournament.events import PayoutsSet, PlayerEliminated
from floorman.tournament.money.events import EventClosed, PayoutPlan, PayoutPlanSet
from floorman.tournament.money.ledger import balance, ledger


def _refused(constraint: str, call: object, **kwargs: object) -> None:
    with pytest.raises(MalformedInputError) as caught:
        call(**kwargs)  # type: ignore[operator]
    assert caught.value.constraint == constraint


def test_every_buy_in_rebuy_and_prize_is_a_ledger_line_and_a_finished_event_balances() -> None:
    tournament = event(6, bounty=20, rebuy=RebuyTerms(price=100, chips=2_000, last_level=2))
    tournament.rebuy(entry="e2", at=30.0)
    bust_down_to(tournament, 1)
    lines = ledger(tournament.events)
    categories = [line.category for line in lines]
    assert categories.count("buy-in") == 6
    assert categories.count("fee") == 6
    assert categories.count("rebuy") == 1
    totals = balance(lines)
    assert totals.money_in == 6 * (100 + 10 + 20) + 100
    assert totals.house == 6 * 10
    assert totals.money_out == tournament.state.pool + 6 * 20  # prizes and every bounty
    assert totals.difference == 0
    closed = tournament.close_event(at=99.0)
    assert closed == (EventClosed(money_in=880, money_out=820, house=60, at=99.0),)
    assert tournament.state.money.closed
    _refused("books-closed", tournament.close_event, at=100.0)


def test_close_is_refused_with_the_difference_named_until_a_refund_balances_it() -> None:
    tournament = event(2, start=False)
    with pytest.raises(MalformedInputError) as caught:
        tournament.close_event(at=1.0)
    assert caught.value.constraint == "books-balance"
    assert "200 is unaccounted for" in str(caught.value)
    assert not tournament.state.money.closed
    for entry in ("e1", "e2"):
        tournament.record_money(category="refund", side="out", amount=100, entry=entry, at=2.0)
    assert isinstance(tournament.close_event(at=3.0)[0], EventClosed)


def test_a_correction_is_a_new_line_naming_the_line_it_corrects() -> None:
    tournament = event(2, start=False)
    tournament.record_money(category="league-dues", side="in", amount=50, at=1.0)
    before = ledger(tournament.events)
    tournament.record_money(
        category="correction", side="in", amount=-20, corrects=len(before), note="typo", at=2.0
    )
    after = ledger(tournament.events)
    assert after[: len(before)] == before  # nothing written is changed
    assert (after[-1].amount, after[-1].corrects, after[-1].note) == (-20, len(before), "typo")
    assert balance(after).money_in == balance(before).money_in - 20
    assert balance(after).house == balance(before).house - 20  # the dues were the league's
    _refused("money-correction", tournament.record_money, category="correction", side="in",
             amount=5, corrects=99, at=3.0)  # fmt: skip
    _refused("money-line", tournament.record_money, category="refund", side="out", amount=-5,
             at=3.0)  # fmt: skip
    _refused("money-line", tournament.record_money, category="tips", side="in", amount=5,
             at=3.0)  # fmt: skip
    assert ledger(tournament.events) == after


def test_the_payout_plan_pays_places_by_number_share_or_percentages_rounded_to_the_unit() -> None:
    tournament = event(20, start=False)  # pool 2,000
    tournament.set_payout_plan(plan=PayoutPlan(places=3, unit=50), at=1.0)
    prizes = tournament.state.prizes
    assert len(prizes) == 3
    assert sum(prizes) == 2_000
    assert all(prize % 50 == 0 for prize in prizes)
    tournament.set_payout_plan(plan=PayoutPlan(share=0.25), at=2.0)
    assert len(tournament.state.prizes) == 5
    events = tournament.set_payout_plan(
        plan=PayoutPlan(percentages=(50.0, 30.0, 20.0), unit=100), at=3.0
    )
    assert isinstance(events[0], PayoutPlanSet)
    assert events[1] == PayoutsSet(pool=2_000, prizes=(1_000, 600, 400))
    tournament.register(player="late", name="Late", at=4.0)
    tournament.start(at=5.0, rng=random.Random(1))  # the table follows the pool
    assert tournament.state.prizes == (1_100, 600, 400)


def test_a_bubble_prize_is_taken_off_the_fund_and_paid_to_the_first_place_out() -> None:
    tournament = event(20, start=False)
    tournament.set_payout_plan(plan=PayoutPlan(percentages=(60.0, 40.0), bubble=100), at=1.0)
    assert tournament.state.prizes == (1_140, 760, 100)
    assert sum(tournament.state.prizes) == tournament.state.pool


def test_a_guarantee_tops_up_the_fund_and_the_top_up_is_money_in() -> None:
    tournament = event(4, guarantee=1_000)
    assert tournament.state.pool == 1_000
    lines = ledger(tournament.events)
    assert [(line.category, line.amount) for line in lines if line.category == "overlay"] == [
        ("overlay", 600)
    ]
    bust_down_to(tournament, 1)
    assert balance(ledger(tournament.events)).difference == 0


@pytest.mark.parametrize(
    ("plan", "words"),
    [
        (PayoutPlan(places=3, share=0.2), "not both"),
        (PayoutPlan(percentages=(50.0, 30.0)), "add up to 80"),
        (PayoutPlan(percentages=(30.0, 70.0)), "never pays more"),
        (PayoutPlan(places=2, unit=100, bubble=150), "not a multiple"),
        (PayoutPlan(percentages=(90.0, 10.0), bubble=500), "more than the last paid prize"),
    ],
)
def test_a_plan_that_cannot_give_a_table_is_refused_and_changes_nothing(
    plan: PayoutPlan, words: str
) -> None:
    tournament = event(20, start=False)
    before = list(tournament.events)
    with pytest.raises(MalformedInputError) as caught:
        tournament.set_payout_plan(plan=plan, at=1.0)
    assert caught.value.constraint == "payout-plan"
    assert words in str(caught.value)
    assert tournament.events == before


def test_the_plan_is_final_once_the_money_is_reached() -> None:
    tournament = event(6)
    bust_down_to(tournament, 1)
    _refused("payouts-final", tournament.set_payout_plan, plan=PayoutPlan(places=2), at=9.0)


def test_replay_rebuilds_the_money_desk() -> None:
    tournament = event(4)
    tournament.set_payout_plan(plan=PayoutPlan(places=2), at=1.0)
    bust_down_to(tournament, 1)
    tournament.close_event(at=50.0)
    assert Tournament.replay(tournament.events).state == tournament.state


def test_a_bad_plan_is_refused_even_before_anyone_paid_in() -> None:
    tournament = event(0, start=False)  # no pool yet: no table to compute
    _refused("payout-plan", tournament.set_payout_plan, plan=PayoutPlan(places=0), at=1.0)
    tournament.set_payout_plan(plan=PayoutPlan(places=2), at=2.0)
    assert tournament.state.money.plan == PayoutPlan(places=2)


@pytest.mark.rules("tda-2022 RP-8-A", "poland-pzp §52.5")
def test_tda_rp8a_players_out_in_the_same_hand_on_the_bubble_share_the_bubble_prize() -> None:
    tournament = live(30, seats=4)  # pool 3,000
    plan = PayoutPlan(percentages=(40.0, 30.0, 20.0, 10.0), bubble=100)
    tournament.set_payout_plan(plan=plan, at=1.0)
    assert tournament.state.prizes == (1_160, 870, 580, 290, 100)  # 5th: the bubble prize
    manual_bust_down_to(tournament, 6)
    state = tournament.state
    assert state.hand_for_hand
    one, two = sorted(state.tables)
    (a, a_winner), (b, b_winner) = (state.tables[n].players[:2] for n in (one, two))
    tournament.bust(entry=a, by=(a_winner,), at=3_000.0, rng=RNG)
    tournament.bust(entry=b, by=(b_winner,), at=3_000.0, rng=RNG)
    tournament.hand_done(table=one, at=3_010.0, rng=RNG)
    closed = tournament.hand_done(table=two, at=3_020.0, rng=RNG)
    out = of_type(closed, PlayerEliminated)
    assert {(e.entry, e.place, e.tied, e.prize) for e in out} == {(a, 5, 2, 50), (b, 5, 2, 50)}
    lines = ledger(tournament.events)
    assert [line.amount for line in lines if line.category == "payout"] == [50, 50]


@settings(max_examples=25, deadline=None)
@example(players=2, bounty=0, progressive=False, guarantee=0, rebuys=3)
@given(
    players=st.integers(min_value=2, max_value=14),
    bounty=st.sampled_from([0, 20]),
    progressive=st.booleans(),
    guarantee=st.sampled_from([0, 1_000, 5_000]),
    rebuys=st.integers(min_value=0, max_value=3),
)
def test_every_finished_event_balances_its_books(
    players: int, bounty: int, progressive: bool, guarantee: int, rebuys: int
) -> None:
    tournament = event(
        players,
        bounty=bounty,
        progressive_bounty=progressive and bounty > 0,
        guarantee=guarantee,
        rebuy=RebuyTerms(price=100, chips=2_000, last_level=2),
    )
    # One rebuy an entry: a second would find the stack above the R27 limit and be refused.
    for number in range(min(rebuys, players)):
        tournament.rebuy(entry=f"e{number + 1}", at=30.0 + number)
    bust_down_to(tournament, 1)
    assert tournament.state.finished
    totals = balance(ledger(tournament.events))
    assert totals.difference == 0
    assert totals.house == players * 10
    assert isinstance(tournament.close_event(at=9_999.0)[0], EventClosed)
