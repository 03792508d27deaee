"""``GET /api/version``: the version and capabilities, open to any client without a token."""

from __future__ import annotations

from pathlib import Path

from tests.service.api_fixtures import client_for

from floorman import __version__
from floorman.engine.games import GAMES
from floorman.records.export_api import Format


def test_api_version_names_the_version_and_what_the_server_offers(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        answer = client.get("/api/version")
    assert answer.status_code == 200
    body = answer.json()
    assert body["version"] == __version__
    assert body["api"] == 1
    offered = body["capabilities"]
    assert {Format.OHH, Format.POKERSTARS, Format.PHH} <= set(offered["exports"]["hands"])
    assert "pdf" in offered["exports"]["results"]
    assert offered["ohh_spec"] == "1.4.7"
    assert set(offered["games"]) == set(GAMES)
    assert "tda-2022" in offered["profiles"]
