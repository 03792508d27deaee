"""A page's HTML with every module it will import announced up front.

A page's entry module imports others, which import more: the browser learns of each level only
once the one above has arrived, so the console's modules took three round trips after its HTML
(about 300 ms under load) before any data was asked for. :func:`page_html` reads the static
``import`` statements of the page's modules (all of them are static: no ``import()``) and puts
a ``<link rel="modulepreload">`` for each one into the page's ``<head>``, so the browser fetches
the whole graph at once, in parallel with the styles. The page's catalogues (its language's
texts, the ruling catalogue) were asked for only once every module had run; ``early.js``,
written into the ``<head>`` too, asks for them at once, alongside the modules.
"""

from __future__ import annotations

import base64
import hashlib
import posixpath
import re
from collections.abc import Iterable

from floorman.web.static_files import StaticFile, StaticStore

IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'";]*?['"]((?:/|\./|\.\./)[^'"]+\.js)['"]""", re.M)
"""A static ``import ... from '/static/...'`` or ``'./api.js'`` (or a re-export) at the start
of a line."""

ENTRY = re.compile(r"""<script\s+type="module"\s+src="(/static/[^"]+\.js)"\s*>""")

PREFIX = "/static/"


def imports_of(source: str, at: str = "/") -> list[str]:
    """The modules the module at URL path ``at`` imports statically, in order, as absolute
    paths (a relative specifier resolved as the browser does)."""
    base = posixpath.dirname(at)
    return [posixpath.normpath(posixpath.join(base, spec)) for spec in IMPORT.findall(source)]


def module_graph(store: StaticStore, entries: Iterable[str]) -> list[str]:
    """Every module reachable from ``entries`` by static imports, entries excluded, in the
    order first seen (breadth first: the modules needed first are asked for first)."""
    start = list(entries)
    seen = set(start)
    order: list[str] = []
    queue = list(start)
    while queue:
        module = queue.pop(0)
        for imported in _imports(store, module):
            if imported not in seen:
                seen.add(imported)
                order.append(imported)
                queue.append(imported)
    return order


EARLY = "common/early.js"
"""The script written into every page's ``<head>``: it asks for the page's catalogues while
the modules load (see the file)."""


_PARSED: dict[tuple[str, str], tuple[str, ...]] = {}
"""Each module's imports by its path and ETag: a page is answered without parsing again."""


def _imports(store: StaticStore, module: str) -> tuple[str, ...]:
    found = store.get(module.removeprefix(PREFIX))
    if found is None:
        return ()
    key = (module, found.etag)
    if key not in _PARSED:
        _PARSED[key] = tuple(imports_of(found.body.decode("utf-8"), module))
    return _PARSED[key]


def with_preloads(html: str, modules: Iterable[str], early: str = "") -> str:
    """``html`` with a ``modulepreload`` link per module just before ``</head>``, and the
    ``early`` script before the head's first link: a script after a stylesheet would wait for
    it."""
    links = "".join(f'  <link rel="modulepreload" href="{m}">\n' for m in modules)
    html = html.replace("</head>", f"{links}</head>", 1)
    if not early.strip():
        return html
    head = html.find("</head>")
    first = html.find("<link", 0, head)
    at = first if first >= 0 else head
    return f"{html[:at]}<script>{inline_script(early)}</script>\n  {html[at:]}"


def inline_script(early: str) -> str:
    """The exact text of the ``early`` script as written into a page: the pages' policy allows
    this one inline script by its hash (:func:`script_hash`), so the text must not vary."""
    return f"\n{early.strip()}\n  "


def script_hash(text: str) -> str:
    """The Content-Security-Policy source that allows the inline script ``text``."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def page_html(store: StaticStore, page: str) -> StaticFile | None:
    """The page's ``index.html`` (``page`` is its folder, ``""`` for the start page) with its
    modules preloaded; ``None`` when the page has no ``index.html``."""
    index = store.get(f"{page}/index.html" if page else "index.html")
    if index is None:
        return None
    html = index.body.decode("utf-8")
    inline = imports_of(html)  # what an inline module script imports (absolute paths)
    modules = inline + module_graph(store, ENTRY.findall(html) + inline)
    early = store.text(EARLY) or ""
    body = with_preloads(html, dict.fromkeys(modules), early).encode("utf-8")
    return StaticFile(
        body=body,
        gzipped=None,
        media_type="text/html; charset=utf-8",
        etag=f'"{hashlib.sha256(body).hexdigest()[:32]}"',
        mtime_ns=index.mtime_ns,
    )
