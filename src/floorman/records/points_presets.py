"""Ready-made points formulas, and the facts of a finish that formulas read.

None of the five rulebooks defines league points: the RedCactus rules name weekly events,
regional and national finals but leave points, rankings and qualification to documents not in
the seed (digest, "Points scale"); the Belarus rules mention rating competitions and sporting
seasons only as the scope of a disqualification (7.1.4, 7.1.11); the Polish and PokerStars Live
rules say nothing. The presets are therefore the formulas leagues commonly use, named for what
they do, and a league may write its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from floorman.errors import MalformedInputError
from floorman.records.points import Formula
from floorman.records.results import Results, Standing


@dataclass(frozen=True, slots=True, kw_only=True)
class Preset:
    name: str
    formula: str
    description: str


PRESETS: Final[Mapping[str, Preset]] = {
    p.name: p
    for p in (
        Preset(
            name="sqrt",
            formula="round(10 * sqrt(entrants / place), 2)",
            description="Ten times the square root of the field over the place: a win in a "
            "field of 100 is worth 100, tenth place 31.62; bigger fields weigh more.",
        ),
        Preset(
            name="sqrt-buy-in",
            formula="round(10 * sqrt(entrants / place) * (1 + log10(1 + buy_in / 100)), 2)",
            description="The square-root formula weighted by the buy-in (in hundreds of the "
            "smallest currency unit), so dearer events count more.",
        ),
        Preset(
            name="linear",
            formula="entrants - place + 1",
            description="One point for every entry finished ahead of: last place scores 1.",
        ),
        Preset(
            name="bar-league",
            formula="pick(place, 100, 80, 65, 55, 45, 40, 35, 30, 25, 20) "
            "+ if(place > 10, 10, 0) + 5 * knockouts",
            description="A weekly bar-league table: 100 to 20 points for the top ten, 10 for "
            "taking part, 5 per knockout (floorman's example; RedCactus publishes no table).",
        ),
    )
}


def preset(name: str) -> Formula:
    """The formula of a preset.

    :raises MalformedInputError: no such preset (constraint ``points-preset``).
    """
    if name not in PRESETS:
        raise MalformedInputError(
            f"no points preset {name!r}; presets: {', '.join(PRESETS)}",
            constraint="points-preset",
        )
    return Formula.parse(PRESETS[name].formula)


def finish_values(results: Results, standing: Standing) -> dict[str, float]:
    """The variables of one finish (:data:`floorman.records.points.VARIABLES`).

    :raises MalformedInputError: the entry has no place yet (constraint ``place``).
    """
    if standing.place is None:
        raise MalformedInputError(
            f"{standing.name} has no place yet: points are for finishes", constraint="place"
        )
    return {
        "entrants": len(results.entries),
        "players": results.players,
        "place": standing.place,
        "buy_in": results.buy_in,
        "fee": results.fee,
        "rebuys": standing.rebuys,
        "add_ons": standing.add_ons,
        "knockouts": standing.knockouts,
        "itm": 1.0 if standing.prize > 0 else 0.0,
        "prize": standing.prize,
        "pool": results.pool,
        "paid": results.paid_places,
    }
