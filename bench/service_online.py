"""A large online event on several server processes (issue 21): every table server-dealt
(``--concurrent-tables``), played by bots through the API.

The set-up goes through the API too: the entries, the start, a player token for each entry,
and a deal at every table. Then bot threads, each on its own keep-alive connection (so the
kernel spreads them over the processes, and about half of their requests reach a process
that does not deal the tables and are forwarded), play their share of the tables: they look
at a table's hand once, then act for whoever is to act (check, else call; the answer carries
the hand as it stands next), until the time is up. A hand that ends is followed by the next,
dealt by the server; the bot plays one hand at a table to its end, then goes to the next.

Measured: hands and actions a second; the delay from sending an action to its answer; and,
on the table feeds of a sample of tables (``/ws/table``, bare asyncio subscribers), the delay
from sending an action to the first frame that shows the hand as the action left it (its
street, pot and actor).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from bench.service_feeds import Feed
from bench.service_server import TOKEN, percentile

BOTS = 32
"""Bot threads, each on its own connection."""
WATCHED = 40
"""Tables whose feed is followed to measure the delay to a frame."""
SETUP_THREADS = 16
DEALT: set[int] = set()
"""The tables with a hand dealt once the set-up is done (from the last run)."""
PHASES: dict[str, float] = {}
"""The set-up's parts and their seconds, from the last run."""


@dataclass(slots=True, kw_only=True)
class OnlineRun:
    entrants: int
    tables: int
    bots: int
    watched: int
    setup_seconds: float
    seconds: float
    hands: int
    actions: int
    tables_played: int
    tables_dealt: int
    answers: list[float]
    frames: list[float]
    refused: dict[int, int]
    notes: list[str] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def answer_p50(self) -> float:
        return percentile(self.answers, 0.5)

    @property
    def answer_p99(self) -> float:
        return percentile(self.answers, 0.99)

    @property
    def frame_p50(self) -> float:
        return percentile(self.frames, 0.5)

    @property
    def frame_p99(self) -> float:
        return percentile(self.frames, 0.99)


def _director() -> dict[str, str]:
    return {"Authorization": f"Bearer {TOKEN}"}


def _in_threads(count: int, items: list[Any], work: Callable[[httpx.Client, Any], None]) -> None:
    """``work(client, item)`` for every item, ``count`` threads with a connection each."""
    errors: list[BaseException] = []

    def run(share: list[Any]) -> None:
        try:
            with httpx.Client(timeout=60, headers=_director()) as api:
                for item in share:
                    work(api, item)
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(items[n::count],)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


def _post(api: httpx.Client, url: str, body: dict[str, Any] | None = None) -> httpx.Response:
    """POST, again while the answer is a stale version: two processes appended to the same
    tournament at once, and the loser refused (the API's contract, issue 21)."""
    for _ in range(50):
        answer = api.post(url, json=body)
        if answer.status_code != 409 or answer.json().get("error") != "stale-version":
            return answer.raise_for_status()
    return answer.raise_for_status()


