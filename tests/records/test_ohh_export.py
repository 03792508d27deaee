"""Open Hand History exports validated by ohh-pydantic (the spec as Pydantic models) and by
the spec's JSON schema, and checked against floorman's record: chips, board, pots, stable ids."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from open_hh_models.models import OpenHandHistory

from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.events import BetReturned, BoardDealt, PotAwarded
from floorman.engine.games import get_game
from floorman.errors import MalformedInputError
from floorman.records.export_api import Format, export_hands
from floorman.records.hand_exports import TableHands, hands_from_log
from floorman.records.ohh import OhhEvent, ohh_hand, ohh_text
from floorman.records.ohh_event import ohh_event_of
from floorman.sim.tournament_sim import simulate
from floorman.tournament.structure.levels import Level, Structure

_SCHEMA = json.loads((Path(__file__).parent / "ohh_1_4_7.schema.json").read_text())


def _levels(game: str) -> tuple[Level, ...]:
    levels = []
    for sb in (50, 100, 200, 400, 800, 1_600, 3_000, 5_000):
        if game == "FO/8":
            levels.append(Level(minutes=20, game=game, small_blind=sb, big_blind=2 * sb,
                                small_bet=2 * sb, big_bet=4 * sb))  # fmt: skip
        else:
            mode = AnteMode.BIG_BLIND if sb > 50 else AnteMode.NONE
            ante = 2 * sb if sb > 50 else 0
            levels.append(Level(minutes=20, game=game, small_blind=sb, big_blind=2 * sb,
                                ante=ante, ante_mode=mode))  # fmt: skip
    return tuple(levels)


@cache
def _played(game: str) -> tuple[tuple[object, ...], tuple[object, ...]]:
    structure = Structure(items=_levels(game), starting_stack=10_000, chips=(25, 100, 500, 1_000))
    played: list[object] = []
    report = simulate(
        players=12,
        seed=7,
        structure=structure,
        on_hand=lambda setup, hand: played.append((setup, hand)),
    )
    return report.events, tuple(played)


def _hands(game: str) -> TableHands:
    events, played = _played(game)
    return hands_from_log(events, played)  # type: ignore[arg-type]


def _objects(text: str) -> list[dict[str, object]]:
    return [json.loads(chunk) for chunk in text.strip().split("\n\n")]


def _valid_for_ohh_pydantic(ohh: dict[str, object]) -> OpenHandHistory:
    """ohh-pydantic 0.1.1 declares an ``action`` inside ``bet_limit`` that the spec has not
    (a slip of the package) and its Decimal fields; the spec's own fields are what is checked,
    so the copy it reads gets that one extra key."""
    loose = copy.deepcopy(ohh)
    loose["bet_limit"]["action"] = "Dealt Cards"  # type: ignore[index]
    return OpenHandHistory.model_validate(loose)


@pytest.mark.parametrize("game", ["NT", "PO", "FO/8"])
def test_ohh_export_of_every_flop_game_passes_ohh_pydantic_and_the_json_schema(
    game: str,
) -> None:
    events, played = _played(game)
    exported = export_hands(events, played, Format.OHH)  # type: ignore[arg-type]
    assert exported.filename.endswith(".ohh")
    objects = _objects(exported.content.decode())
    hands = _hands(game)
    assert len(objects) == len(hands.hands) > 5
    expected = {"NT": "Holdem", "PO": "Omaha", "FO/8": "OmahaHiLo"}[game]
    for obj in objects:
        jsonschema.validate(obj, _SCHEMA)
        model = _valid_for_ohh_pydantic(obj["ohh"])  # type: ignore[arg-type]
        assert model.game_type == expected
        assert model.tournament is True
        assert model.tournament_info is not None
        assert model.tournament_info.type == "MTT"
        assert model.tournament_info.initial_stack == 10_000


def test_ohh_chips_put_in_add_up_to_the_pots_and_winners_are_the_record() -> None:
    """The trackers' "invalid pot size": every chip the actions put in, less what came back
    uncalled, is in a pot, and each pot's winners and amounts are the record's."""
    hands = _hands("NT")
    for hand in hands.hands:
        ohh = ohh_hand(hand)
        put_in = sum(
            float(a.get("amount", 0))  # type: ignore[arg-type, attr-defined]
            for r in ohh["rounds"]  # type: ignore[attr-defined]
            for a in r["actions"]
            if a["action"] not in ("Dealt Cards", "Shows Cards", "Mucks Cards")
        )
        returned = sum(e.amount for e in hand.events if isinstance(e, BetReturned))
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        pots = ohh["pots"]
        assert put_in - returned == sum(p["amount"] for p in pots)  # type: ignore[attr-defined]
        assert [p["amount"] for p in pots] == [e.amount for e in awards]  # type: ignore[attr-defined]
        wins = [[(w["player_id"], w["win_amount"]) for w in p["player_wins"]] for p in pots]  # type: ignore[attr-defined]
        assert wins == [[(s + 1, c) for s, c in e.shares] for e in awards]
        board = [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
        cards = [c for r in ohh["rounds"] for c in r.get("cards", [])]  # type: ignore[attr-defined]
        assert len(cards) == len(board)
        stacks = {p["seat"]: p["starting_stack"] for p in ohh["players"]}  # type: ignore[attr-defined]
        assert stacks == {s + 1: hand.config.stacks[s] for s in hand.config.occupied}
        assert ohh["dealer_seat"] == hand.config.button + 1


def test_ohh_hand_ids_are_unique_and_stable_across_exports() -> None:
    hands = _hands("NT")
    event = OhhEvent(tournament=77)
    whole = [o["ohh"]["game_number"] for o in _objects(ohh_text(hands, event))]  # type: ignore[index]
    assert len(set(whole)) == len(whole)
    assert whole[0] == f"77-{hands.hands[0].number}"
    early = replace(hands, hands=hands.hands[: len(hands.hands) // 2])
    partial = [o["ohh"]["game_number"] for o in _objects(ohh_text(early, event))]  # type: ignore[index]
    assert partial == whole[: len(partial)]  # exported mid-event, the same hands keep their ids


def test_ohh_tournament_info_comes_from_the_log() -> None:
    events, _ = _played("NT")
    info = ohh_event_of(events, 5, "EUR")
    assert (info.tournament, info.currency, info.initial_stack) == (5, "EUR", 10_000)
    assert info.round_seconds == 20 * 60
    assert info.tables == 2


def test_ohh_refuses_razz_plainly() -> None:
    hand = _hands("NT").hands[0]
    razz = HandConfig(
        game=get_game("FR"), stacks=(100, 100), button=0, small_bet=10, big_bet=20, bring_in=5
    )
    with pytest.raises(MalformedInputError) as caught:
        ohh_hand(replace(hand, config=razz, players=("A", "B"), events=()))
    assert caught.value.constraint == "ohh-game"
    assert "bring-in" in str(caught.value)
