"""Issue 20 item 6: the same ``Idempotency-Key`` sent twice at the same moment.

The second request must get the first's answer, not a refusal decided on the state the first
left behind (the clock already paused: "the clock is not running", 409). Both command paths
are raced: the lean path in front of FastAPI and FastAPI alone.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.service.api_fixtures import SERVER, TestClient, build_app, event

from floorman.server import create_app

RACES = 40


def _client(tmp_path: Path, *, lean: bool) -> tuple[TestClient, Any]:
    app, service = build_app(tmp_path)
    if not lean:
        app = create_app(service, server_token=SERVER, refresh_seconds=3600.0, lean=False)
    return TestClient(app), service


@pytest.mark.parametrize("lean", [True, False], ids=["lean-path", "fastapi-path"])
def test_duplicate_idempotency_key_at_the_same_moment_gets_the_first_answer(
    tmp_path: Path, lean: bool
) -> None:
    client, service = _client(tmp_path, lean=lean)
    try:
        with client:
            made = event(client, players=9)
            pool = ThreadPoolExecutor(2)
            for race in range(RACES):
                key = f"pause-{race}"
                gate = threading.Barrier(2)

                def pause(key: str = key, gate: threading.Barrier = gate) -> Any:
                    gate.wait()
                    return made.post("/clock/pause", headers={"Idempotency-Key": key})

                first, second = pool.map(lambda _: pause(), range(2))
                answers = sorted([first, second], key=lambda a: a.status_code)
                assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
                assert first.json()["version"] == second.json()["version"]
                assert first.json()["events"] == second.json()["events"]
                resumed = made.post("/clock/resume")
                assert resumed.status_code == 200, resumed.text
            pool.shutdown()
            kinds = [r.kind for r in service.store.read(made.id)]
            assert sum("pause" in kind for kind in kinds) == RACES, kinds
    finally:
        service.store.close()
