"""Belarus protocols and printable results: content, languages, HTML and PDF."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pypdf
import pytest
from tests.records.sim_data import simulated

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.records.document import Document
from floorman.records.i18n import LANGUAGES
from floorman.records.protocol import Officials, ProtocolKind, protocol
from floorman.records.render_html import render_html
from floorman.records.render_pdf import render_pdf
from floorman.records.results import results_from_events
from floorman.records.results_document import results_document
from floorman.tournament.events import PlayerEliminated, PlayerRegistered

OFFICIALS = Officials(
    chief_judge="Иван Петров",
    secretary="Анна Смирнова",
    judges=("Олег Ким", "Мария Лис"),
    venue="Минск",
)


def _events() -> tuple[object, ...]:
    """A Belarus event whose players have Cyrillic names."""
    events = simulated(12, 3, "belarus-sport").events
    return tuple(
        replace(e, name=f"Игрок Ёжиков {e.player}") if isinstance(e, PlayerRegistered) else e
        for e in events
    )


def _texts(document: Document) -> str:
    return render_html(document)


@pytest.mark.rules("belarus-sport 2.1.4", "belarus-sport 2.3.3")
def test_belarus_2_1_4_final_protocol_signed_by_chief_judge_and_secretary() -> None:
    document = protocol(_events(), OFFICIALS)
    assert document.lang == "ru"
    assert document.title == "Итоговый протокол"
    roles = [(s.role, s.name) for s in document.signatures]
    assert roles == [("Главный судья", "Иван Петров"), ("Секретарь", "Анна Смирнова")]
    standings = document.sections[0].table
    assert standings is not None
    assert len(standings.rows) == 12
    assert standings.rows[0][0] == "1"


@pytest.mark.rules("belarus-sport 2.3.3")
def test_belarus_2_3_3_final_protocol_needs_both_signatories_and_a_finished_event() -> None:
    events = _events()
    with pytest.raises(MalformedInputError) as missing:
        protocol(events, Officials(chief_judge="Иван Петров"))
    assert missing.value.constraint == "officials"
    with pytest.raises(IllegalActionError) as unfinished:
        protocol(events[:-1], OFFICIALS)
    assert unfinished.value.ruling.key == "protocol-final"
    assert str(unfinished.value.ruling.rule) == "belarus-sport 2.3.3"


@pytest.mark.rules("belarus-sport 2.3.2")
def test_belarus_2_3_2_running_protocol_holds_draw_journal_and_standings() -> None:
    events = _events()
    cut = [i for i, e in enumerate(events) if isinstance(e, PlayerEliminated)][3]
    document = protocol(events[: cut + 1], OFFICIALS, kind=ProtocolKind.RUNNING)
    draw, journal, decisions, standings = (s.table for s in document.sections)
    assert draw is not None
    assert journal is not None
    assert standings is not None
    assert decisions is not None
    assert decisions.rows == ()  # a simulation has no live table: no judge decided anything
    assert len(draw.rows) == 12
    eliminations = [r for r in journal.rows if "выбыл" in r[1]]
    assert len(eliminations) == 4
    assert all(r[2] for r in eliminations)  # each cites its rule
    assert sum(r[0] == "в игре" for r in standings.rows) == 8
    assert [s.role for s in document.signatures] == ["Секретарь"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_protocol_in_every_language(lang: str) -> None:
    document = protocol(_events(), OFFICIALS, lang=lang)
    english = protocol(_events(), OFFICIALS, lang="en")
    assert document.lang == lang
    headings = [s.heading for s in document.sections]
    if lang != "en":
        assert headings != [s.heading for s in english.sections]
        assert document.title != english.title
    assert f'lang="{lang}"' in render_html(document)


def test_protocol_refuses_an_unknown_language() -> None:
    with pytest.raises(MalformedInputError) as caught:
        protocol(_events(), OFFICIALS, lang="de")
    assert caught.value.constraint == "lang"


def test_html_escapes_names() -> None:
    events = tuple(
        replace(e, name="<b>Bob & co</b>") if isinstance(e, PlayerRegistered) else e
        for e in simulated().events
    )
    page = render_html(results_document(results_from_events(events)))
    assert "<b>Bob" not in page
    assert "&lt;b&gt;Bob &amp; co&lt;/b&gt;" in page


def test_pdf_protocol_has_pages_and_cyrillic_names() -> None:
    pdf = render_pdf(protocol(_events(), OFFICIALS))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert pdf.startswith(b"%PDF")
    assert len(reader.pages) >= 1
    assert "Итоговый протокол" in text
    assert "Игрок Ёжиков p1" in text
    assert "Анна Смирнова" in text
    resources: list[Any] = [page["/Resources"] for page in reader.pages]
    fonts = {str(font["/BaseFont"]) for found in resources for font in found["/Font"].values()}
    assert any("DejaVu" in f for f in fonts)
