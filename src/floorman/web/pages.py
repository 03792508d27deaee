"""The web pages and their static files, served by the service itself (no CDN: an event runs
on a LAN).

``/clock``, ``/player``, ``/director``, ``/dealer`` and ``/print`` (the director's print-outs:
seating lists, seat cards, the payout sheet, receipts) answer the ``index.html`` of their folder
under ``static/``; everything else a page loads (its modules, the shared ``common/`` modules,
the catalogues, the CSS) is under ``/static``. A page reads the tournament, the token and the
language from its query string (``/clock?t=<id>&token=<token>&lang=ru``), so a link or a QR
code opens it ready to show. :data:`router` also carries the few routes the pages need beyond
the service's API (:mod:`floorman.web.routes`).
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, Response
from fastapi.responses import RedirectResponse

from floorman.service.api.context import context
from floorman.service.api.errors import NotFound
from floorman.web import (
    console_routes,
    count_routes,
    phh_routes,
    public_routes,
    routes,
    ruling_routes,
)
from floorman.web.preload import EARLY, inline_script, page_html, script_hash
from floorman.web.static_files import CACHE_CONTROL, MemoryStatic, StaticFile, StaticStore

STATIC = Path(__file__).with_name("static")
"""The package's static files (package data, installed with floorman)."""

STORE = StaticStore(STATIC)
"""The static files in memory (:mod:`floorman.web.static_files`)."""

PAGES = ("clock", "player", "director", "dealer", "print", "overlay", "results", "league")
"""The pages, each a folder of ``static/`` holding its ``index.html``."""

NO_CACHE = {"Cache-Control": CACHE_CONTROL.decode()}
"""Pages are revalidated on every load, so a screen reloaded after an upgrade runs the new
modules (they are small, and the ETag makes an unchanged one a 304)."""


def inline_script_hashes() -> tuple[str, ...]:
    """The policy sources of the one inline script the pages carry (the early loader written
    into every page's head by :mod:`floorman.web.preload`): the policy allows it by hash."""
    early = STORE.text(EARLY) or ""
    return (script_hash(inline_script(early)),) if early.strip() else ()


router = APIRouter()
router.mount("/static", MemoryStatic(STORE), name="web_static")
router.routes.extend(routes.router.routes)  # one level, as the scope table walks routes
router.routes.extend(console_routes.router.routes)  # the console's and the tablet's
router.routes.extend(ruling_routes.router.routes)  # the rulings at the tables
router.routes.extend(count_routes.router.routes)  # the dealer's counts
router.routes.extend(phh_routes.router.routes)  # a live hand's history
router.routes.extend(public_routes.router.routes)  # public results, the streaming overlay


def page_file(page: str) -> StaticFile:
    """The page's ``index.html`` with its modules preloaded (:mod:`floorman.web.preload`);
    404 while a page has not been written yet."""
    found = page_html(STORE, page)
    if found is None:
        raise NotFound(f"page {page or 'index'}")
    return found


def _answer(request: Request, found: StaticFile) -> Response:
    moved = room_address(request)
    if moved is not None:
        return RedirectResponse(moved, status_code=307)
    headers = {**NO_CACHE, "ETag": found.etag}
    if found.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(found.body, media_type="text/html", headers=headers)


def room_address(request: Request) -> str | None:
    """The page's URL at the address the room reaches the server at, when it was opened at
    this machine's own loopback address (``localhost``) and the server gives out another:
    the links a page builds from its own address (the clock's, the tablets') must open on
    the other devices too. ``None``: the page is fine where it is."""
    base = urlsplit(context(request).base_url)
    if not _loopback(request.url.hostname) or _loopback(base.hostname):
        return None
    query = f"?{request.url.query}" if request.url.query else ""
    return f"{base.scheme}://{base.netloc}{request.url.path}{query}"


def _loopback(host: str | None) -> bool:
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _page_route(page: str) -> None:
    async def serve(request: Request) -> Response:  # no worker thread: the files are in memory
        return _answer(request, page_file(page))

    serve.__doc__ = f"The {page} page."
    router.add_api_route(
        f"/{page}", serve, methods=["GET"], name="web_page", include_in_schema=False
    )


async def _index(request: Request) -> Response:
    """The start page: which page to open, with a join code or a tournament and token."""
    return _answer(request, page_file(""))


router.add_api_route("/", _index, methods=["GET"], name="web_page", include_in_schema=False)
for _page in PAGES:
    _page_route(_page)
