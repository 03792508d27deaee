"""The hand each tablet last showed, for the director's view of every table's rulings.

The tablet holds its hand and the service keeps nothing between two taps
(:mod:`floorman.web.dealer_hand`); the director's console still has to see the rulings of
the hands in play at every table, and override them, before any is recorded. So each time
a tablet asks for its hand, the setup and steps it sent are kept here, by tournament and
table, until the hand is over: awarded on the tablet, or the table's count of finished hands
(``TableCalls.done``) moved on since (the hand recorded otherwise, or voided). A copy for
reading, never the record (the log is). Decision: it lives in the serving process. A
restarted server, or a second process, sees a table's hand again at the tablet's next tap,
which every step, the feed and the held all-in's poll make within seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from floorman.service.api.context import context, reading
from floorman.tournament.floor.table_hand import HandSetup
from floorman.web.dealer_steps import Step


@dataclass(frozen=True, slots=True, kw_only=True)
class HandInPlay:
    """A table's hand as its tablet last sent it."""

    setup: HandSetup
    steps: tuple[Step, ...]
    done: int
    """The hands the table had finished when it was sent (``TableCalls.done``): once the
    count moves on, this hand is over (recorded or voided, by the tablet or otherwise)."""


class HandsInPlay:
    """The hands in play by tournament and table (thread-safe: routes run in a pool)."""

    __slots__ = ("_hands", "_lock")

    def __init__(self) -> None:
        self._hands: dict[tuple[str, int], HandInPlay] = {}
        self._lock = threading.Lock()

    def put(self, tournament: str, hand: HandInPlay) -> None:
        with self._lock:
            self._hands[(tournament, hand.setup.table)] = hand

    def get(self, tournament: str, table: int, done: int) -> HandInPlay | None:
        """The table's hand in play, unless the table has finished ``done`` hands since."""
        with self._lock:
            hand = self._hands.get((tournament, table))
        return hand if hand is not None and hand.done == done else None

    def drop(self, tournament: str, table: int) -> None:
        with self._lock:
            self._hands.pop((tournament, table), None)

    def of(self, tournament: str, done: Mapping[int, int]) -> dict[int, HandInPlay]:
        """Every hand in play of ``tournament``, by table (``done``: each table's count)."""
        with self._lock:
            hands = {t: h for (tid, t), h in self._hands.items() if tid == tournament}
        return {t: h for t, h in hands.items() if h.done == done.get(t, 0)}


_MAKING = threading.Lock()


def hands_in_play(connection: HTTPConnection) -> HandsInPlay:
    """The application's hands in play, made on first use."""
    state = connection.app.state
    with _MAKING:
        hands: HandsInPlay | None = getattr(state, "hands_in_play", None)
        if hands is None:
            hands = HandsInPlay()
            state.hands_in_play = hands
    return hands


def in_play(connection: HTTPConnection, tournament: str, table: int) -> HandInPlay | None:
    """The table's hand in play as its tablet last sent it, if that hand is not over."""
    with reading(context(connection), tournament) as loaded:
        done = loaded.tournament.state.calls.done.get(table, 0)
    return hands_in_play(connection).get(tournament, table, done)
