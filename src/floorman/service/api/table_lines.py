"""The director views' table lines of one tournament, kept between a server's views.

The decision of which lines still hold is the tournament's pure
:func:`~floorman.tournament.views.table_lines.take_lines`; this cache holds the last view's
lines and their JSON-ready data, behind a lock, because the feeds build views from several
threads. A lock is the server's business, so it lives here and not in the pure core.
"""

from __future__ import annotations

import threading
from typing import Any

from floorman.tournament.aggregate import Tournament
from floorman.tournament.views.audiences import TableLine
from floorman.tournament.views.table_lines import KeptLines, take_lines


class TableLines:
    """One tournament's table lines, kept between views (safe from any thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: KeptLines | None = None
        self._data: dict[int, tuple[TableLine, dict[str, Any]]] = {}
        self.taken = 0
        """Lines taken anew so far: what the benchmark and the tests count."""

    def lines(self, tournament: Tournament, at: float) -> tuple[TableLine, ...]:
        """The line of every table in play at ``at``, in table order, as
        :func:`~floorman.tournament.views.audiences.table_line` gives them."""
        with self._lock:
            self._kept = kept = take_lines(tournament, at, self._kept)
            self.taken += kept.taken
            return tuple(kept.lines.values())

    def data(self) -> list[dict[str, Any]]:
        """The lines of the last :meth:`lines` as JSON-ready data, each line's made once: a
        view of a thousand tables is a hundred thousand values to convert otherwise. The
        dicts are shared from view to view: read them, never change them."""
        with self._lock:
            lines = {} if self._kept is None else self._kept.lines
            data: dict[int, tuple[TableLine, dict[str, Any]]] = {}
            for number, line in lines.items():
                known = self._data.get(number)
                data[number] = known if known and known[0] is line else (line, line.as_dict())
            self._data = data
            return [plain for _, plain in data.values()]
