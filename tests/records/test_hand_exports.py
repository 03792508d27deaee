"""Hand histories of a whole event: PHH per table, a zip, and PokerStars text read by PokerKit."""

from __future__ import annotations

import io
import warnings
import zipfile
from dataclasses import replace

import pytest
from pokerkit import HandHistory
from tests.records.sim_data import simulated

from floorman.engine.config import HandConfig
from floorman.engine.events import ForcedBetPosted
from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.io.phh import PhhHand, dumps, loads_all
from floorman.records.hand_exports import (
    TableHand,
    TableHands,
    hands_from_log,
    phh_of,
    phh_zip,
    phhs_by_table,
)
from floorman.records.pokerstars_text import pokerstars_hand, pokerstars_text


def _hands(*, antes: bool) -> TableHands:
    sim = simulated(antes=antes)
    return hands_from_log(sim.events, sim.hands)


def test_phhs_per_table_reads_back_every_hand_of_its_table() -> None:
    hands = _hands(antes=True)
    files = phhs_by_table(hands)
    assert sorted(files) == list(hands.tables)
    for table, text in files.items():
        read = loads_all(text)
        ours = [phh_of(h, event=hands.event) for h in hands.at_table(table)]
        assert read == ours
        assert all(h.metadata["table"] == table for h in read)
        assert all(h.players and h.finishing_stacks for h in read)
    assert sum(len(loads_all(t)) for t in files.values()) == len(hands.hands)


def test_phh_zip_holds_one_file_per_table() -> None:
    hands = _hands(antes=True)
    with zipfile.ZipFile(io.BytesIO(phh_zip(hands))) as archive:
        names = sorted(archive.namelist())
        first = archive.read(names[0]).decode()
    assert names == sorted(f"table-{t}.phhs" for t in hands.tables)
    assert first == phhs_by_table(hands)[hands.tables[0]]


def test_hands_from_log_refuses_hands_that_do_not_match_the_log() -> None:
    sim = simulated()
    with pytest.raises(MalformedInputError) as short:
        hands_from_log(sim.events, sim.hands[:-1])
    assert short.value.constraint == "hand-log"
    swapped = (sim.hands[1], sim.hands[0], *sim.hands[2:])
    with pytest.raises(MalformedInputError) as wrong:
        hands_from_log(sim.events, swapped)
    assert wrong.value.constraint == "hand-log"


def _parsed(text: str) -> list[HandHistory]:
    with warnings.catch_warnings():
        # PokerKit's own parser names a field of its own that its HandHistory does not declare
        warnings.filterwarnings("ignore", message="The field .time_zone_abbreviation")
        return list(HandHistory.from_pokerstars(text, error_status=True))


def _actions(phh: PhhHand) -> list[str]:
    body = dumps(phh).split("actions = [", 1)[1].split("]\n", 1)[0]
    return [line.strip().strip(",").strip('"') for line in body.splitlines() if line.strip()]


def _same_actions(pokerkit: list[str], ours: list[str]) -> bool:
    """Our actions in order within PokerKit's, whose extra steps may only be what its replay
    inserts by itself: an empty show while it waits for an all-in's cards (our text shows them
    when the pot is awarded, as our PHH does), and a check for a player left alone with chips
    behind an all-in (floorman's engine gives him no turn). The final stacks are compared too,
    so an inserted step that moved chips would not pass."""
    rest = iter(ours)
    expected = next(rest, None)
    for action in pokerkit:
        if action == expected:
            expected = next(rest, None)
        elif action.split()[1:] not in (["sm", "????"], ["cc"]):
            return False
    return expected is None


def _short_big_blind(hand: TableHand) -> bool:
    """A big blind all-in for less than the small blind: floorman's engine then still asks the
    small blind to call the full big blind (he may fold), where PokerKit has nobody to act;
    reported as an engine question, so these hands are compared on text only."""
    posted = {e.bet: e for e in hand.events if isinstance(e, ForcedBetPosted)}
    big, small = posted.get("big-blind"), posted.get("small-blind")
    return big is not None and small is not None and big.all_in and big.amount < small.amount


def test_pokerstars_text_read_by_pokerkit_agrees_on_players_stacks_actions_board_and_winnings() -> (
    None
):
    hands = _hands(antes=False)
    compared = [h for h in hands.hands if not _short_big_blind(h)]
    parsed = _parsed("\n\n\n".join(pokerstars_hand(h) for h in compared))
    assert len(parsed) == len(compared) > 50
    for history, hand in zip(parsed, compared, strict=True):
        ours = phh_of(hand)
        assert history.hand == hand.number
        assert list(history.players or ()) == list(ours.players or ())
        assert list(history.starting_stacks) == list(ours.starting_stacks)
        assert _same_actions(list(history.actions), _actions(ours))  # actions and board
        final = list(history)[-1]  # PokerKit plays the hand and judges the showdown itself
        assert list(final.stacks) == list(ours.finishing_stacks or ())


def test_pokerstars_text_posts_every_ante_and_blind_of_the_record() -> None:
    """PokerKit's PokerStars reader skips ante lines, so antes are checked on the text."""
    hands = _hands(antes=True)
    text = pokerstars_text(hands)
    posted = [e for h in hands.hands for e in h.events if isinstance(e, ForcedBetPosted)]
    antes = [e for e in posted if "ante" in e.bet]
    assert antes
    assert text.count(": posts the ante ") == len(antes)
    assert text.count(": posts small blind ") + text.count(": posts big blind ") == len(
        posted
    ) - len(antes)
    assert len(text.split("\n\n\n")) == len(hands.hands)


def test_pokerstars_text_marks_the_button_blinds_and_showdown() -> None:
    hands = _hands(antes=True)
    text = pokerstars_hand(hands.hands[0])
    assert text.startswith("PokerStars Hand #1: Tournament #1")
    assert "Seat #" in text.splitlines()[1]
    assert "posts big blind" in text
    assert "*** HOLE CARDS ***" in text
    assert "*** SUMMARY ***" in text


def test_pokerstars_text_refuses_stud() -> None:
    stud = HandConfig(
        game=get_game("F7S"), stacks=(100, 100), button=0, small_bet=10, big_bet=20, bring_in=5
    )
    hand = replace(_hands(antes=True).hands[0], config=stud, players=("A", "B"), events=())
    with pytest.raises(MalformedInputError) as caught:
        pokerstars_hand(hand)
    assert caught.value.constraint == "pokerstars-game"


def test_table_hand_needs_a_name_slot_per_seat() -> None:
    hand = _hands(antes=True).hands[0]
    with pytest.raises(MalformedInputError) as caught:
        TableHand(
            table=1,
            number=1,
            level=1,
            at=0.0,
            players=("A",),
            config=hand.config,
            events=hand.events,
        )
    assert caught.value.constraint == "hand-seats"
