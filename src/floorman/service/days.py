"""A new day of a multi-day event as a tournament of its own, made from the bagged flights.

The pure :func:`~floorman.tournament.formats.day_two.day_two` merges Day-1 flights into a new
:class:`~floorman.tournament.aggregate.Tournament` whose events already hold the whole merge
(stacks brought in, the redraw, the buttons, the payouts, the clock). The service stores those
events as the first records of a new stream, so the new day replays like any tournament and
never needs the flights again; the creation's command keeps which flights it came from.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from contextlib import ExitStack

from floorman.errors import MalformedInputError
from floorman.service.core import Outcome, TournamentService
from floorman.tournament.aggregate import Tournament
from floorman.tournament.formats.day_two import day_two


def open_day_two(
    service: TournamentService,
    *,
    name: str,
    flights: Sequence[str],
    by_chips: bool = True,
    level: int | None = None,
    idempotency_key: str | None = None,
    actor: str = "director",
) -> Outcome:
    """A new tournament ``name`` made of the stacks bagged in ``flights`` (tournament ids);
    its settings are the first flight's. Refuses a flight named twice and flights of
    different rulebooks, besides what :func:`day_two` refuses; raises ``UnknownStream`` for
    a flight that does not exist."""
    if len(set(flights)) != len(flights):
        raise MalformedInputError("a flight is named twice", constraint="flights")
    with ExitStack() as held:  # locks taken in one order, so two merges cannot deadlock
        loaded = {f: held.enter_context(service.reading(f)) for f in sorted(flights)}
        merged = _merged(service, name, [loaded[f].tournament for f in flights], by_chips, level)
    origin = {"day_two": {"flights": list(flights), "by_chips": by_chips, "level": level}}
    return service.create_from_events(
        merged, origin=origin, idempotency_key=idempotency_key, actor=actor
    )


def _merged(
    service: TournamentService,
    name: str,
    flights: Sequence[Tournament],
    by_chips: bool,
    level: int | None,
) -> Tournament:
    profiles = {flight.config.ruleset.profile for flight in flights}
    if len(profiles) > 1:
        raise MalformedInputError(
            f"the flights play by different rulebooks: {sorted(profiles)}",
            constraint="flights",
        )
    config = dataclasses.replace(flights[0].config, name=name)
    # the draw is in the events (a Day 2's opening is folded, never redrawn): from the system's
    # randomness, or from a fixed rng_seed for repeatable tests
    seeded = service.rng_seed is not None
    rng = random.Random(f"{service.rng_seed}:day-two:{name}") if seeded else random.SystemRandom()
    return day_two(config, flights, at=service.clock(), rng=rng, by_chips=by_chips, level=level)
