"""Deals as tournament commands: proposed on the stacks, binding when every remaining player
consents (PokerStars Live 1.5, Poland §58.3), the prizes of the remaining places replaced."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust_down_to, event, forged, placed_once, setup_of

from floorman.errors import MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import PlayerEliminated, TournamentFinished
from floorman.tournament.money.deal_events import DealAccepted, DealConsented, DealRejected


def _three_left(profile: str) -> Tournament:
    tournament = event(20, profile=profile)
    bust_down_to(tournament, 3)
    return tournament


def _paid(tournament: Tournament) -> int:
    state = tournament.state
    return sum(e.prize for e in state.entries.values()) + state.forfeited


@pytest.mark.rules("pokerstars-live 1.5", "poland-pzp §58.2", "poland-pzp §58.4")
@pytest.mark.parametrize("profile", ["pokerstars-live", "poland-pzp"])
def test_psl_1_5_a_full_deal_binds_on_the_last_consent_and_places_by_chips(profile: str) -> None:
    tournament = _three_left(profile)
    prizes = tournament.state.prizes[:3]
    proposed = tournament.propose_deal(method="icm", at=500.0)[0]
    players = proposed.players  # type: ignore[union-attr]
    alive = {e.entry for e in tournament.state.entries.values() if e.alive}
    assert set(players) == alive  # §58.4: a deal leaves nobody out
    assert sum(proposed.amounts) == sum(prizes)  # type: ignore[union-attr]
    first = tournament.consent(entry=players[0], at=501.0)
    assert [type(e) for e in first] == [DealConsented]
    tournament.consent(entry=players[1], at=502.0)
    last = tournament.consent(entry=players[2], at=503.0)
    accepted = next(e for e in last if isinstance(e, DealAccepted))
    assert (accepted.rule, accepted.left_to_play) == (
        {"pokerstars-live": "1.5"}.get(profile, "§58.3"),
        0,
    )
    assert tournament.state.finished
    assert any(isinstance(e, TournamentFinished) for e in last)
    by_chips = sorted(players, key=lambda e: -tournament.state.entries[e].stack)
    assert [tournament.state.entries[e].place for e in by_chips] == [1, 2, 3]
    amounts = dict(zip(players, proposed.amounts, strict=True))  # type: ignore[union-attr]
    assert all(tournament.state.entries[e].prize == amounts[e] for e in players)
    assert placed_once(tournament)
    assert _paid(tournament) == tournament.state.pool


@pytest.mark.rules("poland-pzp §58.3")
def test_poland_58_3_one_refusal_breaks_the_whole_deal() -> None:
    tournament = _three_left("poland-pzp")
    prizes = tournament.state.prizes
    proposed = tournament.propose_deal(method="chip-chop", at=500.0)[0]
    players = proposed.players  # type: ignore[union-attr]
    tournament.consent(entry=players[0], at=501.0)
    refused = tournament.consent(entry=players[1], at=502.0, agree=False)[0]
    assert isinstance(refused, DealRejected)
    assert refused.rule == "§58.3"
    assert tournament.state.deal is None
    assert tournament.state.prizes == prizes
    with pytest.raises(MalformedInputError) as caught:
        tournament.consent(entry=players[2], at=503.0)
    assert caught.value.constraint == "deal-pending"


def test_a_hybrid_deal_leaves_money_to_play_for_and_each_keeps_his_amount() -> None:
    tournament = _three_left("tda-2022")
    keep = tournament.state.prizes[0] // 5
    proposed = tournament.propose_deal(method="hybrid", at=500.0, keep_for_winner=keep)[0]
    players = proposed.players  # type: ignore[union-attr]
    for entry in players:
        tournament.consent(entry=entry, at=501.0)
    assert not tournament.state.finished
    assert tournament.state.prizes[:3] == (keep, 0, 0)
    amounts = dict(zip(players, proposed.amounts, strict=True))  # type: ignore[union-attr]
    bust_down_to(tournament, 1, at=600.0)
    winner = next(e for e in players if tournament.state.entries[e].place == 1)
    assert tournament.state.entries[winner].prize == amounts[winner] + keep
    out = [e for e in tournament.events if isinstance(e, PlayerEliminated) and e.entry in players]
    assert all(e.prize == amounts[e.entry] for e in out)
    assert _paid(tournament) == tournament.state.pool


def test_a_hand_recorded_lapses_a_pending_proposal_and_strangers_cannot_consent() -> None:
    tournament = _three_left("tda-2022")
    tournament.propose_deal(method="icm", at=500.0)
    out = next(e.entry for e in tournament.state.entries.values() if not e.alive)
    with pytest.raises(MalformedInputError) as caught:
        tournament.consent(entry=out, at=501.0)
    assert caught.value.constraint == "deal-consent"
    with pytest.raises(MalformedInputError):
        tournament.propose_deal(method="icm", at=501.0)  # one at a time
    table = next(iter(tournament.state.tables))
    setup = setup_of(tournament, table, 502.0)
    tournament.record_hand(forged(setup, {}), at=502.0, rng=random.Random(1))
    assert tournament.state.deal is None
