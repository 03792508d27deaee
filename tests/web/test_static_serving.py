"""How the pages and their files are served for a fast first load: every module a page will
import announced in its HTML, the files answered from memory with an ETag (``304`` when
unchanged, gzip when asked), and the ruling catalogue encoded once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import TestClient, client_for

from floorman.web.pages import STORE
from floorman.web.preload import imports_of, module_graph
from floorman.web.static_files import StaticStore

PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(tmp_path_factory.mktemp("static")) as opened:
        yield opened


def _preloads(client: TestClient, page: str) -> list[str]:
    answer = client.get(page)
    assert answer.status_code == 200
    head = answer.text.split("</head>")[0]
    return PRELOAD.findall(head)


@pytest.mark.parametrize(
    ("page", "entry", "deep"),
    [
        ("/director", "/static/director/director.js", "/static/director/playertools.js"),
        ("/clock", "/static/clock/clock.js", "/static/common/servertime.js"),
        ("/dealer", "/static/dealer/dealer.js", "/static/dealer/keypad.js"),
        ("/player", "/static/player/player.js", "/static/common/feed.js"),
    ],
)
def test_a_page_announces_every_module_it_will_import(
    client: TestClient, page: str, entry: str, deep: str
) -> None:
    preloaded = _preloads(client, page)
    assert deep in preloaded
    assert "/static/common/api.js" in preloaded  # imported as './api.js' by shell.js
    assert len(preloaded) == len(set(preloaded))
    for module in [entry, *preloaded]:  # closed under import: nothing is found late
        source = client.get(module).text
        assert set(imports_of(source, module)) <= set(preloaded)


def test_the_start_page_preloads_what_its_inline_script_imports(client: TestClient) -> None:
    preloaded = _preloads(client, "/")
    assert preloaded[0] == "/static/common/shell.js"
    assert set(module_graph(STORE, ["/static/common/shell.js"])) <= set(preloaded)


def test_relative_imports_resolve_as_the_browser_does() -> None:
    source = "import { a } from './api.js';\nimport {\n  b,\n} from '../clock/panels.js';\n"
    found = imports_of(source, "/static/common/shell.js")
    assert found == ["/static/common/api.js", "/static/clock/panels.js"]


def test_a_static_file_is_answered_with_its_etag_then_304(client: TestClient) -> None:
    first = client.get("/static/common/api.js", headers={"Accept-Encoding": "identity"})
    assert first.status_code == 200
    assert first.headers["content-type"].startswith("text/javascript")
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers["etag"]
    assert first.content == (STORE.root / "common" / "api.js").read_bytes()
    again = client.get("/static/common/api.js", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""


def test_a_static_file_is_gzipped_for_a_browser_that_takes_it(client: TestClient) -> None:
    raw = client.get(
        "/static/director/players.js", headers={"Accept-Encoding": "gzip"}, follow_redirects=False
    )
    assert raw.headers["content-encoding"] == "gzip"
    assert int(raw.headers["content-length"]) < (STORE.root / "director/players.js").stat().st_size
    assert raw.content == (STORE.root / "director" / "players.js").read_bytes()  # decoded


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/static/common/nothing.js", 404),
        ("/static/../pages.py", 404),
        ("/static/common/%2e%2e/%2e%2e/pages.py", 404),
        ("/static/common/", 404),
    ],
)
def test_nothing_outside_the_static_files_is_served(
    client: TestClient, path: str, status: int
) -> None:
    assert client.get(path).status_code == status


def test_only_get_and_head_are_answered(client: TestClient) -> None:
    assert client.post("/static/common/api.js").status_code == 405
    head = client.head("/static/common/api.js")
    assert head.status_code == 200
    assert head.content == b""


def test_a_file_edited_on_disk_is_served_anew(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text("export const a = 1;\n")
    store = StaticStore(tmp_path)
    before = store.get("a.js")
    (tmp_path / "a.js").write_text("export const a = 22;\n")
    after = store.get("a.js")
    assert before is not None
    assert after is not None
    assert after.body == b"export const a = 22;\n"
    assert after.etag != before.etag
    assert store.get("../a.js") is None


def test_the_ruling_catalogue_is_encoded_once_and_revalidated(client: TestClient) -> None:
    first = client.get("/web/rulings", params={"lang": "ru"})
    assert first.status_code == 200
    assert first.json()["lang"] == "ru"
    assert first.json()["templates"]
    again = client.get(
        "/web/rulings", params={"lang": "ru"}, headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 304
    assert client.get("/web/rulings", params={"lang": "xx"}).status_code in (400, 422)
