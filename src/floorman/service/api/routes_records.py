"""Records of a live event as downloads: results, Belarus protocols and hand histories.

Each route reads the tournament straight from the event store at its current version (only
the commands in force: an undone bust-out is in no document) and answers the file the
records package makes of it (:mod:`floorman.records.export_api`), with its media type and a
``Content-Disposition`` naming the file.

- ``GET .../records/results?format=csv|rulings-csv|json|html|pdf&lang=&points=``: the
  standings, money, deals, penalties and rulings (``rulings-csv``: the rulings at the
  tables). Staff read them at any time; a display, dealer or player once
  the event is over (the published results): before that, 409 (``results-unpublished``).
- ``GET .../records/protocol?kind=running|final&format=html|pdf&lang=&chief_judge=
  &secretary=&judge=&venue=``: the Belarus protocol. The tournament configuration names no
  officials (the rulebook leaves them to the event's Regulations), so the request names
  them, as the command line does. A final protocol of an unfinished event is refused with
  its ruling (Belarus 2.3.3: 409); one without the chief judge and the secretary who sign
  it with 422 (``officials``). Staff only.
- ``GET .../records/money?format=csv|json``: the money ledger, each line with the version
  and the command that wrote it, and its totals (:mod:`floorman.records.money_ledger`).
  The director's only.
- ``GET .../records/fairness``: each of those hands' deck commitment and its reveal
  (:mod:`~floorman.service.api.fairness`). Staff only, for the same reason.
- ``GET .../records/hands?format=phh|phhs-zip|pokerstars|ohh&tournament=&zone=&currency=``:
  the hands the server dealt and the tournament recorded, and in PHH the hands a tablet
  recorded (their history as the log keeps it, its cards unseen, its rulings as comments;
  PokerStars text and OHH have no place for them). PokerStars headers give the time in
  ``zone`` with the Eastern time in brackets, and the buy-in in ``currency``. Staff only: a
  hand history shows every player's cards.
- ``GET .../records/summary?format=ots|pokerstars&tournament=&zone=&currency=``: places and
  prizes for hand trackers (Open Tournament Summary, or PokerStars-style text). Staff only.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse

from floorman.errors import MalformedInputError
from floorman.records.export_api import (
    Exported,
    export_protocol,
    export_results,
    export_table_hands,
    format_of,
)
from floorman.records.i18n import LANGUAGES
from floorman.records.money_ledger import book_json, money_csv
from floorman.records.pokerstars_text import header_of
from floorman.records.protocol import Officials, ProtocolKind
from floorman.records.summary_export import export_summary
from floorman.service.api.context import context, guard, reading
from floorman.service.api.errors import Conflict
from floorman.service.api.fairness import COMMITTED, REVEALED
from floorman.service.api.roles import STAFF, Grant
from floorman.service.log_readers.money_book import book_from_store
from floorman.service.log_readers.stored_log import online_hands, read_log
from floorman.service.store import StoredRecord

router = APIRouter(tags=["records"])

MAX_NAME = 200
SKIPPED_HEADER = "Floorman-Skipped"
"""Names the hands an export left out and why (Open Hand History: razz, draws)."""
Name = Annotated[str, Query(max_length=MAX_NAME)]
Lang = Annotated[str, Query(max_length=8, description=", ".join(LANGUAGES))]


def download(exported: Exported) -> Response:
    """The file as an attachment; the name is given in ASCII and in UTF-8 (RFC 6266), since
    an event's name may be Cyrillic. Hands the format left out are named in the
    ``Floorman-Skipped`` header."""
    plain = exported.filename.encode("ascii", "replace").decode().replace("?", "_")
    disposition = f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(exported.filename)}"
    headers = {"Content-Disposition": disposition}
    if exported.notes:  # hands a format left out, and why (ASCII, as a header must be)
        headers[SKIPPED_HEADER] = " | ".join(exported.notes).encode("ascii", "replace").decode()
    return Response(exported.content, media_type=exported.media_type, headers=headers)


@router.get("/tournaments/{tournament_id}/records/results", name="records_results")
def results(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_results"))],
    fmt: Annotated[
        str, Query(alias="format", description="csv, rulings-csv, json, html or pdf.")
    ] = "csv",
    lang: Lang = "en",
    points: Annotated[
        str | None, Query(max_length=500, description="League points: a preset or formula.")
    ] = None,
) -> Response:
    """The results: standings with places, prizes, knockouts and how each player went out;
    entries, money, payouts, deals, penalties and rulings with their rules."""
    ctx = context(request)
    if grant.role not in STAFF:
        with reading(ctx, tournament_id) as loaded:
            if not loaded.tournament.state.finished:
                raise Conflict(
                    "the results are published once the tournament is over",
                    constraint="results-unpublished",
                )
    log = read_log(ctx.service.store, tournament_id)
    return download(export_results(log.events, format_of(fmt), lang=lang, points=points))


@router.get("/tournaments/{tournament_id}/records/protocol", name="records_protocol")
def protocol(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_protocol"))],
    kind: Annotated[ProtocolKind, Query(description="running or final.")] = ProtocolKind.FINAL,
    fmt: Annotated[str, Query(alias="format", description="html or pdf.")] = "html",
    lang: Lang = "ru",
    chief_judge: Name = "",
    secretary: Name = "",
    judge: Annotated[list[str] | None, Query(max_length=50)] = None,
    venue: Name = "",
) -> Response:
    """The Belarus competition protocol (running, signed by the secretary, 2.3.2) or final
    protocol (signed by the chief judge and the secretary, 2.3.3, 2.1.4)."""
    judges = tuple(j.strip() for j in judge or () if j.strip())
    if any(len(j) > MAX_NAME for j in judges):
        raise MalformedInputError(
            f"a judge's name is at most {MAX_NAME} characters", constraint="officials"
        )
    officials = Officials(
        chief_judge=chief_judge.strip(),
        secretary=secretary.strip(),
        judges=judges,
        venue=venue.strip(),
    )
    log = read_log(context(request).service.store, tournament_id)
    exported = export_protocol(log.events, officials, format_of(fmt), kind=kind, lang=lang)
    return download(exported)


@router.get("/tournaments/{tournament_id}/records/hands", name="records_hands")
def hands(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_hands"))],
    fmt: Annotated[
        str, Query(alias="format", description="phh, phhs-zip, pokerstars or ohh.")
    ] = "pokerstars",
    tournament: Annotated[
        int, Query(ge=1, le=10**12, description="The tournament number in PokerStars text.")
    ] = 1,
    zone: Annotated[
        str, Query(max_length=64, description="The venue's time zone (IANA) for the header.")
    ] = "UTC",
    currency: Annotated[
        str, Query(max_length=3, description="The buy-in's currency code; none: chips.")
    ] = "",
) -> Response:
    """Every hand the server dealt: PHH (one ``.phhs``, or a zip of one per table), or
    PokerStars text or Open Hand History for hand trackers."""
    store = context(request).service.store
    log = read_log(store, tournament_id)
    header = header_of(log.events, tournament=tournament, zone=zone, currency=currency)
    found = online_hands(store, log)
    exported = export_table_hands(
        found, format_of(fmt), header=header, events=log.events, currency=currency
    )
    return download(exported)


@router.get("/tournaments/{tournament_id}/records/fairness", name="records_fairness")
def fairness(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_fairness"))],
) -> list[dict[str, Any]]:
    """The fairness evidence of every hand the server dealt and the tournament recorded
    (:mod:`~floorman.service.api.fairness`): the deck's SHA-256 published when the hand
    started, and the salt and the deck revealed when it ended. Staff only: a revealed deck
    shows every player's cards, the folded ones too."""
    store = context(request).service.store
    log = read_log(store, tournament_id)
    return [
        {
            "hand": hand.summary.number,
            "table": hand.summary.table,
            "stream": hand.stream,
            **_evidence(store.read(hand.stream)),
        }
        for hand in log.online
    ]


