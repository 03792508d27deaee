"""Exports as one call each, for the command line and the console alike.

Each function takes what the event's records are made of (its events, and for hand histories
the hands dealt) and a format, and returns an :class:`Exported`: the bytes, the media type and
a file name, so a web console can answer a download with it and the command line can write it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.records.document import Document
from floorman.records.exports import results_csv, results_json, rulings_csv
from floorman.records.hand_exports import TableHands, hands_from_log, phh_zip, phhs_of
from floorman.records.ohh import ohh_file
from floorman.records.ohh_event import ohh_event_of
from floorman.records.pokerstars_text import StarsHeader, pokerstars_text
from floorman.records.protocol import Officials, ProtocolKind, protocol
from floorman.records.render_html import render_html
from floorman.records.render_pdf import render_pdf
from floorman.records.results import results_from_events
from floorman.records.results_document import results_document
from floorman.rules.messages import check_language
from floorman.tournament.floor.table_hand import HandSetup


class Format(StrEnum):
    CSV = "csv"
    RULINGS_CSV = "rulings-csv"
    """The rulings made at the tables, one CSV row each."""
    JSON = "json"
    HTML = "html"
    PDF = "pdf"
    PHH = "phh"
    """Every hand of the event in one ``.phhs``, in the order played."""
    PHHS_ZIP = "phhs-zip"
    """A zip of one ``.phhs`` per table."""
    POKERSTARS = "pokerstars"
    OHH = "ohh"
    """Open Hand History: one ``{"ohh": ...}`` object per hand, blank-line separated."""
    OTS = "ots"
    """Open Tournament Summary: places and prizes for hand trackers."""


RESULT_FORMATS = (Format.CSV, Format.RULINGS_CSV, Format.JSON, Format.HTML, Format.PDF)
PROTOCOL_FORMATS = (Format.HTML, Format.PDF)
HAND_FORMATS = (Format.PHH, Format.PHHS_ZIP, Format.POKERSTARS, Format.OHH)

_MEDIA = {
    Format.CSV: ("text/csv; charset=utf-8", "csv"),
    Format.RULINGS_CSV: ("text/csv; charset=utf-8", "csv"),
    Format.JSON: ("application/json", "json"),
    Format.HTML: ("text/html; charset=utf-8", "html"),
    Format.PDF: ("application/pdf", "pdf"),
    Format.PHH: ("application/toml", "phhs"),
    Format.PHHS_ZIP: ("application/zip", "phhs.zip"),
    Format.POKERSTARS: ("text/plain; charset=utf-8", "txt"),
    Format.OHH: ("application/json", "ohh"),
    Format.OTS: ("application/json", "ots"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Exported:
    content: bytes
    media_type: str
    filename: str
    notes: tuple[str, ...] = ()
    """What the user must know about the file: the hands a format could not carry and why."""

    @property
    def is_text(self) -> bool:
        return not self.media_type.startswith(("application/pdf", "application/zip"))


def format_of(value: str) -> Format:
    """The format named ``value``.

    :raises MalformedInputError: no format has that name (constraint ``format``).
    """
    try:
        return Format(value)
    except ValueError:
        names = ", ".join(Format)
        raise MalformedInputError(
            f"unknown format {value!r}; formats: {names}", constraint="format"
        ) from None


def _check(fmt: Format, allowed: tuple[Format, ...], what: str) -> None:
    if fmt not in allowed:
        raise MalformedInputError(
            f"{what} export as {', '.join(allowed)}, not {fmt}", constraint="format"
        )


def _slug(name: str) -> str:
    return re.sub(r"[^\w.-]+", "-", name, flags=re.UNICODE).strip("-").lower() or "event"


def _exported(content: bytes | str, fmt: Format, stem: str) -> Exported:
    media, suffix = _MEDIA[fmt]
    data = content.encode("utf-8") if isinstance(content, str) else content
    return Exported(content=data, media_type=media, filename=f"{_slug(stem)}.{suffix}")


def _document(document: Document, fmt: Format, stem: str) -> Exported:
    if fmt is Format.PDF:
        return _exported(render_pdf(document), fmt, stem)
    return _exported(render_html(document), fmt, stem)


def export_results(
    events: Iterable[object], fmt: Format, *, lang: str = "en", points: str | None = None
) -> Exported:
    """The results as CSV (standings; ``rulings-csv``: the rulings at the tables), JSON
    (everything), or a printable HTML or PDF page (with ``points``, a preset or formula, the
    league points of each finish)."""
    _check(fmt, RESULT_FORMATS, "results")
    check_language(lang)  # CSV and JSON have no words, but a wrong language is still wrong
    results = results_from_events(events)
    stem = f"{results.name}-results"
    if fmt is Format.CSV:
        return _exported(results_csv(results), fmt, stem)
    if fmt is Format.RULINGS_CSV:
        return _exported(rulings_csv(results), fmt, f"{results.name}-rulings")
    if fmt is Format.JSON:
        return _exported(results_json(results), fmt, stem)
    return _document(results_document(results, lang=lang, points=points), fmt, stem)


def export_protocol(
    events: Iterable[object],
    officials: Officials,
    fmt: Format,
    *,
    kind: ProtocolKind = ProtocolKind.FINAL,
    lang: str = "ru",
) -> Exported:
    """A Belarus protocol (running or final) as HTML or PDF."""
    _check(fmt, PROTOCOL_FORMATS, "protocols")
    log = tuple(events)
    document = protocol(log, officials, kind=kind, lang=lang)
    name = results_from_events(log).name
    return _document(document, fmt, f"{name}-{kind}-protocol")


def export_hands(
    events: Iterable[object],
    played: Sequence[tuple[HandSetup, Hand]],
    fmt: Format,
    *,
    header: StarsHeader | None = None,
    currency: str = "",
) -> Exported:
    """Every hand dealt (paired with the log, :func:`hands_from_log`) as hand histories."""
    _check(fmt, HAND_FORMATS, "hand histories")
    log = tuple(events)
    return export_table_hands(
        hands_from_log(log, played), fmt, header=header, events=log, currency=currency
    )


def export_table_hands(
    hands: TableHands,
    fmt: Format,
    *,
    header: StarsHeader | None = None,
    events: Iterable[object] = (),
    currency: str = "",
) -> Exported:
    """The hands as PHH (one ``.phhs``, or a zip of one per table), PokerStars text, or Open
    Hand History (tagged with the tournament read from ``events``).

    Open Hand History leaves out the hands it cannot carry and says which in ``notes``.

    :raises MalformedInputError: a game the format cannot carry (``pokerstars-game``;
        ``ohh-game``: no hand can be written).
    """
    _check(fmt, HAND_FORMATS, "hand histories")
    stem = f"{hands.event}-hands"
    if fmt is Format.OHH:
        tournament = 1 if header is None else header.tournament
        written = ohh_file(hands, ohh_event_of(events, tournament, currency))
        return replace(_exported(written.text, fmt, stem), notes=written.notes)
    if fmt is Format.PHH:
        return _exported(phhs_of(hands), fmt, stem)
    if fmt is Format.PHHS_ZIP:
        return _exported(phh_zip(hands), fmt, stem)
    return _exported(pokerstars_text(hands, header), fmt, stem)
