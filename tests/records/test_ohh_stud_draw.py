"""Open Hand History for stud, stud hi/lo and draw: simulated events exported, validated by
ohh-pydantic and the spec's JSON schema, and read back against floorman's own record of each
hand (seats, stacks, antes, bring-in, actions, up-cards, winners, amounts); razz, draws and a
stud card turned face up are left out and named, never written wrong."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from tests.cli.test_cli import run
from tests.records.test_ohh_export import _SCHEMA, _valid_for_ohh_pydantic

from floorman.engine.config import AnteMode
from floorman.engine.events import (
    Acted,
    BetReturned,
    Discarded,
    ForcedBetPosted,
    HoleDealt,
    HoleFacesSet,
    PotAwarded,
    Shown,
)
from floorman.errors import MalformedInputError
from floorman.records.export_api import Format, export_table_hands
from floorman.records.hand_exports import TableHand, TableHands, hands_from_log
from floorman.records.ohh import ohh_file, ohh_hand
from floorman.service.api.routes_records import SKIPPED_HEADER, download
from floorman.service.log_readers.event_file import write_event_list, write_hands
from floorman.sim.tournament_sim import simulate
from floorman.tournament.structure.levels import Level, Structure

_ANTES = (25, 50, 100, 200, 400, 800, 1_600, 3_200)
_PLAYED: dict[tuple[str, ...], tuple[object, ...]] = {}
"""The hands each simulated event dealt, as recorded (for the hands file of the CLI test)."""


def _level(game: str, ante: int) -> Level:
    if game == "N2L1D":
        return Level(minutes=20, game=game, small_blind=2 * ante, big_blind=4 * ante)
    return Level(
        minutes=20, game=game, ante=ante, ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=4 * ante, big_bet=8 * ante, bring_in=2 * ante,
    )  # fmt: skip


@cache
def _simulated(games: tuple[str, ...], seed: int = 7) -> tuple[tuple[object, ...], TableHands]:
    """Twelve players on tables of seven; level ``i`` plays ``games[i % len(games)]``."""
    levels = tuple(_level(games[i % len(games)], a) for i, a in enumerate(_ANTES))
    structure = Structure(items=levels, starting_stack=10_000, chips=(25, 100, 500, 1_000))
    played: list[object] = []
    report = simulate(
        players=12, seed=seed, seats_per_table=7, structure=structure,
        on_hand=lambda setup, hand: played.append((setup, hand)),
    )  # fmt: skip
    _PLAYED[games] = tuple(played)
    return report.events, hands_from_log(report.events, played)  # type: ignore[arg-type]


def _objects(text: str) -> list[dict[str, object]]:
    return [json.loads(chunk)["ohh"] for chunk in text.strip().split("\n\n")]


def _actions(ohh: dict[str, object]) -> list[dict[str, object]]:
    return [a for r in ohh["rounds"] for a in r["actions"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "game_type"), [("F7S", "Stud"), ("F7S/8", "StudHiLo")])
def test_stud_hands_pass_ohh_pydantic_and_the_json_schema(game: str, game_type: str) -> None:
    _, hands = _simulated((game,))
    written = ohh_file(hands)
    objects = _objects(written.text)
    assert written.skipped == ()
    assert len(objects) == len(hands.hands) > 20
    for ohh in objects:
        jsonschema.validate({"ohh": ohh}, _SCHEMA)
        model = _valid_for_ohh_pydantic(ohh)
        assert model.game_type == game_type
        assert model.bet_limit.bet_type == "FL"


def _check_against_record(hand: TableHand, ohh: dict[str, object]) -> None:
    config = hand.config
    assert {p["seat"]: p["starting_stack"] for p in ohh["players"]} == {  # type: ignore[attr-defined]
        s + 1: config.stacks[s] for s in config.occupied
    }
    assert (ohh["ante_amount"], ohh["small_blind_amount"], ohh["big_blind_amount"]) == (
        config.ante, config.small_bet, config.big_bet,
    )  # fmt: skip
    actions = _actions(ohh)
    antes = [(a["player_id"], a["amount"]) for a in actions if a["action"] == "Post Ante"]
    posted = [
        (e.seat + 1, e.amount)
        for e in hand.events
        if isinstance(e, ForcedBetPosted) and e.bet == "ante"
    ]
    assert antes == posted
    bring_in = [e for e in hand.events if isinstance(e, Acted) and e.action == "bring-in"]
    extra = [a for a in actions if a["action"] == "Post Extra Blind"]
    assert [(a["player_id"], a["amount"]) for a in extra] == [(e.seat + 1, e.to) for e in bring_in]
    if bring_in:  # the bring-in is posted after the deal, where it was made
        first_bet = next(i for i, a in enumerate(actions) if a["action"] == "Post Extra Blind")
        assert all(a["action"] == "Dealt Cards" for a in actions[first_bet - 1 : first_bet])
    played = [e for e in hand.events if isinstance(e, Acted)]
    betting = [a for a in actions if a["action"] in ("Fold", "Check", "Call", "Bet", "Raise",
                                                      "Post Extra Blind")]  # fmt: skip
    assert [a["player_id"] for a in betting] == [e.seat + 1 for e in played]
    # up-cards: the record's faces (the replayed hand) are the spec's deal order (two down,
    # then up to sixth street, seventh down)
    dealt: dict[int, list[str]] = {}
    for action in actions:
        if action["action"] == "Dealt Cards":
            dealt.setdefault(action["player_id"], []).extend(action["cards"])  # type: ignore[arg-type, call-overload]
    replayed = hand.replay()
    for seat in config.occupied:
        cards = [str(c) for c in replayed.holes[seat] if c is not None]
        assert dealt[seat + 1] == cards
        up = [c for c, face in zip(cards, replayed.up[seat], strict=True) if face]
        assert up == [c for i, c in enumerate(cards) if 2 <= i <= 5]
    # one round per street dealt: third street is "Preflop", seventh a second "River"
    streets = [r["street"] for r in ohh["rounds"] if r["street"] != "Showdown"]  # type: ignore[attr-defined, index]
    dealt_streets = max(
        sum(isinstance(e, HoleDealt) and e.seat == s for e in hand.events) for s in config.occupied
    )
    assert streets == ["Preflop", "Flop", "Turn", "River", "River"][:dealt_streets]
    # amounts: what the actions put in, less chips returned, is the pots; winners as recorded
    put_in = sum(float(a.get("amount", 0)) for a in actions  # type: ignore[arg-type]
                 if a["action"] not in ("Dealt Cards", "Shows Cards", "Mucks Cards"))  # fmt: skip
    returned = sum(e.amount for e in hand.events if isinstance(e, BetReturned))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    pots = ohh["pots"]
    assert put_in - returned == sum(p["amount"] for p in pots)  # type: ignore[attr-defined]
    wins = [[(w["player_id"], w["win_amount"]) for w in p["player_wins"]] for p in pots]  # type: ignore[attr-defined]
    assert wins == [[(s + 1, c) for s, c in e.shares] for e in awards]
    shown = {a["player_id"]: a["cards"] for a in actions if a["action"] == "Shows Cards"}
    for event in hand.events:
        if isinstance(event, Shown):
            assert shown[event.seat + 1] == [str(c) for c in event.cards]


@pytest.mark.parametrize("game", ["F7S", "F7S/8"])
def test_stud_hands_carry_seats_stacks_antes_bring_in_actions_up_cards_and_winners(
    game: str,
) -> None:
    _, hands = _simulated((game,))
    showdowns = 0
    for hand in hands.hands:
        ohh = ohh_hand(hand)
        _check_against_record(hand, ohh)
        showdowns += any(r["street"] == "Showdown" for r in ohh["rounds"])  # type: ignore[attr-defined]
    assert showdowns > 0


def test_stud_hi_lo_split_pots_list_the_high_and_the_low_winner() -> None:
    _, hands = _simulated(("F7S/8",))
    split = [
        (h, e)
        for h in hands.hands
        for e in h.events
        if isinstance(e, PotAwarded) and e.low_winners and len(e.shares) > 1
    ]
    assert split
    hand, award = split[0]
    pots = ohh_hand(hand)["pots"]
    assert {(w["player_id"], w["win_amount"]) for p in pots for w in p["player_wins"]} >= {  # type: ignore[attr-defined]
        (s + 1, c) for s, c in award.shares
    }


def test_stud_seventh_street_is_a_second_river_round_after_sixth() -> None:
    _, hands = _simulated(("F7S",))
    full = next(
        h for h in hands.hands
        if sum(isinstance(e, HoleDealt) for e in h.events) >= 2 * 5 + 2
        and any(isinstance(e, Shown) for e in h.events)
    )  # fmt: skip
    rounds = ohh_hand(full)["rounds"]
    assert [r["street"] for r in rounds] == [  # type: ignore[attr-defined]
        "Preflop", "Flop", "Turn", "River", "River", "Showdown",
    ]  # fmt: skip
    assert [r["id"] for r in rounds] == list(range(6))  # type: ignore[attr-defined]


def test_razz_is_refused_plainly_naming_the_missing_game_type() -> None:
    _, hands = _simulated(("FR",))
    with pytest.raises(MalformedInputError) as caught:
        ohh_file(hands)
    assert caught.value.constraint == "ohh-game"
    assert "razz has no Open Hand History game type" in str(caught.value)
    assert "bring-in" in str(caught.value)


def test_a_mixed_event_writes_the_stud_hands_and_lists_the_razz_hands_left_out() -> None:
    events, hands = _simulated(("F7S", "FR"))
    exported = export_table_hands(hands, Format.OHH, events=events)
    objects = _objects(exported.content.decode())
    razz = [h for h in hands.hands if h.config.game.code == "FR"]
    assert razz
    assert objects
    assert len(objects) + len(razz) == len(hands.hands)
    assert {o["game_type"] for o in objects} == {"Stud"}
    for ohh in objects:
        jsonschema.validate({"ohh": ohh}, _SCHEMA)
    (note,) = exported.notes
    assert note.startswith(f"{len(razz)} Fixed-limit razz hand(s) not written (hands ")
    assert str(razz[0].number) in note
    answer = download(exported)
    assert "razz" in answer.headers[SKIPPED_HEADER]


def test_draw_hands_are_written_until_a_draw_and_the_others_listed() -> None:
    _, hands = _simulated(("N2L1D",))
    written = ohh_file(hands)
    drawn = [h for h in hands.hands if any(isinstance(e, Discarded) for e in h.events)]
    assert drawn
    assert len(drawn) < len(hands.hands)
    assert {s.number for s in written.skipped} == {h.number for h in drawn}
    assert all("no action for standing pat or discarding" in s.reason for s in written.skipped)
    objects = _objects(written.text)
    assert len(objects) == len(hands.hands) - len(drawn)
    for ohh in objects:
        jsonschema.validate({"ohh": ohh}, _SCHEMA)
        assert _valid_for_ohh_pydantic(ohh).game_type == "Draw"
        assert [r["street"] for r in ohh["rounds"]] == ["Preflop"]  # type: ignore[attr-defined]


def test_a_stud_card_dealt_face_up_by_mistake_is_left_out() -> None:
    _, hands = _simulated(("F7S",))
    hand = hands.hands[0]
    seat = hand.config.occupied[0]
    turned = replace(hand, events=(*hand.events, HoleFacesSet(seat, (True, False, True))))
    written = ohh_file(replace(hands, hands=(turned, *hands.hands[1:])))
    assert [s.number for s in written.skipped] == [hand.number]
    assert "face up" in written.skipped[0].reason


def test_export_hands_cli_names_the_hands_it_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    events, hands = _simulated(("F7S", "FR"))
    played = _PLAYED[("F7S", "FR")]
    (tmp_path / "event.json").write_text(write_event_list(events), encoding="utf-8")
    (tmp_path / "hands.jsonl").write_text(write_hands(played), encoding="utf-8")  # type: ignore[arg-type]
    args = ("export", "hands", str(tmp_path / "event.json"), "--hands")
    code, text, err = run(capsys, *args, str(tmp_path / "hands.jsonl"), "--format", "ohh")
    assert code == 0
    assert len(_objects(text)) == sum(h.config.game.code == "F7S" for h in hands.hands)
    assert "note: " in err
    assert "Fixed-limit razz hand(s) not written" in err


def test_export_hands_cli_refuses_a_razz_event_saying_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    events, _ = _simulated(("FR",))
    (tmp_path / "event.json").write_text(write_event_list(events), encoding="utf-8")
    hands_file = tmp_path / "hands.jsonl"
    hands_file.write_text(write_hands(_PLAYED[("FR",)]), encoding="utf-8")  # type: ignore[arg-type]
    out = tmp_path / "razz.ohh"
    args = ("export", "hands", str(tmp_path / "event.json"), "--hands", str(hands_file))
    code, text, err = run(capsys, *args, "--format", "ohh", "--output", str(out))
    assert code != 0
    assert text == ""
    assert "no hand of this event can be written as Open Hand History" in err
    assert "razz has no Open Hand History game type" in err
    assert not out.exists()
