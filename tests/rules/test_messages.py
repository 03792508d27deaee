"""Ruling messages in five languages (issue 4): templates, gettext catalogues, ``hh replay``.

The keys are found by reading the engine's source, so a new ruling without a template (or a
template left behind by a removed ruling) fails here rather than reaching a player in English.
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from floorman.cards.deck import Deck
from floorman.cli.app import main
from floorman.engine import GAMES, Call, Hand, HandConfig, Raise
from floorman.engine.dealer import deal_pending
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.rules.messages import (
    LANGUAGES,
    TEMPLATES,
    english_template,
    placeholders,
    render,
    translations,
)
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruling import Ruling

SRC = Path(__file__).parents[2] / "src" / "floorman"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
RULING_FACTORIES = frozenset({"ruling", "_illegal"})
"""``Ruleset.ruling`` and the engine's refusal helpers: each takes the key second."""


@dataclass(frozen=True)
class CallSite:
    key: str
    params: frozenset[str]
    where: str


def call_sites() -> Iterator[CallSite]:
    """Every call in ``src/`` that makes a ruling with a literal key, and its keyword params."""
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            key = node.args[1]
            if name in RULING_FACTORIES and isinstance(key, ast.Constant):
                assert isinstance(key.value, str)
                params = frozenset(k.arg for k in node.keywords if k.arg is not None)
                yield CallSite(key.value, params, f"{path.relative_to(SRC)}:{node.lineno}")


SITES = tuple(call_sites())


def test_every_ruling_key_in_the_source_has_a_template_and_no_template_is_stale() -> None:
    used = {site.key for site in SITES}
    assert len(used) >= 20  # the scan found the engine's rulings
    assert used == set(TEMPLATES)


@pytest.mark.parametrize("site", SITES, ids=lambda site: site.where)
def test_templates_only_name_params_their_call_sites_give(site: CallSite) -> None:
    for template in TEMPLATES[site.key]:
        assert placeholders(template) <= site.params, template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalogue = translations(lang)
    wanted = {(key, template) for key, templates in TEMPLATES.items() for template in templates}
    assert set(catalogue) == wanted
    for (key, template), text in catalogue.items():
        assert text.strip(), (lang, key)
        assert text != template, (lang, key)
        assert placeholders(text) == placeholders(template), (lang, key, text)


def hold_em(stacks: tuple[int, ...], *, button: int) -> Hand:
    """A no-limit hold'em hand, 100/200 blinds, dealt and waiting for the first action."""
    config = HandConfig(
        game=GAMES["NT"], stacks=stacks, button=button, small_blind=100, big_blind=200
    )
    played = Hand(config)
    deal_pending(played, Deck.shuffled(random.Random(7)))
    return played


def refusal(played: Hand, action: Raise | Call, seat: int) -> Ruling:
    with pytest.raises(IllegalActionError) as refused:
        played.act(action, seat=seat)
    return refused.value.ruling


def assert_translated(ruling: Ruling, number: int) -> None:
    """Each other language gives its own non-empty wording with the ruling's number in it."""
    for lang in TRANSLATED:
        text = render(ruling, lang)
        assert text, lang
        assert text != ruling.message, lang
        assert str(number) in text, (lang, text)


def test_a_below_minimum_raise_refused_by_the_engine_renders_in_every_language() -> None:
    played = hold_em((20_000,) * 3, button=2)
    ruling = refusal(played, Raise(300), seat=2)
    assert ruling.key == "below-min-raise"
    assert render(ruling) == render(ruling, "en") == "the smallest bet or raise here is to 400"
    assert render(ruling, "ru") == "минимальная ставка или рейз здесь — до 400"
    assert_translated(ruling, 400)


