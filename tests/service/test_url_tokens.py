"""Issue 20 item 9: tokens travelled in URLs and logs. The API takes tokens only in the
``Authorization`` header (a feed: its first message too); only the pages are opened with one in
the link, and their links are the only ones that carry it. The access log hides tokens and join
codes, the pages send the browser's security headers, and a feed refuses another site's Origin.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect
from tests.service.api_fixtures import (
    SERVER,
    STRUCTURE,
    Event,
    bearer,
    build_app,
    client_for,
    event,
)

from floorman.service.api.hardening import scrub


@pytest.fixture
def ours(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        yield event(client, 6)


def test_a_token_in_an_api_url_is_refused_and_changes_nothing(ours: Event) -> None:
    floor = ours.tokens["floor"]
    view = ours.client.get(f"/tournaments/{ours.id}/views/director?token={floor}")
    assert view.status_code == 401
    assert "URL" in view.json()["message"]
    before = ours.state()["version"]
    for path in ("/clock/pause", "/commands/pause"):  # the lean path and FastAPI's
        paused = ours.client.post(f"/tournaments/{ours.id}{path}?token={floor}", json={})
        assert paused.status_code == 401, paused.text
    assert ours.state()["version"] == before


def test_a_feed_refuses_a_token_in_its_url(ours: Event) -> None:
    path = f"/ws/director/{ours.id}?token={ours.tokens['floor']}"
    with ours.client.websocket_connect(path) as refused:
        message = refused.receive_json()
        assert (message["type"], message["status"]) == ("error", 401)
        with pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
        assert closed.value.code == 4401


def test_only_a_page_link_carries_the_token(ours: Event) -> None:
    for role, body in (("floor", {}), ("dealer", {"table": 1}), ("display", {})):
        made = ours.post("/tokens", json={"role": role, **body}).json()
        links = made["links"]
        assert made["token"] in links["page"]
        assert made["token"] not in links["view"] + links["feed"]
        page = urlsplit(links["page"])
        assert ours.client.get(f"{page.path}?{page.query}").status_code == 200


def test_pages_send_the_browser_security_headers(ours: Event) -> None:
    for path in ("/", "/clock", "/director", "/dealer", "/player", "/static/common/api.js"):
        answer = ours.client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["referrer-policy"] == "no-referrer"
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
    api = ours.get("/views/public", "display")
    assert api.headers["x-content-type-options"] == "nosniff"
    lean = ours.post("/clock/pause")  # answered by the lean path
    assert lean.headers["referrer-policy"] == "no-referrer"


def test_pages_hold_no_inline_script_but_the_one_their_policy_names_by_hash(ours: Event) -> None:
    """The policy allows scripts from this server only, and the one inline script every page
    carries (the early loader) by its SHA-256: any other inline script would not run."""
    for path in ("/", "/clock", "/director", "/dealer", "/player", "/print"):
        answer = ours.client.get(path)
        policy = answer.headers["content-security-policy"]
        html = answer.text
        assert "<script" in html
        for tag in html.split("<script")[1:]:
            opening, _, rest = tag.partition(">")
            if 'src="' in opening:
                continue
            text = rest.split("</script>")[0]
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy, path


def test_a_feed_opened_from_another_site_is_refused(ours: Event) -> None:
    display = ours.headers("display")
    foreign = {**display, "origin": "http://evil.example"}
    with ours.client.websocket_connect(f"/ws/public/{ours.id}", headers=foreign) as refused:
        message = refused.receive_json()
        assert message["status"] == 403
        with pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
        assert closed.value.code == 4403
    own = {**display, "origin": "http://testserver"}
    with ours.client.websocket_connect(f"/ws/public/{ours.id}", headers=own) as screen:
        assert screen.receive_json()["type"] == "view"


def test_the_access_log_never_holds_a_token_or_a_join_code(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app, service = build_app(tmp_path)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_config=None, access_log=True)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        thread.start()
        while not server.started:
            threading.Event().wait(0.02)
        base = f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
        try:
            body = {"name": "Logged", "structure": STRUCTURE}
            created = httpx.post(
                f"{base}/tournaments", json=body, headers=bearer(SERVER), timeout=10
            ).json()
            director = created["director"]["token"]
            tournament = created["tournament"]
            httpx.get(f"{base}/clock?t={tournament}&token={director}", timeout=10)
            httpx.get(f"{base}/tournaments/{tournament}/views/me?token={director}", timeout=10)
            httpx.get(f"{base}/join/K7M2Q9XR", timeout=10)
            httpx.get(f"{base}/player?code=K7M2Q9XR", timeout=10)
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            service.store.close()
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name == "uvicorn.access")
    assert "/clock?t=" in logged
    assert "[hidden]" in logged
    assert director not in logged
    assert "K7M2Q9XR" not in logged


def test_scrub_hides_tokens_and_codes_and_keeps_the_rest() -> None:
    line = "GET /clock?t=t1&token=abc-DEF_1&lang=ru /join/K7M2Q9XR/qr.png /player?code=XY"
    assert scrub(line) == (
        "GET /clock?t=t1&token=[hidden]&lang=ru /join/[hidden]/qr.png /player?code=[hidden]"
    )
