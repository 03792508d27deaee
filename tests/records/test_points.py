"""The points language: reading, computing, refusing, and printing back."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.records.sim_data import simulated

from floorman.errors import MalformedInputError
from floorman.records.points import (
    FUNCTIONS,
    MAX_DEPTH,
    MAX_LENGTH,
    VARIABLES,
    Binary,
    Call,
    Formula,
    FormulaError,
    Node,
    Num,
    Unary,
    Var,
    evaluate,
    parse,
    to_text,
)
from floorman.records.points_presets import PRESETS, finish_values, preset
from floorman.records.results import results_from_events
from floorman.records.results_document import results_document

FINISH = dict.fromkeys(VARIABLES, 0.0) | {"entrants": 100, "place": 4, "knockouts": 2}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("2 ^ 3 ^ 2", 512),
        ("2 ** 3", 8),
        ("-2 ^ 2", -4),
        ("7 % 4", 3),
        ("10 / 4", 2.5),
        ("place == 4 and entrants > 50", 1),
        ("not place < 4 or 0", 1),
        ("if(place <= 3, 100, 10)", 10),
        ("if(1, 5, 1 / 0)", 5),  # only the branch taken is computed
        ("pick(place, 50, 40, 30, 20, 10)", 20),
        ("pick(place, 50, 40)", 0),
        ("min(3, place, 9) + max(1, knockouts)", 5),
        ("round(10 * sqrt(entrants / place), 2)", 50),
        ("round(2.5) + round(3.14159, 2)", 5.14),
        ("log(exp(2)) + log(8, 2) + log10(1000)", 8),
        ("floor(2.7) + ceil(2.1) + abs(-1)", 6),
        ("1e2 + .5", 100.5),
    ],
)
def test_formula_values(text: str, value: float) -> None:
    assert Formula.parse(text).points(FINISH) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "constraint", "column"),
    [
        ("1 +", "formula-syntax", 4),
        ("(1 + 2", "formula-syntax", 7),
        ("1 2", "formula-syntax", 3),
        ("place $ 2", "formula-syntax", 7),
        ("bankroll * 2", "formula-name", 1),
        ("2 * system(1)", "formula-name", 5),
        ("__import__(1)", "formula-name", 1),
        ("open('x')", "formula-syntax", 6),
        ("sqrt(1, 2)", "formula-syntax", 1),
        ("if(1, 2)", "formula-syntax", 1),
        ("max()", "formula-syntax", 1),
    ],
)
def test_bad_formulas_are_refused_naming_the_column(
    text: str, constraint: str, column: int
) -> None:
    with pytest.raises(FormulaError) as caught:
        Formula.parse(text)
    assert caught.value.constraint == constraint
    assert caught.value.column == column
    assert isinstance(caught.value, MalformedInputError)


@pytest.mark.parametrize("text", ["1 / (place - 4)", "sqrt(-place)", "log(0)", "exp(1000)"])
def test_arithmetic_without_an_answer_is_refused_when_computed(text: str) -> None:
    formula = Formula.parse(text)
    with pytest.raises(FormulaError) as caught:
        formula.points(FINISH)
    assert caught.value.constraint == "formula-math"


def test_formulas_are_limited_in_length_and_depth() -> None:
    with pytest.raises(FormulaError) as long:
        Formula.parse("1+" * (MAX_LENGTH // 2) + "1")
    assert long.value.constraint == "formula-limit"
    with pytest.raises(FormulaError) as deep:
        Formula.parse("(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1))
    assert deep.value.constraint == "formula-limit"
    assert Formula.parse("(" * (MAX_DEPTH - 1) + "1" + ")" * (MAX_DEPTH - 1)).points({}) == 1


def test_a_variable_without_a_value_is_refused() -> None:
    with pytest.raises(FormulaError) as caught:
        Formula.parse("place + 1").points({})
    assert caught.value.constraint == "formula-name"


def _nodes() -> st.SearchStrategy[Node]:
    leaves: st.SearchStrategy[Node] = st.one_of(
        st.builds(Num, st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)),
        st.builds(Var, st.sampled_from(sorted(VARIABLES))),
    )

    def grow(children: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
        strict = [n for n in FUNCTIONS if n not in ("if", "pick")]
        return st.one_of(
            st.builds(Unary, st.sampled_from(["-", "+", "not"]), children),
            st.builds(
                Binary,
                st.sampled_from(["+", "-", "*", "/", "%", "^", "<", "<=", "==", "!=", "and", "or"]),
                children,
                children,
            ),
            st.builds(
                Call, st.sampled_from(strict), st.lists(children, min_size=1, max_size=1).map(tuple)
            ),
            st.builds(Call, st.just("if"), st.tuples(children, children, children)),
            st.builds(Call, st.just("pick"), st.lists(children, min_size=2, max_size=4).map(tuple)),
        )

    return st.recursive(leaves, grow, max_leaves=12)


def _outcome(node: Node, values: dict[str, float]) -> object:
    try:
        return evaluate(node, values)
    except FormulaError as error:
        return error.constraint


@settings(max_examples=300, deadline=None)
@given(
    node=_nodes(),
    values=st.fixed_dictionaries(
        {name: st.integers(min_value=0, max_value=200).map(float) for name in VARIABLES}
    ),
)
def test_random_trees_printed_and_read_back_compute_the_same(
    node: Node, values: dict[str, float]
) -> None:
    text = to_text(node)
    if len(text) > MAX_LENGTH:
        return
    again = parse(text)
    first, second = _outcome(node, values), _outcome(again, values)
    if isinstance(first, float) and isinstance(second, float):
        assert first == second or (math.isnan(first) and math.isnan(second))
    else:
        assert first == second
    assert to_text(again) == text


def test_every_preset_scores_every_finish_of_an_event() -> None:
    results = results_from_events(simulated().events)
    for name in PRESETS:
        formula = preset(name)
        scores = {s.entry: formula.points(finish_values(results, s)) for s in results.standings}
        winner = results.standings[0].entry
        assert scores[winner] == max(scores.values()), name
        assert all(v >= 0 for v in scores.values()), name


def test_sqrt_preset_values() -> None:
    formula = preset("sqrt")
    assert formula.points({"entrants": 100, "place": 1}) == 100
    assert formula.points({"entrants": 100, "place": 10}) == pytest.approx(31.62)


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(MalformedInputError) as caught:
        preset("secret")
    assert caught.value.constraint == "points-preset"


def test_results_document_shows_points_beside_prizes() -> None:
    results = results_from_events(simulated().events)
    table = results_document(results, points="sqrt").sections[0].table
    assert table is not None
    assert table.columns[3] == "Points"
    assert table.rows[0][3] == "34.64"  # 10 * sqrt(12 / 1)
