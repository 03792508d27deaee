"""The SVG chart module, run in the browser: scales, ticks, a line's path through every
point, bars in proportion to their values."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page
from tests.web.service import Server

LOAD = "import('/static/common/chart.js')"


@pytest.fixture
def charts(page: Page, server: Server) -> Page:
    page.goto(f"{server.base}/?lang=en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    return page


def run(page: Page, body: str) -> Any:
    """Evaluate ``body`` with the chart module as ``c``."""
    return page.evaluate(f"{LOAD}.then(c => {{ {body} }})")


def test_a_linear_scale_maps_the_domain_onto_the_range(charts: Page) -> None:
    mapped = run(charts, "const s = c.linearScale(0, 200, 300, 100); return [0, 100, 200].map(s);")
    assert mapped == [300, 200, 100]


@pytest.mark.parametrize(
    ("top", "expected"), [(20, [0, 5, 10, 15, 20]), (13_333, [0, 5000, 10000, 15000])]
)
def test_ticks_are_round_and_reach_the_top(charts: Page, top: int, expected: list[int]) -> None:
    assert run(charts, f"return c.niceTicks({top});") == expected


def test_a_line_goes_through_every_point_scaled_to_its_box(charts: Page) -> None:
    points = [{"x": 0, "y": 20}, {"x": 50, "y": 10}, {"x": 100, "y": 0}]
    drawn = run(
        charts,
        f"""const size = {{width: 600, height: 300, font: 10}};
        const svg = c.lineChart({{points: {json.dumps(points)}, size}});
        return {{d: svg.querySelector('path.line').getAttribute('d'),
                 box: svg.getAttribute('viewBox'),
                 ticks: [...svg.querySelectorAll('text.tick.y')].map(t => t.textContent)}};""",
    )
    assert drawn["box"] == "0 0 600 300"
    assert drawn["ticks"] == ["0", "5", "10", "15", "20"]
    xs = [x for x, _ in _pairs(drawn["d"])]
    ys = [y for _, y in _pairs(drawn["d"])]
    left, right, top, bottom = 60, 590, 10, 276  # margins: 6 fonts, 1, 1 and 2.4 fonts
    assert xs == [left, (left + right) / 2, right]
    assert ys == [top, (top + bottom) / 2, bottom]


def _pairs(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in d.replace("M", " ").replace("L", " ").split()]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def test_bars_are_in_proportion_to_their_values(charts: Page) -> None:
    bars = [{"label": "Ivanov", "value": 40_000}, {"label": "Nowak", "value": 10_000}]
    drawn = run(
        charts,
        f"""const svg = c.barChart({{bars: {json.dumps(bars)}, size: {{width: 600, height: 200}}}});
        return [...svg.querySelectorAll('rect.bar')].map(r => [
          Number(r.getAttribute('width')), Number(r.dataset.value)]);""",
    )
    (long, first), (short, second) = drawn
    assert (first, second) == (40_000, 10_000)
    assert long == pytest.approx(4 * short, abs=0.2)
    labels = run(
        charts,
        f"""const svg = c.barChart({{bars: {json.dumps(bars)}}});
        return [...svg.querySelectorAll('text.label')]
          .map(t => [t.textContent, t.hasAttribute('data-raw')]);""",
    )
    assert labels == [["Ivanov", True], ["Nowak", True]]


def test_vertical_bars_of_a_payout_curve_fall_with_the_prizes(charts: Page) -> None:
    payouts = [500, 300, 200]
    bars = [{"label": place, "value": prize} for place, prize in enumerate(payouts, 1)]
    heights = run(
        charts,
        f"""const svg = c.barChart({{bars: {json.dumps(bars)}, horizontal: false}});
        return [...svg.querySelectorAll('rect.bar')].map(r => Number(r.getAttribute('height')));""",
    )
    assert heights == sorted(heights, reverse=True)
    assert heights[0] / heights[2] == pytest.approx(2.5, rel=0.01)


def test_an_empty_chart_draws_nothing(charts: Page) -> None:
    assert run(charts, "return c.lineChart({points: []}).childElementCount;") == 0
    assert run(charts, "return c.barChart({bars: []}).childElementCount;") == 0
