"""What the benchmarks ran on: CPU, cores, memory, Python, NumPy and the peer versions."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

PACKAGES = ("floorman", "numpy", "eval7", "treys", "phevaluator", "pokerkit", "rich")


def cpu_model() -> str:
    """The CPU's model name from ``/proc/cpuinfo`` (or ``lscpu``), else what Python knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return value.strip()
    except OSError:
        pass
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        out = ""
    for line in out.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Model name" and value.strip():
            return value.strip()
    return platform.processor() or platform.machine()


def memory_gib() -> float | None:
    """Total RAM in GiB from ``/proc/meminfo``, or ``None`` where that file does not exist."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 2**20
    except (OSError, ValueError, IndexError):
        pass
    return None


def package_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def git_revision() -> str:
    """The checked-out commit, with ``+dirty`` when the work tree has changes."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if status.strip() else "")


def build() -> str:
    """Which build of floorman's hot modules runs (:mod:`floorman.native`)."""
    try:
        from floorman.native import status
    except ImportError:  # a tree from before the compiled build
        return "pure Python"
    return status().reason


def describe_machine() -> list[tuple[str, str]]:
    """The machine and software as (label, value) pairs, in the order the report shows them."""
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    memory = memory_gib()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    rows = [
        ("Date (UTC)", datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")),
        ("CPU", cpu_model()),
        ("Cores", f"{cores} logical, {usable} usable by this process"),
        ("RAM", f"{memory:.1f} GiB" if memory is not None else "unknown"),
        ("Load average at start (1, 5, 15 min)", load),
        ("OS", platform.platform()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("floorman commit", git_revision()),
        ("floorman build", build()),
    ]
    rows += [(name, package_version(name)) for name in PACKAGES]
    return rows
