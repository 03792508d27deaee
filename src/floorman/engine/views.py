"""What each audience may see of a hand: a seat, the public display, the director.

Information is hidden here, in the core, so that no server or web page filters cards ad hoc
(DESIGN principle 5). A view is a pure function of the hand state, computed afresh after every
event; the rules it follows are those of a table watched by a demanding TD:

- A card lying face up is public: a stud up-card, a hand shown at showdown, and every live
  hand once it is tabled after a called all-in (TDA R13-A, R16).
- A face-down card is seen by its owner alone, and the owner keeps seeing his own cards after
  he folds: he has already seen them, and R67 (not the view) forbids him to reveal them.
- A folded or mucked hand leaves the table face down (R66: to fold in stud, turn every card
  face down), so its up-cards drop out of the other seats' and the public's views. A shown
  hand stays visible: it was tabled and cannot be mucked afterwards.
- Burn cards are face down: everyone may count them, only the director may read them.
- The director sees the true state, folded and mucked hands and burns included, because
  rulings on fouled decks and misdeals (R35, R38, R65) need the whole deal.
- A hole card exposed at a live table (dealt face up, flashed, shown to a neighbour) is public
  from then on, while the hand is live (TDA R68, Poland §31.5b, :mod:`floorman.live`).
- A card the engine itself does not know (``None`` in the hand) is ``None`` for everyone.
- Discards in a draw game go face down to the muck and leave the hand: a seat shows the cards
  it holds now (fewer while it waits for its replacements), and no view lists the muck.

The actor's legal options (betting, or the draw) are given to every audience, not only to the
actor and the director. They follow from public facts alone (bets, stacks, the betting so far,
R43-R55; how many cards the drawing player holds), so they leak nothing; a player could work
them out himself, and the dealer would tell him the amount to call on request. Showing them on
every screen keeps all players equally informed, which a TD values more than the appearance of
secrecy.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from floorman.cards.card import Card
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.engine.prompts import DrawOptions, LegalOptions
from floorman.errors import MalformedInputError


class Audience(StrEnum):
    SEAT = "seat"
    PUBLIC = "public"
    DIRECTOR = "director"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as an audience sees it; ``cards[i]`` is ``None`` where the card is hidden."""

    seat: int
    in_hand: bool
    """Dealt into this hand (an empty seat or a player without chips is not)."""
    stack: int
    bet: int
    """Chips in front of the seat on this street, not yet gathered into the pot."""
    folded: bool
    mucked: bool
    shown: bool
    all_in: bool
    """Still holding cards with no chips behind (after the hand: a live seat left with none)."""
    is_actor: bool
    cards: tuple[int | None, ...]
    """One entry per card held: everyone may count another player's cards, not read them."""
    exposed: tuple[bool, ...]
    """Which of the cards lie face up for everyone (up-card, shown or tabled)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "in_hand": self.in_hand,
            "stack": self.stack,
            "bet": self.bet,
            "folded": self.folded,
            "mucked": self.mucked,
            "shown": self.shown,
            "all_in": self.all_in,
            "is_actor": self.is_actor,
            "cards": _card_texts(self.cards),
            "exposed": list(self.exposed),
        }


@dataclass(frozen=True, slots=True)
class HandView:
    """The hand as one audience sees it; ``viewer`` is the seat for :attr:`Audience.SEAT`."""

    audience: Audience
    viewer: int | None
    game: str
    """The PHH code of the game (``NT``, ``PO``...)."""
    street: int
    phase: Phase
    button: int
    dealer: int
    """The seat that plays as the button (differs from ``button`` heads-up with a dead button)."""
    board: tuple[int | None, ...]
    burns: tuple[int | None, ...]
    pot: int
    """Every chip committed: pots, dead money and the bets still in front of players."""
    actor: int | None
    """Who is to bet, to draw or to show now."""
    options: LegalOptions | None
    """The actor's betting options; ``None`` when nobody is to bet."""
    seats: tuple[SeatView, ...]
    draw_options: DrawOptions | None = None
    """Draw games, during a draw: who stands pat or discards, and how many cards he holds."""

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: cards as text (``"Ah"``), hidden or unknown cards as ``None``."""
        return {
            "audience": self.audience.value,
            "viewer": self.viewer,
            "game": self.game,
            "street": self.street,
            "phase": self.phase.value,
            "button": self.button,
            "dealer": self.dealer,
            "board": _card_texts(self.board),
            "burns": _card_texts(self.burns),
            "pot": self.pot,
            "actor": self.actor,
            "options": _options_dict(self.options),
            "seats": [s.as_dict() for s in self.seats],
            "draw_options": None if self.draw_options is None else self.draw_options.as_dict(),
        }


def seat_view(hand: Hand, seat: int) -> HandView:
    """What the player in ``seat`` may see: his own cards and whatever lies face up."""
    if not 0 <= seat < hand.config.seat_count:
        raise MalformedInputError(f"seat {seat} is not at this table", constraint="seat")
    return _view(hand, Audience.SEAT, seat)


def public_view(hand: Hand) -> HandView:
    """The big screen and spectators: a player's view without any cards of his own."""
    return _view(hand, Audience.PUBLIC, None)


