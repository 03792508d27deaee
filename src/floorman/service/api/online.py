"""Server-dealt online tables: the server shuffles, deals, takes the players' actions, and records
each finished hand through the tournament.

For each online table the server keeps the live :class:`~floorman.engine.hand.Hand`. The hand
starts from the tournament's own :meth:`~floorman.tournament.aggregate.Tournament.hand_setup`
(positions by the dead-button rule, the level in force, TDA R23), is dealt from a deck shuffled
with the operating system's randomness, and takes each player's action only if the engine
allows it (``Hand.act``: out of turn and illegal amounts are refused with their ruling); the
options a player sees are ``Hand.legal_options()``. Showdowns are automatic (cards speak, R12).
At the end, :func:`~floorman.tournament.floor.table_hand.result_of` sums the hand up and the
``record-hand`` command records it, with an idempotency key naming the hand, so a retry after a
crash records it once.

Durability: a hand's setup and every acknowledged action's events are appended to the hand's own
stream of the event store before the action is answered. After a crash, :meth:`recover` folds
each open hand back from its stream and deals the cards not yet seen from a fresh shuffle of
the undealt ones (the deck's order is never stored: unseen cards are as random either way, and
a database copy cannot tell anyone the next card).

A tournament becomes server-dealt when its first online hand is dealt; from then on, after each
hand, the server deals the next hand at the tables that have none and may start one
(:meth:`top_up`; during a break or while hand-for-hand waits for other tables, nothing).

Each deal is told to the tournament first (the ``start-hand`` command): the table is mid-hand
until its result is recorded, so the tournament keeps a balancing move, a table's break and
the final table for the end of the hands they concern (docs/tournament.md, "The floor in real
time"). A hand the tournament started whose deal was voided here is dealt again from its own
setup. One table at a time, by default, the next table after the last one dealt first, the
way the simulation plays them. With ``concurrent``, every table deals at once, a table waits
while one of its players is still in a hand elsewhere (a director's own move), and a hand the
tournament refuses is closed as void with the refusal.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from floorman.cards.deck import Deck
from floorman.engine.actions import Action
from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.errors import FloormanError
from floorman.service.api.context import moment
from floorman.service.api.errors import Conflict, NotFound
from floorman.service.api.fairness import (
    COMMITTED,
    REVEALED,
    commit,
    void_reveal,
)
from floorman.service.api.online_codec import (
    CLOSED,
    HAND_STREAM,
    RECORDING,
    closed_record,
    event_record,
    read_event,
    setup_record,
)
from floorman.service.api.online_hand import LiveHand, rebuilt, run_dealer
from floorman.service.cluster.leases import Fence, LeaseLost
from floorman.service.cluster.ownership import Ownership
from floorman.service.commands import RecordHand, StartHand
from floorman.service.core import TournamentService, UnknownStream
from floorman.service.store import (
    CommandEntry,
    NewRecord,
    NewStream,
    PendingAppend,
)
from floorman.tournament.floor.table_hand import HandSetup, result_of


class Mirror(Protocol):
    """The hands another process deals, as far as this one has heard of them."""

    def heard(self, stream: str, version: int) -> None: ...

    def live(self, tournament: str, table: int) -> LiveHand | None: ...

    def tables(self, tournament: str) -> tuple[int, ...]: ...


class OnlineTables:
    """The live hands of every online table, kept in step with their streams."""

    def __init__(
        self,
        service: TournamentService,
        *,
        clock: Callable[[], float],
        rng: random.Random | None = None,
        on_change: Callable[[str], object] = lambda tournament: None,
        concurrent: bool = False,
        ownership: Ownership | None = None,
    ) -> None:
        """``concurrent``: deal every table of a tournament at once; otherwise one table at a
        time, in turn (see the module's docstring for why that is the default).
        ``ownership``: several processes share the database, and each tournament's tables
        are dealt by the one holding its lease (:mod:`floorman.service.cluster.ownership`)."""
        self.service = service
        self.ownership = ownership
        self.concurrent = concurrent
        self.clock = clock
        self.rng = rng or random.SystemRandom()
        self.on_change = on_change
        self.lock = threading.RLock()
        self._hands: dict[tuple[str, int], LiveHand] = {}
        self._online: set[str] = set()
        self._last_dealt: dict[str, int] = {}
        self._flying: dict[tuple[str, str], tuple[PendingAppend, tuple[Event, ...]]] = {}
        """Actions submitted and not yet committed, by (hand stream, idempotency key): the
        same key sent again meanwhile waits for the first instead of acting twice."""
        self.mirror: Mirror | None = None
        """Several processes: the hands other processes deal, for this one's views (the app
        sets it: :mod:`~floorman.service.api.online_mirror`)."""

    # --- reading ------------------------------------------------------------------------------

    @contextmanager
    def holding(self) -> Iterator[None]:
        """Hands held still while a view reads them (take this before the tournament's lock)."""
        with self.lock:
            yield

    def live(self, tournament: str, table: int) -> LiveHand | None:
        """The hand at ``table``: this process's own, or, for tables another process deals,
        the one folded from its stream for this process's views (:attr:`mirror`)."""
        own = self._hands.get((tournament, table))
        if own is not None or not self._mirrored(tournament):
            return own
        assert self.mirror is not None
        return self.mirror.live(tournament, table)

    def heard(self, stream: str, version: int) -> None:
        """Another process moved ``stream`` to ``version`` (the bridge tells)."""
        if self.mirror is not None:
            self.mirror.heard(stream, version)

    def _mirrored(self, tournament: str) -> bool:
        """Whether this process shows ``tournament``'s hands from another process's dealing."""
        return (
            self.mirror is not None
            and self.ownership is not None
            and not self.ownership.owns(tournament)
        )

    def is_online(self, tournament: str) -> bool:
        return tournament in self._online

    def hand_of(self, tournament: str, entry: str, table: int | None = None) -> LiveHand | None:
        """The live hand ``entry`` is dealt in, wherever he sits now; ``table``: where the
        tournament seats him, looked at too when another process deals the tables."""
        own = next(
            (
                live
                for (tid, _), live in self._hands.items()
                if tid == tournament and entry in live.setup.seats
            ),
            None,
        )
        if own is not None or table is None or not self._mirrored(tournament):
            return own
        mirrored = self.live(tournament, table)
        return mirrored if mirrored is not None and entry in mirrored.setup.seats else None

    def tournaments(self) -> tuple[str, ...]:
        """The server-dealt tournaments."""
        with self.lock:
            return tuple(sorted(self._online))

    def tables(self, tournament: str) -> tuple[int, ...]:
        """The tables with a hand on (those another process deals: as far as heard)."""
        own = {t for (tid, t) in self._hands if tid == tournament}
        if self._mirrored(tournament):
            assert self.mirror is not None
            own.update(self.mirror.tables(tournament))
        return tuple(sorted(own))

    # --- dealing ------------------------------------------------------------------------------

    def deal(self, tournament: str, table: int, *, actor: str) -> LiveHand:
        """Deal the next hand at ``table``; refused while a hand is on there, during a break,
        or while the table waits for hand-for-hand."""
        with self.lock:
            self._refuse_unowned(tournament, claim=True)
            if (tournament, table) in self._hands:
                raise Conflict(f"a hand is in progress at table {table}")
            with self.service.reading(tournament) as loaded:
                at = self.clock()
                setup = loaded.tournament.hand_setup(table, at=moment(at, loaded.tournament))
                version = loaded.version
            if setup is None:
                raise Conflict(f"table {table} waits for the other tables' hand-for-hand hand")
            self._refuse_busy(tournament, setup)
            setup, version = self._hand_started(tournament, table, actor, at)
            live = self._start(tournament, setup, version, actor, at)
            self._online.add(tournament)
            self._last_dealt[tournament] = table
        self.on_change(tournament)
        return live

    def _hand_started(
        self, tournament: str, table: int, actor: str, at: float
    ) -> tuple[HandSetup, int]:
        """The tournament is told the hand starts (``start-hand``: the table is mid-hand until
        its result, and the floor's decisions about it wait), unless it knows already (a hand
        it started whose deal was voided here is dealt again, its own setup); its setup."""
        with self.service.reading(tournament) as loaded:
            state = loaded.tournament.state
            known = table in state.play.in_hand and table not in state.redeal
        if not known:
            self.service.execute(
                tournament,
                StartHand(table=table),
                expected_version=None,
                idempotency_key=None,
                actor=actor,
            )
        with self.service.reading(tournament) as loaded:
            setup = loaded.tournament.hand_setup(table, at=moment(at, loaded.tournament))
            assert setup is not None, "a started hand always has its setup"
            return setup, loaded.version

    def _refuse_busy(self, tournament: str, setup: HandSetup) -> None:
        """A player moved here by balancing may still be playing his last hand at his old
        table: this table waits for it, so his stack is never dealt twice."""
        dealt = {e for e in setup.seats if e is not None}
        if not self.concurrent:
            playing = [t for (tid, t) in self._hands if tid == tournament]
            if playing:
                raise Conflict(f"one table at a time: table {playing[0]} is playing its hand")
        for (tid, table), live in self._hands.items():
            busy = dealt.intersection(live.setup.seats) if tid == tournament else set()
            if busy:
                who = ", ".join(sorted(busy))
                raise Conflict(f"table {setup.table} waits for {who} to finish at table {table}")

    def _start(
        self, tournament: str, setup: HandSetup, version: int, actor: str, at: float
    ) -> LiveHand:
        hand = Hand(setup.config)
        deck = Deck.shuffled(self.rng)
        commitment = commit(deck.order)  # before the first card leaves the deck
        events = [*hand.events, *run_dealer(hand, deck, self.rng, setup)]
        stream = f"{tournament}/t{setup.table}/{secrets.token_hex(4)}"
        published = NewRecord(kind=COMMITTED, schema_version=1, data=commitment.published())
        records = [setup_record(setup), published, *map(event_record, events)]
        result = self.service.store.append(
            stream,
            expected_version=0,
            records=records,
            command=CommandEntry(
                name="deal", payload={"table": setup.table, "on": version}, actor=actor, at=at
            ),
            fence=self._fence(tournament),
            new_stream=NewStream(
                kind=HAND_STREAM, seed="", title=f"{tournament} table {setup.table}", created_at=at
            ),
        )
        live = LiveHand(
            tournament=tournament,
            table=setup.table,
            stream=stream,
            setup=setup,
            hand=hand,
            deck=deck,
            version=result.version,
            commitment=commitment,
            committed=commitment.sha256,
        )
        self._hands[(tournament, setup.table)] = live
        if hand.is_over:  # everyone all in on the forced bets: the hand ran out at once
            self._finish(live)
        return live

    def go_online(self, tournament: str) -> tuple[int, ...]:
        """Make ``tournament`` server-dealt and deal at every table that may start a hand."""
        with self.lock:
            self._refuse_unowned(tournament, claim=True)
            self._online.add(tournament)
            return self.top_up(tournament)

    def top_up(self, tournament: str) -> tuple[int, ...]:
        """Deal at every table of a server-dealt tournament that has no hand and may start one;
        returns the tables dealt."""
        if tournament not in self._online:
            return ()
        dealt = []
        with self.lock:
            try:
                with self.service.reading(tournament) as loaded:
                    tables = sorted(loaded.tournament.state.tables)
            except UnknownStream:
                return ()
            after = self._last_dealt.get(tournament, 0)
            for table in [t for t in tables if t > after] + [t for t in tables if t <= after]:
                if (tournament, table) in self._hands:
                    continue
                try:
                    self.deal(tournament, table, actor="online")
                except (FloormanError, Conflict):
                    continue  # a break, hand-for-hand, or the event is over
                dealt.append(table)
        return tuple(dealt)

    # --- acting -------------------------------------------------------------------------------

    def act(
        self,
        tournament: str,
        table: int,
        entry: str,
        action: Action,
        *,
        payload: dict[str, object],
        idempotency_key: str | None,
    ) -> tuple[Event, ...]:
        """``entry`` acts at ``table``; the events (his action, the dealing and showdown it
        leads to) are stored before they are returned. A retried key returns the stored events.
        The commit is waited for outside the lock (the tables' other actions go on meanwhile
        and share its group commit), except the hand's last action, which is stored before
        the hand is recorded."""
        with self.lock:
            self._refuse_unowned(tournament, claim=False)
            live = self._hands.get((tournament, table))
            if live is None:
                raise NotFound(f"a hand at table {table}")
            seat = live.seat_of(entry)
            if seat is None:
                raise Conflict(f"{entry} is not dealt in at table {table}")
            command = CommandEntry(
                name="act", payload={"seat": seat, **payload}, actor=entry, at=self.clock()
            )
            flying = None
            if idempotency_key is not None:
                flying = self._flying.get((live.stream, idempotency_key))
            if idempotency_key is not None and flying is None:
                seen = self.service.store.find_command(live.stream, idempotency_key, command)
                if seen is not None:
                    return tuple(read_event(r) for r in seen.records)
            if flying is None:
                events = self._apply(live, action, seat)
                if live.hand.is_over:  # recorded once its last action is surely stored
                    self._store(live, events, command, idempotency_key)
                    self._finish(live)
                else:
                    flying = self._submit(live, events, command, idempotency_key)
        if flying is not None:
            self._settle(live, flying, idempotency_key)
        self.on_change(tournament)
        if live.hand.is_over:
            self.top_up(tournament)
        return events if flying is None else flying[1]

    def _submit(
        self, live: LiveHand, events: tuple[Event, ...], command: CommandEntry, key: str | None
    ) -> tuple[PendingAppend, tuple[Event, ...]]:
        """Join the next group commit without waiting under the lock (the next action at any
        table is taken meanwhile); the hand in memory and its version move on now."""
        pending = self.service.store.submit(
            live.stream,
            expected_version=live.version,
            records=[event_record(e) for e in events],
            command=command,
            idempotency_key=key,
            fence=self._fence(live.tournament),
        )
        live.version += len(events)
        flying = (pending, events)
        if key is not None:
            self._flying[(live.stream, key)] = flying
        return flying

    def _settle(
        self, live: LiveHand, flying: tuple[PendingAppend, tuple[Event, ...]], key: str | None
    ) -> None:
        """Wait for a submitted action's commit; if it failed, the hand in memory ran ahead
        of its stream: it is folded back from what is stored (once, by the first to see)."""
        try:
            flying[0].result()
        except LeaseLost:
            with self.lock:
                self._forfeit(live.tournament)  # another process deals these tables now
            raise
        except BaseException:
            with self.lock:
                if self._hands.get((live.tournament, live.table)) is live:
                    self._hands.pop((live.tournament, live.table), None)
                    self._recover_stream(live.stream)
            raise
        finally:
            if key is not None:
                with self.lock:
                    self._flying.pop((live.stream, key), None)

    def _apply(self, live: LiveHand, action: Action, seat: int) -> tuple[Event, ...]:
        """The action and what the dealer does after it; refused actions change nothing."""
        events = live.hand.act(action, seat=seat)
        return (*events, *run_dealer(live.hand, live.deck, self.rng, live.setup))

    def _store(
        self, live: LiveHand, events: tuple[Event, ...], command: CommandEntry, key: str | None
    ) -> None:
        try:
            result = self.service.store.append(
                live.stream,
                expected_version=live.version,
                records=[event_record(e) for e in events],
                command=command,
                idempotency_key=key,
                fence=self._fence(live.tournament),
            )
        except LeaseLost:
            self._forfeit(live.tournament)  # another process deals these tables now
            raise
        except BaseException:
            # The hand in memory ran ahead of its stream: fold it back from what is stored.
            self._hands.pop((live.tournament, live.table), None)
            self._recover_stream(live.stream)
            raise
        live.version = result.version

    def _finish(self, live: LiveHand) -> None:
        """Record the finished hand in the tournament, then close its stream."""
        key = f"{RECORDING}{live.stream}"
        result = result_of(live.setup, live.hand)
        try:
            outcome = self.service.execute(
                live.tournament,
                RecordHand(result=result),
                expected_version=None,
                idempotency_key=key,
                actor="online",
            )
        except FloormanError as refusal:
            self._close(
                live, closed_record(outcome="void", tournament_version=None, reason=str(refusal))
            )
            return
        self._close(live, closed_record(outcome="recorded", tournament_version=outcome.version))

    def _close(self, live: LiveHand, record: NewRecord) -> None:
        """Reveal the deck (the hand is over) and close the hand's stream."""
        if live.commitment is not None:
            reveal = live.commitment.revealed()
        else:
            reveal = void_reveal(live.committed, "the server restarted during the hand")
        self.service.store.append(
            live.stream,
            expected_version=live.version,
            records=[NewRecord(kind=REVEALED, schema_version=1, data=reveal), record],
            command=CommandEntry(name="close", payload={}, actor="online", at=self.clock()),
            fence=self._fence(live.tournament),
        )
        self._hands.pop((live.tournament, live.table), None)

    # --- recovery -----------------------------------------------------------------------------

    def recover(self) -> int:
        """Fold every open hand back from its stream (after a restart); returns how many."""
        with self.lock:
            count = 0
            for info in self.service.store.streams(HAND_STREAM):
                tournament = info.id.split("/", 1)[0]
                if self.ownership is not None and not self.ownership.claim(tournament):
                    continue  # another process deals it
                self._online.add(tournament)
                count += self._recover_stream(info.id)
            return count

    def take_over(self, tournament: str) -> int:
        """This process now holds ``tournament``'s lease (its owner died): fold its open
        hands back from their streams and deal on; returns how many hands were open."""
        with self.lock:
            self._online.add(tournament)
            count = sum(
                self._recover_stream(info.id)
                for info in self.service.store.streams(HAND_STREAM)
                if info.id.startswith(f"{tournament}/")
            )
        self.on_change(tournament)
        self.top_up(tournament)
        return count

    def lose(self, tournament: str) -> None:
        """Another process took ``tournament``'s lease: forget its hands here."""
        with self.lock:
            self._online.discard(tournament)
            for key in [k for k in self._hands if k[0] == tournament]:
                del self._hands[key]

    def _forfeit(self, tournament: str) -> None:
        """A fenced write was refused: the lease is gone, and so are the hands here."""
        if self.ownership is not None:
            self.ownership.forfeit(tournament)
        self.lose(tournament)

    def _refuse_unowned(self, tournament: str, *, claim: bool) -> None:
        """Refuse (409) dealing or acting at tables another server process deals."""
        ownership = self.ownership
        if ownership is None or ownership.owns(tournament):
            return
        if claim and ownership.claim(tournament):
            return
        raise Conflict(
            f"the online tables of {tournament} are dealt by another server process: "
            "send this to the server that deals them (its lease: docs/service.md)"
        )

    def _fence(self, tournament: str) -> Fence | None:
        return None if self.ownership is None else self.ownership.fence(tournament)

    def _recover_stream(self, stream: str) -> int:
        tournament = stream.split("/", 1)[0]
        if self.ownership is not None and not self.ownership.owns(tournament):
            return 0  # lost meanwhile: the owner folds it back
        records = self.service.store.read(stream)
        if not records or records[-1].kind == CLOSED:
            return 0
        live = rebuilt(stream, records, self.rng)
        pending = run_dealer(live.hand, live.deck, self.rng, live.setup)
        if pending:  # stored between an action and the dealing after it (an older server)
            entry = CommandEntry(name="deal", payload={}, actor="online", at=self.clock())
            self._store(live, tuple(pending), entry, None)
        if not self._still_fits(live):
            self._close(
                live,
                closed_record(outcome="void", tournament_version=None, reason="the table changed"),
            )
            return 0
        self._hands[(live.tournament, live.table)] = live
        if live.hand.is_over:
            self._finish(live)
        return 1

    def _still_fits(self, live: LiveHand) -> bool:
        """Whether the tournament still deals this hand: the table is there and every player
        dealt in still has the stack he started it with."""
        try:
            with self.service.reading(live.tournament) as loaded:
                state = loaded.tournament.state
                before = live.setup.config.stacks
                return live.table in state.tables and all(
                    state.entries[e].stack == before[s] and state.entries[e].table == live.table
                    for s, e in enumerate(live.setup.seats)
                    if e is not None
                )
        except (UnknownStream, KeyError):
            return False
