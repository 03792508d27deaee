"""The pages' static files (modules, styles, catalogues), served from memory.

A page's first load asks for some thirty small files at once. Starlette's ``StaticFiles``
answers each through worker threads (a ``stat``, then the file read in chunks), so on a busy
two-core machine they queued for 60-160 ms each. The files are a few hundred kilobytes in all:
:class:`StaticStore` keeps each one in memory, with its gzip form and an ETag, and
:class:`MemoryStatic` answers from it on the event loop. A file edited on disk is read again at
its next request (its modification time is checked, a cheap ``stat``), so a developer's edit
shows on reload.

Every answer says ``Cache-Control: no-cache``: a screen reloaded after an upgrade must run the
new modules, and an unchanged file costs a ``304`` (no body) once the browser has it.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from starlette.types import Receive, Scope, Send

CACHE_CONTROL = b"no-cache"

MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""Types by suffix, so that an ES module is served as JavaScript whatever the system's
``mimetypes`` table says (a wrong type stops a module from loading)."""

COMPRESSIBLE = (".js", ".css", ".json", ".html", ".svg")


@dataclass(frozen=True, slots=True)
class StaticFile:
    """One file as served: its bytes, its gzip form (for text), its type and ETag."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str
    mtime_ns: int


def load_file(path: Path) -> StaticFile:
    """``path`` read and prepared for serving."""
    body = path.read_bytes()
    suffix = path.suffix.lower()
    media_type = MEDIA_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0]
    gzipped = gzip.compress(body, 6, mtime=0) if suffix in COMPRESSIBLE else None
    if gzipped is not None and len(gzipped) >= len(body):
        gzipped = None
    return StaticFile(
        body=body,
        gzipped=gzipped,
        media_type=media_type or "application/octet-stream",
        etag=f'"{hashlib.sha256(body).hexdigest()[:32]}"',
        mtime_ns=path.stat().st_mtime_ns,
    )


class StaticStore:
    """The files under one folder, read once and again when changed on disk."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._lock = threading.Lock()
        self._files: dict[str, StaticFile] = {}

    def get(self, relative: str) -> StaticFile | None:
        """The file at ``relative`` (a POSIX path under the root), or ``None`` when there is
        none; never a path outside the root."""
        path = self._resolve(relative)
        if path is None:
            return None
        try:
            mtime = path.stat().st_mtime_ns
        except OSError:
            return None
        kept = self._files.get(relative)
        if kept is not None and kept.mtime_ns == mtime:
            return kept
        loaded = load_file(path)
        with self._lock:
            self._files[relative] = loaded
        return loaded

    def text(self, relative: str) -> str | None:
        found = self.get(relative)
        return None if found is None else found.body.decode("utf-8")

    def _resolve(self, relative: str) -> Path | None:
        parts = PurePosixPath(relative).parts
        if not parts or any(p in ("..", "") or p.startswith(".") for p in parts):
            return None
        path = self.root.joinpath(*parts)
        return path if path.is_file() else None


def accepts_gzip(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"accept-encoding":
            return b"gzip" in value
    return False


def _header(scope: Scope, wanted: bytes) -> bytes | None:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            found: bytes = value
            return found
    return None


async def send_file(scope: Scope, send: Send, found: StaticFile, media_type: str = "") -> None:
    """Answer ``found``: ``304`` when the browser holds this version, else the bytes (gzip
    when the browser takes it); no body for ``HEAD``."""
    etag = found.etag.encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"etag", etag),
        (b"cache-control", CACHE_CONTROL),
        (b"vary", b"accept-encoding"),
    ]
    match = _header(scope, b"if-none-match")
    if match is not None and etag in [m.strip() for m in match.split(b",")]:
        await send({"type": "http.response.start", "status": 304, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    body = found.body
    if found.gzipped is not None and accepts_gzip(scope):
        body = found.gzipped
        headers.append((b"content-encoding", b"gzip"))
    headers += [
        (b"content-type", (media_type or found.media_type).encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


async def send_status(send: Send, status: int, text: bytes) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    headers.append((b"content-length", str(len(text)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text})


class MemoryStatic:
    """An ASGI app serving a :class:`StaticStore` (mounted at ``/static``)."""

    def __init__(self, store: StaticStore, prefix: str = "/static/") -> None:
        self.store = store
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        if scope["method"] not in ("GET", "HEAD"):
            await send_status(send, 405, b"Method Not Allowed")
            return
        path: str = scope["path"]
        relative = path.removeprefix(self.prefix) if path.startswith(self.prefix) else path
        found = self.store.get(relative.lstrip("/"))
        if found is None:
            await send_status(send, 404, b"Not Found")
            return
        await send_file(scope, send, found)
