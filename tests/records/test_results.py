"""Results folded from a tournament's event log."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import pytest
from tests.records.sim_data import simulated

from floorman.errors import MalformedInputError
from floorman.records.results import results_from_events
from floorman.tournament.events import PlayerEliminated, TournamentFinished


def test_results_of_a_finished_tournament_place_every_entry_once() -> None:
    sim = simulated()
    results = results_from_events(sim.events)
    places = Counter(s.place for s in results.standings)
    assert results.finished
    assert len(results.standings) == len(results.entries) == 12
    assert all(places[s.place] == s.tied for s in results.standings)
    assert sorted(p + k for p, n in places.items() if p for k in range(n)) == list(range(1, 13))
    assert results.standings[0].place == 1
    assert sum(s.prize for s in results.standings) == results.pool > 0
    assert results.hands == sum(e.kind == "hand-played" for e in sim.events)


def test_results_credit_knockouts_to_the_winners_of_the_pots() -> None:
    sim = simulated()
    results = results_from_events(sim.events)
    credited = sum(len(e.by) for e in sim.events if isinstance(e, PlayerEliminated))
    assert sum(s.knockouts for s in results.standings) == credited
    busted = [s for s in results.standings if s.place and s.place > 1]
    assert all(s.eliminated_by and s.level and s.table for s in busted)


def test_results_of_an_unfinished_event_list_players_in_play_without_place() -> None:
    sim = simulated()
    cut = next(i for i, e in enumerate(sim.events) if isinstance(e, PlayerEliminated))
    results = results_from_events(sim.events[: cut + 1])
    assert not results.finished
    out = [s for s in results.standings if s.place is not None]
    assert len(out) == sum(isinstance(e, PlayerEliminated) for e in sim.events[: cut + 1])
    assert results.standings[: len(out)] == tuple(out)  # placed entries come first
    assert all(s.place is None for s in results.standings[len(out) :])


def test_results_refuse_a_log_without_its_creation() -> None:
    sim = simulated()
    with pytest.raises(MalformedInputError) as caught:
        results_from_events(sim.events[1:])
    assert caught.value.constraint == "event-log"


def test_results_refuse_an_unknown_entry() -> None:
    sim = simulated()
    bad = TournamentFinished(winner="e999", prize=0, at=0.0)
    with pytest.raises(MalformedInputError) as caught:
        results_from_events((*sim.events[:-1], bad))
    assert caught.value.constraint == "entry"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Disqualified:
    kind: ClassVar[str] = "player-disqualified"
    entry: str
    place: int | None
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class _Rebuy:
    kind: ClassVar[str] = "rebuy"
    entry: str
    chips: int
    amount: int
    at: float


@pytest.mark.rules("poland-pzp §7.2.5")
def test_pzp_7_2_5_disqualified_without_prize_drops_last_and_others_move_up() -> None:
    sim = simulated()
    cut = [i for i, e in enumerate(sim.events) if isinstance(e, PlayerEliminated)][2]
    before = results_from_events(sim.events[: cut + 1])
    offender = next(s for s in before.standings if s.place is None)
    dq = _Disqualified(entry=offender.entry, place=12, at=1.0, rule="§7.2.5")
    after = results_from_events((*sim.events[: cut + 1], dq))
    moved = {s.entry: s.place for s in after.standings}
    assert moved[offender.entry] == 12
    assert after.standing(offender.entry).disqualified
    for standing in before.standings:
        if standing.place is not None:
            assert moved[standing.entry] == standing.place - 1
    assert after.penalties[0].penalty == "disqualification"


def test_results_count_rebuys_of_an_entry() -> None:
    sim = simulated()
    rebuy = _Rebuy(entry="e1", chips=5_000, amount=100, at=5.0)
    results = results_from_events((*sim.events[:20], rebuy, rebuy))
    assert results.standing("e1").rebuys == 2
    assert [p.kind for p in results.purchases] == ["rebuy", "rebuy"]
