"""``floorman eval`` and ``floorman equity``: the cards layer from the shell."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from floorman.cards import format_cards, parse_cards
from floorman.cards.batch import evaluate_batch
from floorman.cards.equity import Game as EquityGame
from floorman.cards.equity import equity
from floorman.cards.evaluation import Game, evaluate_hand
from floorman.errors import MalformedInputError

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
LangOption = Annotated[str, typer.Option("--lang", help="Language of names: en ru fr bg pl.")]


def eval_command(
    cards: Annotated[list[str] | None, typer.Argument(help="Cards, e.g. As Kd or AsKd.")] = None,
    board: Annotated[str, typer.Option(help="Board cards (Omaha games).")] = "",
    game: Annotated[Game, typer.Option(help="How the hand is valued.")] = Game.HIGH,
    batch: Annotated[
        Path | None, typer.Option(help="File with one hand per line ('-' for stdin).")
    ] = None,
    as_json: JsonFlag = False,
    lang: LangOption = "en",
) -> None:
    """Evaluate one hand, or every line of a file with --batch (one rank per line)."""
    if batch is not None:
        _eval_batch(batch)
        return
    hand = parse_cards(cards or [])
    result = evaluate_hand(hand, parse_cards(board), game=game)
    if as_json:
        payload = result.as_dict(lang) if result else {"game": game.value, "qualifies": False}
        typer.echo(json.dumps(payload, ensure_ascii=False))
    elif result is None:
        typer.echo("no qualifying low")
    else:
        best = format_cards(result.best, pretty=True)
        typer.echo(f"{result.name(lang)}  [{best}]  rank {result.strength}")


def _eval_batch(path: Path) -> None:
    """One rank per input line; hands of one size go through the NumPy evaluator at once."""
    text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    hands = []
    for number, line in enumerate(lines, start=1):
        try:
            hands.append(parse_cards(line))
        except MalformedInputError as error:
            raise MalformedInputError(
                f"line {number}: {error}", constraint=error.constraint
            ) from None
    sizes = {len(h) for h in hands}
    if len(sizes) == 1 and sizes <= {5, 6, 7}:
        ranks = evaluate_batch(np.array(hands, dtype=np.uint8)).tolist()
    else:
        ranks = [_checked_rank(number, hand) for number, hand in enumerate(hands, start=1)]
    sys.stdout.write("".join(f"{rank}\n" for rank in ranks))


def _checked_rank(number: int, hand: tuple[int, ...]) -> int:
    try:
        result = evaluate_hand(hand)
    except MalformedInputError as error:
        raise MalformedInputError(f"line {number}: {error}", constraint=error.constraint) from None
    assert result is not None
    return result.strength


def equity_command(
    hands: Annotated[list[str], typer.Argument(help="Two to ten hands, e.g. AsKs QhQd.")],
    board: Annotated[str, typer.Option(help="Known board cards, e.g. 'Jc 7d 2s'.")] = "",
    dead: Annotated[str, typer.Option(help="Cards known to be out of play.")] = "",
    game: Annotated[str, typer.Option(help="holdem or omaha.")] = "holdem",
    exact: Annotated[
        bool | None, typer.Option("--exact/--monte-carlo", help="Force the method.")
    ] = None,
    samples: Annotated[int, typer.Option(help="Monte Carlo boards.")] = 200_000,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible Monte Carlo.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Win, tie and equity of each hand, exact when cheap and Monte Carlo otherwise."""
    if game not in ("holdem", "omaha"):
        raise MalformedInputError(f"unknown game {game!r}; use holdem or omaha", constraint="game")
    kind: EquityGame = "holdem" if game == "holdem" else "omaha"
    parsed = [parse_cards(h) for h in hands]
    result = equity(
        parsed,
        parse_cards(board),
        parse_cards(dead),
        game=kind,
        method="auto" if exact is None else ("exact" if exact else "monte-carlo"),
        samples=samples,
        rng=np.random.default_rng(seed),
    )
    names = [format_cards(h, sep="") for h in parsed]
    if as_json:
        rows = [
            {"hand": name, "win": e.win, "tie": e.tie, "equity": e.equity}
            for name, e in zip(names, result.hands, strict=True)
        ]
        typer.echo(json.dumps({"exact": result.exact, "boards": result.boards, "hands": rows}))
        return
    table = Table(title=f"{'Exact' if result.exact else 'Monte Carlo'}: {result.boards:,} boards")
    for column in ("Hand", "Win", "Tie", "Equity"):
        table.add_column(column, justify="left" if column == "Hand" else "right")
    for name, e in zip(names, result.hands, strict=True):
        table.add_row(name, f"{e.win:.2%}", f"{e.tie:.2%}", f"{e.equity:.2%}")
    Console().print(table)
