"""Any :class:`~floorman.records.document.Document` as one printable HTML page.

The page carries its own style (``templates/records.css``: A4 pages, page numbers, DejaVu fonts
for Cyrillic), so the same HTML prints from a browser and becomes the PDF
(:mod:`floorman.records.render_pdf`). Every text is escaped.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib.resources import files
from string import Template

from floorman.records.document import Document, Section, Signature, Table


def render_html(document: Document) -> str:
    body = "\n".join(
        [
            f"<h1>{escape(document.title)}</h1>",
            _subtitle(document.subtitle),
            _facts(document.facts),
            *(_section(s) for s in document.sections),
            _signatures(document.signatures, document.signature_label),
        ]
    )
    return _page().substitute(
        lang=escape(document.lang), title=escape(document.title), style=_style(), body=body
    )


def _subtitle(text: str) -> str:
    return f'<p class="subtitle">{escape(text)}</p>' if text else ""


def _facts(facts: tuple[tuple[str, str], ...]) -> str:
    if not facts:
        return ""
    items = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts)
    return f'<dl class="facts">{items}</dl>'


def _section(section: Section) -> str:
    parts = [f"<section><h2>{escape(section.heading)}</h2>"]
    parts += [f"<p>{escape(p)}</p>" for p in section.paragraphs]
    if section.table is not None and section.table.rows:
        parts.append(_table(section.table))
    elif section.empty:
        parts.append(f'<p class="empty">{escape(section.empty)}</p>')
    parts.append("</section>")
    return "".join(parts)


def _table(table: Table) -> str:
    def cell(tag: str, index: int, text: str) -> str:
        kind = ' class="num"' if index in table.numeric else ""
        return f"<{tag}{kind}>{escape(text)}</{tag}>"

    head = "".join(cell("th", i, c) for i, c in enumerate(table.columns))
    rows = "".join(
        "<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>"
        for row in table.rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _signatures(signatures: tuple[Signature, ...], label: str) -> str:
    if not signatures:
        return ""
    lines = "".join(
        f'<div class="signature"><span class="role">{escape(s.role)}</span>'
        f'<span class="line" title="{escape(label)}"></span>'
        f'<span class="name">{escape(s.name)}</span></div>'
        for s in signatures
    )
    return f'<div class="signatures">{lines}</div>'


@cache
def _page() -> Template:
    return Template(_template("page.html"))


@cache
def _style() -> str:
    return _template("records.css")


def _template(name: str) -> str:
    return files("floorman.records").joinpath("templates", name).read_text(encoding="utf-8")