def _evidence(records: tuple[StoredRecord, ...]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for record in records:
        if record.kind in (COMMITTED, REVEALED):
            found.update(record.data)
    return found


@router.get("/tournaments/{tournament_id}/records/money", name="records_money")
def money(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_money"))],
    fmt: Annotated[str, Query(alias="format", description="csv or json.")] = "csv",
) -> Response:
    """The money ledger: buy-ins, fees, bounties, rebuys, add-ons, the organiser's top-up,
    prizes, refunds, league dues and corrections, each tied to the command that wrote it;
    then money in, money out, the house's part and what is unaccounted for."""
    if fmt not in ("csv", "json"):
        raise MalformedInputError(f"format is csv or json, not {fmt!r}", constraint="format")
    book = book_from_store(context(request).service.store, tournament_id)
    if fmt == "json":
        return JSONResponse(book_json(book))
    name = f"{tournament_id}-money.csv"
    return download(
        Exported(
            content=money_csv(book).encode(), media_type="text/csv; charset=utf-8", filename=name
        )
    )


@router.get("/tournaments/{tournament_id}/records/summary", name="records_summary")
def summary(
    request: Request,
    tournament_id: str,
    grant: Annotated[Grant, Depends(guard("records_summary"))],
    fmt: Annotated[str, Query(alias="format", description="ots or pokerstars.")] = "ots",
    tournament: Annotated[int, Query(ge=1, le=10**12, description="The tournament number.")] = 1,
    zone: Annotated[str, Query(max_length=64, description="The venue's time zone (IANA).")] = "UTC",
    currency: Annotated[
        str, Query(max_length=3, description="The buy-in's currency code; none: chips.")
    ] = "",
) -> Response:
    """Places and prizes for hand trackers: an Open Tournament Summary or a PokerStars-style
    tournament summary. Staff only, as the hands they go with."""
    log = read_log(context(request).service.store, tournament_id)
    exported = export_summary(
        log.events, format_of(fmt), tournament=tournament, currency=currency, zone=zone
    )
    return download(exported)
