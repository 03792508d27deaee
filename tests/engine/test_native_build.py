"""The compiled build (floorman.native, setup.py): used when fresh, never when stale, and
recording exactly what the Python source records; the shuffle it relies on is Python's."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.engine.native_sample import sample

from floorman import native
from floorman.cards.shuffle import MATCHES_PYTHON, shuffle

REPO = Path(__file__).resolve().parents[2]


def test_the_tests_run_on_the_compiled_build_unless_told_otherwise() -> None:
    status = native.status()
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        assert not status.compiled
    else:
        assert status.compiled, f"{status.reason}: `make build` compiles the hot modules"


def test_the_python_source_records_what_the_compiled_build_records() -> None:
    """Every event and refusal of a sample of all games under all profiles, both builds."""
    env = dict(os.environ, **{native.PURE_ENV: "1"})
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(REPO)])
    pure = subprocess.run(
        [sys.executable, "-m", "tests.engine.native_sample"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = json.loads(pure.stdout)
    mine = sample()
    assert len(mine) > 1000
    first = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b), None)
    assert first is None, f"line {first}: compiled {mine[first]!r}, Python {theirs[first]!r}"
    assert len(mine) == len(theirs)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=60))
def test_the_shuffle_gives_pythons_order_and_leaves_the_generator_as_python_does(
    seed: int, size: int
) -> None:
    assert MATCHES_PYTHON
    mine, theirs = random.Random(seed), random.Random(seed)
    cards, expected = list(range(size)), list(range(size))
    shuffle(cards, mine)
    theirs.shuffle(expected)
    assert cards == expected
    assert mine.random() == theirs.random()


class _Biased(random.Random):
    def random(self) -> float:
        return 0.5


def test_other_generators_shuffle_their_own_way() -> None:
    cards, expected = list(range(52)), list(range(52))
    shuffle(cards, _Biased(3))
    _Biased(3).shuffle(expected)
    assert cards == expected


# --- deciding which build runs ----------------------------------------------------------------


def _tree(root: Path, *, compiled: bool) -> Path:
    """A fake ``floorman`` package: every watched source, and (maybe) a build of it."""
    package = root / "floorman"
    for name in native.WATCHED:
        path = package / name
        if path.suffix:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("# source\n")
        else:
            (path / "sub").mkdir(parents=True, exist_ok=True)
            (path / "sub" / "other.py").write_text("# not compiled\n")
    for module in native.COMPILED:
        source = native.source_path(module, package)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {module}\n")
        if compiled:
            source.with_suffix(EXTENSION_SUFFIXES[0]).write_bytes(b"")
    if compiled:
        (package / native.MANIFEST).write_text(json.dumps(native.manifest(package)))
    return package


def test_a_fresh_build_runs_compiled(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=True)
    assert native.check(package, {}) == native.Status(True, "compiled with mypyc")


def test_a_checkout_never_built_runs_the_sources(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=False)
    status = native.check(package, {})
    assert not status.compiled
    assert "not compiled" in status.reason


def test_a_source_edited_after_the_build_makes_the_whole_build_stale(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=True)
    (package / "rules" / "sub" / "other.py").write_text("# edited\n")
    status = native.check(package, {})
    assert not status.compiled
    assert "rules/sub/other.py changed" in status.reason


def test_a_source_touched_but_unchanged_keeps_the_build(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=True)
    source = native.source_path(native.COMPILED[0], package)
    os.utime(source, ns=(1, 1))
    assert native.check(package, {}).compiled


def test_a_source_added_after_the_build_makes_it_stale(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=True)
    (package / "engine" / "new.py").write_text("# new\n")
    assert "engine/new.py changed" in native.check(package, {}).reason


@pytest.mark.parametrize("damage", ["module", "manifest"])
def test_a_partial_build_runs_the_sources(tmp_path: Path, damage: str) -> None:
    package = _tree(tmp_path, compiled=True)
    if damage == "module":
        source = native.source_path(native.COMPILED[-1], package)
        source.with_suffix(EXTENSION_SUFFIXES[0]).unlink()
    else:
        (package / native.MANIFEST).unlink()
    status = native.check(package, {})
    assert not status.compiled
    assert "stale build" in status.reason


def test_the_environment_can_ask_for_the_sources(tmp_path: Path) -> None:
    package = _tree(tmp_path, compiled=True)
    assert not native.check(package, {native.PURE_ENV: "1"}).compiled
    assert native.check(package, {native.PURE_ENV: "0"}).compiled
