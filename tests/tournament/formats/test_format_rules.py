"""Formats' loose ends (issue 6, part C): rebuys in the Olympic format's first stage only, a
Day 2's payouts from the whole event's field whatever happens on Day 2, and a final table
drawn during the day's last hands playing no hand that day."""

from __future__ import annotations

import random

import pytest
from tests.tournament.formats_support import (
    HOLD_EM,
    bust_all_but_one,
    hand,
    of_type,
    players_at,
    result,
)

from floorman.errors import IllegalActionError
from floorman.rules.profiles import get_ruleset
from floorman.rules.ruleset import Ruleset
from floorman.rules.tournament_rules import TournamentFormat
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import AddOnTerms, RebuyTerms, TournamentConfig
from floorman.tournament.events import FinalTableFormed, PayoutsSet, RebuyMade
from floorman.tournament.formats.day_two import day_two
from floorman.tournament.formats.events import FlightsMerged, StacksBagged, StageStarted
from floorman.tournament.money.pool import payouts

BELARUS = get_ruleset("belarus-sport")
PSL = get_ruleset("pokerstars-live")
TDA = get_ruleset("tda-2022")
REBUY = RebuyTerms(price=100, chips=10_000, last_level=3)
ADD_ON = AddOnTerms(price=100, chips=10_000, after_level=1, through_level=3)
LEVEL_TWO = 20 * 60 + 100.0


def money_event(
    players: int,
    ruleset: Ruleset,
    *,
    seats: int = 9,
    format: TournamentFormat | None = None,
    name: str = "Test event",
    prefix: str = "p",
) -> Tournament:
    """A started event with rebuys through level 3 and an add-on after level 1."""
    config = TournamentConfig(
        name=name,
        structure=HOLD_EM,
        ruleset=ruleset,
        seats_per_table=seats,
        buy_in=100,
        format=format,
        rebuy=REBUY,
        add_on=ADD_ON,
    )
    tournament = Tournament.create(config)
    for number in range(1, players + 1):
        player = f"{prefix}{number}"
        tournament.register(player=player, name=player.upper(), at=0.0)
    tournament.start(at=0.0, rng=random.Random(7))
    return tournament


def _refused_rule(making: object) -> str:
    assert callable(making)
    with pytest.raises(IllegalActionError) as caught:
        making()
    return caught.value.ruling.key


# --- rebuys in the Olympic format ----------------------------------------------------------


def _olympic() -> Tournament:
    """27 players at nine tables of three: the second stage (three tables of the nine
    winners) is still far from the four paid places."""
    olympic = money_event(27, BELARUS, seats=3, format=TournamentFormat.OLYMPIC)
    assert len(olympic.state.prizes) < 9
    return olympic


@pytest.mark.rules("belarus-sport 3.2-¶1", "belarus-sport 3.2-¶2b")
def test_belarus_3_2_rebuys_and_the_add_on_belong_to_the_first_stage() -> None:
    olympic = _olympic()
    first = olympic.rebuy(entry="e1", at=10.0)  # stage 1: the Regulations' rebuys
    assert of_type(first, RebuyMade)
    assert olympic.add_on(entry="e2", at=LEVEL_TWO)
    winners = [bust_all_but_one(olympic, table, at=LEVEL_TWO) for table in range(1, 10)]
    (stage,) = of_type(olympic.events, StageStarted)
    assert stage.stage == 2
    assert olympic.level_at(LEVEL_TWO + 10) == HOLD_EM.levels[0]  # the levels restarted
    assert _refused_rule(lambda: olympic.rebuy(entry=winners[0], at=LEVEL_TWO + 10)) == (
        "rebuy-period"
    )
    later = LEVEL_TWO * 2
    assert _refused_rule(lambda: olympic.add_on(entry=winners[1], at=later)) == "add-on-window"
    assert olympic.state.rebuys == 1
    assert olympic.state.add_ons == 1


@pytest.mark.rules("belarus-sport 3.2-¶2b")
def test_belarus_3_2_a_player_busted_in_a_later_stage_cannot_rebuy() -> None:
    olympic = _olympic()
    for table in range(1, 10):
        bust_all_but_one(olympic, table, at=10.0)
    assert olympic.state.formats.stage == 2
    setup = olympic.hand_setup(1, at=20.0)
    assert setup is not None
    loser = next(e for e in setup.seats if e is not None)
    with pytest.raises(IllegalActionError) as caught:
        olympic.record_hand(result(setup, [loser]), at=20.0, rng=random.Random(1), rebuys=[loser])
    assert caught.value.ruling.key == "rebuy-period"
    assert olympic.state.entries[loser].alive


