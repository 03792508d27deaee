"""Delivering webhooks: one worker thread, retries with growing waits, every try recorded.

The service's listener (:meth:`Webhooks.notice`) only queues the outcome: a slow or dead
receiver never holds up a command, and the players' names are read by the worker, outside
the command's lock. The worker posts each delivery; a 2xx answer delivers it, anything else
(an error status, a refused connection, a timeout) is tried again after ``backoff`` seconds,
doubled each time, up to ``attempts`` tries; then the delivery is marked failed for the
console. Deliveries waiting to be tried again wait in a queue by when, so a dead receiver
delays no other hook's deliveries. Every try of one delivery carries the same id, timestamp
and body.

With the service's database (``store``), each delivery is written when made and after each
try (:mod:`~floorman.service.webhooks.stored`); a new server on the same database resumes
the deliveries still pending, each when it was due (at once if that time has passed), with
the attempts already spent, so the back-off carries on across a restart (:meth:`resume`).
"""

from __future__ import annotations

import heapq
import itertools
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx

from floorman import __version__
from floorman.service.core import Outcome
from floorman.service.webhooks.hooks import Delivery, Hook, Registry
from floorman.service.webhooks.payloads import LEVEL_CHANGED, Names, Stage, moments
from floorman.service.webhooks.signing import headers
from floorman.service.webhooks.stored import HookStore, StoredDelivery

log = logging.getLogger("floorman.webhooks")

PAYLOAD_VERSION = 1


@dataclass(frozen=True, slots=True)
class _Job:
    hook: Hook
    delivery: Delivery
    body: bytes
    timestamp: int


@dataclass(frozen=True, slots=True)
class _Noticed:
    outcome: Outcome
    hooks: tuple[Hook, ...]


def payload(
    kind: str, tournament: str, data: dict[str, object], delivery: str, timestamp: int
) -> bytes:
    """The body of one delivery: version, id, timestamp, kind, the event and its data."""
    return json.dumps(
        {
            "version": PAYLOAD_VERSION,
            "id": delivery,
            "timestamp": timestamp,
            "event": kind,
            "tournament": tournament,
            "data": data,
            "server": {"name": "floorman", "version": __version__},
        },
        separators=(",", ":"),
    ).encode()


