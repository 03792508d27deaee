"""``floorman rules``: the rule profiles, their parameters and how two profiles differ."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from floorman.errors import MalformedInputError
from floorman.rules.catalogue import builtin_catalogues
from floorman.rules.conformance import collect_proofs, problems, render
from floorman.rules.loader import ALL_PARAMETERS, written
from floorman.rules.loader import parameter_value as raw_value
from floorman.rules.profiles import (
    PRESETS,
    PROFILES,
    get_ruleset,
    presets_of,
    resolve_ruleset,
)
from floorman.rules.ruleset import Ruleset

app = typer.Typer(help="Rule profiles: the rulebooks floorman plays by.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON.")]
VenueOption = Annotated[
    Path | None, typer.Option("--venue", help="A venue's house rules (TOML) over its base.")
]


def parameter_value(ruleset: Ruleset, name: str) -> object:
    """A parameter for JSON: booleans and numbers as they are, the rest as the files spell it."""
    value = raw_value(ruleset, name)
    if isinstance(value, bool | int):
        return value
    return written(value)


def _parameters(ruleset: Ruleset) -> list[dict[str, object]]:
    return [
        {"name": name, "value": parameter_value(ruleset, name), "rule": ruleset.sources.get(name)}
        for name in ALL_PARAMETERS
    ]


@app.command("list")
def list_command(as_json: JsonFlag = False) -> None:
    """The built-in profiles (id, rulebook, seed, language), then their presets (event tiers
    and formats), each naming the profile it lays over."""
    rows = [
        {
            "profile": r.id,
            "name": r.name,
            "seed": r.seed,
            "language": r.language,
            "base": r.profile if r.preset else None,
        }
        for r in (*PROFILES.values(), *PRESETS.values())
    ]
    for row in rows:
        if as_json:
            typer.echo(json.dumps(row, ensure_ascii=False))
        else:
            typer.echo(f"{row['profile']:<26} {row['language']}  {row['name']}")


@app.command("show")
def show_command(
    profile: Annotated[str, typer.Argument(help="Profile id (see `floorman rules list`).")],
    rule: Annotated[str | None, typer.Argument(help="A rule of the profile, e.g. R47-A.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the summary.")] = "en",
    venue: VenueOption = None,
    as_json: JsonFlag = False,
) -> None:
    """A profile's parameters, each with the rule it comes from; or one rule's summary."""
    ruleset = resolve_ruleset(profile, venue)
    if rule is not None:
        _show_rule(ruleset, rule, lang, as_json)
        return
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "profile": ruleset.id,
                    "name": ruleset.name,
                    "parameters": _parameters(ruleset),
                    "refs": dict(ruleset.refs),
                },
                ensure_ascii=False,
            )
        )
        return
    typer.echo(f"{ruleset.id}: {ruleset.name}")
    for row in _parameters(ruleset):
        typer.echo(f"  {row['name']:<28} {written(row['value']):<22} {row['rule'] or ''}")


def _show_rule(ruleset: Ruleset, rule_id: str, lang: str, as_json: bool) -> None:
    """One catalogue entry: title, status, tags and the summary in the chosen language (a
    preset shows its rulebook's rule)."""
    book = ruleset.profile
    catalogue = builtin_catalogues({book: ruleset.language}).get(book)
    entry = catalogue.get(rule_id) if catalogue is not None else None
    if entry is None:
        raise MalformedInputError(
            f"{book} has no rule {rule_id!r} in its catalogue", constraint="rule"
        )
    if lang not in entry.summary:
        languages = ", ".join(sorted(entry.summary))
        raise MalformedInputError(
            f"{book} {rule_id} is summarised in {languages}, not {lang!r}",
            constraint="lang",
        )
    record = {
        "profile": book,
        "rule": entry.id,
        "title": entry.title,
        "tags": list(entry.tags),
        "status": entry.status.value,
        "summary": entry.summary[lang],
        "note": entry.note,
    }
    if as_json:
        typer.echo(json.dumps(record, ensure_ascii=False))
        return
    typer.echo(f"{book} {entry.id}: {entry.title} [{entry.status.value}]")
    typer.echo(entry.summary[lang])
    if entry.note:
        typer.echo(f"note: {entry.note}")


@app.command("diff")
def diff_command(
    first: Annotated[str, typer.Argument(help="A profile id.")],
    second: Annotated[str, typer.Argument(help="Another profile id.")],
    as_json: JsonFlag = False,
) -> None:
    """The parameters two profiles set differently, each side with its rule."""
    a, b = get_ruleset(first), get_ruleset(second)
    for name in ALL_PARAMETERS:
        left, right = parameter_value(a, name), parameter_value(b, name)
        if left == right:
            continue
        row = {
            "name": name,
            first: {"value": left, "rule": a.sources.get(name)},
            second: {"value": right, "rule": b.sources.get(name)},
        }
        if as_json:
            typer.echo(json.dumps(row, ensure_ascii=False))
        else:
            typer.echo(
                f"{name}: {first} {written(left)} ({a.sources.get(name)})"
                f" / {second} {written(right)} ({b.sources.get(name)})"
            )


@app.command("conformance")
def conformance_command(
    check: Annotated[
        bool, typer.Option("--check", help="Fail if a document is out of date; write nothing.")
    ] = False,
    tests: Annotated[Path, typer.Option(help="The tests folder.")] = Path("tests"),
    docs: Annotated[Path, typer.Option(help="Where the documents go.")] = Path("docs/conformance"),
) -> None:
    """Build docs/conformance/PROFILE.md from the rule catalogues and the tests' rule markers."""
    languages = {p.profile: p.language for p in PROFILES.values()}
    catalogues = builtin_catalogues(languages)
    proofs = collect_proofs(tests)
    failures = problems(catalogues, PROFILES, proofs)
    for profile, catalogue in catalogues.items():
        if profile not in PROFILES:
            continue
        path = docs / f"{profile}.md"
        text = render(PROFILES[profile], catalogue, proofs, presets_of(profile))
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if check:
            failures.append(f"{path} is out of date: run `floorman rules conformance`")
        else:
            path.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {path}")
    for failure in failures:
        typer.echo(f"error: {failure}", err=True)
    if failures:
        raise typer.Exit(1)