# --- Day 2's payouts -----------------------------------------------------------------------


def _flight(players: int, *, name: str, prefix: str, rebuys: int) -> Tournament:
    flight = money_event(players, TDA, name=name, prefix=prefix)
    for k in range(1, rebuys + 1):
        flight.rebuy(entry=f"e{k}", at=10.0)
    hand(flight, 1, players_at(flight, 1)[1:3], at=LEVEL_TWO)
    flight.end_day(at=LEVEL_TWO, rng=random.Random(1))
    return flight


def _day_two(flights: list[Tournament]) -> Tournament:
    config = TournamentConfig(
        name="Day 2", structure=HOLD_EM, ruleset=TDA, buy_in=100, rebuy=REBUY, add_on=ADD_ON
    )
    return day_two(config, flights, at=0.0, rng=random.Random(4), level=1)


def test_day_two_pays_the_whole_field_with_the_flights_rebuys() -> None:
    one = _flight(18, name="Day 1A", prefix="p", rebuys=3)
    two = _flight(18, name="Day 1B", prefix="q", rebuys=1)
    tournament = _day_two([one, two])
    (merged,) = of_type(tournament.events, FlightsMerged)
    assert (merged.rebuys, merged.add_ons) == (4, 0)
    assert tournament.state.pool == (36 + 4) * 100
    assert sum(tournament.state.prizes) == tournament.state.pool
    assert Tournament.replay(tournament.events).state == tournament.state


def test_day_two_recomputes_the_payouts_from_the_whole_field_after_a_rebuy_or_late_entry() -> None:
    flights = [
        _flight(18, name="Day 1A", prefix="p", rebuys=2),
        _flight(18, name="Day 1B", prefix="q", rebuys=0),
    ]
    tournament = _day_two(flights)
    opening = tournament.state.pool
    low = min(tournament.state.entries.values(), key=lambda e: e.stack).entry
    events = tournament.rebuy(entry=low, at=10.0)
    (after_rebuy,) = of_type(events, PayoutsSet)
    assert after_rebuy.pool == opening + 100
    events = tournament.register(player="new", name="NEW", at=20.0, rng=random.Random(2))
    (after_entry,) = of_type(events, PayoutsSet)
    assert after_entry.pool == opening + 200
    assert after_entry == payouts(tournament.state)
    assert len(after_entry.prizes) >= len(after_rebuy.prizes)


# --- a final table drawn during the last hands ---------------------------------------------


@pytest.mark.rules("pokerstars-live 3.12")
def test_psl_3_12_a_final_table_drawn_in_the_last_hands_plays_no_hand_that_day() -> None:
    tournament = money_event(18, PSL)
    tournament.end_day(at=LEVEL_TWO, rng=random.Random(1), hands=4)
    hand(tournament, 1, players_at(tournament, 1)[1:], at=LEVEL_TWO)  # ten left
    assert not of_type(tournament.events, FinalTableFormed)
    events = hand(tournament, 2, players_at(tournament, 2)[1:2], at=LEVEL_TWO)  # nine
    assert of_type(events, FinalTableFormed)
    (bagged,) = of_type(events, StacksBagged)
    assert len(bagged.bags) == 9
    assert tournament.state.formats.day_over
    assert Tournament.replay(tournament.events).state == tournament.state


@pytest.mark.rules("pokerstars-live 3.12")
def test_psl_3_12_a_final_table_drawn_before_the_day_ends_plays_its_drawn_hands() -> None:
    tournament = money_event(18, PSL)
    hand(tournament, 1, players_at(tournament, 1)[1:], at=LEVEL_TWO)
    hand(tournament, 2, players_at(tournament, 2)[1:2], at=LEVEL_TWO)
    assert tournament.state.final_table is not None
    tournament.end_day(at=LEVEL_TWO, rng=random.Random(1), hands=3)
    played = 0
    while not tournament.state.formats.day_over:
        hand(tournament, tournament.state.final_table, at=LEVEL_TWO)
        played += 1
    assert played == 3
