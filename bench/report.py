"""Results as sections of rows and targets, printed with Rich and written as Markdown."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bench.config import Config


@dataclass(frozen=True, slots=True)
class Target:
    """One requirement: what was measured against the goal, and whether it was met."""

    label: str
    measured: str
    goal: str
    passed: bool | None  # None: could not be measured (a module missing, an error)

    @property
    def verdict(self) -> str:
        if self.passed is None:
            return "N/A"
        return "PASS" if self.passed else "FAIL"


@dataclass(slots=True)
class Section:
    """One benchmark's results: a table of rows, the targets it checks, and notes."""

    key: str
    title: str
    intro: str
    columns: tuple[str, ...] = ()
    rows: list[tuple[str, ...]] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    left: int = 1  # how many leading columns hold text (left-aligned in Markdown)


@dataclass(frozen=True, slots=True)
class Report:
    config: Config
    machine: list[tuple[str, str]]
    sections: list[Section]
    seconds: float


# --- number formatting ---------------------------------------------------------------------


def rate(per_second: float) -> str:
    """A rate per second with an SI prefix: ``1.65 M/s``."""
    for factor, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if per_second >= factor:
            return f"{per_second / factor:.3g} {prefix}/s"
    return f"{per_second:.3g} /s"


def ratio(value: float) -> str:
    """A ratio of two rates: ``19.1×``, ``0.81×``, ``0.00188×``."""
    if value >= 100:
        return f"{value:,.0f}×"
    if value >= 10:
        return f"{value:.1f}×"
    return f"{value:.3g}×"


def seconds(value: float) -> str:
    """A duration: ``31.2 ms`` below a second, ``1.09 s`` above."""
    if value < 1e-3:
        return f"{value * 1e6:.1f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def count(value: int) -> str:
    return f"{value:,}"


# --- Rich ----------------------------------------------------------------------------------


def _plain(cell: str) -> Text:
    return Text(cell.replace("`", ""))


def _verdict(target: Target) -> Text:
    style = {"PASS": "bold green", "FAIL": "bold red"}.get(target.verdict, "yellow")
    return Text(target.verdict, style=style)


def print_section(console: Console, section: Section) -> None:
    """Print one section as it finishes: its table, then its targets."""
    console.rule(f"[bold]{section.title}")
    if section.rows:
        table = Table(show_lines=False, header_style="bold cyan")
        for i, column in enumerate(section.columns):
            table.add_column(column, justify="left" if i < section.left else "right")
        for row in section.rows:
            table.add_row(*(_plain(cell) for cell in row))
        console.print(table)
    else:
        console.print(_plain(section.intro))
    if section.targets:
        targets = Table(header_style="bold cyan")
        for column in ("Target", "Measured", "Goal", "Result"):
            targets.add_column(column)
        for target in section.targets:
            targets.add_row(_plain(target.label), target.measured, target.goal, _verdict(target))
        console.print(targets)
    for note in section.notes:
        console.print(_plain(f"• {note}"), style="dim")


def print_summary(console: Console, report: Report) -> None:
    console.rule("[bold]Summary")
    table = Table(header_style="bold cyan")
    for column in ("Benchmark", "Target", "Measured", "Goal", "Result"):
        table.add_column(column)
    for section, target in _all_targets(report.sections):
        table.add_row(
            _plain(section.title),
            _plain(target.label),
            target.measured,
            target.goal,
            _verdict(target),
        )
    console.print(table)
    console.print(f"Total run time {seconds(report.seconds)}.")


# --- Markdown ------------------------------------------------------------------------------

HOW_TO_RUN = """\
```sh
make bench                                   # = .venv/bin/python -m bench
.venv/bin/python -m bench --quick            # smaller samples, a smoke run of every benchmark
.venv/bin/python -m bench --output PATH      # write this report elsewhere
```

A full run takes several minutes on a 2-core machine (the PostgreSQL cluster section, which
starts its own server, about seven; the 100,000-entrant simulation up to four) and rewrites
this file; the numbers below are from the last full run on the machine described in
*Machine*."""

