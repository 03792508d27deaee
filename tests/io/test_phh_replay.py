"""Replaying PHH hands on the engine: the finishing stacks agree with PokerKit's.

The WSOP 2023 Poker Players Championship sample mixes ten variants; every hand of a variant the
engine plays must replay to PokerKit's finishing stacks, under the TDA profile. The CLI's
``hh replay`` and ``hh options`` print the same results as JSON.
"""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory

from floorman.cards.deck import Deck
from floorman.cli.app import main
from floorman.engine import GAMES, Call, Discard, Hand, HandConfig, Phase
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import StubReshuffled
from floorman.io.phh import PhhHand, dumps, load_path, loads, parse_action
from floorman.io.phh_replay import export, replay
from floorman.sim.random_play import choose

DATA = Path(__file__).parent / "data"


def supported_hands() -> list[tuple[str, PhhHand]]:
    found = [entry for path in sorted(DATA.glob("*.phh*")) for entry in load_path(path)]
    return [
        (f"{Path(path).stem}-{index}", hand) for path, index, hand in found if hand.variant in GAMES
    ]


HANDS = supported_hands()


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, final = HandHistory.loads(text)
    return [int(s) for s in final.stacks]


def test_the_sample_has_every_stud_and_draw_variant_and_the_flop_games() -> None:
    variants = {hand.variant for _, hand in HANDS}
    assert {"NT", "PO", "FT", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"} <= variants
    assert len(HANDS) >= 95


@pytest.mark.parametrize(("name", "hand"), HANDS, ids=[name for name, _ in HANDS])
def test_replay_ends_with_pokerkits_finishing_stacks(name: str, hand: PhhHand) -> None:
    result = replay(hand)
    assert result.hand.is_over
    assert list(result.finishing_stacks) == pokerkit_stacks(dumps(hand))


@pytest.mark.parametrize(
    ("name", "hand"),
    [(n, h) for n, h in HANDS if h.variant in ("F7S", "F7S/8", "FR")],
    ids=[n for n, h in HANDS if h.variant in ("F7S", "F7S/8", "FR")],
)
def test_stud_hands_we_export_replay_in_pokerkit_to_the_same_stacks(
    name: str, hand: PhhHand
) -> None:
    played = replay(hand).hand
    text = dumps(export(played))
    assert pokerkit_stacks(text) == list(played.stacks)
    assert replay(loads(text)).finishing_stacks == tuple(played.stacks)


DRAW_HANDS = [(n, h) for n, h in HANDS if h.variant in ("N2L1D", "F2L3D")]


@pytest.mark.parametrize(("name", "hand"), DRAW_HANDS, ids=[n for n, _ in DRAW_HANDS])
def test_draw_hands_we_export_replay_in_pokerkit_to_the_same_stacks(
    name: str, hand: PhhHand
) -> None:
    played = replay(hand).hand
    text = dumps(export(played))
    assert pokerkit_stacks(text) == list(played.stacks)
    assert replay(loads(text)).finishing_stacks == tuple(played.stacks)


def draw_file(*actions: str, stacks: tuple[int, ...] = (1000, 1000)) -> PhhHand:
    """A 2-7 triple draw 10-20 hand (blinds 5-10) with these actions."""
    return PhhHand(
        variant="F2L3D",
        starting_stacks=stacks,
        actions=tuple(parse_action(a) for a in actions),
        antes=(0,) * len(stacks),
        blinds_or_straddles=(5, 10, *(0,) * (len(stacks) - 2)),
        small_bet=10,
        big_bet=20,
    )


def test_unknown_cards_are_discarded_by_count_as_pokerkit_reads_sd_question_marks() -> None:
    hand = draw_file(
        "d dh p1 ??????????",
        "d dh p2 7h5c4d3s2h",
        "p2 cc",
        "p1 cc",
        "p1 sd ????",
        "p2 sd",
        "d dh p1 ????",
        "p1 cbr 10",
        "p2 cc",
        "p1 sd ??",
        "p2 sd",
        "d dh p1 ??",
        "p1 cc",
        "p2 cc",
        "p1 sd",
        "p2 sd",
        "p1 cc",
        "p2 cbr 20",
        "p1 cc",
        "p1 sm 8c6d4h3cKs",
        "p2 sm 7h5c4d3s2h",
    )
    result = replay(hand)
    assert result.hand.is_over
    assert list(result.finishing_stacks) == pokerkit_stacks(dumps(hand)) == [960, 1040]
    exported = dumps(export(result.hand))
    assert '"p1 sd ????"' in exported
    assert pokerkit_stacks(exported) == [960, 1040]


def test_a_draw_whose_stub_runs_out_exports_to_pokerkit_with_the_same_stacks() -> None:
    rng = random.Random(3)
    config = HandConfig(
        game=GAMES["F2L3D"],
        stacks=(2000,) * 7,
        button=6,
        small_blind=5,
        big_blind=10,
        small_bet=10,
        big_bet=20,
    )
    played, deck = Hand(config), Deck.shuffled(rng)
    while not played.is_over:
        if played.phase is Phase.DEAL:
            deal_pending(played, deck, rng)
        elif played.phase is Phase.DRAW:  # everyone draws four
            seat = played.draw_options().actor
            played.act(Discard(tuple(c for c in played.holes[seat][:4] if c is not None)))
        elif played.phase is Phase.BET:
            options = played.legal_options()
            played.act(choose(options, rng, limit=True) if options.check else Call())
        else:
            auto_showdown(played)
    assert any(isinstance(e, StubReshuffled) for e in played.events)
    text = dumps(export(played))
    assert pokerkit_stacks(text) == list(played.stacks)
    assert replay(loads(text)).finishing_stacks == tuple(played.stacks)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, Any]]]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    code = exit_info.value.code
    lines = capsys.readouterr().out.splitlines()
    return (code if isinstance(code, int) else 0), [json.loads(line) for line in lines]


