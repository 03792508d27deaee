"""Which build of the hot modules runs: compiled by mypyc, or the pure-Python source.

The hand engine, the card evaluators and the two clients that drive the engine hardest (random
play, PHH replay), listed in :data:`COMPILED`, are compiled by ``setup.py`` into extension
modules that sit next to their sources (``hand.cpython-311-...so`` beside ``hand.py``); Python
prefers such a file to the source. A build that no longer matches the
source would silently run old code, so the build also writes a manifest (:data:`MANIFEST`) of
every source it depended on (:data:`WATCHED`), and this module, imported first by the
``floorman`` package (so before any compiled module can load), checks it:

- every compiled module present and every watched source as it was at the build: the compiled
  modules run;
- no compiled module at all (a checkout never built, ``FLOORMAN_PURE_PYTHON=1`` at build time):
  the sources run, as always;
- otherwise (a source edited since the build, a module missing, no manifest), or when the
  environment says ``FLOORMAN_PURE_PYTHON=1``: an import hook hands out the sources of *all*
  the compiled modules, never a mix (compiled modules call each other directly, so one stale
  module cannot be swapped alone). :func:`status` says which, and why.

Only the standard library is used here: ``setup.py`` loads this file by path to build.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

COMPILED: Final = (
    "floorman.cards.deck",
    "floorman.cards.high",
    "floorman.cards.omaha",
    "floorman.cards.shuffle",
    "floorman.engine.actions",
    "floorman.engine.automatic",
    "floorman.engine.betting",
    "floorman.engine.dealer",
    "floorman.engine.draw",
    "floorman.engine.events",
    "floorman.engine.evolve",
    "floorman.engine.frozen",
    "floorman.engine.games",
    "floorman.engine.hand",
    "floorman.engine.hand_rules",
    "floorman.engine.known",
    "floorman.engine.phase",
    "floorman.engine.plan",
    "floorman.engine.pot_values",
    "floorman.engine.pots",
    "floorman.engine.prompts",
    "floorman.engine.showdown",
    "floorman.engine.stud",
    "floorman.io.phh_replay",
    "floorman.sim.random_play",
)
"""The modules mypyc compiles, as one group (one shared library)."""

WATCHED: Final = (
    "cards",
    "engine",
    "io",
    "rules",
    "errors.py",
    "native_constructors.py",
    "sim/random_play.py",
)
"""Sources (under ``src/floorman``) a build depends on: the compiled modules and everything
whose types or constants they were compiled against. Any change to one calls for a rebuild."""

MANIFEST: Final = "native_build.json"
"""Written next to this file by the build: each watched source's size, time and hash."""

PURE_ENV: Final = "FLOORMAN_PURE_PYTHON"
"""Set to ``1`` to run (or build) the pure-Python modules only."""

ROOT: Final = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Status:
    """Which build runs, and why."""

    compiled: bool
    reason: str


def watched_sources(root: Path = ROOT) -> list[Path]:
    """Every watched source file under ``root`` (the ``floorman`` package directory)."""
    files: list[Path] = []
    for name in WATCHED:
        path = root / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def source_path(module: str, root: Path = ROOT) -> Path:
    """The ``.py`` file of a compiled module."""
    return root.joinpath(*module.split(".")[1:]).with_suffix(".py")


def manifest(root: Path = ROOT) -> dict[str, object]:
    """What the build records: the compiled modules and each watched source's fingerprint."""
    return {
        "modules": list(COMPILED),
        "sources": {
            path.relative_to(root).as_posix(): _fingerprint(path) for path in watched_sources(root)
        },
    }


def _fingerprint(path: Path) -> list[object]:
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest()]


def _unchanged(path: Path, recorded: Sequence[object]) -> bool:
    """Same size and time as at the build, or else (a fresh checkout, an install) same hash."""
    try:
        stat = path.stat()
    except OSError:
        return False
    size, mtime, digest = recorded
    if stat.st_size != size:
        return False
    return stat.st_mtime_ns == mtime or hashlib.sha256(path.read_bytes()).hexdigest() == digest


def _extension(module: str, root: Path) -> Path | None:
    source = source_path(module, root)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def check(root: Path = ROOT, environ: dict[str, str] | None = None) -> Status:
    """Whether the compiled modules under ``root`` may run (see the module docstring)."""
    env = os.environ if environ is None else environ
    built = [m for m in COMPILED if _extension(m, root) is not None]
    if env.get(PURE_ENV, "") not in ("", "0"):
        return Status(False, f"{PURE_ENV} is set")
    if not built:
        return Status(False, "not compiled (run `make build`)")
    if len(built) != len(COMPILED):
        missing = sorted(set(COMPILED) - set(built))
        return Status(False, f"stale build: {', '.join(missing)} not compiled (run `make build`)")
    try:
        recorded = json.loads((root / MANIFEST).read_text())
    except (OSError, ValueError):
        return Status(False, f"stale build: no readable {MANIFEST} (run `make build`)")
    if recorded.get("modules") != list(COMPILED):
        return Status(False, "stale build: other modules were compiled (run `make build`)")
    sources: dict[str, list[object]] = recorded.get("sources", {})
    current = {p.relative_to(root).as_posix() for p in watched_sources(root)}
    for name in sorted(current | set(sources)):
        if name not in sources or not _unchanged(root / name, sources[name]):
            return Status(False, f"stale build: {name} changed since (run `make build`)")
    return Status(True, "compiled with mypyc")


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Serves the ``.py`` source of every compiled module, so that none of them loads compiled."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


_STATUS: Status | None = None


def status() -> Status:
    """The build this process runs (decided once, when the first hot module is imported)."""
    global _STATUS
    if _STATUS is None:
        _STATUS = check()
        if not _STATUS.compiled:
            sys.meta_path.insert(0, _SourcesFirst())
    return _STATUS


status()
