"""Forwarding: a request for online tables that another server process deals is sent to that
process through PostgreSQL, applied there, and its answer comes back the same way, so a player
behind a load balancer never hears "wrong process" (issue 21).

Only the process holding a tournament's lease (:mod:`.ownership`) keeps its live hands, so an
action, a deal or a look at a hand that reaches any other process is forwarded:

- the process that took the request sends ``NOTIFY floorman_forward`` with a request id, the
  operation, the tournament and the operation's arguments (already checked here: the token
  was verified and its grant is part of the arguments), and waits;
- every process's bridge (:mod:`.bridge`) hears it; the one that owns the tournament runs the
  operation's handler in a small pool and answers with ``NOTIFY floorman_answers`` carrying the
  id, the HTTP status and the JSON body (compressed when large: a payload is capped at 8000
  bytes);
- the waiting process hears the answer and returns it as its own.

The database is the only channel between processes, as it is for the feeds: no process needs
to know the others' addresses, and ``--workers N`` on one shared port works as well as hosts
behind a proxy. Nothing is stored, so a notification can be lost (the owner died, a bridge was
reconnecting); the request is therefore sent again every :data:`RESEND_SECONDS` until an
answer comes or :data:`TIMEOUT_SECONDS` pass (longer than a lease, so a takeover happens in
between). Sending again is safe: the owner answers a request id it has served from its memory
of recent answers, and an action always carries an idempotency key (the player's, or one made
from the request id), so a new owner that finds the action in the hand's stream returns the
stored events instead of acting twice.
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import time
import uuid
import zlib
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

log = logging.getLogger("floorman.service.cluster")

FORWARDS = "floorman_forward"
"""The channel of forwarded requests: ``{"id", "op", "tournament", "args"}``."""
ANSWERS = "floorman_answers"
"""The channel of their answers: ``{"id", "status", "body"}`` (``"zbody"``: compressed), or
``{"id", "pending"}``: the owner is serving it still."""
TIMEOUT_SECONDS = 8.0
"""How long a forwarded request waits for a word from the owner: more than a lease's default
length (5 s), so a request to an owner that just died is answered by the one taking over. An
owner still serving a request it hears again says so (``pending``), and the wait starts
again, up to :data:`LONGEST_SECONDS`: a busy owner is not a dead one."""
LONGEST_SECONDS = 60.0
"""The longest a forwarded request waits in all."""
RESEND_SECONDS = 1.0
"""How often a request without an answer is sent again."""
PAYLOAD_LIMIT = 7900
"""PostgreSQL refuses a notification's payload of 8000 bytes or more."""
REMEMBERED = 2048
"""How many answers the owner keeps to answer a request sent again."""

_NOTIFY = sa.text("SELECT pg_notify(:channel, :payload)")


@dataclass(frozen=True, slots=True)
class Answer:
    """What the owner answered: an HTTP status and a JSON body."""

    status: int
    body: bytes


Handler = Callable[[str, Mapping[str, Any]], Answer]
"""An operation run at the owner: ``handler(tournament, args)``."""


class NoAnswer(Exception):
    """No process answered a forwarded request in time (no owner alive, or the database away)."""