def test_cli_hh_replay_json_reports_every_supported_hand_ok(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, records = run_cli(capsys, "hh", "replay", "--json", str(DATA / "wsop-2023-54-4.phhs"))
    assert code == 0
    assert len(records) == 14
    assert all(r["ok"] for r in records)
    first = load_path(DATA / "wsop-2023-54-4.phhs")[0][2]
    assert records[0]["finishing_stacks"] == pokerkit_stacks(dumps(first))


def stud_file(tmp_path: Path, *third: str, actions: list[str] | tuple[str, ...] = ()) -> Path:
    """A stud 40-80 hand (antes 5, bring-in 10) with third street dealt, then ``actions``."""
    deals = [f"d dh p{i + 1} {cards}" for i, cards in enumerate(third)]
    players = len(third)
    hand = PhhHand(
        variant="F7S",
        starting_stacks=(500,) * players,
        actions=tuple(parse_action(a) for a in (*deals, *actions)),
        antes=(5,) * players,
        bring_in=10,
        small_bet=40,
        big_bet=80,
    )
    path = tmp_path / "stud.phh"
    path.write_text(dumps(hand), encoding="utf-8")
    return path


def test_cli_hh_replay_reports_the_broken_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text(
        'variant = "F7S"\nantes = [5, 5]\nbring_in = 10\nsmall_bet = 40\nbig_bet = 80\n'
        "starting_stacks = [500, 500]\n"
        'actions = ["d dh p1 AsKs2c", "d dh p2 QdQh9c", "p1 cc"]\n',
        encoding="utf-8",
    )
    code, records = run_cli(capsys, "hh", "replay", "--json", str(bad))
    assert code == 1
    assert records[0]["ok"] is False
    assert records[0]["rule"] == "tda-2022 RP-10-E"


def test_cli_hh_options_during_a_draw_names_the_drawer_and_his_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "draw.phh"
    hand = draw_file("d dh p1 7h5c4d3s2h", "d dh p2 8c6d4h3cKs", "p2 cc", "p1 cc", "p1 sd")
    file.write_text(dumps(hand), encoding="utf-8")
    code, records = run_cli(capsys, "hh", "options", "--json", str(file))
    assert code == 0
    assert records[0] == {
        "actor": "p2",
        "phase": "draw",
        "draw": 1,
        "draws": 3,
        "held": 5,
        "max_discard": 5,
    }


def test_cli_hh_options_for_the_stud_bring_in(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = stud_file(tmp_path, "AsKs2c", "QdQh9c", "JdJh2d")
    code, records = run_cli(capsys, "hh", "options", "--json", str(file))
    assert code == 0
    # 2c is the lowest door card (clubs lowest of the deuces): p1 brings in or completes.
    assert records[0] == {
        "actor": "p1",
        "fold": False,
        "check": False,
        "call": None,
        "min_to": 40,
        "max_to": 40,
        "bring_in": 10,
    }