METHOD = """\
* **Same hands for everyone.** One seeded generator deals {batch_hands} random 7-card hands
  (ints `4 * rank + suit`) per run. The batch benchmark uses all of them; the scalar benchmarks
  use a prefix of the same array ({scalar_hands} hands for the fast evaluators, the first
  {treys_hands} for treys and {pokerkit_hands} for PokerKit, which are much slower). Rates are
  per call, so a shorter prefix changes the noise, not the rate.
* **Fair inputs.** Each peer's own card objects (eval7 `Card`s, treys int codes, PokerKit
  `Card`s, phevaluator ints, which use the same numbering as floorman) are built before timing;
  only the evaluation calls are timed, in a plain `for` loop with the function bound to a local.
* **Checked answers.** Outside the timed loops every evaluator's results are compared with
  floorman's on up to {agreement_hands} hands: consecutive hands must be ordered the same way
  (which hand wins, or a tie). The batch evaluator must equal the scalar one, the 7-card
  enumeration must reproduce the textbook category counts, and exact equities must equal an
  exhaustive enumeration done with eval7 (Hold'em) or phevaluator (Omaha).
* **Best of N, interleaved.** Each measurement is warmed up once, then timed {repeat} times
  (slow peers {slow_repeat} times) with `time.perf_counter` and the garbage collector paused, as
  `timeit` does; the best time is kept, because on a shared machine noise only ever adds time.
  The contenders of one table are timed round-robin (one call of each per round), so a burst
  of load from another process hits every contender rather than one, and the ratios stay
  meaningful. Other processes may be running: differences of a few per cent are noise.
* **The peers.** [eval7](https://pypi.org/project/eval7/) is a Cython/C extension (Keith Rule's
  lookup-table evaluator); [treys](https://pypi.org/project/treys/) is pure Python (Cactus Kev's
  prime-product method); [phevaluator](https://pypi.org/project/phevaluator/) is a C extension
  (perfect-hash evaluator); its public `evaluate_cards` converts each argument in Python before
  calling C, and its private C entry point `_pheval.evaluate_7cards` is shown for information.
  [PokerKit](https://pypi.org/project/pokerkit/) is pure Python and builds a hand object per
  call. floorman's scalar evaluator is pure Python (table lookups on a summed key); its batch
  evaluator, enumerator and equity use NumPy.
* **Equity.** floorman's exact equity enumerates all boards. eval7 has no exact preflop
  equity (`py_hand_vs_range_exact` only scores a complete board), so it is shown with its C
  Monte Carlo (`py_hand_vs_range_monte_carlo`, as many samples as there are boards) and with an
  exhaustive Python loop over `itertools.combinations` calling `eval7.evaluate`, which is also
  the reference answer. PokerKit's `calculate_equities` is Monte Carlo only, timed with
  {pokerkit_samples} samples. For Omaha the reference is a Python loop over all runouts calling
  phevaluator's C `evaluate_omaha_cards`. Rates are boards (or samples) per second.
* **Hand engine.** Both engines play 6-max tables with 100 big blinds (stud: 100 small bets)
  each, a deck shuffled per hand and a showdown judged whenever two or more players are left.
  The random policy is floorman's `floorman.sim.random_play.choose`, written once more for
  PokerKit (`bench/engine_tables.py`, checked draw for draw against floorman's in
  `tests/bench`): when a raise is offered, raise 30% of the time, to the minimum (40%), the
  maximum (15%) or a uniform size (limit games: either offered size at even odds); facing a
  bet, fold when the roll is below 0.45; else check or call. floorman is driven through
  `play_random_hand` ({engine_hands} hands per timed run, the dealer dealing from a `Deck`);
  PokerKit through its `State` with every dealer chore automated (antes, blinds, burning,
  dealing, bet collection, showing or mucking, hand killing, chip pushing and pulling) and the
  choices made with `can_fold`, `check_or_call`, `fold` and `complete_bet_or_raise_to`
  ({engine_pokerkit_hands} hands per timed run). Every repeat plays the same hands (seeded
  generators, PokerKit's module-level one included). An untimed pass over the same hands
  counts the players' actions and the showdowns, so a reader can check that the two engines
  played alike. PHH replay uses every hand of `tests/io/data` that floorman replays to the end
  and PokerKit finishes with the same stacks, as PHH text written by floorman: the timed rows
  replay hands parsed beforehand (floorman `replay`, PokerKit iterating a `HandHistory`), the
  information rows parse and replay."""


def _escape(cell: str) -> str:
    return cell.replace("|", "\\|")


def _markdown_table(
    columns: Iterable[str], rows: Iterable[Iterable[str]], *, left: int = 1
) -> list[str]:
    """A Markdown table whose first ``left`` columns are left-aligned, the rest right-aligned."""
    columns = list(columns)
    lines = [
        "| " + " | ".join(_escape(c) for c in columns) + " |",
        "| " + " | ".join(":---" if i < left else "---:" for i in range(len(columns))) + " |",
    ]
    lines += ["| " + " | ".join(_escape(c) for c in row) + " |" for row in rows]
    return lines


def _all_targets(sections: Iterable[Section]) -> list[tuple[Section, Target]]:
    return [(section, target) for section in sections for target in section.targets]


def _bold_verdict(target: Target) -> str:
    return f"**{target.verdict}**"


def render_markdown(report: Report) -> str:
    c = report.config
    lines = [
        "# Benchmarks",
        "",
        "floorman's card layer and hand engine against peer libraries, measured on the same "
        "random hands in one run. Generated by `make bench` (`python -m bench`); do not edit by "
        "hand.",
        "",
    ]
    if c.quick:
        lines += ["> **Quick run** (`--quick`): small samples, numbers are rough.", ""]
    lines += ["## How to run", "", HOW_TO_RUN, "", "## Summary", ""]
    lines += _markdown_table(
        ("Benchmark", "Target", "Measured", "Goal", "Result"),
        (
            (s.title, t.label, t.measured, t.goal, _bold_verdict(t))
            for s, t in _all_targets(report.sections)
        ),
        left=2,
    )
    lines += ["", f"Total run time {seconds(report.seconds)}.", "", "## Machine", ""]
    lines += _markdown_table(("", "Value"), report.machine, left=2)
    for section in report.sections:
        lines += ["", f"## {section.title}", "", section.intro, ""]
        if section.rows:
            lines += [*_markdown_table(section.columns, section.rows, left=section.left), ""]
        if section.targets:
            lines += _markdown_table(
                ("Target", "Measured", "Goal", "Result"),
                ((t.label, t.measured, t.goal, _bold_verdict(t)) for t in section.targets),
            )
            lines.append("")
        lines += [f"* {note}" for note in section.notes]
        if section.notes:
            lines.append("")
    lines += [
        "",
        "## Method",
        "",
        METHOD.format(
            batch_hands=count(c.batch_hands),
            scalar_hands=count(c.scalar_hands),
            treys_hands=count(c.treys_hands),
            pokerkit_hands=count(c.pokerkit_hands),
            agreement_hands=count(c.agreement_hands),
            repeat=c.repeat,
            slow_repeat=c.slow_repeat,
            pokerkit_samples=count(c.pokerkit_samples),
            engine_hands=count(c.engine_hands),
            engine_pokerkit_hands=count(c.engine_pokerkit_hands),
        ),
        "",
    ]
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text


def write_markdown(report: Report, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_markdown(report), encoding="utf-8")
