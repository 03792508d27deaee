"""The hands another server process deals, folded from their streams for this process's views.

Only the owner of a tournament's online tables keeps their live hands in memory (its decks
are never stored). A subscriber of a table's or a player's feed, or a director, may still be
connected to any process, and each process builds the views of its own subscribers
(issue 21). So each process follows the hands the others deal: the bridge announces every
change of a hand's stream (``tournament/t<table>/<id>``, with its version), and the mirror
remembers the newest stream of each table; when a view asks for the hand, the stream is read
and folded (``Hand.from_events``) once per version, and a closed stream shows no hand.

A process that started after a hand was dealt shows it from the next change at that table
on. The folded hand's deck is a fresh shuffle of the unseen cards: views show no deck.
"""

from __future__ import annotations

import random
import threading

from floorman.service.api.online_codec import CLOSED
from floorman.service.api.online_hand import LiveHand, rebuilt
from floorman.service.store import EventStore


def hand_stream(stream: str) -> tuple[str, int] | None:
    """``(tournament, table)`` of an online hand's stream id (``None``: not one)."""
    parts = stream.split("/")
    if len(parts) != 3 or not parts[1].startswith("t") or not parts[1][1:].isdigit():
        return None
    return parts[0], int(parts[1][1:])


class HandMirror:
    """The newest hand of each table dealt elsewhere, folded on demand."""

    def __init__(self, store: EventStore, rng: random.Random | None = None) -> None:
        self.store = store
        self.rng = rng or random.Random()
        self._lock = threading.Lock()
        self._newest: dict[tuple[str, int], tuple[str, int]] = {}
        """(tournament, table) -> (stream, version heard)."""
        self._folded: dict[tuple[str, int], tuple[str, int, LiveHand | None]] = {}
        """(tournament, table) -> (stream, version folded, the hand or ``None``: closed)."""

    def heard(self, stream: str, version: int) -> None:
        where = hand_stream(stream)
        if where is None:
            return
        with self._lock:
            known = self._newest.get(where)
            if known is None or known[0] != stream or known[1] < version:
                self._newest[where] = (stream, version)

    def live(self, tournament: str, table: int) -> LiveHand | None:
        where = (tournament, table)
        with self._lock:
            newest = self._newest.get(where)
            folded = self._folded.get(where)
        if newest is None:
            return None
        stream, version = newest
        if folded is not None and folded[0] == stream and folded[1] >= version:
            return folded[2]
        records = self.store.read(stream)
        hand = None
        if records and records[-1].kind != CLOSED:
            hand = rebuilt(stream, records, self.rng)
        read = records[-1].version if records else version
        with self._lock:
            self._folded[where] = (stream, read, hand)
            if hand is None and self._newest.get(where) == newest:
                del self._newest[where]  # closed: no hand until the next one is heard of
        return hand

    def tables(self, tournament: str) -> tuple[int, ...]:
        """The tables whose newest heard hand may be on."""
        with self._lock:
            return tuple(sorted(t for (tid, t) in self._newest if tid == tournament))