class Forwarder:
    """One process's side of forwarding: it sends requests and waits for their answers, and
    serves the requests for the tournaments it owns."""

    def __init__(
        self,
        engine: sa.Engine,
        owns: Callable[[str], bool],
        *,
        timeout: float = TIMEOUT_SECONDS,
        resend: float = RESEND_SECONDS,
    ) -> None:
        self.engine = engine
        self.owns = owns
        self.timeout = timeout
        self.resend = resend
        self.handlers: dict[str, Handler] = {}
        self._lock = threading.Lock()
        self._waiting: dict[str, _Waiter] = {}
        self._served: OrderedDict[str, Answer | None] = OrderedDict()
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="floorman-forwarded")
        self._sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorman-answers")
        """Answers from memory and "pending" words, never behind the handlers' queue."""

    # --- the side that took the request ---------------------------------------------------

    def forward(
        self, op: str, tournament: str, args: Mapping[str, Any], *, request_id: str | None = None
    ) -> Answer:
        """Send ``op`` on ``tournament`` to its owner and wait for the answer; raises
        :class:`NoAnswer` after :attr:`timeout` seconds without a word from an owner."""
        rid = request_id or uuid.uuid4().hex
        payload = json.dumps({"id": rid, "op": op, "tournament": tournament, "args": args})
        if len(payload.encode()) > PAYLOAD_LIMIT:
            raise ValueError(f"a forwarded {op} is too large ({len(payload)} bytes)")
        waiter = _Waiter()
        with self._lock:
            self._waiting[rid] = waiter
        begun = time.monotonic()
        try:
            while (now := time.monotonic()) < waiter.heard + self.timeout:
                if now - begun > LONGEST_SECONDS:
                    break
                self._notify(FORWARDS, payload)
                if waiter.done.wait(self.resend):
                    assert waiter.answer is not None
                    return waiter.answer
        finally:
            with self._lock:
                self._waiting.pop(rid, None)
        raise NoAnswer(f"no server process answered for the online tables of {tournament}")

    def answered(self, payload: str) -> None:
        """An answer was heard (the bridge calls this): wake its request, if it waits here."""
        try:
            data = json.loads(payload)
            rid = str(data["id"])
            answer = Answer(status=int(data.get("status", 0)), body=_decoded(data))
        except (ValueError, KeyError, TypeError, zlib.error):
            return
        with self._lock:
            waiter = self._waiting.get(rid)
        if waiter is None or waiter.answer is not None:
            return
        if data.get("pending"):
            waiter.heard = time.monotonic()  # the owner is on it: wait on
            return
        waiter.answer = answer
        waiter.done.set()

    # --- the owner's side ---------------------------------------------------------------

    def received(self, payload: str) -> None:
        """A request was heard (the bridge calls this): serve it if this process owns its
        tournament. The handler runs in the pool, never on the bridge's thread."""
        try:
            data = json.loads(payload)
            rid, op, tournament = str(data["id"]), str(data["op"]), str(data["tournament"])
            args = dict(data["args"])
        except (ValueError, KeyError, TypeError):
            return
        handler = self.handlers.get(op)
        if handler is None or not self.owns(tournament):
            return
        with self._lock:
            if rid in self._served:
                answer = self._served[rid]
                if answer is None:  # being served: the caller is told to wait on
                    pending = json.dumps({"id": rid, "pending": 1})
                    self._sender.submit(self._notify, ANSWERS, pending)
                    return
            else:
                self._served[rid] = answer = None
                while len(self._served) > REMEMBERED:
                    self._served.popitem(last=False)
        if answer is not None:
            self._sender.submit(self._answer, rid, answer)
        else:
            self._pool.submit(self._serve, rid, handler, tournament, args)

    def _serve(self, rid: str, handler: Handler, tournament: str, args: dict[str, Any]) -> None:
        try:
            answer = handler(tournament, args)
        except Exception:  # an answer goes back whatever happened: the caller waits for it
            log.exception("a forwarded request failed")
            answer = Answer(500, b'{"error": "internal", "message": "the owner failed"}')
        with self._lock:
            if rid in self._served:
                self._served[rid] = answer
        self._answer(rid, answer)

    def _answer(self, rid: str, answer: Answer) -> None:
        message: dict[str, Any] = {"id": rid, "status": answer.status}
        text = answer.body.decode()
        if len(text) + 80 < PAYLOAD_LIMIT:
            message["body"] = text
        else:
            message["zbody"] = base64.b64encode(zlib.compress(answer.body, 6)).decode()
        payload = json.dumps(message)
        if len(payload) >= PAYLOAD_LIMIT:
            too_large = {"error": "internal", "message": "the answer is too large to forward"}
            payload = json.dumps({"id": rid, "status": 500, "body": json.dumps(too_large)})
        try:
            self._notify(ANSWERS, payload)
        except sa.exc.SQLAlchemyError as error:  # the caller sends the request again
            log.warning("a forwarded answer was not sent: %s", error)

    def _notify(self, channel: str, payload: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(_NOTIFY, {"channel": channel, "payload": payload})

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._sender.shutdown(wait=False, cancel_futures=True)


@dataclass(slots=True)
class _Waiter:
    """A request waiting for its answer; ``heard``: when the owner last said it was on it
    (or when the request was first sent)."""

    done: threading.Event = field(default_factory=threading.Event)
    answer: Answer | None = None
    heard: float = field(default_factory=time.monotonic)


def _decoded(data: Mapping[str, Any]) -> bytes:
    if data.get("pending"):
        return b""
    if "zbody" in data:
        return zlib.decompress(base64.b64decode(str(data["zbody"])))
    return str(data["body"]).encode()
