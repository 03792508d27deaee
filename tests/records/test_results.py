"""Results folded from a tournament's event log."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.records.sim_data import simulated

from floorman.errors import MalformedInputError
from floorman.records.results import results_from_events
from floorman.records.results_document import results_document
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import (
    BountyPaid,
    HandPlayed,
    PlayerEliminated,
    RebuyMade,
    TournamentFinished,
)
from floorman.tournament.money.deal_events import DealAccepted
from floorman.tournament.officials.penalty_catalogue import load_catalogue


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
    assert results.hands == sum(isinstance(e, HandPlayed) for e in sim.events)


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


def _replayed_to_third_bust(profile: str) -> tuple[tuple[object, ...], Tournament]:
    events = simulated(12, 3, profile).events
    cut = [i for i, e in enumerate(events) if isinstance(e, PlayerEliminated)][2]
    log = events[: cut + 1]
    return log, Tournament.replay(log)  # type: ignore[arg-type]


@pytest.mark.rules("poland-pzp §7.2.5")
def test_pzp_7_2_5_disqualified_without_prize_drops_last_and_others_move_up() -> None:
    log, tournament = _replayed_to_third_bust("poland-pzp")
    before = results_from_events(log)
    offender = next(s for s in before.standings if s.place is None)
    at = before.standings[0].at or 0.0
    more = tournament.give_penalty(
        entry=offender.entry,
        offence="abuse",
        by_role="director",
        step="disqualification",
        at=at,
        rng=random.Random(1),
    )
    after = results_from_events((*log, *more))
    moved = {s.entry: s.place for s in after.standings}
    assert moved[offender.entry] == 12
    assert after.standing(offender.entry).disqualified
    for standing in before.standings:
        if standing.place is not None:
            assert moved[standing.entry] == standing.place - 1
    assert [p.penalty for p in after.penalties] == ["disqualification"]
    assert after.penalties[0].rule


@pytest.mark.rules("tda-2022 R71-D")
def test_tda_disqualified_player_takes_the_place_he_would_have_had() -> None:
    log, tournament = _replayed_to_third_bust("tda-2022")
    before = results_from_events(log)
    offender = next(s for s in before.standings if s.place is None)
    alive = sum(s.place is None for s in before.standings)
    more = tournament.give_penalty(
        entry=offender.entry,
        offence=_first_offence("tda-2022"),
        by_role="director",
        step="disqualification",
        at=before.standings[0].at or 0.0,
        rng=random.Random(1),
    )
    after = results_from_events((*log, *more))
    assert after.standing(offender.entry).place == alive
    assert after.standing(offender.entry).finish == "disqualified"


def _first_offence(profile: str) -> str:
    return load_catalogue(profile).offences[0].id


def test_results_count_rebuys_and_add_ons_of_an_entry() -> None:
    sim = simulated()
    rebuy = RebuyMade(entry="e1", chips=5_000, price=100, at=5.0, rule="R27")
    add_on = RebuyMade(entry="e1", chips=8_000, price=100, add_on=True, at=6.0, rule="R27")
    results = results_from_events((*sim.events[:20], rebuy, rebuy, add_on))
    assert results.standing("e1").rebuys == 2
    assert results.standing("e1").add_ons == 1
    assert [p.kind for p in results.purchases] == ["rebuy", "rebuy", "add-on"]
    assert sum(p.amount for p in results.purchases) == 300


def test_results_read_deals_and_bounties() -> None:
    sim = simulated()
    deal = DealAccepted(
        method="icm",
        players=("e1", "e2"),
        amounts=(700, 500),
        left_to_play=0,
        prizes=(700, 500),
        at=9.0,
        rule="R66",
    )
    bounty = BountyPaid(eliminated="e3", shares=(("e1", 50),), rule="house")
    results = results_from_events((*sim.events[:20], deal, bounty))
    assert results.deals[0].shares == (("e1", 700), ("e2", 500))
    assert results.standing("e1").bounties == 50


def test_results_document_lists_entries_and_rebuys_in_time_order() -> None:
    sim = simulated()
    rebuy = RebuyMade(entry="e1", chips=5_000, price=100, at=5.0, rule="R27")
    results = results_from_events((*sim.events[:20], rebuy))
    section = results_document(results, lang="fr").sections[1]
    assert section.heading == "Entrées et recaves"
    assert section.table is not None
    kinds = [row[2] for row in section.table.rows]
    assert kinds.count("recave") == 1
    assert len(kinds) == len(results.entries) + 1
    assert kinds[-1] == "recave"  # the rebuy came after every registration
