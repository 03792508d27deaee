"""A page's HTML with every module it will import announced up front.

A page's entry module imports others, which import more: the browser learns of each level only
once the one above has arrived, so the console's modules took three round trips after its HTML
(about 300 ms under load) before any data was asked for. :func:`page_html` reads the static
``import`` statements of the page's modules (all of them are static: no ``import()``) and puts
a ``<link rel="modulepreload">`` for each one into the page's ``<head>``, so the browser fetches
the whole graph at once, in parallel with the styles.
"""

from __future__ import annotations

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
        source = store.text(module.removeprefix(PREFIX))
        for imported in imports_of(source or "", module):
            if imported not in seen:
                seen.add(imported)
                order.append(imported)
                queue.append(imported)
    return order


def with_preloads(html: str, modules: Iterable[str]) -> str:
    """``html`` with a ``modulepreload`` link per module just before ``</head>``."""
    links = "".join(f'  <link rel="modulepreload" href="{m}">\n' for m in modules)
    return html.replace("</head>", f"{links}</head>", 1) if links else html


def page_html(store: StaticStore, page: str) -> StaticFile | None:
    """The page's ``index.html`` (``page`` is its folder, ``""`` for the start page) with its
    modules preloaded; ``None`` when the page has no ``index.html``."""
    index = store.get(f"{page}/index.html" if page else "index.html")
    if index is None:
        return None
    html = index.body.decode("utf-8")
    inline = imports_of(html)  # what an inline module script imports (absolute paths)
    modules = inline + module_graph(store, ENTRY.findall(html) + inline)
    body = with_preloads(html, dict.fromkeys(modules)).encode("utf-8")
    return StaticFile(
        body=body,
        gzipped=None,
        media_type="text/html; charset=utf-8",
        etag=f'"{hashlib.sha256(body).hexdigest()[:32]}"',
        mtime_ns=index.mtime_ns,
    )
