"""The screenshot script runs: every page is shot at its size (docs/screenshots/)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser
from tests.web.screenshots import OUT, take
from tests.web.service import Server


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def test_the_screenshots_of_every_page_are_taken(
    server: Server, browser: Browser, tmp_path: Path
) -> None:
    written = take(server, browser, tmp_path)
    names = sorted(p.name for p in written)
    expected = ["clock-1080p.png", "clock-4k.png", "clock-phone.png"]
    assert names == [*expected, "player-live.png", "player-online.png"]
    assert png_size(tmp_path / "clock-1080p.png") == (1920, 1080)
    assert png_size(tmp_path / "clock-4k.png") == (3840, 2160)
    width, height = png_size(tmp_path / "clock-phone.png")
    assert width == 390
    assert height >= 844
    assert png_size(tmp_path / "player-live.png")[0] == 390
    assert set(names) <= {p.name for p in OUT.glob("*.png")}  # the README's copies exist
