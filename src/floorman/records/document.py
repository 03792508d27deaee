"""A printable document as data: title, facts, tables and signature lines.

Results, protocols and league standings are all built as a :class:`Document` in the reader's
language; :mod:`floorman.records.render_html` writes any of them as HTML and
:mod:`floorman.records.render_pdf` as PDF, so each kind of document is laid out once and each
format is written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.errors import MalformedInputError


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int] = frozenset()
    """Columns whose cells are numbers (right-aligned)."""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise MalformedInputError(
                    f"a row has {len(row)} cells for {len(self.columns)} columns",
                    constraint="table-row",
                )


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    heading: str
    table: Table | None = None
    paragraphs: tuple[str, ...] = ()
    empty: str = ""
    """What to print when the table has no rows (``No penalties were given.``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Signature:
    """A line to sign: the office and the official's name."""

    role: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Document:
    lang: str
    title: str
    subtitle: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    """Label and value pairs printed under the title."""
    sections: tuple[Section, ...] = ()
    signatures: tuple[Signature, ...] = ()
    signature_label: str = "Signature"
