"""A command refused at its last step changes nothing in the service either: the cached
tournament keeps its state (no reload needed), and the store is not written (issue 19)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.service.play import config

from floorman.errors import MalformedInputError
from floorman.service.commands import Register, Start
from floorman.service.core import TournamentService
from floorman.service.desk_commands import Reenter
from floorman.tournament.desk.event_settings import EventSettings


def _do(service: TournamentService, tournament_id: str, command: object) -> None:
    service.execute(tournament_id, command, expected_version=None, idempotency_key=None, actor="td")


@pytest.mark.rules("tda-2022 R8-B")
def test_tda_r8_b_a_reentry_refused_at_its_registration_leaves_the_cache_and_the_log(
    service: TournamentService,
) -> None:
    settings = EventSettings(reentry_surrenders_chips=True)
    tournament_id = service.create(replace(config(8), settings=settings)).tournament_id
    for number in range(1, 9):
        _do(service, tournament_id, Register(player=f"p{number}", name=f"Player {number}"))
    _do(service, tournament_id, Start())
    cached = service.load(tournament_id)
    version = service.store.version(tournament_id)
    with pytest.raises(MalformedInputError) as refused:
        _do(service, tournament_id, Reenter(player="p1", name=" "))
    assert refused.value.constraint == "player"
    assert service.store.version(tournament_id) == version
    after = service.load(tournament_id)
    assert after.tournament is cached.tournament  # kept: nothing was applied to it
    assert after.tournament.state.entries["e1"].alive
    assert after.tournament.state == service.rebuild(tournament_id).tournament.state
