"""The tournament service: commands in, events committed to the log before they are answered.

:class:`TournamentService` runs the pure tournament core over the event store. For each
command it loads the tournament (cached in memory, rebuilt from the latest usable snapshot and
the records after it), lets the aggregate decide with ``at = clock()`` and a random source
drawn from the system's randomness (its values kept with the command,
:mod:`floorman.service.draws`), and appends the events in one transaction. Only then does it
answer. Everything the aggregate decided is in its events, and the draws behind it in the
command, so a replay never needs a seed.

Concurrency: a command may carry the version it was decided on (``expected_version``); if the
log has moved on it is refused with :class:`StaleVersion` (HTTP 409), so two consoles cannot
bust the same player twice. Without one the command is decided on the latest state (retried
if another process wrote first). An idempotency key makes a retried request return the first
outcome instead of applying it again.

Undo (the director's): the last N commands still in force are undone by appending an
``undone`` record naming them; the log is never edited. The state is the fold of the events
of the commands not undone (:mod:`floorman.service.undo`). The creation of a tournament
cannot be undone, and an undo cannot be undone (a command undone by mistake is sent again).
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from floorman.errors import MalformedInputError
from floorman.service import undo as undoing
from floorman.service.codec import encode_event, encode_value
from floorman.service.commands import command_to_dict, run
from floorman.service.draws import RecordingRandom
from floorman.service.loading import Loaded, caught_up, event_of, rebuild
from floorman.service.snapshots import snapshot_format, state_to_dict
from floorman.service.state_cache import StateCache
from floorman.service.store import (
    AppendResult,
    CommandEntry,
    EventStore,
    NewRecord,
    NewStream,
    PendingAppend,
    StaleVersion,
    UnknownStream,
)
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import TournamentEvent

__all__ = [
    "Begun",
    "Loaded",
    "Outcome",
    "StaleVersion",
    "TournamentService",
    "TournamentSummary",
    "UnknownStream",
]

TOURNAMENT = "tournament"
"""The kind of a tournament's stream."""
RETRIES = 5
KEYS_IN_FLIGHT = 4096
"""Idempotency keys of recent appends remembered in memory (per service), so a duplicate that
arrives while the first is being committed gets its answer (the log knows a key only once its
commit is done)."""
"""Attempts of a command without an expected version when other writers keep moving first."""
_ID_NAMESPACE = uuid.UUID("5b0c2f4e-6a51-4b8e-9d4f-0f1e2d3c4b5a")


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """What an acknowledged command did: the version it left and the events it appended."""

    tournament_id: str
    version: int
    events: tuple[TournamentEvent, ...]
    command_id: int
    encoded: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    """The events as the log stores them (``encode_event``'s form), so an answer can be
    written without encoding them again (derived from ``events``: not compared, not hashed)."""
    undone: tuple[int, ...] = ()
    """For an undo: the ids of the commands it undid."""
    replayed: bool = False
    """The idempotency key had been seen: this is the first outcome, nothing new was done."""


@dataclass(frozen=True, slots=True)
class Begun:
    """A command decided, its append submitted: :meth:`TournamentService.finish` it."""

    pending: PendingAppend
    events: tuple[TournamentEvent, ...]
    snapshot: dict[str, Any] | None
    echo: bool = False
    """Not this request's own append but the one of an earlier request with the same
    idempotency key, still being committed: finishing answers that request's outcome."""

    @property
    def future(self) -> Future[AppendResult]:
        """Done once the commit is (or failed)."""
        return self.pending.future

    @property
    def quick(self) -> bool:
        """Finishing reads or writes nothing (the commit succeeded, no snapshot is due), so
        an event loop may finish it without a thread once :attr:`future` is done."""
        future = self.pending.future
        return future.done() and future.exception() is None and self.snapshot is None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentSummary:
    id: str
    name: str
    version: int
    created_at: float


