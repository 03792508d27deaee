"""The service's cached tournaments: the state each one's next command is decided on.

A command is decided on the cached state and the cache moves on at once, before the commit
(:class:`~floorman.service.core.TournamentService`). With several server processes on one
database (issue 21) the log also moves under the cache: the bridge announces another
process's commits (:meth:`StateCache.observe`), which marks the state behind; the service
then folds the records written since onto it, or reads the tournament again.

Two things can happen between reading the log and installing what was read, neither under
the tournament's lock: the bridge may announce a newer version (kept as the mark, which only
a state at or past it clears), and the cache may be dropped (:meth:`StateCache.drop`, after
an append failed or once the bridge lost notifications). A state read before a drop is not
installed after it: each drop moves the tournament's generation on, and
:meth:`StateCache.install` installs only under the generation it was read in.
"""

from __future__ import annotations

import threading

from floorman.service.loading import Loaded

Generation = tuple[int, int]
"""Drops of every state so far, and of this tournament's."""


class StateCache:
    """Cached states by tournament, their marks and generations; safe from any thread."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._states: dict[str, Loaded] = {}
        self._behind: dict[str, int] = {}
        self._drops: dict[str, int] = {}
        self._every = 0

    def get(self, tournament_id: str) -> Loaded | None:
        with self._guard:
            return self._states.get(tournament_id)

    def moved(self, tournament_id: str, loaded: Loaded) -> None:
        """This process decided (or created) ``loaded``: the next command builds on it."""
        with self._guard:
            self._states[tournament_id] = loaded

    def generation(self, tournament_id: str) -> Generation:
        """Taken before reading the log, given back to :meth:`install`."""
        with self._guard:
            return self._every, self._drops.get(tournament_id, 0)

    def install(self, tournament_id: str, loaded: Loaded, generation: Generation) -> bool:
        """Cache ``loaded`` (read from the log in ``generation``) unless the state was dropped
        since; a mark it reaches is cleared. Whether it was installed."""
        with self._guard:
            if generation != (self._every, self._drops.get(tournament_id, 0)):
                return False
            self._states[tournament_id] = loaded
            if self._behind.get(tournament_id, 0) <= loaded.version:
                self._behind.pop(tournament_id, None)
            return True

    def drop(self, tournament_id: str | None = None) -> None:
        """Forget the state of one tournament (or all): the next reading rebuilds it."""
        with self._guard:
            if tournament_id is None:
                self._states.clear()
                self._behind.clear()
                self._every += 1
            else:
                self._states.pop(tournament_id, None)
                self._behind.pop(tournament_id, None)
                self._drops[tournament_id] = self._drops.get(tournament_id, 0) + 1

    def observe(self, tournament_id: str, version: int) -> bool:
        """Another process committed the tournament up to ``version``: marked, so a state
        behind it (cached now, or being read) is caught up before use. Whether a cached
        state was behind."""
        with self._guard:
            loaded = self._states.get(tournament_id)
            if loaded is not None and loaded.version >= version:
                return False
            self._behind[tournament_id] = max(self._behind.get(tournament_id, 0), version)
            return loaded is not None

    def behind(self, tournament_id: str, loaded: Loaded) -> bool:
        """Whether another process announced a version past ``loaded``."""
        with self._guard:
            return self._behind.get(tournament_id, 0) > loaded.version
