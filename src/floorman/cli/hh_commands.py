"""``floorman hh``: hand histories (PHH) replayed and inspected under a rule profile."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, cast

import typer

from floorman.engine.phase import Phase
from floorman.errors import FloormanError, IllegalActionError
from floorman.io.phh import PhhHand, loads, loads_all
from floorman.io.phh_replay import Replay, replay
from floorman.io.phh_units import Scaled, loads_all_scaled, loads_scaled, split_notes
from floorman.io.pokerstars_read import StarsHand, read_pokerstars
from floorman.rules.messages import LANGUAGES, check_language, render
from floorman.rules.profiles import resolve_ruleset
from floorman.rules.ruleset import Ruleset

app = typer.Typer(
    help="Hand histories: PHH replayed and inspected; PokerStars text read back.",
    no_args_is_help=True,
)

ProfileOption = Annotated[str, typer.Option("--profile", help="Rule profile id.")]
VenueOption = Annotated[
    Path | None, typer.Option("--venue", help="A venue's house rules (TOML) over its base profile.")
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON.")]
LangOption = Annotated[
    str, typer.Option("--lang", help=f"Language of rulings: {' '.join(LANGUAGES)}.")
]


def _files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs"))
        else:
            yield path


def _hands(file: Path) -> list[PhhHand]:
    text = file.read_text(encoding="utf-8")
    return loads_all(text) if file.suffix == ".phhs" else [loads(text)]


def _scaled_hands(file: Path) -> list[Scaled]:
    """The file's hands with decimal amounts read in whole units (:mod:`floorman.io.phh_units`)."""
    text = file.read_text(encoding="utf-8")
    return loads_all_scaled(text) if file.suffix == ".phhs" else [loads_scaled(text)]


@app.command("replay")
def replay_command(
    paths: Annotated[list[Path], typer.Argument(help="PHH files (.phh, .phhs) or folders.")],
    profile: ProfileOption = "tda-2022",
    venue: VenueOption = None,
    as_json: JsonFlag = False,
    lang: LangOption = "en",
) -> None:
    """Replay every hand and print its finishing stacks, or the rule it broke. Decimal amounts
    (cents, half chips) are replayed in whole units and reported in the file's own."""
    check_language(lang)
    rules = resolve_ruleset(profile, venue)
    failures = 0
    for file in _files(paths):
        try:
            hands = _scaled_hands(file)
        except (OSError, FloormanError) as error:
            failures += 1
            _emit({"path": str(file), "index": None, "ok": False, "error": str(error)}, as_json)
            continue
        for index, phh in enumerate(hands):
            record = _replay_one(phh, rules, lang)
            failures += not record["ok"]
            _emit({"path": str(file), "index": index, **record}, as_json)
    if failures:
        raise typer.Exit(1)


def _replay_one(scaled: Scaled, rules: Ruleset, lang: str) -> dict[str, object]:
    """One hand's record, amounts in the file's units; a ruling is worded in ``lang``, its rule
    id stays as cited."""
    try:
        result = replay(scaled.hand, rules, smallest_chip=scaled.chip)
    except IllegalActionError as error:
        return {"ok": False, "error": render(error.ruling, lang), "rule": str(error.ruling.rule)}
    except FloormanError as error:
        return {"ok": False, "error": str(error), "rule": None}
    if not result.hand.is_over:
        return {"ok": False, "error": "the hand history ends before the hand does", "rule": None}
    stacks = [scaled.in_file_units(s) for s in result.finishing_stacks]
    record: dict[str, object] = {"ok": True, "finishing_stacks": stacks}
    notes = list(result.notes)
    if scaled.scale > 1:
        notes.insert(
            0,
            f"amounts read in units of 1/{scaled.scale}, played in units of "
            f"{scaled.in_file_units(scaled.chip)}",
        )
        notes += split_notes(scaled, result.finishing_stacks, _odd_chip_rule(rules, result))
    if notes:
        record["notes"] = notes
    return record


def _odd_chip_rule(rules: Ruleset, result: Replay) -> str:
    """The rule that places an odd chip in this game (TDA R20-A in flop games, R20-B in stud)."""
    name = "odd_chip_stud" if result.hand.config.game.is_stud else "odd_chip_flop"
    return f"{rules.profile} {rules.sources.get(name, rules.cite('odd-chip').rule)}"


def _emit(record: dict[str, object], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(record))
    elif record["ok"]:
        typer.echo(f"{record['path']}[{record['index']}]: {record['finishing_stacks']}")
        for note in cast("list[str]", record.get("notes", [])):
            typer.echo(f"  note: {note}")
    else:
        rule = f" ({record['rule']})" if record.get("rule") else ""
        typer.echo(f"{record['path']}[{record['index']}]: {record['error']}{rule}")


@app.command("options")
def options_command(
    file: Annotated[Path, typer.Argument(help="A .phh file.")],
    profile: ProfileOption = "tda-2022",
    venue: VenueOption = None,
    as_json: JsonFlag = False,
) -> None:
    """What the next player may do after the file's actions (raise amounts are street totals;
    in a draw, how many cards he may discard)."""
    hand = replay(_hands(file)[0], resolve_ruleset(profile, venue)).hand
    if hand.phase is Phase.BET:
        options = hand.legal_options()
        record: dict[str, object] = {**options.as_dict(), "actor": f"p{options.actor + 1}"}
    elif hand.phase is Phase.DRAW:
        drawing = hand.draw_options()
        record = {**drawing.as_dict(), "actor": f"p{drawing.actor + 1}", "phase": "draw"}
    else:
        record = {
            "actor": None,
            "phase": hand.phase.value,
            "fold": False,
            "check": False,
            "call": None,
            "min_to": None,
            "max_to": None,
        }
    typer.echo(json.dumps(record) if as_json else " ".join(f"{k}={v}" for k, v in record.items()))


@app.command("stars")
def stars_command(
    file: Annotated[Path, typer.Argument(help="A PokerStars-style tournament history (.txt).")],
    as_json: JsonFlag = False,
) -> None:
    """Read a PokerStars-style tournament history back (what `floorman export hands --format
    pokerstars` writes, or PokerStars' own flop-game tournament hands) and list each hand as
    a tracker would take it: level and blinds, seats and chips, actions, board, chips
    collected, places. A hand that cannot be read stops it with exit status 2."""
    try:
        hands = read_pokerstars(file.read_text(encoding="utf-8"))
    except FloormanError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(2) from error
    for hand in hands:
        record = _stars_record(hand)
        if as_json:
            typer.echo(json.dumps(record))
        else:
            typer.echo(
                f"hand {hand.number} level {hand.level} ({hand.small_blind}/{hand.big_blind}): "
                f"{len(hand.seats)} seats, {len(hand.actions)} actions, "
                f"board {' '.join(hand.board) or '-'}, collected {hand.collected}"
            )


def _stars_record(hand: StarsHand) -> dict[str, object]:
    return {
        "hand": hand.number,
        "tournament": hand.tournament,
        "level": hand.level,
        "blinds": [hand.small_blind, hand.big_blind],
        "button": hand.button,
        "seats": {str(seat): [name, chips] for seat, (name, chips) in sorted(hand.seats.items())},
        "sitting_out": sorted(hand.sitting_out),
        "antes": hand.antes,
        "forced": hand.blinds,
        "actions": [[a.name, a.verb, a.street, a.to] for a in hand.actions],
        "board": hand.board,
        "collected": hand.collected,
        "finished": hand.finished,
    }