class TournamentService:
    """Tournaments kept in an :class:`EventStore`; safe to call from several threads."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Callable[[], float] = time.time,
        rng_seed: int | None = None,
        snapshot_every: int = 500,
    ) -> None:
        """``rng_seed`` fixes the ids and seeds of new tournaments (tests, simulations);
        ``None`` draws them from the system's entropy. ``snapshot_every``: a snapshot each
        time the log passes a multiple of it (0: never)."""
        self.store = store
        self.clock = clock
        self.rng_seed = rng_seed
        self.snapshot_every = snapshot_every
        self.listeners: list[Callable[[Outcome], None]] = []
        self._ids = random.Random(rng_seed)
        self._cache = StateCache()
        self._seeds: dict[str, str] = {}
        self._pending: dict[str, PendingAppend] = {}
        self._keys: OrderedDict[tuple[str, str], tuple[CommandEntry, PendingAppend]] = OrderedDict()
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    # --- commands -------------------------------------------------------------------------

    def create(
        self,
        config: TournamentConfig,
        *,
        idempotency_key: str | None = None,
        actor: str = "director",
    ) -> Outcome:
        """A new tournament; its id is ``Outcome.tournament_id``."""
        return self.create_from_events(
            Tournament.create(config), idempotency_key=idempotency_key, actor=actor
        )

    def create_from_events(
        self,
        tournament: Tournament,
        *,
        origin: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
        actor: str = "director",
    ) -> Outcome:
        """A new tournament whose log starts with ``tournament``'s events (a Day 2 merged from
        its flights starts with the stacks brought in, not with an empty field); ``origin``
        is kept in the creation's command to say where those events came from."""
        for _ in range(RETRIES):
            tournament_id = self._new_id(idempotency_key)
            with self._lock(tournament_id):
                try:
                    return self._create(tournament_id, tournament, origin, idempotency_key, actor)
                except StaleVersion:
                    if idempotency_key is not None:
                        raise
        raise RuntimeError("no free tournament id after several draws")

    def _create(
        self,
        tournament_id: str,
        tournament: Tournament,
        origin: dict[str, Any] | None,
        key: str | None,
        actor: str,
    ) -> Outcome:
        config = tournament.config
        at = self.clock()
        payload = {"config": encode_value(config, TournamentConfig)}
        entry = CommandEntry(
            name=undoing.CREATE,
            payload=payload if origin is None else {**payload, "origin": origin},
            actor=actor,
            at=at,
        )
        # the draws come from the system (nothing to predict): a seed only for a fixed rng_seed
        seed = "" if self.rng_seed is None else f"{self.rng_seed}/{tournament_id}"
        result = self.store.append(
            tournament_id,
            expected_version=0,
            records=_records(tournament.events),
            command=entry,
            idempotency_key=key,
            new_stream=NewStream(kind=TOURNAMENT, seed=seed, title=config.name, created_at=at),
        )
        if result.replayed:
            return self._acknowledge(result)
        self._cache.moved(tournament_id, Loaded(tournament=tournament, version=result.version))
        return self._acknowledge(result, tuple(tournament.events))

    def execute(
        self,
        tournament_id: str,
        command: object,
        *,
        expected_version: int | None,
        idempotency_key: str | None,
        actor: str,
    ) -> Outcome:
        """Decide ``command`` (a value of :mod:`floorman.service.commands`) and commit its
        events. Raises :class:`StaleVersion`, :class:`UnknownStream`, and the core's
        ``IllegalActionError`` / ``MalformedInputError`` with nothing written."""
        for _ in range(RETRIES):
            begun = self.begin(
                tournament_id,
                command,
                expected_version=expected_version,
                idempotency_key=idempotency_key,
                actor=actor,
            )
            if isinstance(begun, Outcome):
                return begun
            try:
                return self.finish(tournament_id, begun)
            except StaleVersion:
                if expected_version is not None:
                    raise
        raise self.gave_up(tournament_id)

    def begin(
        self,
        tournament_id: str,
        command: object,
        *,
        expected_version: int | None,
        idempotency_key: str | None,
        actor: str,
    ) -> Outcome | Begun:
        """The first half of one attempt of :meth:`execute`: the first outcome if the key
        was seen, else the command decided and its append submitted. A caller that cannot
        block on the commit (an event loop) waits for ``Begun.future`` and then calls
        :meth:`finish`, retrying from here on :class:`StaleVersion` as :meth:`execute` does."""
        name, payload = command_to_dict(command)
        entry = CommandEntry(name=name, payload=payload, actor=actor, at=self.clock())
        seen = self._seen(tournament_id, idempotency_key, entry)
        if seen is not None:
            return seen
        with self._lock(tournament_id):
            echo = self._in_flight(tournament_id, idempotency_key, entry)
            if echo is not None:
                return echo
            loaded = self._current(tournament_id, expected_version)
            begun = self._decide(loaded, tournament_id, command, entry, idempotency_key)
            if idempotency_key is not None:
                self._remember(tournament_id, idempotency_key, entry, begun.pending)
            return begun

    def finish(self, tournament_id: str, begun: Begun) -> Outcome:
        """The second half: wait for the commit (at once if ``begun.future`` is done and
        :attr:`Begun.quick`), then acknowledge."""
        return self._committed(tournament_id, begun)

    def gave_up(self, tournament_id: str) -> StaleVersion:
        """What :meth:`execute` raises when other writers moved first every time."""
        return StaleVersion(tournament_id, current=self.store.version(tournament_id), expected=-1)

    def _decide(
        self,
        loaded: Loaded,
        tournament_id: str,
        command: object,
        entry: CommandEntry,
        key: str | None,
    ) -> Begun:
        """Decide on the cached state and submit the append; the cache moves on at once, so
        the next command on this tournament is decided while this one is being committed."""
        tournament, base = loaded.tournament, loaded.version
        at = _not_before(entry.at, tournament)
        rng = self._rng(tournament_id, base)
        events = run(tournament, command, at=at, rng=rng)  # all or none: a refusal changes nothing
        entry = CommandEntry(
            name=entry.name, payload=entry.payload, actor=entry.actor, at=at, draws=tuple(rng.draws)
        )
        try:
            pending = self.store.submit(
                tournament_id,
                expected_version=base,
                records=_records(events),
                command=entry,
                idempotency_key=key,
                after=self._pending.get(tournament_id),
            )
        except BaseException:
            self._cache.drop(tournament_id)  # decided but not stored: the cache is ahead
            raise
        version = base + len(events)
        self._cache.moved(tournament_id, Loaded(tournament=tournament, version=version))
        self._pending[tournament_id] = pending
        snapshot = self._snapshot_of(tournament, base, version)
        return Begun(pending=pending, events=tuple(events), snapshot=snapshot)

    def _committed(self, tournament_id: str, decided: Begun) -> Outcome:
        """Wait for the commit, then acknowledge; a failure voids what was decided after it
        too (those appends fail in turn: each was submitted ``after`` the one it was decided
        on, and is refused when that one fails)."""
        if decided.echo:
            return self._echoed(decided)
        try:
            result = decided.pending.result()
        except BaseException:
            self.forget(tournament_id)
            raise
        if result.replayed:  # another attempt with this key was committed: ours is void
            self.forget(tournament_id)
            return self._acknowledge(result)
        if decided.snapshot is not None:
            self._save_snapshot(tournament_id, result.version, decided.snapshot)
        return self._acknowledge(result, decided.events)

    def _in_flight(self, tournament_id: str, key: str | None, entry: CommandEntry) -> Begun | None:
        """An earlier request's append under ``key`` (called under the tournament's lock,
        where every append is submitted, so the first request is seen here even before the
        log has it): the duplicate waits for that one rather than being decided again on
        the state it left (issue 20: a second pause answered "the clock is not running")."""
        if key is None:
            return None
        with self._guard:
            found = self._keys.get((tournament_id, key))
        if found is None:
            return None
        first, pending = found
        if (first.name, first.payload) != (entry.name, entry.payload):
            raise MalformedInputError(
                f"idempotency key {key!r} was used for another command ({first.name})",
                constraint="idempotency-key-reused",
            )
        if pending.future.done() and pending.future.exception() is not None:
            return None  # that attempt failed: this one is decided afresh
        return Begun(pending=pending, events=(), snapshot=None, echo=True)

    def _remember(
        self, tournament_id: str, key: str, entry: CommandEntry, pending: PendingAppend
    ) -> None:
        with self._guard:
            self._keys[(tournament_id, key)] = (entry, pending)
            self._keys.move_to_end((tournament_id, key))
            while len(self._keys) > KEYS_IN_FLIGHT:
                self._keys.popitem(last=False)

    def _echoed(self, decided: Begun) -> Outcome:
        """The first request's outcome, as a replay (its listeners were told already)."""
        result = decided.pending.result()
        return dataclasses.replace(_outcome(result), replayed=True)

    def undo(
        self,
        tournament_id: str,
        count: int,
        *,
        actor: str,
        reason: str,
        expected_version: int | None,
        idempotency_key: str | None = None,
    ) -> Outcome:
        """Undo the last ``count`` commands still in force (never the creation)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise MalformedInputError("undo needs a count of at least 1", constraint="undo-count")
        entry = CommandEntry(
            name=undoing.UNDO,
            payload={"count": count, "reason": reason},
            actor=actor,
            at=self.clock(),
        )
        with self._lock(tournament_id):
            seen = self._seen(tournament_id, idempotency_key, entry)
            if seen is not None:
                return seen
            self._wait_pending(tournament_id)  # the command log must hold what was decided
            loaded = self._current(tournament_id, expected_version)
            targets = undoing.last_in_force(self.store, tournament_id, count)
            result = self.store.append(
                tournament_id,
                expected_version=loaded.version,
                records=[undoing.undone_record(targets, reason=reason)],
                command=entry,
                idempotency_key=idempotency_key,
            )
            self._cache.drop(tournament_id)
            return self._acknowledge(result)

    # --- reading --------------------------------------------------------------------------

    def load(self, tournament_id: str) -> Loaded:
        """The tournament at its latest version (see :class:`Loaded` on sharing it)."""
        with self._lock(tournament_id):
            return self._current(tournament_id, None)

    @contextmanager
    def reading(self, tournament_id: str) -> Iterator[Loaded]:
        """The tournament, with its commands held off while the block reads it."""
        with self._lock(tournament_id):
            yield self._current(tournament_id, None)

    def list_tournaments(self) -> tuple[TournamentSummary, ...]:
        return tuple(
            TournamentSummary(id=s.id, name=s.title, version=s.version, created_at=s.created_at)
            for s in self.store.streams(TOURNAMENT)
        )

    def forget(self, tournament_id: str | None = None) -> None:
        """Drop the cached state (of one tournament, or all): the next load reads the log."""
        self._cache.drop(tournament_id)

    def observe(self, tournament_id: str, version: int) -> bool:
        """Another server process committed ``tournament_id`` up to ``version``: a cached
        state behind it is marked so, and the next reading or command here first folds the
        records written since (:func:`~floorman.service.loading.caught_up`), so a command is
        decided on the log's state rather than refused as stale and retried, and a big
        event is not read again from its snapshot at every command the other process
        takes. Returns whether the cache was behind."""
        return self._cache.observe(tournament_id, version)

    def rebuild(self, tournament_id: str, *, use_snapshots: bool = True) -> Loaded:
        """The tournament read from the store now, bypassing (and not touching) the cache."""
        return rebuild(self.store, tournament_id, use_snapshots=use_snapshots)

    # --- plumbing -------------------------------------------------------------------------

    def _current(self, tournament_id: str, expected: int | None) -> Loaded:
        loaded = self._cache.get(tournament_id)
        if loaded is not None and self._cache.behind(tournament_id, loaded):
            loaded = self._follow(tournament_id)
        if loaded is None or (expected is not None and loaded.version != expected):
            self._wait_pending(tournament_id)
            self._pending.pop(tournament_id, None)  # the state is the log's from here on
            generation = self._cache.generation(tournament_id)
            loaded = self.rebuild(tournament_id)
            self._cache.install(tournament_id, loaded, generation)
        if expected is not None and loaded.version != expected:
            raise StaleVersion(tournament_id, current=loaded.version, expected=expected)
        return loaded

    def _seen(self, tournament_id: str, key: str | None, entry: CommandEntry) -> Outcome | None:
        if key is None:
            return None
        found = self.store.find_command(tournament_id, key, entry)
        return None if found is None else _outcome(found)

    def _acknowledge(
        self, result: AppendResult, events: tuple[TournamentEvent, ...] | None = None
    ) -> Outcome:
        """The outcome, told to the listeners. ``events``: the events this service decided
        and appended (so they are not decoded back from the records just encoded)."""
        outcome = _outcome(result, events)
        for listener in tuple(self.listeners):
            listener(outcome)
        return outcome

    def _rng(self, tournament_id: str, version: int) -> RecordingRandom:
        """The random source of the command decided on ``version``: the system's randomness,
        every value kept to be stored with the command (:mod:`floorman.service.draws`). A
        service with a fixed ``rng_seed`` (tests, simulations) draws from the tournament's
        seed and the version instead, the same every time."""
        if self.rng_seed is None:
            return RecordingRandom()
        seed = self._seeds.get(tournament_id)
        if seed is None:
            seed = self._seeds[tournament_id] = self.store.stream(tournament_id).seed
        return RecordingRandom(random.Random(f"{seed}:{version}"))

    def _snapshot_of(
        self, tournament: Tournament, base: int, version: int
    ) -> dict[str, Any] | None:
        """The state as JSON when the log passes a multiple of ``snapshot_every`` (taken at
        once: the cached state moves on before the commit)."""
        every = self.snapshot_every
        if not every or version // every == base // every:
            return None
        return state_to_dict(tournament.state)

    def _save_snapshot(self, tournament_id: str, version: int, data: dict[str, Any]) -> None:
        with contextlib.suppress(sa.exc.SQLAlchemyError):  # the command is committed already
            self.store.save_snapshot(
                tournament_id,
                version=version,
                format=snapshot_format(),
                data=data,
                created_at=self.clock(),
            )

    def _follow(self, tournament_id: str) -> Loaded | None:
        """The cached state caught up with the log (under the tournament's lock), or dropped
        (``None``: rebuild) when an append of this process failed (the cache holds what it
        decided, not the log) or the records since call for a rebuild."""
        self._wait_pending(tournament_id)
        pending = self._pending.get(tournament_id)
        generation = self._cache.generation(tournament_id)
        loaded = self._cache.get(tournament_id)
        caught = None
        if loaded is not None and (pending is None or pending.future.exception() is None):
            try:
                caught = caught_up(self.store, tournament_id, loaded)
            except Exception:  # a half-folded state is no state: rebuilt from the log
                caught = None
        if caught is None:
            self._pending.pop(tournament_id, None)
            self._cache.drop(tournament_id)
            return None
        self._cache.install(tournament_id, caught, generation)
        return caught

    def _wait_pending(self, tournament_id: str) -> None:
        """Wait until the appends submitted for the tournament are committed (or failed)."""
        pending = self._pending.get(tournament_id)
        if pending is not None:
            with contextlib.suppress(Exception):
                pending.result()

    def _lock(self, tournament_id: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(tournament_id, threading.RLock())

    def _new_id(self, key: str | None) -> str:
        if key is not None:  # a retried creation finds the stream its first attempt made
            return "t" + uuid.uuid5(_ID_NAMESPACE, key).hex[:15]
        if self.rng_seed is None:
            return "t" + uuid.uuid4().hex[:15]
        taken = {s.id for s in self.store.streams(TOURNAMENT)}
        while (drawn := f"t{self._ids.getrandbits(60):015x}") in taken:
            pass  # a fixed seed replays the ids a store may hold already
        return drawn


def _records(events: tuple[TournamentEvent, ...] | list[TournamentEvent]) -> list[NewRecord]:
    return [
        NewRecord(kind=e["kind"], schema_version=e["schema_version"], data=e["data"])
        for e in map(encode_event, events)
    ]


def _outcome(result: AppendResult, events: tuple[TournamentEvent, ...] | None = None) -> Outcome:
    undone = tuple(
        command_id for record in result.records for command_id in undoing.undone_ids(record)
    )
    kept = [r for r in result.records if r.kind != undoing.UNDONE]
    if events is None:
        events = tuple(event_of(r) for r in kept)
    return Outcome(
        tournament_id=result.command.stream,
        version=result.version,
        events=events,
        encoded=tuple(
            {"kind": r.kind, "schema_version": r.schema_version, "data": r.data} for r in kept
        ),
        command_id=result.command.id,
        undone=undone,
        replayed=result.replayed,
    )


def _not_before(now: float, tournament: Tournament) -> float:
    """``now``, or the clock's last moment if the wall clock went back (the level clock
    refuses moments before the last one it was given)."""
    clock = tournament.state.clock
    last = clock.updated_at if clock is not None else None
    return now if last is None else max(now, last)