def director_view(hand: Hand) -> HandView:
    """Everything, as it is: every hand, the burns, the folded and mucked cards."""
    return _view(hand, Audience.DIRECTOR, None)


def _view(hand: Hand, audience: Audience, viewer: int | None) -> HandView:
    config = hand.config
    director = audience is Audience.DIRECTOR
    actor = hand.actor
    return HandView(
        audience=audience,
        viewer=viewer,
        game=config.game.code,
        street=hand.street,
        phase=hand.phase,
        button=config.button,
        dealer=config.dealer_seat,
        board=tuple(hand.board),
        burns=tuple(hand.burns) if director else (None,) * len(hand.burns),
        pot=hand.pot,
        actor=actor,
        options=_options(hand),
        seats=tuple(
            _seat(hand, s, sees_down=director or s == viewer, actor=actor)
            for s in range(config.seat_count)
        ),
        draw_options=hand.draw_options() if hand.phase is Phase.DRAW else None,
    )


def _seat(hand: Hand, seat: int, *, sees_down: bool, actor: int | None) -> SeatView:
    """``sees_down``: the audience may read this seat's face-down cards (owner or director)."""
    exposed = _exposed(hand, seat)
    cards = tuple(
        card if sees_down or face_up else None
        for card, face_up in zip(hand.holes[seat], exposed, strict=True)
    )
    live = _live(hand, seat)
    return SeatView(
        seat=seat,
        in_hand=hand.in_hand[seat],
        stack=hand.stacks[seat],
        bet=hand.bets[seat],
        folded=hand.folded[seat],
        mucked=hand.mucked[seat],
        shown=hand.shown[seat],
        all_in=live and hand.stacks[seat] == 0,
        is_actor=seat == actor,
        cards=cards,
        exposed=exposed,
    )


def _exposed(hand: Hand, seat: int) -> tuple[bool, ...]:
    """Which cards of ``seat`` lie face up for the whole table now."""
    holes = hand.holes[seat]
    if hand.shown[seat]:
        return (True,) * len(holes)
    if not _live(hand, seat):
        return (False,) * len(holes)
    if hand.tabled:
        return (True,) * len(holes)
    exposed = hand.exposed
    if exposed and seat in exposed:  # seen by the table at a live table (R68, Poland §31.5b)
        seen = exposed[seat]
        return tuple([up or card in seen for card, up in zip(holes, hand.up[seat], strict=True)])
    return tuple(hand.up[seat])


def _live(hand: Hand, seat: int) -> bool:
    return hand.in_hand[seat] and not hand.folded[seat] and not hand.mucked[seat]


def _options(hand: Hand) -> LegalOptions | None:
    if hand.phase is not Phase.BET or hand.actor is None:
        return None
    return hand.legal_options()


def _card_texts(cards: tuple[int | None, ...]) -> list[str | None]:
    return [None if c is None else str(Card(c)) for c in cards]


def _options_dict(options: LegalOptions | None) -> dict[str, object] | None:
    """The options, with the reason raising is refused so a screen can say why (R47, R48)."""
    if options is None:
        return None
    refusal = options.no_raise
    reason = None
    if refusal is not None:
        reason = {
            "rule": str(refusal.rule),
            "key": refusal.key,
            "message": refusal.message,
            "params": dict(refusal.params),
        }
    return {**options.as_dict(), "no_raise": reason}
