"""``floorman rng collect``: raw output of the random source, for an outside test laboratory.

A laboratory certifying a game's RNG in the GLI-19 manner asks for a large sample of the
RNG's raw output and of its scaled use, taken from the software as it runs, to put through
its own statistical batteries (chi-square, runs, serial correlation, NIST or Diehard-style
suites). This command writes either:

- ``--kind deck`` (the default): shuffled decks as the server-dealt tables shuffle them
  (:meth:`~floorman.cards.deck.Deck.shuffled` with :class:`random.SystemRandom`), one deck
  a line, the 52 card numbers top first separated by spaces (``0`` = 2c, ``1`` = 2d, ...,
  ``51`` = As: rank-major, suits c d h s);
- ``--kind bits``: unsigned 32-bit integers straight from the same source, one a line.

Nothing is seeded and nothing is kept: each run is a fresh sample.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, TextIO

import typer

from floorman.cards.deck import Deck
from floorman.errors import MalformedInputError

app = typer.Typer(help="The random source: raw samples for an outside laboratory.")

KINDS = ("deck", "bits")
MAX_COUNT = 100_000_000


def write_sample(out: TextIO, *, kind: str, count: int, rng: random.Random) -> None:
    """Write ``count`` lines of ``kind`` drawn from ``rng``."""
    if kind not in KINDS:
        raise MalformedInputError(f"--kind is one of {', '.join(KINDS)}", constraint="kind")
    if not 1 <= count <= MAX_COUNT:
        raise MalformedInputError(f"--count is 1 to {MAX_COUNT:,}", constraint="count")
    for _ in range(count):
        if kind == "deck":
            out.write(" ".join(str(int(card)) for card in Deck.shuffled(rng).order) + "\n")
        else:
            out.write(f"{rng.getrandbits(32)}\n")


@app.command("collect")
def collect_command(
    count: Annotated[int, typer.Option("--count", "-n", help="How many lines.")] = 10_000,
    output: Annotated[Path, typer.Option("--output", "-o", help="The file to write.")] = Path(
        "rng-sample.txt"
    ),
    kind: Annotated[str, typer.Option(help="deck (shuffles) or bits (32-bit integers).")] = "deck",
) -> None:
    """Collect raw shuffles (or 32-bit integers) from the system's randomness, as the
    server deals from it, for a laboratory's statistical tests (GLI-19)."""
    with output.open("w", encoding="ascii") as out:
        write_sample(out, kind=kind, count=count, rng=random.SystemRandom())
    typer.echo(f"{count} {kind} lines written to {output}")