def test_an_out_of_turn_refusal_renders_in_every_language() -> None:
    played = hold_em((20_000,) * 9, button=5)  # blinds on seats 6 and 7: seat 8 acts first
    with pytest.raises(OutOfTurnError) as refused:
        played.act(Call(), seat=0)
    ruling = refused.value.ruling
    assert ruling.key == "not-your-turn"
    assert render(ruling) == "seat 8 is to act"
    assert render(ruling, "pl") == "teraz kolej miejsca 8"
    assert_translated(ruling, 8)


def test_a_keys_wordings_are_told_apart_by_the_english_text() -> None:
    """A draw's turn and a betting turn share a key; each gets its own translation."""
    to_act = TDA_2022.ruling("act-in-turn", "not-your-turn", "seat 3 is to act", actor=3)
    to_draw = TDA_2022.ruling("act-in-turn", "not-your-turn", "seat 3 is to draw", actor=3)
    assert english_template(to_act) == "seat {actor} is to act"
    assert english_template(to_draw) == "seat {actor} is to draw"
    assert render(to_act, "fr") == "la parole est au siège 3"
    assert render(to_draw, "fr") == "c'est au siège 3 d'échanger ses cartes"


def test_a_ruling_without_a_template_keeps_its_english_text() -> None:
    unknown = TDA_2022.ruling("general", "no-such-key", "something new happened")
    reworded = TDA_2022.ruling("clock", "clock-expired", "the clock ran out")
    short = TDA_2022.ruling(
        "min-raise", "below-min-raise", "the smallest bet or raise here is to 9"
    )
    for lang in LANGUAGES:
        assert render(unknown, lang) == "something new happened"
        assert render(reworded, lang) == "the clock ran out"
        assert render(short, lang) == short.message  # no min_to param: nothing to fill in


@pytest.mark.parametrize("lang", ["de", "EN", "", "russian"])
def test_an_unknown_language_is_refused(lang: str) -> None:
    ruling = TDA_2022.ruling("clock", "clock-expired", "time ran out")
    with pytest.raises(MalformedInputError) as refused:
        render(ruling, lang)
    assert refused.value.constraint == "lang"


def run_replay(
    capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, list[dict[str, object]]]:
    with pytest.raises(SystemExit) as exit_info:
        main(["hh", "replay", "--json", *args])
    code = exit_info.value.code
    lines = capsys.readouterr().out.splitlines()
    return (code if isinstance(code, int) else 0), [json.loads(line) for line in lines]


@pytest.fixture
def stud_call_before_bring_in(tmp_path: Path) -> Path:
    """Seven-card stud 40-80: the lowest door card calls instead of bringing in (RP-10-E)."""
    bad = tmp_path / "bad.phh"
    bad.write_text(
        'variant = "F7S"\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 40\nbig_bet = 80\n'
        "starting_stacks = [500, 500]\n"
        'actions = ["d dh p1 AsKs2c", "d dh p2 QdQh9c", "p1 cc"]\n',
        encoding="utf-8",
    )
    return bad


@pytest.mark.parametrize(
    ("lang", "error"),
    [
        ("en", "third street is not open yet: bring in or complete to 40"),
        ("ru", "на третьей улице ещё никто не открыл торговлю: бринг-ин или комплит до 40"),
        ("bg", "никой още не е открил залагането на трета улица: бринг-ин или завършване до 40"),
    ],
)
def test_cli_hh_replay_words_the_ruling_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], stud_call_before_bring_in: Path, lang: str, error: str
) -> None:
    code, records = run_replay(capsys, "--lang", lang, str(stud_call_before_bring_in))
    assert code == 1
    assert records == [
        {
            "path": str(stud_call_before_bring_in),
            "index": 0,
            "ok": False,
            "error": error,
            "rule": "tda-2022 RP-10-E",
        }
    ]


def test_cli_hh_replay_refuses_an_unknown_language(
    capsys: pytest.CaptureFixture[str], stud_call_before_bring_in: Path
) -> None:
    code, records = run_replay(capsys, "--lang", "de", str(stud_call_before_bring_in))
    assert code == 2
    assert records[0]["constraint"] == "lang"