def _set_up(base: str, entrants: int) -> tuple[str, list[int], dict[str, dict[str, str]]]:
    """A started event of ``entrants``, a token per entry, a hand dealt at every table."""
    with httpx.Client(base_url=base, timeout=120, headers=_director()) as api:
        body = {"name": "Online", "expected_players": entrants, "seats_per_table": 9}
        tid = str(api.post("/tournaments", json=body).raise_for_status().json()["tournament"])
    root = f"{base}/tournaments/{tid}"

    def register(api: httpx.Client, number: int) -> None:
        entry = {"player": f"p{number}", "name": f"Player {number}"}
        _post(api, f"{root}/entries", entry)

    phases = {"entries": time.monotonic()}
    # One connection, so one process: writers to one tournament on two processes would
    # invalidate each other's cached state at every command (docs/service.md).
    _in_threads(1, list(range(1, entrants + 1)), register)
    phases["entries"] = time.monotonic() - phases["entries"]
    begun = time.monotonic()
    with httpx.Client(timeout=600, headers=_director()) as api:
        api.post(f"{root}/start").raise_for_status()
        state = api.get(root).raise_for_status().json()
    tables = [int(t) for t in state["tables"]]
    phases["start"] = time.monotonic() - begun
    tokens: dict[str, dict[str, str]] = {}

    def token(api: httpx.Client, number: int) -> None:
        scope = {"role": "player", "entry": f"e{number}"}
        made = _post(api, f"{root}/tokens", scope)
        tokens[f"e{number}"] = {"Authorization": f"Bearer {made.json()['token']}"}

    begun = time.monotonic()
    _in_threads(SETUP_THREADS, list(range(1, entrants + 1)), token)
    phases["tokens"] = time.monotonic() - begun
    begun = time.monotonic()
    DEALT.clear()
    with httpx.Client(timeout=60, headers=_director()) as api:
        api.post(f"{root}/tables/{tables[0]}/deal").raise_for_status()  # the owner deals
    DEALT.add(tables[0])

    def deal(api: httpx.Client, table: int) -> None:
        for _ in range(5):
            answer = api.post(f"{root}/tables/{table}/deal")
            if answer.status_code == 200 or "in progress" in answer.text:  # or dealt already
                DEALT.add(table)
                return
            if answer.status_code == 409:
                return  # refused (the table waits for a player still in a hand elsewhere)
            if answer.status_code != 503:  # 503: no word from the owner in time
                answer.raise_for_status()
        answer.raise_for_status()

    _in_threads(SETUP_THREADS, tables[1:], deal)
    phases["deals"] = time.monotonic() - begun
    PHASES.clear()
    PHASES.update(phases)
    return tid, tables, tokens


