"""``floorman demo``: a small tournament played by bots, or a few dealt hands.

By default it runs a whole simulated event (27 entrants, TDA rules) through the tournament and
hand engines and shows what a director would see: the floor's seating instructions as tables
are balanced and broken, the final table, the places paid and the invariants checked. With
``--hands N`` it deals N Hold'em hands instead and shows every player's equity street by street.
Both are reproducible with ``--seed``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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
from floorman.cli.simulate_command import show
from floorman.errors import MalformedInputError
from floorman.sim.tournament_sim import simulate
from floorman.tournament.events import PlayerMoved

STREETS = (("Preflop", 0), ("Flop", 3), ("Turn", 4), ("River", 5))


def demo_command(
    hands: Annotated[
        int, typer.Option(help="Deal this many Hold'em hands instead of an event.")
    ] = 0,
    players: Annotated[
        int | None, typer.Option(help="Entrants (default 27), or players per hand (2 to 10).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed to replay the same demo.")] = None,
    lang: Annotated[str, typer.Option(help="Language of hand names.")] = "en",
) -> None:
    """Run a small simulated tournament, or deal a few hands with equities (--hands)."""
    if hands <= 0:
        tournament_demo(players if players is not None else 27, seed if seed is not None else 1)
        return
    players = players if players is not None else 4
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


def tournament_demo(players: int, seed: int) -> None:
    """A simulated event, shown the way the floor sees it."""
    if players < 2:
        raise MalformedInputError("a tournament needs at least 2 players", constraint="players")
    console = Console()
    moves: list[str] = []
    report = simulate(players=players, seed=seed, on_event=_collect_moves(moves))
    console.print(f"[bold]Seating instructions[/] (first {min(len(moves), 12)} of {len(moves)})")
    for line in moves[:12]:
        console.print(f"  {line}")
    show(console, report)


def _collect_moves(lines: list[str]) -> Callable[[object, Mapping[str, str]], None]:
    def collect(event: object, names: Mapping[str, str]) -> None:
        if isinstance(event, PlayerMoved):
            lines.append(
                f"{names.get(event.entry, event.entry)}: table {event.from_table} seat "
                f"{event.from_seat + 1} -> table {event.to_table} seat {event.to_seat + 1}"
                f" ({event.reason}, rule {event.rule})"
            )

    return collect


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
