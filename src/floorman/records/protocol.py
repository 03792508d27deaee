"""The Belarus federation's documents: the running competition protocol and the final protocol.

The secretary draws up and keeps the competition protocol (Belarus 2.3.2) and prepares the final
protocol, which he and the chief judge sign (2.3.3, 2.1.4). The rulebook names the documents and
their signatories but not their contents, so floorman follows the digest's reading of what a
protocol naturally holds: the event and its format, the officials, the participants and the seat
draw, the journal of the competition (levels, moves, broken tables, eliminations with order and
time, penalties, rulings, each with its rule) and the standings. The running protocol is that
record as it stands, signed by the secretary; the final protocol is the outcome (standings,
money, penalties and rulings) with both signatures. Russian is the default language, since it
is the rulebook's; any of the five languages can be asked for.

The tournament configuration has no officials (the rulebook leaves them to the event's
Regulations), so they are given as an :class:`Officials` value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.records.document import Document, Section, Signature, Table
from floorman.records.i18n import Words, words
from floorman.records.names import game_name
from floorman.records.protocol_journal import journal, seat_draw
from floorman.records.results import Results, results_from_events
from floorman.records.results_document import (
    penalties_section,
    rules_of,
    rulings_section,
    standings_section,
    summary_facts,
)
from floorman.records.table_rulings import judges_decisions_section
from floorman.rules.ruling import RuleRef, Ruling


class ProtocolKind(StrEnum):
    RUNNING = "running"
    """The competition protocol the secretary keeps while the event runs (2.3.2)."""
    FINAL = "final"
    """The final protocol signed by the chief judge and the secretary (2.3.3, 2.1.4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Officials:
    """The officials of one event (Belarus 2): named on the event, not in its configuration."""

    chief_judge: str = ""
    secretary: str = ""
    judges: tuple[str, ...] = ()
    venue: str = ""

    def __post_init__(self) -> None:
        for name in (self.chief_judge, self.secretary, *self.judges):
            if name != name.strip():
                raise MalformedInputError(
                    f"official's name {name!r} has spaces around it", constraint="officials"
                )


def protocol(
    events: Iterable[object],
    officials: Officials,
    *,
    kind: ProtocolKind = ProtocolKind.FINAL,
    lang: str = "ru",
) -> Document:
    """The protocol of the event whose log is ``events``.

    :raises IllegalActionError: a final protocol of an unfinished event (Belarus 2.3.3, key
        ``protocol-final``).
    :raises MalformedInputError: a final protocol without the chief judge and the secretary
        who sign it (constraint ``officials``); unknown ``lang``.
    """
    say = words(lang)
    log = tuple(events)
    results = results_from_events(log)
    if kind is ProtocolKind.FINAL:
        _check_final(results, officials)
        return _final(results, officials, say)
    return _running(log, results, officials, say)


FINAL_RULE = RuleRef("belarus-sport", "2.3.3")
"""The secretary draws up the final protocol of the competition's outcome (with 2.1.4: the
chief judge signs it), so there is none while the event runs: the running protocol is the
record then (2.3.2)."""


def _check_final(results: Results, officials: Officials) -> None:
    if not results.finished:
        raise IllegalActionError(
            Ruling(
                FINAL_RULE,
                "protocol-final",
                "the final protocol is drawn up once the competition is over",
            )
        )
    if not officials.chief_judge or not officials.secretary:
        raise MalformedInputError(
            "the final protocol is signed by the chief judge and the secretary: name both",
            constraint="officials",
        )


def _final(results: Results, officials: Officials, say: Words) -> Document:
    return Document(
        lang=say.lang,
        title=say("Final protocol"),
        subtitle=_subtitle(results, say),
        facts=_header(results, officials, say),
        sections=(
            standings_section(results, say),
            penalties_section(results, say),
            rulings_section(results, say),
            judges_decisions_section(results.table_rulings, _names(results), say),
        ),
        signatures=(
            Signature(role=say("Chief judge"), name=officials.chief_judge),
            Signature(role=say("Secretary"), name=officials.secretary),
        ),
        signature_label=say("Signature"),
    )


def _running(
    log: tuple[object, ...], results: Results, officials: Officials, say: Words
) -> Document:
    names = _names(results)
    draw = seat_draw(log)
    journal_rows = tuple(line.row(names, say) for line in journal(log))
    return Document(
        lang=say.lang,
        title=say("Competition protocol"),
        subtitle=_subtitle(results, say),
        facts=_header(results, officials, say),
        sections=(
            Section(
                heading=say("Seat draw"),
                table=Table(
                    columns=(say("Player"), say("Table"), say("Seat")),
                    rows=tuple((names.get(e, e), str(t), str(s + 1)) for e, t, s in draw),
                    numeric=frozenset({1, 2}),
                ),
                empty=say("The seats are not drawn yet."),
            ),
            Section(
                heading=say("Journal of the competition"),
                table=Table(
                    columns=(say("Time"), say("Event"), say("Rule")),
                    rows=journal_rows,
                ),
                empty=say("Nothing has happened yet."),
            ),
            judges_decisions_section(results.table_rulings, names, say),
            standings_section(results, say),
        ),
        signatures=(Signature(role=say("Secretary"), name=officials.secretary),),
        signature_label=say("Signature"),
    )


def _names(results: Results) -> dict[str, str]:
    return {e.entry: e.name for e in results.entries}


def _subtitle(results: Results, say: Words) -> str:
    game = game_name(results.game, say)
    return say("{game}, {rulebook}", game=game, rulebook=rules_of(results, say))


def _header(results: Results, officials: Officials, say: Words) -> tuple[tuple[str, str], ...]:
    people = [
        (say("Competition"), results.name),
        (say("Venue"), officials.venue),
        (say("Start"), say.time(results.started_at)),
        (say("Chief judge"), officials.chief_judge),
        (say("Judges"), ", ".join(officials.judges)),
        (say("Secretary"), officials.secretary),
    ]
    return tuple((k, v) for k, v in people if v) + summary_facts(results, say)
