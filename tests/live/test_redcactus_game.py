"""RedCactus «Prérequis»: its rulebook covers No-Limit Hold'em only."""

from __future__ import annotations

import pytest

from floorman.engine import GAMES
from floorman.engine.game_rules import check_game
from floorman.errors import IllegalActionError
from floorman.rules.profiles import PROFILES


@pytest.mark.rules("redcactus Prérequis")
@pytest.mark.parametrize("code", ["PO", "FT", "F7S", "N2L1D"])
def test_redcactus_prerequis_a_hand_of_another_game_is_refused(code: str) -> None:
    ruleset = PROFILES["redcactus"]
    with pytest.raises(IllegalActionError) as refused:
        check_game(ruleset, GAMES[code])
    assert str(refused.value.ruling.rule) == "redcactus Prérequis"
    assert refused.value.ruling.key == "game-not-allowed"


@pytest.mark.rules("redcactus Prérequis")
def test_redcactus_prerequis_no_limit_holdem_is_played() -> None:
    check_game(PROFILES["redcactus"], GAMES["NT"])


@pytest.mark.parametrize("profile", ["tda-2022", "belarus-sport", "pokerstars-live", "poland-pzp"])
def test_the_other_rulebooks_allow_every_game(profile: str) -> None:
    for game in GAMES.values():
        check_game(PROFILES[profile], game)
