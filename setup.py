"""The compiled part of the build; everything else is declared in ``pyproject.toml``.

The modules listed in ``floorman.native.COMPILED`` (the hand engine's logic, the card
evaluators) are compiled with mypyc into extension modules beside their sources, and a manifest
of the sources they were built from is written next to ``floorman/native.py``, which uses it to
refuse a stale build at import. ``FLOORMAN_PURE_PYTHON=1`` builds without compiling anything.

mypyc compiles a staged copy of the package (:data:`STAGE`), not ``src`` itself: in the copy,
each compiled module's frozen dataclasses have their ``__init__`` written out
(``floorman/native_constructors.py``), so that each value class has one source, its fields,
and still gets a native constructor. The extensions land beside the real sources.

``pip install -e .`` (``make setup``) builds through ``setup()`` with the build requirements of
``pyproject.toml``. ``python setup.py --inplace`` (``make build``) compiles in place with the
virtualenv's own setuptools and mypy, without reading ``pyproject.toml`` (whose metadata an
older setuptools refuses), so an edited engine is rebuilt in seconds.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).resolve().parent / "src"
STAGE = Path(__file__).resolve().parent / "build" / "native-src"
"""Where the sources mypyc compiles are staged (a copy of ``src``'s Python files)."""


def load_by_path(name: str) -> ModuleType:
    """A module of the source tree that uses the standard library only, loaded by its path."""
    path = SRC / "floorman" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_floorman_{name}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while it runs
    spec.loader.exec_module(module)
    return module


def _not_python(directory: str, names: list[str]) -> set[str]:
    """What the staged copy leaves out: everything but Python sources and their packages."""
    return {
        name
        for name in names
        if name == "__pycache__"
        or (not name.endswith(".py") and not (Path(directory) / name).is_dir())
    }


def load_native() -> ModuleType:
    """``floorman.native`` from the source tree."""
    return load_by_path("native")


def stage(modules: list[str]) -> Path:
    """Copy the package's Python files to :data:`STAGE`, the compiled ``modules`` with their
    value classes' constructors written out; the staged ``floorman`` directory."""
    native, constructors = load_native(), load_by_path("native_constructors")
    shutil.rmtree(STAGE, ignore_errors=True)
    shutil.copytree(SRC / "floorman", STAGE / "floorman", ignore=_not_python)
    for module in modules:
        path = native.source_path(module, STAGE / "floorman")
        path.write_text(constructors.with_constructors(path.read_text(encoding="utf-8")))
    return STAGE / "floorman"


class BuildWithManifest(build_ext):
    """Build the extensions, then record the sources they were compiled from."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        native = load_native()
        package = SRC / "floorman" if self.inplace else Path(self.build_lib) / "floorman"
        package.mkdir(parents=True, exist_ok=True)
        text = json.dumps(native.manifest(SRC / "floorman"), indent=1, sort_keys=True)
        (package / native.MANIFEST).write_text(text + "\n")


def extensions() -> list[object]:
    native = load_native()
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    staged = stage(list(native.COMPILED))
    paths = [str(native.source_path(m, staged).relative_to(SRC.parent)) for m in native.COMPILED]
    return list(mypycify(paths, opt_level="3"))


def build_in_place() -> None:
    from setuptools import Distribution

    dist = Distribution(
        {
            "name": "floorman",
            "package_dir": {"": "src"},
            "ext_modules": extensions(),
            "cmdclass": {"build_ext": BuildWithManifest},
        }
    )
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    dist.run_command("build_ext")


if sys.argv[1:] == ["--inplace"]:
    build_in_place()
else:
    setup(ext_modules=extensions(), cmdclass={"build_ext": BuildWithManifest})
