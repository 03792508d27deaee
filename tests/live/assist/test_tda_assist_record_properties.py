"""Invariants of recording the dealer assist's readings in a live hand (hypothesis): whatever
the players say and push, played through LiveHand.apply_assist with every pending reading
resolved to one of its options, no chip is made or lost, the history replays to the same hand,
and a refused reading changes nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.live_tables import assert_conserved, deal_board, deal_holes, new_deck, table

from floorman.engine import Call, Check, Fold, Phase
from floorman.errors import FloormanError
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import SILENT, ChipPush
from floorman.live.live_hand import LiveHand

DENOMINATIONS = (25, 100, 500, 1000)
STACK = 10_000
"""Three chips of each of two kinds come to 6000 at most: less than any stack at the start."""
SAYINGS = ("", "", "", "call", "check", "fold", "raise 1200", "bet five", "all in", "pot")


def read_and_record(live: LiveHand, rng: random.Random) -> bool:
    """The player to act says and pushes something at random; the reading is recorded, and a
    pending one resolved to a random option. A refusal must leave the history as it was; then
    he checks, calls or folds. Whether the reading was recorded."""
    seat = live.hand.actor
    assert seat is not None
    said = rng.choice(SAYINGS)
    declaration = parse_speech(said, lang="en") if said else SILENT
    pushes = rng.randint(0 if said else 1, 2)  # silent, he pushes at least one chip
    chips = [(rng.choice(DENOMINATIONS), rng.randint(1, 3)) for _ in range(pushes)]
    before = list(live.history)
    try:
        ruling = rule_action(
            situation_of(live.hand), declaration, ChipPush.of(*chips), ruleset=live.rules
        )
        result = live.apply_assist(ruling, seat=seat)
    except FloormanError:
        assert live.history == before
        options = live.hand.legal_options()
        live.act(Check() if options.check else rng.choice((Call(), Fold())))
        return False
    if result.pending is not None:
        option = rng.choice(result.pending.options)
        live.resolve(result.pending.id, option, by="TD", reason="the test's choice")
    return True


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["tda-2022", "redcactus", "pokerstars-live"]))
def test_recorded_readings_conserve_chips_and_replay(seed: int, profile: str) -> None:
    rng = random.Random(seed)
    live = table(rng.randint(2, 5), profile=profile, stack=STACK)
    deck = new_deck()
    deal_holes(live, deck)
    recorded = 0
    for _ in range(40):
        hand = live.hand
        if hand.is_over or hand.phase is Phase.SHOW:
            break
        if hand.phase is Phase.DEAL:
            deal_board(live, deck)
            continue
        recorded += read_and_record(live, rng)
        assert_conserved(live)
    assert recorded  # the first player's words or chips always come to a reading
    assert_conserved(live)
