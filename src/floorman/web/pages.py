"""The web pages and their static files, served by the service itself (no CDN: an event runs
on a LAN).

``/clock``, ``/player``, ``/director`` and ``/dealer`` answer the ``index.html`` of their folder
under ``static/``; everything else a page loads (its modules, the shared ``common/`` modules,
the catalogues, the CSS) is under ``/static``. A page reads the tournament, the token and the
language from its query string (``/clock?t=<id>&token=<token>&lang=ru``), so a link or a QR
code opens it ready to show. :data:`router` also carries the few routes the pages need beyond
the service's API (:mod:`floorman.web.routes`).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from starlette.staticfiles import StaticFiles

from floorman.service.api.errors import NotFound
from floorman.web import console_routes, count_routes, phh_routes, routes, ruling_routes

STATIC = Path(__file__).with_name("static")
"""The package's static files (package data, installed with floorman)."""

PAGES = ("clock", "player", "director", "dealer")
"""The pages, each a folder of ``static/`` holding its ``index.html``."""

NO_CACHE = {"Cache-Control": "no-cache"}
"""Pages are revalidated on every load, so a screen reloaded after an upgrade runs the new
modules (they are small, and the ETag makes an unchanged one a 304)."""

router = APIRouter()
router.mount("/static", StaticFiles(directory=STATIC), name="web_static")
router.routes.extend(routes.router.routes)  # one level, as the scope table walks routes
router.routes.extend(console_routes.router.routes)  # the console's and the tablet's
router.routes.extend(ruling_routes.router.routes)  # the rulings at the tables
router.routes.extend(count_routes.router.routes)  # the dealer's counts
router.routes.extend(phh_routes.router.routes)  # a live hand's history


def page_file(page: str) -> Path:
    """The page's ``index.html``; 404 while a page has not been written yet."""
    found = STATIC / page / "index.html"
    if not found.is_file():
        raise NotFound(f"page {page}")
    return found


def _page_route(page: str) -> None:
    def serve() -> FileResponse:
        return FileResponse(page_file(page), media_type="text/html", headers=NO_CACHE)

    serve.__doc__ = f"The {page} page."
    router.add_api_route(
        f"/{page}", serve, methods=["GET"], name="web_page", include_in_schema=False
    )


def _index() -> FileResponse:
    """The start page: which page to open, with a join code or a tournament and token."""
    return FileResponse(STATIC / "index.html", media_type="text/html", headers=NO_CACHE)


router.add_api_route("/", _index, methods=["GET"], name="web_page", include_in_schema=False)
for _page in PAGES:
    _page_route(_page)
