"""Counts at a player's request (TDA R60, R54-A; RedCactus 60, 54-A): an exact count of an
opponent's chips only in turn facing his all-in, an estimate otherwise; the pot counted only in
pot-limit, and never by a RedCactus dealer."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, table
from tests.live.count_tables import facing_all_in

from floorman.errors import MalformedInputError
from floorman.live.assist.counts import pot_count, stack_count


@pytest.mark.rules("tda-2022 R60", "redcactus 60")
@pytest.mark.parametrize(("profile", "rule"), [("tda-2022", "R60"), ("redcactus", "60")])
def test_an_exact_count_is_for_the_player_to_act_facing_the_all_in(profile: str, rule: str) -> None:
    played = facing_all_in(profile)
    told = stack_count(played, played.config.ruleset, asker=0, of=2)
    assert told.exact == 5000
    assert str(told.ruling.rule) == f"{profile} {rule}"
    waiting = stack_count(played, played.config.ruleset, asker=1, of=2)
    assert waiting.exact is None  # not his turn yet: an estimate
    assert waiting.ruling.key == "count-estimate"


@pytest.mark.rules("tda-2022 R60")
def test_tda_r60_a_stack_not_all_in_is_only_estimated() -> None:
    played = facing_all_in("tda-2022")
    assert stack_count(played, played.config.ruleset, asker=0, of=1).exact is None


def test_a_count_is_asked_by_a_live_player_about_another() -> None:
    played = facing_all_in("tda-2022")
    with pytest.raises(MalformedInputError):
        stack_count(played, played.config.ruleset, asker=0, of=0)
    with pytest.raises(MalformedInputError):
        stack_count(played, played.config.ruleset, asker=0, of=7)


@pytest.mark.rules("tda-2022 R54-A", "redcactus 54-A")
@pytest.mark.parametrize(("profile", "counted"), [("tda-2022", True), ("redcactus", False)])
def test_the_pot_is_counted_only_in_pot_limit_and_never_at_redcactus(
    profile: str, counted: bool
) -> None:
    pot_limit, _ = table([BIG] * 3, button=2, blinds=(100, 200), game="PT", profile=profile)
    count = pot_count(pot_limit, pot_limit.config.ruleset)
    assert count.exact == (300 if counted else None)
    no_limit, _ = table([BIG] * 3, button=2, blinds=(100, 200), profile=profile)
    spread = pot_count(no_limit, no_limit.config.ruleset)
    assert spread.exact is None
    assert spread.ruling.key == "pot-not-counted"
    assert str(spread.ruling.rule) == f"{profile} {'R54-A' if profile == 'tda-2022' else '54-A'}"
