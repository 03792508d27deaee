"""A reader of PokerStars-style tournament hand histories, floorman's own.

It reads what :mod:`floorman.records.pokerstars_text` writes (and PokerStars' own tournament
hands of flop games): the header, the seats with their chips and who sits out, the forced
bets, each player's actions street by street with the total he bet to, the board, the chips
each player collected and who finished where. The records tests read every exported hand
back with it and compare the result with the record: a round trip that does not rely on an
outside parser's quirks.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from floorman.errors import MalformedInputError

_HEADER = re.compile(
    r"^PokerStars Hand #(?P<hand>\d+): Tournament #(?P<tournament>\d+), (?P<buy_in>.+?) "
    r"(?P<game>Hold'em|Omaha|Omaha Hi/Lo) (?P<limit>No Limit|Pot Limit|Limit) - "
    r"Level (?P<level>[IVXLCDM]+) \((?P<small>\d+)/(?P<big>\d+)\) - "
    r"(?P<local>\S+ \S+) (?P<zone>[A-Z]+) \[(?P<eastern>\S+ \S+) ET\]$"
)
_TABLE = re.compile(r"^Table '(?P<name>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button$")
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<chips>\d+) in chips\)(?P<out> is sitting out)?$"
)
_POST = re.compile(r"^(?P<name>.+): posts (?P<what>the ante|small blind|big blind) (?P<chips>\d+)")
_ACT = re.compile(
    r"^(?P<name>.+): (?P<verb>folds|checks|calls|bets|raises)"
    r"(?: (?P<chips>\d+))?(?: to (?P<to>\d+))?(?P<all_in> and is all-in)?$"
)
_BOARD = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]+)\]$")
_COLLECTED = re.compile(r"^(?P<name>.+) collected (?P<chips>\d+) from (?:main |side )?pot")
_FINISHED = re.compile(
    r"^(?P<name>.+) finished the tournament in (?P<place>\d+)(?:st|nd|rd|th) place"
)
_WON = re.compile(r"^(?P<name>.+) wins the tournament")


@dataclass(frozen=True, slots=True)
class StarsAction:
    name: str
    verb: str
    """``folds``, ``checks``, ``calls``, ``bets`` or ``raises``."""
    street: int
    """0: before the flop, 1 to 3: flop, turn, river."""
    to: int | None
    """The player's total bet on the street after the action (``None``: fold or check)."""
    all_in: bool


@dataclass(slots=True)
class StarsHand:
    """One hand as read."""

    number: int
    tournament: int
    buy_in: str
    level: str
    small_blind: int
    big_blind: int
    eastern: datetime.datetime
    button: int
    seats: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Seat number (1-based) -> (name, chips)."""
    sitting_out: set[str] = field(default_factory=set)
    antes: dict[str, int] = field(default_factory=dict)
    blinds: dict[str, int] = field(default_factory=dict)
    actions: list[StarsAction] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    collected: dict[str, int] = field(default_factory=dict)
    finished: dict[str, int] = field(default_factory=dict)
    """Name -> place, the winner at 1."""


def read_pokerstars(text: str) -> list[StarsHand]:
    """Every hand of ``text`` (hands separated by blank lines).

    :raises MalformedInputError: a hand whose header or table line cannot be read
        (constraint ``pokerstars-text``).
    """
    chunks = [c.strip("\n") for c in re.split(r"\n\s*\n", text) if c.strip()]
    return [_hand(chunk.splitlines()) for chunk in chunks]


def _hand(lines: list[str]) -> StarsHand:
    header = _HEADER.match(lines[0]) if lines else None
    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if header is None or table is None:
        raise MalformedInputError(
            f"not a PokerStars tournament hand: {lines[:1]}", constraint="pokerstars-text"
        )
    eastern = datetime.datetime.strptime(header["eastern"], "%Y/%m/%d %H:%M:%S")
    hand = StarsHand(
        number=int(header["hand"]), tournament=int(header["tournament"]),
        buy_in=header["buy_in"], level=header["level"], small_blind=int(header["small"]),
        big_blind=int(header["big"]), eastern=eastern, button=int(table["button"]),
    )  # fmt: skip
    street, summary = 0, False
    for line in lines[2:]:
        if line.startswith("*** SUMMARY ***"):
            summary = True
        elif summary:
            continue
        elif board := _BOARD.match(line):
            street += 1
            hand.board.extend(board["cards"].split())
        else:
            _line(hand, line, street)
    return hand


def _line(hand: StarsHand, line: str, street: int) -> None:
    if seat := _SEAT.match(line):
        hand.seats[int(seat["seat"])] = (seat["name"], int(seat["chips"]))
        if seat["out"]:
            hand.sitting_out.add(seat["name"])
    elif post := _POST.match(line):
        target = hand.antes if post["what"] == "the ante" else hand.blinds
        target[post["name"]] = int(post["chips"])
    elif act := _ACT.match(line):
        hand.actions.append(_action(hand, act, street))
    elif collected := _COLLECTED.match(line):
        name = collected["name"]
        hand.collected[name] = hand.collected.get(name, 0) + int(collected["chips"])
    elif finished := _FINISHED.match(line):
        hand.finished[finished["name"]] = int(finished["place"])
    elif won := _WON.match(line):
        hand.finished[won["name"]] = 1


def _action(hand: StarsHand, act: re.Match[str], street: int) -> StarsAction:
    """The action with the total bet it leaves: a call adds to the player's bet on the
    street (his blind counts before the flop), a bet is its amount, a raise names its total."""
    name, verb = act["name"], act["verb"]
    before = max(
        (a.to or 0 for a in hand.actions if a.name == name and a.street == street),
        default=hand.blinds.get(name, 0) if street == 0 else 0,
    )
    if verb in ("folds", "checks"):
        to = None
    elif verb == "calls":
        to = before + int(act["chips"])
    elif verb == "bets":
        to = int(act["chips"])
    else:
        to = int(act["to"])
    return StarsAction(name=name, verb=verb, street=street, to=to, all_in=bool(act["all_in"]))
