"""Tournament summaries for hand trackers as one call: OTS or PokerStars-style text.

Next to the hands (:func:`~floorman.records.export_api.export_table_hands`), a tracker needs
the event's places and prizes; this answers them as an :class:`Exported` file for the command
line and the records route alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from floorman.errors import MalformedInputError
from floorman.records.export_api import Exported, Format
from floorman.records.ots import ots_text
from floorman.records.pokerstars_summary import pokerstars_summary
from floorman.records.pokerstars_text import check_zone, header_of
from floorman.records.results import results_from_events
from floorman.tournament.events import TournamentCreated

SUMMARY_FORMATS = (Format.OTS, Format.POKERSTARS)


def _first_level_seconds(events: tuple[object, ...]) -> int:
    created = next((e for e in events if isinstance(e, TournamentCreated)), None)
    levels = () if created is None else created.config.structure.levels
    return levels[0].minutes * 60 if levels else 0


def export_summary(
    events: Iterable[object],
    fmt: Format,
    *,
    tournament: int = 1,
    currency: str = "",
    zone: str = "UTC",
) -> Exported:
    """The event's summary as OTS (``.ots``) or PokerStars-style text (``.txt``).

    :raises MalformedInputError: another format (``format``), an unknown time zone
        (``time-zone``) or a currency that is not a code (``currency``).
    """
    if fmt not in SUMMARY_FORMATS:
        raise MalformedInputError(
            f"summaries export as {', '.join(SUMMARY_FORMATS)}, not {fmt}", constraint="format"
        )
    log = tuple(events)
    header = header_of(log, tournament=tournament, zone=check_zone(zone), currency=currency)
    results = results_from_events(log)
    stem = re.sub(r"[^\w.-]+", "-", results.name).strip("-").lower() or "event"
    if fmt is Format.OTS:
        text = ots_text(
            results,
            tournament=tournament,
            currency=currency,
            round_seconds=_first_level_seconds(log),
        )
        return Exported(
            content=text.encode(), media_type="application/json", filename=f"{stem}.ots"
        )
    text = pokerstars_summary(results, header, currency=currency)
    return Exported(
        content=text.encode(),
        media_type="text/plain; charset=utf-8",
        filename=f"{stem}-summary.txt",
    )