class Webhooks:
    """The registry and the sender of one server."""

    def __init__(
        self,
        names: Callable[[str], Names],
        stage: Stage | None = None,
        *,
        attempts: int = 5,
        backoff: float = 1.0,
        timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
        store: HookStore | None = None,
    ) -> None:
        self.registry = Registry(store)
        self._store = store
        self._names = names
        self.attempts, self.backoff, self._timeout = attempts, backoff, timeout
        """Tries per delivery, and the first wait in seconds before trying again."""
        self._clock = clock
        self._queue: queue.Queue[_Noticed | None] = queue.Queue()
        """What was noticed, in order; ``None`` only wakes the worker (to stop)."""
        self._worker: threading.Thread | None = None
        self._stopping = threading.Event()
        self._starting = threading.Lock()
        self._stage = stage
        self._stages: dict[str, dict[str, object] | None] = {}
        self.tick = 1.0
        """Seconds between two readings of the hooked events' clocks (``level.changed``)."""

    def add(self, tournament: str, url: str, kinds: list[str]) -> Hook:
        """Register a hook (:meth:`Registry.add`); a ``level.changed`` hook starts the
        worker, which reads the clock from then on."""
        hook = self.registry.add(tournament, url, kinds)
        if LEVEL_CHANGED in hook.kinds:
            self._start()
        return hook

    def resume(self) -> None:
        """On start: the worker, when deliveries wait from before a restart or a hook reads
        the clock (``level.changed``); otherwise it starts with the first delivery."""
        self.registry.load()
        waiting = self._store is not None and self._store.deliveries(pending=True)
        if waiting or any(LEVEL_CHANGED in h.kinds for h in self.registry.every()):
            self._start()

    def _resumed(self) -> list[tuple[float, _Job]]:
        """The deliveries still pending in the database, each with the ``time.monotonic()``
        it is due at (its stored wall-clock time, or now)."""
        if self._store is None:
            return []
        hooks = {h.id: h for h in self.registry.every()}
        jobs = []
        for kept in self._store.deliveries(pending=True):
            hook = hooks.get(kept.hook)
            delivery = None if hook is None else _find(hook, kept.id)
            if hook is None or delivery is None:
                continue
            wait = 0.0 if kept.due_at is None else max(0.0, kept.due_at - self._clock())
            job = _Job(hook=hook, delivery=delivery, body=kept.body, timestamp=kept.timestamp)
            jobs.append((time.monotonic() + wait, job))
        return jobs

    def notice(self, outcome: Outcome) -> None:
        """The service's listener: queue a delivery per hook and moment of ``outcome``."""
        hooks = self.registry.of(outcome.tournament_id)
        if hooks and not outcome.replayed:
            self._start()
            self._queue.put(_Noticed(outcome=outcome, hooks=tuple(hooks)))

    def stop(self, seconds: float = 5.0) -> None:
        """On shutdown: the worker ends after the try it is making (if any); deliveries not
        yet settled stay pending in the database for the next start."""
        self._stopping.set()
        self._queue.put(None)
        worker = self._worker
        if worker is not None:
            worker.join(seconds)

    def _start(self) -> None:
        """The worker, started with the first delivery (a server without hooks has none)."""
        with self._starting:
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="webhooks", daemon=True)
                self._worker.start()

    def _jobs(self, noticed: _Noticed) -> list[_Job]:
        tournament = noticed.outcome.tournament_id
        found = list(moments(noticed.outcome, self._names(tournament)))
        return [
            self._job(hook, tournament, kind, data)
            for kind, data in found
            for hook in noticed.hooks
            if kind in hook.kinds
        ]

    def _run(self) -> None:
        """Take what was noticed, read the clocks, then try every delivery that is due; a
        delivery to try again waits in ``pending`` (by when), so one dead receiver's waits
        hold up no other delivery."""
        order = itertools.count()
        pending = [(due, next(order), job) for due, job in self._resumed()]
        heapq.heapify(pending)
        with httpx.Client(timeout=self._timeout) as client:
            while not self._stopping.is_set():
                due_in = pending[0][0] - time.monotonic() if pending else self.tick
                try:
                    noticed = self._queue.get(timeout=max(0.0, min(self.tick, due_in)))
                except queue.Empty:
                    noticed = None
                try:
                    jobs = [] if noticed is None else self._jobs(noticed)
                    jobs += self._level_jobs()
                except Exception:  # a bad outcome must not stop every later delivery
                    log.exception("webhook payloads")
                    jobs = []
                now = time.monotonic()
                for job in jobs:
                    heapq.heappush(pending, (now, next(order), job))
                while pending and pending[0][0] <= time.monotonic():
                    _, _, job = heapq.heappop(pending)
                    wait = self._try(client, job)
                    if wait is not None:
                        heapq.heappush(pending, (time.monotonic() + wait, next(order), job))

    def _level_jobs(self) -> list[_Job]:
        """A ``level.changed`` delivery for each hooked event whose level or break is not
        the one last read (the first reading only notes it)."""
        if self._stage is None:
            return []
        jobs = []
        for tournament in self.registry.tournaments():
            hooks = [h for h in self.registry.of(tournament) if LEVEL_CHANGED in h.kinds]
            if not hooks:
                continue
            now, known = self._stage(tournament), tournament in self._stages
            before = self._stages.get(tournament)
            self._stages[tournament] = now
            if known and now is not None and now != before:
                jobs += [self._job(h, tournament, LEVEL_CHANGED, now) for h in hooks]
        return jobs

    def _job(self, hook: Hook, tournament: str, kind: str, data: dict[str, object]) -> _Job:
        delivery = Delivery(id=secrets.token_hex(12), kind=kind)
        hook.deliveries.append(delivery)
        timestamp = int(self._clock())
        body = payload(kind, tournament, data, delivery.id, timestamp)
        if self._store is not None:
            self._store.add_delivery(
                StoredDelivery(
                    id=delivery.id,
                    hook=hook.id,
                    kind=kind,
                    body=body,
                    timestamp=timestamp,
                    status=delivery.status,
                    attempts=0,
                    error="",
                    due_at=self._clock(),
                )
            )
        return _Job(hook=hook, delivery=delivery, body=body, timestamp=timestamp)

    def _try(self, client: httpx.Client, job: _Job) -> float | None:
        """One try of ``job``, written down: ``None`` once it is settled (delivered, or
        failed for good), else the seconds to wait before the next try."""
        wait = self._attempt(client, job)
        if self._store is not None:
            delivery = job.delivery
            try:
                self._store.update_delivery(
                    delivery.id, status=delivery.status, attempts=delivery.attempts,
                    error=delivery.error, due_at=None if wait is None else self._clock() + wait,
                )  # fmt: skip
            except Exception:  # the database away: deliver on, the memory still knows
                log.exception("webhook delivery %s not written", delivery.id)
        return wait

    def _attempt(self, client: httpx.Client, job: _Job) -> float | None:
        """One try of ``job``: ``None`` once it is settled (delivered, or failed for good),
        else the seconds to wait before the next try (``backoff``, doubled at each)."""
        delivery = job.delivery
        delivery.attempts += 1
        sent = headers(job.hook.secret, job.timestamp, delivery.id, job.body)
        try:
            answer = client.post(job.hook.url, content=job.body, headers=sent)
        except httpx.HTTPError as error:
            delivery.error = f"{type(error).__name__}: {error}"
        else:
            if answer.is_success:
                delivery.status, delivery.error = "delivered", ""
                return None
            delivery.error = f"HTTP {answer.status_code}"
        if delivery.attempts < self.attempts:
            return float(self.backoff * 2 ** (delivery.attempts - 1))
        delivery.status = "failed"
        log.warning("webhook %s to %s failed: %s", delivery.id, job.hook.url, delivery.error)
        return None


def _find(hook: Hook, delivery: str) -> Delivery | None:
    return next((d for d in hook.deliveries if d.id == delivery), None)
