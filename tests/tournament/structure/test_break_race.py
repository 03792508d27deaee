"""The chip race at a colour-up break, run by the tournament at every table (TDA R24,
Poland §2, RedCactus 24): due once the clock reaches the break, before any hand."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import (
    RACE_STRUCTURE,
    chips_conserved,
    event,
    forged,
    setup_of,
)

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.aggregate import Tournament
from floorman.tournament.structure.race_events import ChipRaceRun

BREAK_AT = 41 * 60.0
AFTER_BREAK = 51 * 60.0


def _with_stacks(profile: str, players: int, moves: dict[str, int]) -> Tournament:
    tournament = event(players, profile=profile, structure=RACE_STRUCTURE)
    setup = setup_of(tournament, 1, 60.0)
    tournament.record_hand(forged(setup, moves), at=60.0, rng=random.Random(1))
    return tournament


def _lines(run: ChipRaceRun) -> dict[str, object]:
    return {line.entry: line for race in run.races for line in race.lines}


RACE_RULES = {
    "tda-2022": "R24-A",
    "belarus-sport": "4.1-chip-race",
    "pokerstars-live": "3.2",
    "poland-pzp": "§2.2",
}


@pytest.mark.rules(
    "tda-2022 R24-A", "belarus-sport 4.1-chip-race", "pokerstars-live 3.2", "poland-pzp §2.1"
)
@pytest.mark.parametrize("profile", sorted(RACE_RULES))
def test_tda_r24_no_hand_is_dealt_until_the_breaks_chip_race_is_run(profile: str) -> None:
    tournament = _with_stacks(profile, 4, {"e1": -75, "e2": 75})
    assert tournament.chip_race_due(60.0) == ()
    assert tournament.chip_race_due(BREAK_AT) == (25,)
    with pytest.raises(IllegalActionError) as caught:
        tournament.hand_setup(1, at=AFTER_BREAK)
    rule = RACE_RULES[profile]
    assert (caught.value.ruling.key, caught.value.ruling.rule.rule) == ("chip-race-due", rule)
    run = tournament.race_chips(at=BREAK_AT, rng=random.Random(5))[0]
    assert isinstance(run, ChipRaceRun)
    assert (run.removed, run.method, run.rule) == ((25,), "card-race", rule)
    assert all(e.stack % 100 == 0 for e in tournament.state.entries.values())
    assert chips_conserved(tournament)
    assert tournament.chip_race_due(AFTER_BREAK) == ()
    assert setup_of(tournament, 1, AFTER_BREAK).config.smallest_chip == 100
    with pytest.raises(MalformedInputError):
        tournament.race_chips(at=AFTER_BREAK, rng=random.Random(5))


@pytest.mark.rules(
    "tda-2022 R24-A", "tda-2022 R24-C", "poland-pzp §2.2", "poland-pzp §2.3", "poland-pzp §2.4"
)
@pytest.mark.parametrize("seed", range(6))
def test_poland_t1_odd_chips_are_raced_one_per_player_and_nobody_is_raced_out(seed: int) -> None:
    """2,075 (three 25s over), 50 (two 25s) and 3,875 (three 25s): 200 in 25s races two
    100s; the player left with nothing gets one 100 (Poland T1, TDA D9)."""
    tournament = _with_stacks("poland-pzp", 3, {"e1": 75, "e2": -1_950, "e3": 1_875})
    chips = tournament.state.chips
    run = tournament.race_chips(at=BREAK_AT, rng=random.Random(seed))[0]
    assert isinstance(run, ChipRaceRun)
    (race,) = run.races
    lines = _lines(run)
    assert race.raced == 2
    winners = [line for line in race.lines if line.won]
    assert len(winners) == 2
    assert [len(line.cards) for line in race.lines if line.entry == "e2"] == [2]
    assert tournament.state.entries["e2"].stack == 100
    short = lines["e2"]
    assert short.protected != short.won  # type: ignore[attr-defined]
    assert tournament.state.chips == chips + (100 if short.protected else 0)  # type: ignore[attr-defined]
    assert chips_conserved(tournament)


@pytest.mark.rules("redcactus 24")
def test_redcactus_24_leftovers_are_rounded_half_a_chip_up_and_less_lost() -> None:
    tournament = _with_stacks("redcactus", 4, {"e1": -25, "e2": 25, "e3": -50, "e4": 50})
    run = tournament.race_chips(at=BREAK_AT, rng=random.Random(1))[0]
    assert isinstance(run, ChipRaceRun)
    assert run.method == "rounding"
    stacks = {e: s.stack for e, s in tournament.state.entries.items()}
    # 75 and 50 over are rounded up to a 100, 25 over is lost
    assert stacks == {"e1": 2_000, "e2": 2_000, "e3": 2_000, "e4": 2_100}
    assert chips_conserved(tournament)


@pytest.mark.rules("tda-2022 R24-A")
@pytest.mark.parametrize("seed", range(4))
def test_tda_a_player_whose_only_chip_is_raced_keeps_one_smallest_chip(seed: int) -> None:
    tournament = _with_stacks("tda-2022", 3, {"e1": -1_975, "e2": 1_975})
    chips = tournament.state.chips
    run = tournament.race_chips(at=BREAK_AT, rng=random.Random(seed))[0]
    assert isinstance(run, ChipRaceRun)
    line = _lines(run)["e1"]
    assert line.protected != line.won  # type: ignore[attr-defined]
    assert tournament.state.entries["e1"].stack == 100
    assert tournament.state.chips == chips + (100 if line.protected else 0)  # type: ignore[attr-defined]
    assert chips_conserved(tournament)
