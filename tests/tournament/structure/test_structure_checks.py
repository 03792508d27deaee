"""The structure editor's checks: each rulebook refusal cites the profile's own rule."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.tournament.tournament_helpers import event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.messages import english_template, render
from floorman.rules.profiles import get_ruleset
from floorman.tournament.structure.checks import checked_structure
from floorman.tournament.structure.levels import Level, Structure


def structure(
    *items: dict[str, object], chips: tuple[int, ...] = (25, 100, 500)
) -> dict[str, object]:
    return {"starting_stack": 10_000, "chips": list(chips), "items": list(items)}


LEVEL_1 = {"minutes": 20, "small_blind": 50, "big_blind": 100}
LEVEL_2 = {"minutes": 20, "small_blind": 100, "big_blind": 200}


def ruling_of(data: dict[str, object], profile: str) -> tuple[str, str]:
    with pytest.raises(IllegalActionError) as refused:
        checked_structure(data, get_ruleset(profile))
    ruling = refused.value.ruling
    return ruling.rule.rule, ruling.key


@pytest.mark.rules("belarus-sport 3.3")
def test_belarus_3_3_refuses_a_level_that_repeats_the_one_before() -> None:
    repeated = structure(LEVEL_1, LEVEL_1, LEVEL_2)
    assert ruling_of(repeated, "belarus-sport") == ("3.3", "structure-level-repeats")
    checked = checked_structure(repeated, get_ruleset("tda-2022"))  # the TDA lets it repeat
    assert len(checked.levels) == 3
    assert (
        len(checked_structure(structure(LEVEL_1, LEVEL_2), get_ruleset("belarus-sport")).levels)
        == 2
    )


@pytest.mark.rules("tda-2022 R23", "belarus-sport 3.3", "pokerstars-live 4.1")
def test_a_level_smaller_than_an_earlier_one_cites_the_levels_rule() -> None:
    shrinking = structure(LEVEL_2, LEVEL_1)
    assert ruling_of(shrinking, "tda-2022") == ("R23", "structure-level-order")
    assert ruling_of(shrinking, "belarus-sport") == ("3.3", "structure-level-order")
    assert ruling_of(shrinking, "pokerstars-live") == ("4.1", "structure-level-order")


@pytest.mark.rules("tda-2022 R25-B", "pokerstars-live 3.3", "redcactus 25")
def test_a_colour_up_of_chips_not_in_play_cites_the_colour_up_rule() -> None:
    racing = structure(LEVEL_1, {"kind": "break", "minutes": 10, "colour_up": [5]}, LEVEL_2)
    assert ruling_of(racing, "tda-2022") == ("R25-B", "structure-colour-up")
    assert ruling_of(racing, "pokerstars-live") == ("3.3", "structure-colour-up")
    assert ruling_of(racing, "redcactus") == ("25", "structure-colour-up")


@pytest.mark.rules("belarus-sport 5.9.3")
def test_amounts_below_the_smallest_chip_in_play_cite_the_odd_chip_rule() -> None:
    raced = structure(
        LEVEL_1,
        {"kind": "break", "minutes": 10, "colour_up": [25]},
        {"minutes": 20, "small_blind": 150, "big_blind": 325},
    )
    assert ruling_of(raced, "tda-2022") == ("R20", "structure-chip-multiple")
    assert ruling_of(raced, "belarus-sport") == ("5.9.3", "structure-chip-multiple")


def test_what_is_no_rulebook_matter_stays_a_typed_422() -> None:
    with pytest.raises(MalformedInputError) as refused:
        checked_structure(structure({"minutes": 0, "big_blind": 100}), get_ruleset("tda-2022"))
    assert refused.value.constraint == "minutes"


@pytest.mark.rules("belarus-sport 3.3")
def test_belarus_3_3_the_change_structure_command_refuses_a_repeated_level() -> None:
    plain = Structure(
        items=(
            Level(minutes=20, small_blind=100, big_blind=200),
            Level(minutes=20, small_blind=200, big_blind=400),
            Level(minutes=20, small_blind=300, big_blind=600),
        ),
        starting_stack=10_000,
        chips=(100, 500, 1_000),
    )
    repeated = replace(plain, items=(*plain.items[:2], plain.items[1], plain.items[2]))
    belarus = event(12, profile="belarus-sport", structure=plain)
    with pytest.raises(IllegalActionError) as refused:
        belarus.change_structure(structure=repeated, reason="a slower finish", at=60.0)
    assert (refused.value.ruling.rule.rule, refused.value.ruling.key) == (
        "3.3",
        "structure-level-repeats",
    )
    assert belarus.config.structure == plain  # nothing changed
    tda = event(12, structure=plain)
    tda.change_structure(structure=repeated, reason="a slower finish", at=60.0)
    assert tda.config.structure == repeated


STRUCTURE_REFUSALS = [
    (structure({**LEVEL_1, "small_blind": 60}), "structure-chip-multiple", "60"),
    ({**structure(LEVEL_1), "starting_stack": 10_010}, "structure-chip-multiple", "10010"),
    (
        structure(LEVEL_1, {"kind": "break", "minutes": 10, "colour_up": [5]}, LEVEL_2),
        "structure-colour-up",
        "[5]",
    ),
    (
        structure(LEVEL_1, {"kind": "break", "minutes": 10, "colour_up": [25, 100, 500]}, LEVEL_2),
        "structure-colour-up",
        "1",
    ),
    (structure(LEVEL_2, LEVEL_1), "structure-level-order", "1"),
]


@pytest.mark.parametrize(("data", "key", "shown"), STRUCTURE_REFUSALS)
def test_the_structure_rulings_are_worded_in_every_language(
    data: dict[str, object], key: str, shown: str
) -> None:
    """The editor's refusals carry the values their message shows, and every catalogue words
    each of them: the English text comes back from its template, the others differ from it
    and keep the values."""
    with pytest.raises(IllegalActionError) as refused:
        checked_structure(data, get_ruleset("tda-2022"))
    ruling = refused.value.ruling
    assert ruling.key == key
    assert english_template(ruling) is not None, ruling.message
    assert render(ruling, "en") == ruling.message
    for lang in ("ru", "fr", "bg", "pl"):
        text = render(ruling, lang)
        assert text != ruling.message, (lang, text)
        assert shown in text, (lang, text)
