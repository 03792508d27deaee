"""PHH reading and writing, checked against pokerkit, the reference PHH implementation."""

from __future__ import annotations

import datetime
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pokerkit import Automation, HandHistory, NoLimitTexasHoldem

from floorman.cards.card import Card, parse_cards
from floorman.errors import MalformedInputError
from floorman.io.phh import (
    OPTIONAL_FIELDS,
    PhhAction,
    PhhHand,
    dumps,
    dumps_all,
    load_path,
    loads,
    loads_all,
    parse_action,
)

DATA = Path(__file__).parent / "data"
WSOP_FILES = ("wsop-2023-43-5.phhs", "wsop-2023-54-4.phhs")
PAPER_STACKS = {
    "dwan-ivey-2009": [572100, 1997500, 1109500],
    "phua-xuan-2019": [489000, 226000, 684000, 400000, 0, 198000],
    "arieh-yockey-2019": [0, 4190000, 5910000, 12095000],
    "alice-carol-wikipedia": [196, 220, 200, 184],
}
MINIMAL = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQh", "p3 f"]
"""


def read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def all_hands() -> list[tuple[str, PhhHand]]:
    """Every hand of the test data (not the refused ones in subfolders), named by file and index."""
    found = [entry for path in sorted(DATA.glob("*.phh*")) for entry in load_path(path)]
    return [(f"{Path(path).stem}-{i}", hand) for path, i, hand in found]


def final_stacks(history: Any) -> list[int]:
    """Replay a pokerkit hand history to its end."""
    *_, final = history
    return list(final.stacks)


def our_field(hand: PhhHand, name: str) -> object:
    value = getattr(hand, name) if hasattr(hand, name) else hand.metadata.get(name)
    return list(value) if isinstance(value, tuple) else value


def pokerkit_field(history: Any, name: str) -> object:
    value = getattr(history, name)
    return list(value) if isinstance(value, tuple) else value


PHH_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
)


def assert_same_hand(hand: PhhHand, history: Any) -> None:
    """Our reading of a hand gives what pokerkit reads, field by field."""
    required = HandHistory.required_field_names[hand.variant]
    for name in PHH_FIELDS:
        if name in required or name == "ante_trimming_status":
            assert our_field(hand, name) == pokerkit_field(history, name), name
    for name in HandHistory.optional_field_names:
        assert our_field(hand, name) == pokerkit_field(history, name), name
    assert [str(action) for action in hand.actions] == history.actions


# --- actions ------------------------------------------------------------------------------------

CANONICAL_ACTIONS = [
    "d dh p1 AcKd",
    "d dh p2 ????",
    "d dh p3 As??",
    "d dh p1 7h6c4c3d2c",
    "d db Jc3d5c",
    "d db Th",
    "p1 f",
    "p2 cc",
    "p3 cbr 300",
    "p12 cbr 1067100",
    "p3 pb",
    "p1 sm AcKd",
    "p1 sm ??Ad",
    "p1 sm",
    "p1 sm -",
    "p1 sd 7h8c",
    "p1 sd ????",
    "p1 sd",
    "p1 f # tank fold, 4 minutes",
    "p2 cc # Dwan # again",
    "p1 cc #",
    "# Burn card 6s is exposed",
    "#",
    "",
]


@pytest.mark.parametrize("text", CANONICAL_ACTIONS)
def test_canonical_actions_read_and_write_back_unchanged(text: str) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p2 ????", PhhAction(None, "dh", target=1, cards=(None, None))),
        ("d dh p1 As??", PhhAction(None, "dh", target=0, cards=(Card.parse("As"), None))),
        ("d db Jc3dTc", PhhAction(None, "db", cards=parse_cards("Jc 3d 10c"))),
        ("p3 cbr 300", PhhAction(2, "cbr", amount=300)),
        ("p1 f # tank", PhhAction(0, "f", comment="tank")),
        ("p3 pb", PhhAction(2, "pb")),
        ("p4 sd 6s", PhhAction(3, "sd", cards=parse_cards("6s"))),
        ("p4 sd", PhhAction(3, "sd")),
        ("p1 sm", PhhAction(0, "sm")),
        ("p1 sm -", PhhAction(0, "sm", shows_dealt_cards=True)),
        ("# exposed", PhhAction(None, "", comment="exposed")),
        ("", PhhAction(None, "")),
    ],
)
def test_actions_parse_to_zero_based_data(text: str, expected: PhhAction) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  p1   cbr  300   #   slow  ", "p1 cbr 300 # slow"),
        ("p1\tcc", "p1 cc"),
        ("p1 cbr 300.0", "p1 cbr 300"),
        ("p2 f#quick", "p2 f # quick"),
        ("   ", ""),
    ],
)
def test_loose_spacing_and_integral_amounts_are_accepted(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "constraint", "named"),
    [
        ("p0 f", "phh-action", "counted from 1"),
        ("p1 xyz", "phh-action", "'xyz' is not a player action"),
        ("d dh p1 Ax", "phh-action", "'Ax' is not a run of PHH cards"),
        ("d db 10h", "phh-action", "'10h'"),
        ("d db ac", "phh-action", "'ac'"),
        ("d db A?", "phh-action", "'A?'"),
        ("d dh p1 AcAc", "phh-action", "same card twice"),
        ("p1 cbr abc", "phh-action", "'abc' is not a chip amount"),
        ("p1 cbr -5", "phh-action", "'-5'"),
        ("p1 cbr 0", "phh-action", "positive"),
        ("p1 cbr", "phh-action", "'pN cbr AMOUNT'"),
        ("p1 cbr 1.5", "phh-chips", "whole units"),
        ("d dh p1", "phh-action", "'d dh pN CARDS'"),
        ("d f", "phh-action", "not a dealer action"),
        ("p1", "phh-action", "nothing follows 'p1'"),
        ("x1 f", "phh-action", "'x1' is not a player"),
        ("q f", "phh-action", "'q' is not a player"),
        ("p1 f now", "phh-action", "'pN f'"),
        ("p1 sm - AsKs", "phh-action", "'pN sm [CARDS or -]'"),
    ],
)
def test_bad_actions_are_refused_naming_the_problem(text: str, constraint: str, named: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_action(text)
    assert caught.value.constraint == constraint
    assert repr(text) in str(caught.value)
    assert named in str(caught.value)


CARDS = st.lists(st.integers(0, 52), min_size=1, max_size=7).map(
    lambda values: tuple(None if value == 52 else Card(value) for value in values)
)
DISTINCT_CARDS = CARDS.filter(
    lambda cards: len({c for c in cards if c is not None}) == sum(c is not None for c in cards)
)
PLAYERS = st.integers(0, 11)
ACTIONS = st.one_of(
    st.builds(PhhAction, st.none(), st.just("db"), cards=DISTINCT_CARDS),
    st.builds(PhhAction, st.none(), st.just("dh"), target=PLAYERS, cards=DISTINCT_CARDS),
    st.builds(PhhAction, PLAYERS, st.sampled_from(["f", "cc", "pb", "sd", "sm"])),
    st.builds(PhhAction, PLAYERS, st.just("cbr"), amount=st.integers(1, 10**15)),
    st.builds(PhhAction, PLAYERS, st.sampled_from(["sd", "sm"]), cards=DISTINCT_CARDS),
    st.builds(PhhAction, PLAYERS, st.just("sm"), shows_dealt_cards=st.just(True)),
    st.builds(PhhAction, st.none(), st.just("")),
)
COMMENTS = st.none() | st.text().map(str.strip)


@given(ACTIONS, COMMENTS)
def test_any_action_writes_text_that_reads_back(action: PhhAction, comment: str | None) -> None:
    action = replace(action, comment=comment)
    assert parse_action(str(action)) == action


# --- hands: pokerkit as the oracle --------------------------------------------------------------


@pytest.mark.parametrize("name", WSOP_FILES)
def test_pokerkit_written_hands_read_the_same(name: str) -> None:
    histories = list(HandHistory.loads_all(read(name)))
    hands = loads_all(read(name))
    assert len(hands) == len(histories) > 0
    for hand, history in zip(hands, histories, strict=True):
        assert_same_hand(hand, history)


@pytest.mark.parametrize("name", sorted(PAPER_STACKS))
def test_spec_example_hands_read_as_pokerkit_reads_them(name: str) -> None:
    text = read(f"{name}.phh")
    assert_same_hand(loads(text), HandHistory.loads(text))


@pytest.mark.parametrize(("name", "hand"), all_hands(), ids=[name for name, _ in all_hands()])
def test_pokerkit_replays_what_we_write_to_the_same_end(name: str, hand: PhhHand) -> None:
    ours = HandHistory.loads(dumps(hand))
    assert_same_hand(hand, ours)
    source = name.rsplit("-", 1)[0]
    if source in PAPER_STACKS:
        assert final_stacks(ours) == PAPER_STACKS[source]


@pytest.mark.parametrize("name", WSOP_FILES)
def test_pokerkit_and_we_replay_each_others_text_alike(name: str) -> None:
    theirs = list(HandHistory.loads_all(read(name)))
    ours = list(HandHistory.loads_all(dumps_all(loads_all(read(name)))))
    assert [final_stacks(h) for h in ours] == [final_stacks(h) for h in theirs]
    assert [h.actions for h in ours] == [h.actions for h in theirs]


def test_hands_built_with_pokerkits_state_api_read_the_same() -> None:
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    game = NoLimitTexasHoldem(automations, True, 500, (1000, 2000), 2000)
    state = game((1125600, 2000000, 553500), 3)
    for cards in ("Ac2d", "????", "7h6h"):
        state.deal_hole(cards)
    state.complete_bet_or_raise_to(7000, commentary="Dwan opens")
    state.complete_bet_or_raise_to(23000)
    state.fold()
    state.check_or_call()
    for board, bets in (("Jc3d5c", (35000,)), ("4h", (90000, 232600, 1067100))):
        state.burn_card("??")
        state.deal_board(board)
        for amount in bets:
            state.complete_bet_or_raise_to(amount)
        state.check_or_call()
    state.burn_card("??")
    state.deal_board("Jh")
    players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    history = HandHistory.from_game_state(game, state, players=players, _show="FTMDCG")
    hand = loads(history.dumps())
    assert_same_hand(hand, history)
    assert hand.actions[1] == PhhAction(None, "dh", target=1, cards=(None, None))
    assert hand.actions[3] == PhhAction(2, "cbr", amount=7000, comment="Dwan opens")
    assert hand.metadata["_show"] == "FTMDCG"
    assert final_stacks(HandHistory.loads(dumps(hand))) == list(state.stacks)


def test_the_data_covers_every_variant_of_the_spec() -> None:
    variants = {hand.variant for _, hand in all_hands()}
    assert variants == set(HandHistory.game_types)


# --- round trips --------------------------------------------------------------------------------

RICH = PhhHand(
    variant="F7S",
    starting_stacks=(1000, 1500, 800),
    actions=tuple(
        map(
            parse_action,
            [
                "d dh p1 ????As # third street",
                "d dh p2 ????Kd",
                "d dh p3 ????2c",
                "p3 pb",
                "p1 cbr 20",
                "p2 f",
                "p3 f",
            ],
        )
    ),
    antes=(2, 2, 2),
    bring_in=5,
    small_bet=20,
    big_bet=40,
    ante_trimming_status=True,
    players=('Ann "the Dealer" O\'Neil', "Bo\\b", "Ça ♠ va"),
    finishing_stacks=(1023, 1478, 793),
    metadata={
        "author": "Line\nbreak, tab\t, bell \x07 and del \x7f",
        "venue": "Minsk",
        "time": datetime.time(21, 30, 5),
        "time_zone": "Europe/Minsk",
        "time_zone_abbreviation": "MSK",
        "day": 1,
        "month": 2,
        "year": 2025,
        "hand": "17b",
        "level": 12,
        "seats": (2, 5, 9),
        "seat_count": 9,
        "table": 4,
        "winnings": (29, 0, 0),
        "currency": "BYN",
        "time_limit": 30.5,
        "time_banks": (60, 60.25, 0),
        "_sponsors": ("", "GGPoker", ""),
        "_nested": {"a key": 1, "list": ({"x": True}, {"y": -1.5e-7})},
        "_when": datetime.datetime(2025, 2, 1, 21, 30, tzinfo=datetime.UTC),
        "_local": datetime.datetime(2025, 2, 1, 21, 30, 0, 5),
        "_day": datetime.date(2025, 2, 1),
        "_big": 1e300,
        "_inf": float("-inf"),
        "_empty": (),
        "future_field": "kept for newer spec versions",
        "quoted key": "x",
    },
)


def test_a_hand_with_every_kind_of_value_round_trips() -> None:
    text = dumps(RICH)
    assert loads(text) == RICH
    assert dumps(loads(text)) == text
    assert tomllib.loads(text)["author"] == RICH.metadata["author"]


def test_written_hands_list_actions_one_per_line_in_pokerkits_field_order() -> None:
    text = dumps(RICH)
    keys = [line.split(" = ")[0] for line in text.splitlines() if " = " in line]
    assert keys[:9] == [
        "variant",
        "ante_trimming_status",
        "antes",
        "bring_in",
        "small_bet",
        "big_bet",
        "starting_stacks",
        "actions",
        "author",
    ]
    assert '\n  "p3 pb",\n' in text
    optional = [key for key in keys[8:] if key in OPTIONAL_FIELDS]
    assert optional == sorted(optional, key=OPTIONAL_FIELDS.index)


def test_pokerkit_reads_our_values_and_user_fields() -> None:
    hand = replace(
        RICH,
        metadata={
            key: value
            for key, value in RICH.metadata.items()
            if key in HandHistory.optional_field_names or key.startswith("_")
        },
    )
    history = HandHistory.loads(dumps(hand))
    assert_same_hand(hand, history)
    assert history.user_defined_fields["_sponsors"] == ["", "GGPoker", ""]
    assert history.user_defined_fields["_day"] == datetime.date(2025, 2, 1)


@pytest.mark.parametrize(("name", "hand"), all_hands(), ids=[name for name, _ in all_hands()])
def test_every_data_hand_round_trips(name: str, hand: PhhHand) -> None:
    assert loads(dumps(hand)) == hand
    assert hash(loads(dumps(hand))) == hash(hand)


def test_a_phhs_file_round_trips_and_pokerkit_reads_it() -> None:
    hands = [loads(read(f"{name}.phh")) for name in sorted(PAPER_STACKS)] + [RICH]
    text = dumps_all(hands)
    assert text.startswith("[1]\nvariant = ")
    assert "\n\n[5]\n" in text
    assert loads_all(text) == hands
    histories = list(HandHistory.loads_all(dumps_all(hands[:-1])))
    assert [final_stacks(h) for h in histories] == [PAPER_STACKS[n] for n in sorted(PAPER_STACKS)]
    assert loads_all("") == []
    assert dumps_all([]) == ""


def test_unknown_variants_and_fields_are_kept_as_written() -> None:
    text = 'variant = "NL-Irish"\nstarting_stacks = [50, 70]\nactions = []\nvenue_id = 3\n'
    hand = loads(text)
    assert (hand.variant, hand.starting_stacks, hand.actions) == ("NL-Irish", (50, 70), ())
    assert (hand.antes, hand.min_bet, dict(hand.metadata)) == ((), None, {"venue_id": 3})
    assert loads(dumps(hand)) == hand


def test_integral_floats_are_whole_chips() -> None:
    hand = loads(MINIMAL.replace("[200, 200, 200]", "[200.0, 3e2, 200]"))
    assert hand.starting_stacks == (200, 300, 200)
    assert all(type(chips) is int for chips in hand.starting_stacks)


# --- refusals -----------------------------------------------------------------------------------


def refusal(text: str) -> MalformedInputError:
    with pytest.raises(MalformedInputError) as caught:
        loads(text)
    return caught.value


def test_broken_toml_is_refused() -> None:
    error = refusal('variant = "NT"\nantes = [1, 2')
    assert error.constraint == "phh-toml"
    assert "not valid TOML" in str(error)


@pytest.mark.parametrize("field", ["variant", "starting_stacks", "actions", "min_bet", "antes"])
def test_missing_required_fields_are_named(field: str) -> None:
    lines = [line for line in MINIMAL.splitlines() if not line.startswith(field + " ")]
    error = refusal("\n".join(lines))
    assert error.constraint == "phh-field"
    assert repr(field) in str(error)


def test_stud_needs_its_bring_in() -> None:
    text = 'variant = "F7S"\nantes = [1, 1]\nsmall_bet = 2\nbig_bet = 4\n'
    error = refusal(text + "starting_stacks = [50, 50]\nactions = []\n")
    assert "missing field 'bring_in', which F7S hands must have" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "constraint", "named"),
    [
        ("[200, 200, 200]", "[200, 200.5, 200]", "phh-chips", "starting_stacks[1] is 200.5"),
        ("[200, 200, 200]", "[200, inf, 200]", "phh-chips", "starting_stacks[1] is inf"),
        ("[200, 200, 200]", "[200, -1, 200]", "phh-chips", "negative"),
        ("min_bet = 2", "min_bet = 2.5", "phh-chips", "min_bet is 2.5"),
        ('"p3 f"', '"p3 cbr 10.5"', "phh-chips", "actions[3]"),
        ("[200, 200, 200]", '[200, "x", 200]', "phh-field", "starting_stacks[1]"),
        ("min_bet = 2", "min_bet = true", "phh-field", "min_bet"),
        ("[0, 0, 0]", "0", "phh-field", "antes must be an array"),
        ('"NT"', "3", "phh-field", "variant must be a string"),
        ('actions = ["', 'players = ["a", 2, "c"]\nactions = ["', "phh-field", "players[1]"),
        ('actions = ["', 'ante_trimming_status = 1\nactions = ["', "phh-field", "true or false"),
        ("[0, 0, 0]", "[0, 0, 0, 0]", "phh-field", "antes has 4 entries for 3 players"),
        ('actions = ["', 'players = ["a"]\nactions = ["', "phh-field", "players has 1"),
        ("[200, 200, 200]", "[]", "phh-field", "needs players"),
        ('"p3 f"', '"p4 f"', "phh-action", "names p4, but there are 3 players"),
        ('"d dh p3 QdQh"', '"d dh p9 QdQh"', "phh-action", "actions[2]"),
        ('"p3 f"', '"p3 fold"', "phh-action", "actions[3]: bad PHH action 'p3 fold'"),
        ('["d dh', '"d dh p1 AsKs"\nxs = ["d dh', "phh-field", "actions must be an array"),
    ],
)
def test_bad_fields_are_refused_naming_the_problem(
    old: str, new: str, constraint: str, named: str
) -> None:
    assert old in MINIMAL
    error = refusal(MINIMAL.replace(old, new, 1))
    assert (error.constraint, named in str(error)) == (constraint, True), str(error)


def test_fractional_chip_hands_are_refused_not_rounded() -> None:
    error = refusal(read("fractional-chips/antonius-blom-2009.phh"))
    assert error.constraint == "phh-chips"
    assert "starting_stacks[0] is 1259450.25" in str(error)


def test_phhs_errors_name_the_hand() -> None:
    with pytest.raises(MalformedInputError, match=r"^hand \[2\]: .*'p3 fold'") as caught:
        loads_all(f"[1]\n{MINIMAL}\n[2]\n{MINIMAL.replace('p3 f', 'p3 fold')}")
    assert caught.value.constraint == "phh-action"
    with pytest.raises(MalformedInputError, match="'variant' is not a table") as caught:
        loads_all(MINIMAL)
    assert caught.value.constraint == "phh-field"


@pytest.mark.parametrize(
    ("hand", "named"),
    [
        (replace(loads(MINIMAL), metadata={"variant": "NT"}), "hand's own fields: variant"),
        (replace(loads(MINIMAL), min_bet=None), "NT hands need 'min_bet'"),
        (replace(loads(MINIMAL), metadata={"_x": {1, 2}}), "cannot hold the set value"),
        (replace(loads(MINIMAL), players=("a", "b")), "players has 2 entries"),
    ],
)
def test_hands_that_would_not_read_back_are_not_written(hand: PhhHand, named: str) -> None:
    with pytest.raises(MalformedInputError, match=named) as caught:
        dumps(hand)
    assert caught.value.constraint == "phh-field"


# --- files and folders --------------------------------------------------------------------------


def test_load_path_reads_phh_and_phhs_files_under_a_folder(tmp_path: Path) -> None:
    hands = [loads(MINIMAL), RICH]
    (tmp_path / "b").mkdir()
    (tmp_path / "c" / "d").mkdir(parents=True)
    (tmp_path / "a.phh").write_text(dumps(RICH), encoding="utf-8")
    (tmp_path / "b" / "two.phhs").write_text(dumps_all(hands), encoding="utf-8")
    (tmp_path / "c" / "d" / "deep.phh").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a hand", encoding="utf-8")
    found = load_path(tmp_path)
    assert [(Path(path).relative_to(tmp_path).as_posix(), i) for path, i, _ in found] == [
        ("a.phh", 0),
        ("b/two.phhs", 0),
        ("b/two.phhs", 1),
        ("c/d/deep.phh", 0),
    ]
    assert [hand for _, _, hand in found] == [RICH, *hands, loads(MINIMAL)]
    assert load_path(str(tmp_path / "a.phh")) == [(str(tmp_path / "a.phh"), 0, RICH)]


def test_load_path_errors_name_the_file(tmp_path: Path) -> None:
    (tmp_path / "ok.phh").write_text(MINIMAL, encoding="utf-8")
    bad = tmp_path / "bad.phhs"
    bad.write_text(f"[1]\n{MINIMAL.replace('min_bet = 2', 'min_bet = 2.5')}", encoding="utf-8")
    with pytest.raises(MalformedInputError, match=r"bad\.phhs: hand \[1\]: min_bet") as caught:
        load_path(tmp_path)
    assert caught.value.constraint == "phh-chips"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(MalformedInputError, match="not UTF-8") as caught:
        load_path(bad)
    assert caught.value.constraint == "phh-toml"
