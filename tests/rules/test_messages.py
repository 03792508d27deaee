"""Ruling messages in five languages (issue 4): templates, gettext catalogues, ``hh replay``.

The keys are found by reading the engine's source, so a new ruling without a template (or a
template left behind by a removed ruling) fails here rather than reaching a player in English.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from ruling_sites import Site, sites, template_skeleton, template_tables

from floorman.cards.deck import Deck
from floorman.cli.app import main
from floorman.engine import GAMES, Call, Hand, HandConfig, Raise
from floorman.engine.dealer import deal_pending
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError
from floorman.rules.message_templates import TEMPLATES
from floorman.rules.messages import (
    LANGUAGES,
    english_template,
    placeholders,
    render,
    translations,
)
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruling import Ruling
from floorman.tournament.desk.entry_rules import check_age
from floorman.tournament.officials.penalties import Penalty, PenaltyKind, check_power
from floorman.tournament.officials.penalty_catalogue import load_catalogue

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
SITES = tuple(sites())

ENGLISH_ONLY = frozenset(
    {
        "add-on-window",  # tournament/desk/rebuys.py passes no params for its two levels yet
    }
)
"""Keys with a call whose worded message no template of theirs can be filled to. A new one
fails the test below: give the call its params (or add the template it needs)."""

COMPOSED = frozenset({"bring-in-due", "limit-bet-size", "stub-reshuffled", "penalty-power"})
"""Keys whose message is put together from parts (a variable, a conditional tail), so its
shape cannot be read at the call; each wording it can take is a template of its own."""


def test_every_ruling_key_in_the_source_has_a_template_in_every_language() -> None:
    used = {site.key for site in SITES}
    assert len(used) >= 40  # the scan found the engine's and the tournament's rulings
    assert sorted(used - set(TEMPLATES)) == []
    for lang in TRANSLATED:
        catalogue = translations(lang)
        lacking = {key for key in used for t in TEMPLATES[key] if (key, t) not in catalogue}
        assert sorted(lacking) == [], lang


@pytest.mark.parametrize("site", [s for s in SITES if s.fixed], ids=lambda site: site.where)
def test_a_fixed_message_is_a_template_of_its_key(site: Site) -> None:
    assert site.skeleton in TEMPLATES[site.key]


@pytest.mark.parametrize(
    "site", [s for s in SITES if not s.fixed and not s.templated], ids=lambda site: site.where
)
def test_a_worded_message_has_a_template_its_params_fill(site: Site) -> None:
    """Each value the text shows is a param the template names, so every language can say
    it; the known exceptions are :data:`ENGLISH_ONLY` and :data:`COMPOSED`."""
    given = site.params or frozenset()
    fitting = [
        template
        for template in TEMPLATES[site.key]
        if template_skeleton(template) == site.skeleton and placeholders(template) <= given
    ]
    known = ENGLISH_ONLY | COMPOSED
    assert fitting or site.key in known, (site.key, site.skeleton, sorted(given))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalogue = translations(lang)
    wanted = {(key, template) for key, templates in TEMPLATES.items() for template in templates}
    assert set(catalogue) == wanted
    for (key, template), text in catalogue.items():
        assert text.strip(), (lang, key)
        assert text != template, (lang, key)
        assert placeholders(text) == placeholders(template), (lang, key, text)


def test_every_other_template_table_is_a_set_of_translated_templates() -> None:
    """The live table words its rulings from its own table; each wording must be one of ours,
    or it renders in English."""
    for where, table in template_tables().items():
        missing = {k: t for k, t in table.items() if t not in TEMPLATES.get(k, ())}
        assert missing == {}, where


def refused(making: Callable[[], object]) -> Ruling:
    with pytest.raises(IllegalActionError) as caught:
        making()
    return caught.value.ruling


def test_tournament_refusals_render_in_every_language() -> None:
    """A too-young entrant (Belarus 1.1), a penalty beyond a judge's power (Belarus 7.2.2) and
    one beyond the limit (Poland §7.2.2), each in the rulebook's language and the others."""
    young = refused(
        lambda: check_age(date(2010, 5, 1), date(2026, 4, 1), 17, profile="b", rule="1.1")
    )
    assert render(young, "ru") == "участникам должно быть не меньше 17 лет; этому игроку 15"
    assert_translated(young, 15)
    dq = Penalty(kind=PenaltyKind.DISQUALIFICATION)
    power = refused(lambda: check_power(load_catalogue("belarus-sport"), "judge", dq))
    assert english_template(power) == (
        "a {role} may not give a {kind} penalty; that is for the {holder}"
    )
    assert render(power, "pl").endswith("; to należy do chief-judge")
    limit = Penalty(kind=PenaltyKind.MISSED_HANDS, amount=4)
    too_many = refused(lambda: check_power(load_catalogue("poland-pzp"), "director", limit))
    assert render(too_many, "fr") == "une pénalité « missed-hands » est de 3 au plus, pas 4"
    assert_translated(too_many, 4)


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
