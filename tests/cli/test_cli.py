"""The ``floorman`` command, run in-process through ``main(argv)``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from floorman.cards import parse_cards, strength
from floorman.cli.app import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    captured = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def test_eval_json_reports_category_rank_best_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "--json", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert code == 0
    assert json.loads(out) == {
        "game": "high",
        "category": "straight flush",
        "rank": 7462,
        "best": ["As", "Ks", "Qs", "Js", "Ts"],
        "name": "Royal flush",
    }


def test_eval_accepts_joined_cards_ten_as_10_and_unicode_suits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, joined, _ = run(capsys, "eval", "--json", "A♥K♥10♥", "J♥", "Qh")
    _, apart, _ = run(capsys, "eval", "--json", "Ah", "Kh", "Th", "Jh", "Qh")
    assert json.loads(joined) == json.loads(apart)
    assert json.loads(joined)["rank"] == 7462


def test_eval_names_the_hand_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "eval", "--json", "--lang", "ru", "Ah", "Kh", "9h", "5h", "2h", "2c")
    assert json.loads(out)["name"] == "Флеш от туза"


def test_eval_omaha_uses_exactly_two_hole_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "eval", "--json", "--game", "omaha", "AhKhQhJh", "--board", "Th 9h 2c 3d 4s"
    )
    assert code == 0
    assert json.loads(out)["category"] != "flush"


def test_eval_batch_prints_one_rank_per_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ["As Ks Qs Js Ts 2c 3d", "2c 3d 4h 5s 7c 8d 9h", "Kd Kc Kh 4s 4d 9c 2c"]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "eval", "--batch", str(path))
    assert code == 0
    assert [int(x) for x in out.split()] == [strength(parse_cards(line)) for line in lines]


def test_eval_batch_with_mixed_sizes_falls_back_to_checked_scalar(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n2c 3d 4h 5s 7c 8d 9h\n", encoding="utf-8")
    _, out, _ = run(capsys, "eval", "--batch", str(path))
    assert [int(x) for x in out.split()] == [7462, strength(parse_cards("2c3d4h5s7c8d9h"))]


def test_eval_batch_names_the_bad_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\nAs Kx Qs Js Ts\n", encoding="utf-8")
    code, _, err = run(capsys, "eval", "--batch", str(path))
    assert code == 2
    assert "line 2" in err
    assert "Kx" in err


@pytest.mark.parametrize(
    ("args", "constraint"),
    [
        (["Ax", "Kd", "Qs", "Js", "Ts"], "card-syntax"),
        (["As", "As", "Qs", "Js", "Ts"], "duplicate-card"),
        (["As", "Ks", "Qs", "Js"], "card-count"),
        (["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"], "card-count"),
    ],
)
def test_eval_bad_input_is_a_json_error_with_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], constraint: str
) -> None:
    code, out, _ = run(capsys, "eval", "--json", *args)
    assert code == 2
    payload = json.loads(out)
    assert payload["constraint"] == constraint
    assert payload["error"]


def test_eval_bad_input_without_json_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eval", "Ax", "Kd", "Qs", "Js", "Ts")
    assert code == 2
    assert out == ""
    assert "'Ax' is not a card" in err


def test_equity_json_for_aks_against_qq(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "--json", "AsKs", "QhQd")
    assert code == 0
    payload = json.loads(out)
    assert payload["exact"] is True
    assert payload["boards"] == 1_712_304
    assert [h["hand"] for h in payload["hands"]] == ["AsKs", "QhQd"]
    assert payload["hands"][0]["equity"] == pytest.approx(0.4621, abs=1e-4)


def test_equity_with_board_and_dead_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "equity", "--json", "--board", "Jc 7d 2s", "--dead", "Ac", "AsKs", "QhQd", "7c7h"
    )
    assert code == 0
    payload = json.loads(out)
    assert payload["boards"] == 861  # C(42, 2): 52 - 6 hole - 3 board - 1 dead
    assert sum(h["equity"] for h in payload["hands"]) == pytest.approx(1.0)


def test_equity_monte_carlo_with_seed_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "equity",
        "--json",
        "--monte-carlo",
        "--samples",
        "20000",
        "--seed",
        "3",
        "AsKs",
        "2c2d",
    )
    _, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    assert first == second
    assert json.loads(first)["exact"] is False


def test_equity_refuses_one_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "--json", "AsKs")
    assert code == 2
    assert json.loads(out)["constraint"] == "hand-count"


def test_equity_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AsKs", "QhQd", "--board", "Kh 8c 5c")
    assert code == 0
    assert "Exact: 990 boards" in out
    assert "AsKs" in out


def test_demo_deals_the_same_hands_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "demo", "--hands", "2", "--players", "3", "--seed", "11")
    _, second, _ = run(capsys, "demo", "--hands", "2", "--players", "3", "--seed", "11")
    assert first == second
    assert "Hand 2" in first
    assert "✓" in first


def test_demo_refuses_one_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--players", "1")
    assert code == 2
    assert "players" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("floorman ")


def test_demo_runs_a_small_tournament_with_instructions_places_and_invariants(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "demo", "--players", "20", "--seed", "5")
    assert code == 0
    assert "Seating instructions" in out
    assert "-> table" in out
    assert "Places" in out
    assert "every entry placed once" in out
    assert "NO" not in out
