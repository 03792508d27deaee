"""The forwarding protocol between server processes (issue 21), its notifications delivered
in memory instead of by PostgreSQL: the owner answers, a request sent again is served once,
an owner still busy keeps the caller waiting, a lost request is sent again, and nobody
answering ends in ``NoAnswer``."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from typing import Any

import pytest
import sqlalchemy as sa

from floorman.service.cluster.forwarding import ANSWERS, FORWARDS, Answer, Forwarder, NoAnswer


class Wire:
    """The channel: every forwarder hears every notification, as LISTEN would."""

    def __init__(self) -> None:
        self.forwarders: list[Forwarder] = []
        self.drop_requests = 0

    def send(self, channel: str, payload: str) -> None:
        if channel == FORWARDS and self.drop_requests:
            self.drop_requests -= 1  # lost, as a notification to a reconnecting bridge is
            return
        for forwarder in self.forwarders:
            if channel == FORWARDS:
                forwarder.received(payload)
            elif channel == ANSWERS:
                forwarder.answered(payload)


class WiredForwarder(Forwarder):
    def __init__(self, wire: Wire, owned: set[str], **options: Any) -> None:
        super().__init__(sa.create_engine("sqlite://"), owned.__contains__, **options)
        self.wire = wire
        wire.forwarders.append(self)

    def _notify(self, channel: str, payload: str) -> None:
        self.wire.send(channel, payload)


def _pair(**options: Any) -> tuple[Wire, WiredForwarder, WiredForwarder, list[Mapping[str, Any]]]:
    wire = Wire()
    asking = WiredForwarder(wire, set(), **options)
    owner = WiredForwarder(wire, {"t1"}, **options)
    served: list[Mapping[str, Any]] = []

    def act(tournament: str, args: Mapping[str, Any]) -> Answer:
        served.append(args)
        time.sleep(float(args.get("sleep", 0)))
        return Answer(200, b'{"done": "%s"}' % tournament.encode())

    owner.handlers["act"] = act
    return wire, asking, owner, served


def test_the_owner_answers_and_only_the_owner() -> None:
    _, asking, owner, served = _pair()
    answer = asking.forward("act", "t1", {"table": 1})
    assert answer == Answer(200, b'{"done": "t1"}')
    assert served == [{"table": 1}]
    with pytest.raises(NoAnswer):
        _pair(timeout=0.3, resend=0.1)[1].forward("act", "t2", {"table": 1})  # nobody owns t2
    owner.close()
    asking.close()


def test_a_lost_request_is_sent_again_and_served_once() -> None:
    wire, asking, _owner, served = _pair(timeout=2.0, resend=0.1)
    wire.drop_requests = 2
    assert asking.forward("act", "t1", {"table": 1}).status == 200
    assert len(served) == 1
    again = asking.forward("act", "t1", {"table": 2}, request_id="same")
    twice = asking.forward("act", "t1", {"table": 2}, request_id="same")
    assert again == twice
    assert len(served) == 2  # the second answer came from the owner's memory


def test_a_busy_owner_keeps_the_caller_waiting_past_the_timeout() -> None:
    _, asking, _owner, served = _pair(timeout=0.4, resend=0.1)
    begun = time.monotonic()
    answer = asking.forward("act", "t1", {"sleep": 1.2})
    assert answer.status == 200
    assert time.monotonic() - begun >= 1.2  # three timeouts long, kept alive by "pending"
    assert len(served) == 1  # resent many times, served once


def test_a_large_answer_travels_compressed() -> None:
    _, asking, owner, _ = _pair()
    body = b'{"view": "%s"}' % (b"x" * 20_000)
    owner.handlers["look"] = lambda tournament, args: Answer(200, body)
    assert asking.forward("look", "t1", {}).body == body


def test_many_callers_at_once_each_get_their_own_answer() -> None:
    _, asking, owner, _ = _pair()
    owner.handlers["echo"] = lambda tournament, args: Answer(200, str(args["n"]).encode())
    got: dict[int, bytes] = {}

    def ask(n: int) -> None:
        got[n] = asking.forward("echo", "t1", {"n": n}).body

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == {n: str(n).encode() for n in range(20)}
