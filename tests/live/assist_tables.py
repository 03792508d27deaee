"""Hands and checks for the dealer-assist tests.

Every test builds a real :class:`Hand`, plays it to the decision of the scenario, and asks the
assist through :func:`ask`, which also proves each reading it returns (and every choice of a
pending one): the action is legal in that hand (applied to a copy), and the chips add up: what
is in front of the player, plus what he must add, less what he gets back or forfeits, is his
street total (for a fold, his earlier bet, which stays in the pot).
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.engine.tables import hand, limp_to_flop

from floorman.cards.deck import Deck
from floorman.engine import Fold, Hand
from floorman.engine.actions import PlayerAction
from floorman.engine.events import Acted
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import (
    SILENT,
    AssistRuling,
    BettingSituation,
    ChipPush,
    Chips,
    FrontChips,
    Timing,
)
from floorman.rules.profiles import PROFILES
from floorman.rules.ruleset import Ruleset

BIG = 100_000


def table(
    stacks: Sequence[int],
    *,
    button: int,
    blinds: tuple[int, int] = (0, 0),
    bets: tuple[int, int] = (0, 0),
    game: str = "NT",
    profile: str = "tda-2022",
) -> tuple[Hand, Deck]:
    """A dealt hand under ``profile``, waiting for its first pre-flop action, and its deck."""
    return hand(stacks, game=game, button=button, blinds=blinds, bets=bets, rules=PROFILES[profile])


to_flop = limp_to_flop
"""Everyone calls pre-flop and the big blind checks; the flop is dealt."""


def play(played: Hand, *actions: PlayerAction) -> None:
    for action in actions:
        played.act(action)


def ask(
    played: Hand,
    said: str = "",
    *chips: tuple[int, int],
    motions: Sequence[Chips] = (),
    front: FrontChips | None = None,
    gathered_all: bool = False,
    lang: str = "en",
    timing: Timing = Timing.BEFORE,
    clear: bool = True,
    counted_wrong: bool = False,
    ruleset: Ruleset | None = None,
) -> AssistRuling:
    """The assist's ruling on what the player to act said and pushed, proved legal."""
    situation = situation_of(played)
    declaration = parse_speech(said, lang=lang, timing=timing, clear=clear) if said else SILENT
    push = ChipPush(
        motions=tuple(motions) or ((tuple(chips),) if chips else ()),
        front=front,
        gathered_all=gathered_all,
    )
    ruling = rule_action(
        situation,
        declaration,
        push,
        ruleset=ruleset or played.config.ruleset,
        counted_wrong=counted_wrong,
    )
    prove(played, situation, push, ruling)
    return ruling


def prove(played: Hand, situation: BettingSituation, push: ChipPush, ruling: AssistRuling) -> None:
    """The reading and each of its choices is legal and accounts for every chip."""
    assert ruling.rulings, "every reading cites a rule"
    for choice in ruling.choices:
        prove(played, situation, push, choice)
    if ruling.action is None:
        assert ruling.pending
        return
    copy = Hand.from_events(played.config, played.events)
    acted = copy.act(ruling.action, seat=situation.options.actor)[0]
    assert isinstance(acted, Acted)
    front = situation.bet if push.front is None else push.front.value
    physical = front + push.total
    kept = physical + ruling.add - ruling.change - ruling.forfeit
    if isinstance(ruling.action, Fold):
        assert kept == situation.bet  # his earlier bet stays in the pot, nothing else
    else:
        assert ruling.forfeit == 0
        assert kept == acted.to


def rules_cited(ruling: AssistRuling) -> list[str]:
    """The rules a ruling cites, as ``"tda-2022 R45-A"``."""
    return [str(r.rule) for r in ruling.rulings]
