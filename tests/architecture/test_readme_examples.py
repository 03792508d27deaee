"""The README's library examples run as written and give the values their comments show (issue
19: the public API the README shows keeps working whatever moves inside the packages)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def run(block: str) -> dict[str, Any]:
    names: dict[str, Any] = {}
    exec(compile(block, str(README), "exec"), names)
    return names


def test_the_readme_shows_the_library_and_the_engine() -> None:
    assert len(python_blocks()) == 2


def test_the_cards_example_gives_the_values_its_comments_show() -> None:
    names = run(python_blocks()[0])
    hand = names["hand"]
    assert names["strength"](hand) == 4830
    assert names["evaluate_hand"](hand).name("pl") == "Dwie pary: króle i dziewiątki"
    parse, equity = names["parse_cards"], names["equity"]
    share = equity([parse("AsKs"), parse("QhQd")]).hands[0].equity
    assert round(share, 4) == 0.4621


def test_the_engine_example_gives_the_options_its_comment_shows() -> None:
    block = python_blocks()[1]
    first_act = block.index("hand.act(")
    names = run(block[:first_act])  # up to the options, which the raise would change
    options = names["hand"].legal_options()
    assert (options.actor, options.fold, options.check, options.call) == (2, True, False, 100)
    assert (options.min_to, options.max_to) == (200, 5000)
    names = run(block)
    assert names["hand"].actor != 2  # the raise was taken
