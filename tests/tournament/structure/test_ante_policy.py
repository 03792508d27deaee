"""A structure held to the profile's ante policy (RedCactus "Big Blind Ante": none at weekly
events, the big-blind ante at the regional and national finals)."""

from __future__ import annotations

import pytest
from tests.tournament.tournament_helpers import STRUCTURE

from floorman.engine.config import AnteMode
from floorman.errors import IllegalActionError
from floorman.rules.profiles import get_ruleset
from floorman.tournament.config import TournamentConfig
from floorman.tournament.structure.default import default_structure
from floorman.tournament.structure.levels import Level, Structure

EVERY_PLAYER = Structure(
    items=(
        Level(minutes=20, small_blind=100, big_blind=200),
        Level(
            minutes=20, small_blind=200, big_blind=400, ante=100, ante_mode=AnteMode.EVERY_PLAYER
        ),
    ),
    starting_stack=10_000,
    chips=(100, 500),
)


def _config(structure: Structure, ruleset: str) -> TournamentConfig:
    return TournamentConfig(name="Weekly", structure=structure, ruleset=get_ruleset(ruleset))


@pytest.mark.rules("redcactus Big Blind Ante", "redcactus Préambule")
def test_redcactus_weekly_events_refuse_a_structure_with_antes() -> None:
    for ruleset in ("redcactus", "redcactus/weekly"):
        with pytest.raises(IllegalActionError) as caught:
            _config(STRUCTURE, ruleset)
        ruling = caught.value.ruling
        assert (ruling.rule.profile, ruling.rule.rule, ruling.key) == (
            "redcactus",
            "Big Blind Ante",
            "ante-policy",
        )
        assert dict(ruling.params) == {"level": 2, "ante_mode": "big-blind", "policy": "none"}


@pytest.mark.rules("redcactus Big Blind Ante", "redcactus Préambule")
def test_redcactus_finals_take_the_big_blind_ante_but_refuse_an_ante_from_every_player() -> None:
    for ruleset in ("redcactus/regional-final", "redcactus/national-final"):
        assert _config(STRUCTURE, ruleset).structure is STRUCTURE
        with pytest.raises(IllegalActionError) as caught:
            _config(EVERY_PLAYER, ruleset)
        assert dict(caught.value.ruling.params)["ante_mode"] == "every-player"


def test_a_profile_that_leaves_antes_to_the_event_takes_any_ante() -> None:
    for structure in (STRUCTURE, EVERY_PLAYER):
        assert _config(structure, "tda-2022").structure is structure


@pytest.mark.parametrize("ruleset", ["redcactus", "redcactus/regional-final", "tda-2022"])
def test_the_simulators_default_structure_follows_the_ante_policy(ruleset: str) -> None:
    structure = default_structure(60, ruleset)
    modes = {level.ante_mode for level in structure.levels}
    assert _config(structure, ruleset).structure is structure
    assert (AnteMode.BIG_BLIND in modes) == (ruleset != "redcactus")
