"""Dead seats killed at the end of the deal on the tournament's own hand path (the simulation,
a server-dealt table): absent players (TDA R30 and its kin in every profile) and players
serving a penalty (R71-C) post their forced bets, never act, and never win a pot by default."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from tests.tournament.formats_support import event
from tests.tournament.manual_support import live
from tests.tournament.structure.test_mixed_games import MIXED, STUD_AT
from tests.tournament.tournament_helpers import setup_of

from floorman.cards.deck import Deck
from floorman.engine.actions import Fold
from floorman.engine.dealer import deal_pending
from floorman.engine.events import HandKilled
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.rules.profiles import get_ruleset
from floorman.tournament.aggregate import Tournament
from floorman.tournament.floor.table_hand import HandSetup, result_of
from floorman.tournament.seating.dead_seats import kill_dead_seats

ABSENT_RULES = [
    ("tda-2022", "R30"),
    ("redcactus", "30"),
    ("pokerstars-live", "4.2"),
    ("belarus-sport", "6.4.3"),
    ("poland-pzp", "§8.3"),
]


def _absent_big_blind(profile: str) -> tuple[Tournament, HandSetup, str]:
    """A table of six whose next big blind is marked absent before the hand."""
    tournament = live(6, profile=profile)
    setup = setup_of(tournament, 1, 10.0)
    big = setup.seats[setup.positions.big_blind]
    assert big is not None
    tournament.mark_absent(entry=big, at=10.0)
    setup = setup_of(tournament, 1, 11.0)
    assert setup.dead == frozenset({setup.positions.big_blind})
    return tournament, setup, big


def _dealt(setup: HandSetup, seed: int = 5) -> tuple[Hand, list[HandKilled]]:
    """The hand dealt as the simulation deals it, its dead seats killed after the deal."""
    hand = Hand(setup.config)
    rng = random.Random(seed)
    deck = Deck.shuffled(rng)
    killed: list[HandKilled] = []
    while hand.phase is Phase.DEAL:
        deal_pending(hand, deck, rng)
        killed += [e for e in kill_dead_seats(hand, setup) if isinstance(e, HandKilled)]
    return hand, killed


@pytest.mark.rules(*(f"{profile} {rule}" for profile, rule in ABSENT_RULES))
@pytest.mark.parametrize(("profile", "rule"), ABSENT_RULES)
def test_an_absent_big_blind_is_killed_at_the_deal_and_wins_nothing(
    profile: str, rule: str
) -> None:
    tournament, setup, big = _absent_big_blind(profile)
    hand, killed = _dealt(setup)
    (kill,) = killed
    assert kill.seat == setup.positions.big_blind
    assert kill.ruling.rule.rule == rule
    assert kill.ruling.key == "dead-hand"
    assert kill_dead_seats(hand, setup) == ()  # once only
    while hand.phase is Phase.BET:
        hand.act(Fold())  # everyone folds: the last live hand takes the blinds
    result = result_of(setup, hand)
    before, after = dict(result.stacks_before), dict(result.stacks_after)
    assert after[big] == before[big] - setup.config.big_blind
    assert sum(after.values()) == sum(before.values())
    tournament.record_hand(result, at=12.0, rng=random.Random(1))
    assert tournament.state.entries[big].stack == after[big]


@pytest.mark.rules("tda-2022 R71-C")
def test_tda_r71_c_a_player_serving_a_penalty_is_dealt_a_killed_hand() -> None:
    tournament = live(6)
    setup = setup_of(tournament, 1, 10.0)
    seat = setup.positions.button
    serving = setup.seats[seat]
    assert serving is not None
    penalised = replace(setup, dead=frozenset({seat}), serving=(serving,))
    hand, killed = _dealt(penalised)
    (kill,) = killed
    assert kill.ruling.rule.rule == "R71-C"
    assert seat not in hand.live
    assert hand.actor != seat


def test_two_dead_seats_heads_up_leave_the_pot_to_the_last_of_them() -> None:
    tournament = live(2)
    setup = setup_of(tournament, 1, 10.0)
    both = replace(setup, dead=frozenset(s for s, e in enumerate(setup.seats) if e))
    hand, killed = _dealt(both)
    assert len(killed) == 1
    assert hand.phase is Phase.DONE
    result = result_of(both, hand)
    assert sum(dict(result.stacks_after).values()) == sum(dict(result.stacks_before).values())


@pytest.mark.rules("tda-2022 R30")
def test_tda_r30_a_dead_stud_seat_due_the_bring_in_makes_it_then_is_killed() -> None:
    tournament = event(6, get_ruleset("tda-2022"), structure=MIXED, seats=8)
    setup = tournament.hand_setup(1, at=STUD_AT)
    assert setup is not None
    assert setup.config.game.is_stud
    hand = Hand(setup.config)
    rng = random.Random(5)
    deck = Deck.shuffled(rng)
    while hand.phase is Phase.DEAL:
        deal_pending(hand, deck, rng)
    bringer = hand.actor
    assert bringer is not None
    dead = replace(setup, dead=frozenset({bringer}))
    events = kill_dead_seats(hand, dead)
    assert [type(e).__name__ for e in events][:1] == ["Acted"]  # the bring-in first
    assert any(isinstance(e, HandKilled) and e.seat == bringer for e in events)
    assert hand.paid[bringer] == setup.config.ante + setup.config.bring_in