@dataclass(slots=True)
class _Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    hands: int = 0
    actions: int = 0
    answers: list[float] = field(default_factory=list)
    refused: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    played: set[int] = field(default_factory=set)
    sent: dict[int, list[tuple[float, tuple[Any, ...]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    """Watched tables: (sent at, the hand's signature after the action) per action."""


def _signature(view: dict[str, Any]) -> tuple[Any, ...]:
    return (view.get("street"), view.get("pot"), view.get("actor"), view.get("phase"))


def _bot(
    base: str,
    tid: str,
    tables: list[int],
    tokens: dict[str, dict[str, str]],
    until: float,
    tally: _Tally,
    watched: set[int],
) -> None:
    root = f"{base}/tournaments/{tid}/tables"
    hands: dict[int, dict[str, Any] | None] = {}
    with httpx.Client(timeout=30, headers=_director()) as api:
        while time.monotonic() < until:
            for table in tables:  # one hand to its end, then the next table
                hand = hands.get(table)
                if hand is None:
                    seen = api.get(f"{root}/{table}/hand")
                    hand = seen.json() if seen.status_code == 200 else None
                while hand is not None and hand["view"]["actor"] is not None:
                    if time.monotonic() >= until:
                        return
                    after = _act(api, root, table, hand, tokens, tally, watched)
                    if after is None or after["hand"] != hand["hand"]:
                        hand = after  # the table's next hand, dealt by the server
                        break
                    hand = after
                hands[table] = hand


def _act(
    api: httpx.Client,
    root: str,
    table: int,
    hand: dict[str, Any],
    tokens: dict[str, dict[str, str]],
    tally: _Tally,
    watched: set[int],
) -> dict[str, Any] | None:
    """Act for whoever is to act at ``table``; the hand as it stands next (``None``: look
    again)."""
    seats = {s["seat"]: s["entry"] for s in hand["seats"]}
    entry = seats.get(hand["view"]["actor"])
    if entry is None:
        return None
    options = hand["view"]["options"] or {}
    body = {"action": "check" if options.get("check") else "call"}
    sent = time.monotonic()
    answer = api.post(f"{root}/{table}/actions", json=body, headers=tokens[entry])
    took = time.monotonic() - sent
    with tally.lock:
        if answer.status_code != 200:
            tally.refused[answer.status_code] += 1
            return None
        tally.actions += 1
        tally.answers.append(took)
        tally.played.add(table)
        after: dict[str, Any] | None = answer.json()["next"]
        if after is None or after["hand"] != hand["hand"]:
            tally.hands += 1
            return after
        if table in watched:
            tally.sent[table].append((sent, _signature(after["view"])))
    return after


def _watch(base: str, tid: str, tables: list[int], stop: threading.Event) -> dict[int, Feed]:
    """Table feeds of ``tables`` in a thread of their own; their frames are kept."""
    feeds: dict[int, Feed] = {}
    started = threading.Event()

    async def follow() -> None:
        loop = asyncio.get_running_loop()
        parts = urlsplit(base)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        for table in tables:
            feed = Feed(loop, f"/ws/table/{tid}/{table}", f"{host}:{port}", 1 << 30)
            await loop.create_connection(lambda f=feed: f, host, port)  # type: ignore[misc]
            await feed.opened
            feeds[table] = feed
        started.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        for feed in feeds.values():
            feed.close()

    thread = threading.Thread(target=asyncio.run, args=(follow(),), daemon=True)
    thread.start()
    started.wait(timeout=120)
    return feeds


def _frame_delays(feeds: dict[int, Feed], tally: _Tally) -> list[float]:
    """For each action at a watched table, the first frame after it showing its result."""
    delays = []
    for table, actions in tally.sent.items():
        feed = feeds.get(table)
        if feed is None:
            continue
        frames = []
        for arrived, message in feed.messages:
            hand = json.loads(message).get("view", {}).get("hand")
            if hand is not None:
                frames.append((arrived, _signature(hand)))
        for sent, signature in actions:
            match = next((t for t, s in frames if t >= sent and s == signature), None)
            if match is not None:
                delays.append(match - sent)
    return delays


def online_event(base: str, entrants: int, seconds: float) -> OnlineRun:
    """Set the event up, then let the bots play for ``seconds``."""
    begun = time.monotonic()
    tid, tables, tokens = _set_up(base, entrants)
    setup = time.monotonic() - begun
    watched = set(tables[:: max(len(tables) // WATCHED, 1)][:WATCHED])
    stop = threading.Event()
    feeds = _watch(base, tid, sorted(watched), stop)
    tally = _Tally()
    start = time.monotonic()
    until = start + seconds
    bots = [
        threading.Thread(
            target=_bot, args=(base, tid, tables[n::BOTS], tokens, until, tally, watched)
        )
        for n in range(BOTS)
    ]
    for bot in bots:
        bot.start()
    for bot in bots:
        bot.join()
    elapsed = time.monotonic() - start
    time.sleep(1.0)  # the last frames
    stop.set()
    frames = _frame_delays(feeds, tally)
    shown = sum(len(v) for v in tally.sent.values())
    run = OnlineRun(
        entrants=entrants,
        tables=len(tables),
        bots=BOTS,
        watched=len(watched),
        setup_seconds=setup,
        seconds=elapsed,
        hands=tally.hands,
        actions=tally.actions,
        tables_played=len(tally.played),
        tables_dealt=len(DEALT),
        answers=tally.answers,
        frames=frames,
        refused=dict(tally.refused),
    )
    run.notes.append(
        f"Online event: {entrants:,} entrants at {len(tables):,} 9-max tables, every table "
        f"server-dealt at once on 2 processes (one holds the event's lease and deals; the "
        f"other forwards what reaches it); {BOTS} bot threads played for {elapsed:.0f} s "
        f"after a set-up of {setup:.0f} s through the API ("
        + ", ".join(f"{k} {v:.0f} s" for k, v in PHASES.items())
        + f"). {tally.actions:,} actions, "
        f"{tally.hands:,} hands finished; {len(DEALT):,} tables dealt at the start, "
        f"{len(tally.played):,} acted at (a bot plays a hand to its end); refused "
        f"answers: {dict(tally.refused) or 'none'}. The frame delay: {len(frames):,} of "
        f"{shown:,} actions at {len(watched)} followed tables matched a frame showing their "
        "result (the bots' machine is the server's: the bots' CPU is part of the delay)."
    )
    return run
