"""PokerStars Live's kinds of penalty (6.9.1): each is given by naming it and has its effect,
and elimination places the player where the field stands (6.9.5, the example of 6.9.5.1)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import chips_conserved, event

from floorman.errors import IllegalActionError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import ChipsRemoved, PenaltyGiven, PlayerEliminated
from floorman.tournament.officials.penalties import PenaltyKind
from floorman.tournament.officials.penalty_catalogue import load_catalogue


def _down_to(tournament: Tournament, alive: int) -> None:
    """The director's console enters busts (and marks the hand-for-hand hands done) until
    ``alive`` players are left."""
    rng, at = random.Random(1), 10.0
    while tournament.state.alive > alive:
        waiting = {bust.entry for bust in tournament.state.pending}
        loser = next(
            e.entry for e in tournament.state.entries.values() if e.alive and e.entry not in waiting
        )
        tournament.bust(entry=loser, at=at, rng=rng)
        for table in sorted(tournament.state.tables):
            if tournament.state.hand_for_hand and table not in tournament.state.round_played:
                tournament.hand_done(table=table, at=at, rng=rng)
        at += 1.0


@pytest.mark.rules("pokerstars-live 6.9.5.1", "pokerstars-live 6.9.5")
def test_psl_6_9_5_1_fifteen_left_a_hundred_paid_the_barred_player_finishes_fifteenth() -> None:
    tournament = event(666, profile="pokerstars-live")
    assert len(tournament.state.prizes) == 100
    _down_to(tournament, 15)
    barred = next(e for e in tournament.state.entries.values() if e.alive)
    chips, stack = tournament.state.chips, barred.stack
    events = tournament.give_penalty(
        entry=barred.entry,
        offence="barred-from-venue",
        by_role="director",
        at=900.0,
        rng=random.Random(4),
    )
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert (given.rule, given.step) == ("6.9.5.1", "elimination")
    assert (out.place, out.reason, out.forfeited) == (15, "penalty", 0)
    assert out.prize == tournament.state.prizes[14] > 0
    assert any(isinstance(e, ChipsRemoved) and e.chips == stack for e in events)
    assert tournament.state.chips == chips - stack
    assert tournament.state.alive == 14


@pytest.mark.rules("pokerstars-live 6.9.1", "pokerstars-live 6.9.6")
def test_psl_6_9_1_the_catalogue_gives_every_kind_of_the_book() -> None:
    kinds = {kind for power in load_catalogue("pokerstars-live").powers for kind in power.kinds}
    assert kinds >= {
        PenaltyKind.WARNING,
        PenaltyKind.MISSED_HANDS,
        PenaltyKind.MISSED_ROUNDS,
        PenaltyKind.KILLED_HAND,
        PenaltyKind.ELIMINATION,
        PenaltyKind.DISQUALIFICATION,
        PenaltyKind.EVENT_BAN,
        PenaltyKind.SPONSOR_BAN,
    }


@pytest.mark.rules("pokerstars-live 6.9.1")
@pytest.mark.parametrize("step", ["event-ban", "sponsor-ban"])
def test_psl_6_9_1_a_ban_is_recorded_and_costs_no_hands(step: str) -> None:
    tournament = event(12, profile="pokerstars-live")
    events = tournament.give_penalty(
        entry="e1", offence="etiquette", by_role="floor", at=2.0, step=step
    )
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert (given.step, given.hands, given.rule) == (step, 0, "6.5")
    assert tournament.state.entries["e1"].alive
    assert not tournament.state.ledger.serving("e1")
    assert tournament.state.ledger.record("e1").offences("etiquette") == 1


@pytest.mark.rules("pokerstars-live 6.9.1", "pokerstars-live 6.9.5")
def test_psl_6_9_1_elimination_before_the_money_pays_nothing_and_keeps_chips_conserved() -> None:
    tournament = event(12, profile="pokerstars-live")
    events = tournament.give_penalty(
        entry="e4",
        offence="abuse",
        by_role="floor",
        at=2.0,
        step="elimination",
        rng=random.Random(5),
    )
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert (out.entry, out.place, out.prize, out.reason) == ("e4", 12, 0, "penalty")
    assert tournament.state.entries["e4"].finish == "penalty"
    assert chips_conserved(tournament)
    replayed = Tournament.replay(tournament.events)
    assert replayed.state.entries["e4"].place == 12


@pytest.mark.rules("tda-2022 R71-A")
def test_kinds_a_book_does_not_give_are_refused() -> None:
    tournament = event(12)
    for step in ("elimination", "event-ban"):
        with pytest.raises(IllegalActionError) as refused:
            tournament.give_penalty(
                entry="e1",
                offence="abuse",
                by_role="director",
                at=1.0,
                step=step,
                rng=random.Random(1),
            )
        assert refused.value.ruling.key == "penalty-power"
    assert tournament.state.entries["e1"].alive
