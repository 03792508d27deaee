"""Tournaments played through the service by bots, for the service tests."""

from __future__ import annotations

import random

from floorman.rules.profiles import get_ruleset
from floorman.service.commands import RecordHand, Register, Start
from floorman.service.core import Loaded, TournamentService
from floorman.sim.tournament_sim import STYLE_MIX, play_hand
from floorman.tournament.config import TournamentConfig
from floorman.tournament.floor.table_hand import HandSetup, result_of
from floorman.tournament.structure.default import default_structure


class FakeClock:
    """A clock the test moves: one second per reading unless told otherwise."""

    def __init__(self, start: float = 1_000.0, step: float = 1.0) -> None:
        self.now, self.step = start, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def config(players: int = 12, *, profile: str = "tda-2022", seats: int = 6) -> TournamentConfig:
    return TournamentConfig(
        name=f"Test event ({players})",
        structure=default_structure(players),
        ruleset=get_ruleset(profile),
        seats_per_table=seats,
        buy_in=100,
    )


def started(
    service: TournamentService, players: int = 12, *, profile: str = "tda-2022", seats: int = 6
) -> str:
    """A tournament created, with ``players`` registered, and started; returns its id."""
    tournament_id = service.create(config(players, profile=profile, seats=seats)).tournament_id
    for number in range(1, players + 1):
        register = Register(player=f"p{number}", name=f"Player {number}")
        service.execute(
            tournament_id, register, expected_version=None, idempotency_key=None, actor="td"
        )
    service.execute(tournament_id, Start(), expected_version=None, idempotency_key=None, actor="td")
    return tournament_id


def next_hand(loaded: Loaded, turn: int) -> HandSetup | None:
    """The next hand to deal, taking the tables in turn."""
    tournament = loaded.tournament
    state = tournament.state
    if state.finished or state.clock is None:
        return None
    at = state.clock.updated_at or 0.0
    tables = sorted(state.tables)
    for offset in range(len(tables)):
        setup = tournament.hand_setup(tables[(turn + offset) % len(tables)], at=at)
        if setup is not None:
            return setup
    return None


def play(service: TournamentService, tournament_id: str, hands: int, *, seed: int = 1) -> int:
    """Play up to ``hands`` hands (fewer if the event ends); returns how many were played."""
    rng = random.Random(seed)
    for played in range(hands):
        loaded = service.load(tournament_id)
        setup = next_hand(loaded, played)
        if setup is None:
            return played
        styles = {e: STYLE_MIX[int(e[1:]) % len(STYLE_MIX)] for e in setup.seats if e is not None}
        hand = play_hand(setup, styles, rng)
        service.execute(
            tournament_id,
            RecordHand(result=result_of(setup, hand)),
            expected_version=loaded.version,
            idempotency_key=None,
            actor="bot",
        )
    return hands
