"""Documents as PDF: WeasyPrint lays out the HTML page (:mod:`floorman.records.render_html`).

The style names the DejaVu fonts (Debian's ``fonts-dejavu-core``), which cover Cyrillic, so
Russian and Bulgarian protocols print with real letters rather than boxes.
"""

from __future__ import annotations

import warnings

from floorman.records.document import Document
from floorman.records.render_html import render_html


def render_pdf(document: Document) -> bytes:
    """The document as the bytes of a PDF file."""
    with warnings.catch_warnings():
        # WeasyPrint warns when the system lacks HarfBuzz's subsetting library (Debian's
        # libharfbuzz-subset0); PDFs are still written, with whole fonts embedded.
        warnings.simplefilter("ignore", DeprecationWarning)
        from weasyprint import HTML  # imported late: loading it costs about a second

    pdf: bytes = HTML(string=render_html(document)).write_pdf()
    return pdf
