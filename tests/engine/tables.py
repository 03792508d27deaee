"""Building hands for the engine tests: a table, a stacked deck, and quick ways to play."""

from __future__ import annotations

import random
from collections.abc import Sequence

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import GAMES, Call, Check, Hand, HandConfig, Phase
from floorman.engine.dealer import deal_pending
from floorman.engine.events import HandEnded
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruleset import Ruleset

PLAYED: list[Hand] = []
"""Every hand built by :func:`hand` in the running test; ``conftest.py`` checks their chips."""


def chips(played: Hand) -> int:
    """Every chip at the table: stacks plus the pot (all of it back in stacks once it is over)."""
    if played.is_over:
        return sum(played.stacks)
    return sum(played.stacks) + sum(played.paid) + played.dead_money


def assert_conserved(played: Hand) -> None:
    """No chip appears or vanishes, and the final event agrees with the final stacks."""
    assert chips(played) == sum(s or 0 for s in played.config.stacks)
    if played.is_over:
        ended = played.events[-1]
        assert isinstance(ended, HandEnded)
        assert [s or 0 for s in ended.stacks] == played.stacks


def hand(
    stacks: Sequence[int | None],
    *,
    game: str = "NT",
    button: int,
    blinds: tuple[int, int] = (0, 0),
    bets: tuple[int, int] = (0, 0),
    rules: Ruleset = TDA_2022,
    deck: Deck | None = None,
    seed: int = 1,
    **extra: object,
) -> tuple[Hand, Deck]:
    """A dealt hand, waiting for its first preflop action."""
    config = HandConfig(
        game=GAMES[game],
        stacks=tuple(stacks),
        button=button,
        small_blind=blinds[0],
        big_blind=blinds[1],
        small_bet=bets[0],
        big_bet=bets[1],
        ruleset=rules,
        **extra,  # type: ignore[arg-type]
    )
    played = Hand(config)
    PLAYED.append(played)
    cards = deck if deck is not None else Deck.shuffled(random.Random(seed))
    deal_pending(played, cards)
    return played, cards


def stacked(*hands: str, board: str = "") -> Deck:
    """A deck that deals these hole cards (in deal order, seat after seat) and then this board.

    Hole cards go out one per pass, so the order is rearranged accordingly; each street's board
    cards follow one burn. Unused cards come after, in new-deck order.
    """
    holes = [parse_cards(h) for h in hands]
    passes = [h[i] for i in range(len(holes[0])) for h in holes]
    flop, turn, river = (parse_cards(board)[:3], parse_cards(board)[3:4], parse_cards(board)[4:5])
    used = set(passes) | set(flop) | set(turn) | set(river)
    spare = [c for c in range(52) if c not in used]
    order = [*passes]
    for street in (flop, turn, river):
        order.append(spare.pop())
        order.extend(street)
    return Deck.from_order(order + spare)


def limp_to_flop(played: Hand, deck: Deck) -> None:
    """Everyone calls preflop and the big blind checks; the flop is dealt."""
    while played.phase is Phase.BET and played.street == 0:
        options = played.legal_options()
        played.act(Check() if options.check else Call())
    deal_pending(played, deck)


def check_down(played: Hand, deck: Deck) -> None:
    """Check (or call) every remaining street and deal through to the showdown."""
    while played.phase in (Phase.BET, Phase.DEAL):
        if played.phase is Phase.DEAL:
            deal_pending(played, deck)
            continue
        options = played.legal_options()
        played.act(Check() if options.check else Call())
