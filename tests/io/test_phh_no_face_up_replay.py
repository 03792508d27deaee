"""Histories replayed under a profile without all-in face up (Belarus 5.9.2; issue 16 item 6).

Recorded hands follow the TDA's practice (R16): at a called all-in the hands are shown before
the board is out. Under Belarus the hands are not tabled there, so the replay holds those shows
back to the showdown, adds the cards a stud player was dealt since, and says so in its notes;
every sample hand ends with the same stacks as under the TDA.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.engine import GAMES
from floorman.io.phh import PhhHand, load_path
from floorman.io.phh_replay import replay
from floorman.rules.profiles import BELARUS_SPORT, TDA_2022

DATA = Path(__file__).parent / "data"
HANDS = [
    (f"{Path(path).stem}-{index}", hand)
    for sample in sorted(DATA.glob("*.phh*"))
    for path, index, hand in load_path(sample)
    if hand.variant in GAMES
]


@pytest.mark.rules("belarus-sport 5.9.2")
@pytest.mark.parametrize(("name", "hand"), HANDS, ids=[name for name, _ in HANDS])
def test_belarus_5_9_2_sample_hands_replay_with_their_early_shows_held_to_the_showdown(
    name: str, hand: PhhHand
) -> None:
    ours = replay(hand, BELARUS_SPORT)
    assert ours.hand.is_over, name
    assert ours.finishing_stacks == replay(hand, TDA_2022).finishing_stacks


def test_the_replay_notes_the_shows_it_held_back() -> None:
    [(_, _, dwan_ivey)] = load_path(DATA / "dwan-ivey-2009.phh")
    notes = replay(dwan_ivey, BELARUS_SPORT).notes
    assert notes == (
        "hands shown before the board was out are shown at the showdown: belarus-sport 5.9.2 "
        "has no all-in face-up rule",
    )
    assert replay(dwan_ivey, TDA_2022).notes == ()
