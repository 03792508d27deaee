"""RedCactus «Prérequis»: its rulebook covers No-Limit Hold'em only."""

from __future__ import annotations

import pytest

from floorman.engine import GAMES
from floorman.engine.game_rules import check_game
from floorman.errors import IllegalActionError
from floorman.rules.profiles import PROFILES, get_ruleset
from floorman.tournament.config import TournamentConfig
from floorman.tournament.structure.levels import Level, Structure


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


def _mixed_structure(second_game: str) -> Structure:
    return Structure(
        items=(
            Level(minutes=20, small_blind=100, big_blind=200),
            Level(minutes=20, game=second_game, small_blind=200, big_blind=400),
        ),
        starting_stack=10_000,
        chips=(100, 500),
    )


@pytest.mark.rules("redcactus Prérequis")
@pytest.mark.parametrize("ruleset", ["redcactus", "redcactus/weekly", "redcactus/national-final"])
def test_redcactus_prerequis_an_event_with_a_pot_limit_omaha_level_is_refused(ruleset: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        TournamentConfig(
            name="Mixed", structure=_mixed_structure("PO"), ruleset=get_ruleset(ruleset)
        )
    ruling = refused.value.ruling
    assert (ruling.rule.profile, ruling.rule.rule, ruling.key) == (
        "redcactus",
        "Prérequis",
        "game-not-allowed",
    )
    assert dict(ruling.params)["game"] == "PO"


@pytest.mark.rules("redcactus Prérequis")
def test_redcactus_prerequis_an_all_holdem_event_is_accepted_and_tda_takes_the_mixed_one() -> None:
    holdem = _mixed_structure("NT")
    assert (
        TournamentConfig(name="W", structure=holdem, ruleset=get_ruleset("redcactus")).structure
        is holdem
    )
    mixed = _mixed_structure("PO")
    assert (
        TournamentConfig(name="M", structure=mixed, ruleset=get_ruleset("tda-2022")).structure
        is mixed
    )
