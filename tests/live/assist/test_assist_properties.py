"""Invariants of the dealer assist over random hands, words and chips (hypothesis).

Whatever a player says and pushes, in any profile and betting structure, every reading the
assist returns (and every choice of a pending one) is an action the engine accepts at that
moment, and the chips add up: what is in front of him, plus what he must add, less what he gets
back, is his street total; a fold returns or leaves in the pot exactly the chips he put in.
Input it cannot read is refused with a named constraint, never with a wrong action.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.engine.tables import hand
from tests.live.assist_tables import prove

from floorman.cards.deck import Deck
from floorman.engine import Call, Check, Fold, Hand, Phase, Raise
from floorman.engine.betting import LegalOptions
from floorman.engine.dealer import deal_pending
from floorman.errors import FloormanError, IllegalActionError, MalformedInputError
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import SILENT, ChipPush, FrontChips, Timing
from floorman.rules.profiles import PROFILES

DENOMINATIONS = (25, 100, 500, 1000, 5000)
SAYINGS = (
    "",
    "",
    "call",
    "check",
    "fold",
    "raise",
    "raise 3000",
    "raise by 500",
    "bet five",
    "all in",
    "pot",
    "fourteen hundred",
    "two",
)
READABLE_REFUSALS = frozenset({"chips", "raise-amount", "nothing"})


def random_decision(rng: random.Random, game: str, profile: str) -> Hand:
    """A hand of 2-6 players played at random up to some betting decision."""
    players = rng.randint(2, 6)
    stacks = [rng.choice((800, 3000, 20_000, 100_000)) for _ in range(players)]
    played, deck = _table(stacks, game, profile)
    for _ in range(rng.randint(0, 8)):
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
        if played.phase is not Phase.BET:
            break
        played.act(_random_action(rng, played.legal_options()))
    while played.phase is Phase.DEAL:
        deal_pending(played, deck)
    return played


def _table(stacks: list[int], game: str, profile: str) -> tuple[Hand, Deck]:
    limit = game.startswith("F")
    return hand(
        stacks,
        game=game,
        button=len(stacks) - 1,
        blinds=(50, 100),
        bets=(100, 200) if limit else (0, 0),
        rules=PROFILES[profile],
    )


def _random_action(rng: random.Random, options: LegalOptions) -> Fold | Check | Call | Raise:
    if options.min_to is not None and options.max_to is not None and rng.random() < 0.3:
        return Raise(rng.choice((options.min_to, options.max_to)))
    if options.check:
        return Check()
    return Call() if rng.random() < 0.8 else Fold()


chips = st.lists(
    st.tuples(st.sampled_from(DENOMINATIONS), st.integers(min_value=1, max_value=6)),
    min_size=1,
    max_size=3,
)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    game=st.sampled_from(["NT", "PT", "FT"]),
    profile=st.sampled_from(sorted(PROFILES)),
    motions=st.lists(chips, min_size=0, max_size=2),
    saying=st.sampled_from(SAYINGS),
    timing=st.sampled_from(list(Timing)),
    clear=st.booleans(),
    pulled_back=st.booleans(),
    gathered_all=st.booleans(),
    counted_wrong=st.booleans(),
)
def test_every_reading_is_legal_and_accounts_for_every_chip(
    seed: int,
    game: str,
    profile: str,
    motions: list[list[tuple[int, int]]],
    saying: str,
    timing: Timing,
    clear: bool,
    pulled_back: bool,
    gathered_all: bool,
    counted_wrong: bool,
) -> None:
    played = random_decision(random.Random(seed), game, profile)
    if played.phase is not Phase.BET:
        return
    situation = situation_of(played)
    front = FrontChips(pulled_back=situation.bet) if pulled_back and situation.bet else None
    push = ChipPush(
        motions=tuple(tuple(m) for m in motions), front=front, gathered_all=gathered_all
    )
    declaration = parse_speech(saying, lang="en", timing=timing, clear=clear) if saying else SILENT
    try:
        ruling = rule_action(
            situation, declaration, push, ruleset=PROFILES[profile], counted_wrong=counted_wrong
        )
    except FloormanError as error:
        refused = error
    else:
        prove(played, situation, push, ruling)
        return
    if isinstance(refused, IllegalActionError):
        assert refused.ruling.key == "pulled-back-no-fold"
    else:
        assert isinstance(refused, MalformedInputError)
        assert refused.constraint in READABLE_REFUSALS or push.is_empty
