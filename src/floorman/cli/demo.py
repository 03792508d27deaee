"""``floorman demo``: what exists so far, on a few dealt Hold'em hands.

It deals from a shuffled deck (seeded with ``--seed`` to reproduce a run), shows every player's
equity street by street and names the winning hand at the river. Later issues replace this with
a whole tournament.
"""

from __future__ import annotations

import random
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from floorman.cards import Card, format_cards
from floorman.cards.deck import Deck
from floorman.cards.equity import equity
from floorman.cards.evaluation import HandEvaluation, evaluate_hand
from floorman.cards.names import LANGUAGES
from floorman.errors import MalformedInputError

STREETS = (("Preflop", 0), ("Flop", 3), ("Turn", 4), ("River", 5))


def demo_command(
    hands: Annotated[int, typer.Option(help="How many hands to deal.")] = 3,
    players: Annotated[int, typer.Option(help="Players per hand (2 to 10).")] = 4,
    seed: Annotated[int | None, typer.Option(help="Seed to replay the same deal.")] = None,
    lang: Annotated[str, typer.Option(help="Language of hand names.")] = "en",
) -> None:
    """Deal a few Hold'em hands and show equities street by street."""
    if not 2 <= players <= 10:
        raise MalformedInputError("players must be 2 to 10", constraint="players")
    if lang not in LANGUAGES:
        raise MalformedInputError(f"language must be one of {LANGUAGES}", constraint="language")
    rng = random.Random(seed) if seed is not None else None
    console = Console()
    for number in range(1, hands + 1):
        deck = Deck.shuffled(rng)
        holes = [deck.deal(2) for _ in range(players)]
        board = deck.deal(5)
        console.print(_hand_table(number, holes, board, lang, seed))


def _hand_table(
    number: int, holes: list[tuple[Card, ...]], board: tuple[Card, ...], lang: str, seed: int | None
) -> Table:
    table = Table(title=f"Hand {number}: board {format_cards(board, pretty=True)}")
    table.add_column("Seat", justify="right")
    table.add_column("Cards")
    for street, _ in STREETS[:-1]:
        table.add_column(street, justify="right")
    table.add_column("At the river")
    equities = [
        equity(holes, board[:shown], rng=np.random.default_rng(seed)).hands
        for _, shown in STREETS[:-1]
    ]
    finals = [evaluate_hand(hole, board) for hole in holes]
    best = max(f.strength for f in finals if f is not None)
    for seat, hole in enumerate(holes, start=1):
        final = finals[seat - 1]
        assert final is not None
        table.add_row(
            str(seat),
            format_cards(hole, pretty=True),
            *(f"{street[seat - 1].equity:.1%}" for street in equities),
            _outcome(final, best, lang),
        )
    return table


def _outcome(final: HandEvaluation, best: int, lang: str) -> str:
    name = final.name(lang)
    return f"[bold green]{name} ✓[/]" if final.strength == best else name
