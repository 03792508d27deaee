"""Rule catalogues and the generated conformance documents (issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.errors import MalformedInputError
from floorman.rules.catalogue import Catalogue, Status, builtin_catalogues, parse_catalogue
from floorman.rules.conformance import collect_proofs, problems, render
from floorman.rules.profiles import PROFILES, TDA_2022, presets_of

ROOT = Path(__file__).parents[2]
LANGUAGES = {p.profile: p.language for p in PROFILES.values()}

CATALOGUE = """\
profile = "tda-2022"

[[rule]]
id = "R47"
title = "Reopening the bet"
tags = ["engine"]
status = "implemented"
summary = { en = "Short all-ins reopen only when they add up to a full raise.", ru = "..." }

[[rule]]
id = "R1"
title = "Floor decisions"
tags = ["officials"]
status = "recorded"
summary = { en = "The TD decides in the best interest of the game.", ru = "..." }
note = "rulings are recorded with the hand"
"""


def test_every_built_in_catalogue_parses_and_belongs_to_a_profile() -> None:
    catalogues = builtin_catalogues(LANGUAGES)
    for profile, catalogue in catalogues.items():
        assert profile in PROFILES
        assert catalogue.rules


def test_conformance_documents_are_up_to_date_and_claim_only_proved_rules() -> None:
    catalogues = builtin_catalogues(LANGUAGES)
    proofs = collect_proofs(ROOT / "tests")
    assert problems(catalogues, PROFILES, proofs) == []
    for profile, catalogue in catalogues.items():
        document = ROOT / "docs" / "conformance" / f"{profile}.md"
        assert document.read_text(encoding="utf-8") == render(
            PROFILES[profile], catalogue, proofs, presets_of(profile)
        ), f"{document} is out of date: run `floorman rules conformance`"


def test_proofs_are_read_from_markers_on_tests_and_modules(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pytest\n"
        'pytestmark = [pytest.mark.slow, pytest.mark.rules("tda-2022 R1")]\n'
        '@pytest.mark.rules("tda-2022 R47", "belarus-sport 4.9.8")\n'
        "def test_a():\n    pass\n"
        "def test_b():\n    pass\n"
        "def helper():\n    pass\n",
        encoding="utf-8",
    )
    proofs = collect_proofs(tests)
    assert proofs == {
        "tda-2022 R1": ["tests/test_x.py::test_a", "tests/test_x.py::test_b"],
        "tda-2022 R47": ["tests/test_x.py::test_a"],
        "belarus-sport 4.9.8": ["tests/test_x.py::test_a"],
    }


def test_an_implemented_rule_without_a_proving_test_is_a_problem() -> None:
    catalogue = parse_catalogue(CATALOGUE, source="c.toml", language="ru")
    assert problems({"tda-2022": catalogue}, PROFILES, {}) == [
        "tda-2022 R47 is marked implemented but no test proves it"
    ]
    proved = {"tda-2022 R47": ["tests/t.py::test_r47"]}
    assert problems({"tda-2022": catalogue}, PROFILES, proved) == []


def test_a_test_proving_an_unlisted_rule_or_unknown_profile_is_a_problem() -> None:
    catalogue = parse_catalogue(CATALOGUE, source="c.toml", language="ru")
    proofs = {
        "tda-2022 R47": ["t::a"],
        "tda-2022 R99": ["t::b"],
        "wsop R1": ["t::c"],
    }
    found = problems({"tda-2022": catalogue}, PROFILES, proofs)
    assert found == [
        "t::b proves tda-2022 R99, which the catalogue does not list",
        "t::c proves 'wsop R1', but 'wsop' is not a profile",
    ]


def test_render_lists_parameters_and_rules_with_their_tests() -> None:
    catalogue = parse_catalogue(CATALOGUE, source="c.toml", language="ru")
    text = render(TDA_2022, catalogue, {"tda-2022 R47": ["tests/e.py::test_tda_r47_reopen"]})
    assert "| `cap_lift` | `tournament-heads-up` | R48 |" in text
    assert "| R47 | engine | implemented | **Reopening the bet**: Short all-ins" in text
    assert "`test_tda_r47_reopen`" in text
    assert "*rules are recorded with the hand*" not in text
    assert "*rulings are recorded with the hand*" in text
    assert "1 implemented, 1 recorded, 0 not-applicable, 0 not-yet." in text


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (('status = "recorded"', 'status = "maybe"'), "status must be one of"),
        (('tags = ["officials"]', 'tags = ["players"]'), "tags must be some of"),
        (('note = "rulings are recorded with the hand"\n', ""), "needs a note"),
        ((', ru = "..." }', " }"), "summary needs en and ru"),
        (('id = "R1"', 'id = "R47"'), "listed twice"),
    ],
)
def test_bad_catalogue_entries_are_refused(change: tuple[str, str], words: str) -> None:
    text = CATALOGUE.replace(*change)
    assert text != CATALOGUE
    with pytest.raises(MalformedInputError, match=words):
        parse_catalogue(text, source="c.toml", language="ru")


def test_catalogue_lookup_by_id() -> None:
    catalogue = parse_catalogue(CATALOGUE, source="c.toml", language="ru")
    assert isinstance(catalogue, Catalogue)
    rule = catalogue.get("R1")
    assert rule is not None
    assert rule.status is Status.RECORDED
    assert catalogue.get("R2") is None


DECISION = """
[[decision]]
id = "A6"
topic = "Several odd chips"
decision = "One each, clockwise from the button's left."
reason = "The rule speaks of one chip; one each is the digest's default."
rules = ["R47"]
"""


def test_decisions_on_ambiguities_are_listed_with_their_reasons() -> None:
    catalogue = parse_catalogue(CATALOGUE + DECISION, source="c.toml", language="ru")
    assert [d.id for d in catalogue.decisions] == ["A6"]
    text = render(TDA_2022, catalogue, {"tda-2022 R47": ["t::a"]})
    assert "## Decisions on ambiguities" in text
    assert "| A6 | Several odd chips | One each, clockwise from the button's left. |" in text


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (('rules = ["R47"]', 'rules = ["R99"]'), "not in the catalogue"),
        (('reason = "The rule speaks', 'why = "The rule speaks'), "only the keys"),
        (('topic = "Several odd chips"', 'topic = ""'), "non-empty strings"),
    ],
)
def test_bad_decisions_are_refused(change: tuple[str, str], words: str) -> None:
    text = CATALOGUE + DECISION.replace(*change)
    with pytest.raises(MalformedInputError, match=words):
        parse_catalogue(text, source="c.toml", language="ru")
