"""The parameters in which rulebooks differ, for the hand engine.

A :class:`Ruleset` is plain data: each field is a choice some rulebook makes differently, and
:attr:`Ruleset.refs` maps each concept the engine rules on to the rule that governs it in this
profile, so a ruling can cite it. The profiles themselves are data files
(:mod:`floorman.rules.loader`); the fields here are the ones one hand needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from floorman.rules.ruling import RuleRef, Ruling
from floorman.rules.tournament_rules import TournamentRules


class CapLift(StrEnum):
    """When the limit raise cap stops applying."""

    TOURNAMENT_HEADS_UP = "tournament-heads-up"
    """Only once two players remain in the whole tournament (TDA R48)."""
    ROUND_HEADS_UP = "round-heads-up"
    """For a betting round begun with at most two players able to bet; all-in players do not
    count, and folds after the start do not lift it (Belarus 4.7.3, digest ambiguity 7)."""
    HEADS_UP_BEFORE_CAP = "heads-up-before-cap"
    """For two players able to bet who were heads-up before the round's cap was reached: the
    raise that reaches it lifts it when at most two can still bet, however many began the
    round; a round capped with three or more stays capped after folds (Robert's Rules of
    Poker, which Poland §26.2 follows, digest ambiguity 9)."""
    NEVER = "never"


class ClockExpiry(StrEnum):
    """What happens to a player whose action clock runs out."""

    CHECK_OR_FOLD = "check-or-fold"
    """Fold when facing a bet, otherwise check (TDA R29)."""
    FOLD = "fold"
    """Fold even when a check is possible (Belarus 4.9.1)."""


class ClockCaller(StrEnum):
    """Who may put a slow player on the action clock (the floor always may: Poland §5.4)."""

    ANY_PLAYER = "any-player"
    """Any player still in the tournament, or an official (TDA R29, Poland §5.1)."""
    OFFICIALS = "officials"
    """The floor, the judges or the TD only (Belarus 7.1.7 note: "time is called")."""


class StudShortStub(StrEnum):
    """Stud: what the dealer does when the stub cannot give every player his seventh card."""

    COMMUNITY_CARD = "community-card"
    """The burns go back into the stub; if still short, one community card (TDA RP-10-H)."""
    BURNS_THEN_MUCK = "burns-then-muck"
    """All but the stub's last card, then the burns shuffled, then the muck (Belarus 6.5.3)."""


class BigBlindAnteOrder(StrEnum):
    """Which the big blind posts first when his stack cannot cover both blind and ante."""

    ANTE_FIRST = "ante-first"
    """The ante, then the blind (TDA RP-11): a short big blind is short on the blind."""
    BLIND_FIRST = "blind-first"
    """The blind, then the ante (RedCactus «Big Blind Ante»)."""


class OddChipRule(StrEnum):
    """Who gets the odd chip of a split pot."""

    LEFT_OF_BUTTON = "left-of-button"
    """Flop games: the first tied winner clockwise from the button (TDA R20-A)."""
    HIGH_CARD_BY_SUIT = "high-card-by-suit"
    """Stud and razz: the winner with the highest card by rank then suit (TDA R20-B)."""
    LOW_CARD_BY_SUIT = "low-card-by-suit"
    """Low games: the winner whose lowest card has the lowest suit (Poland §3c)."""


class MisdealCutoff(StrEnum):
    """After what a misdeal can no longer be called: the hand plays on, and a hand with a wrong
    card count is dead instead."""

    SUBSTANTIAL_ACTION = "substantial-action"
    """Two actions in turn with chips in one of them, or any three (TDA R35-D, R36)."""
    TWO_PLAYERS_ACTED = "two-players-acted"
    """Two players have acted after the blinds or the bring-in (Poland §27 I.4)."""
    FIRST_ACTION = "first-action"
    """The first betting round has begun: anyone acted (Belarus 6.3.2 to 6.3.5)."""


class BoardProcedure(StrEnum):
    """How a rulebook repairs board cards dealt wrongly: premature, extra or unburned."""

    TDA = "tda"
    """TDA R39 and RP-5: the burn stays, premature cards go back into the stub."""
    PZP = "pzp"
    """Poland §27 II: the street-by-street table, restoring the deck's order after betting."""
    BELARUS = "belarus"
    """Belarus 6.6: cards back into the stub, cut, burn and deal again."""


class StringBet(StrEnum):
    """What chips pushed in several motions, with nothing declared first, count as."""

    FIRST_MOTION = "first-motion"
    """Only the chips of the first motion (Belarus 4.11, Poland §39.6; the TDA leaves it to
    the dealer, R56, and floorman reads it this way)."""
    CALL = "call"
    """A call at most (RedCactus 56)."""


class Decider(StrEnum):
    """Who chooses between the readings of a pending ruling at a live table."""

    DIRECTOR = "director"
    """A discretionary point of the rulebook (TDA R1 and the like)."""
    PLAYER = "player"
    """The rules leave the choice to the player (Belarus 4.13: complete or fold)."""


class MuckRetrieval(StrEnum):
    """Whether a hand thrown away at showdown before it was shown can be taken back."""

    IDENTIFIABLE = "identifiable"
    """Yes while its cards can be told apart with certainty (TDA R14)."""
    ALL_IN_IDENTIFIABLE = "all-in-identifiable"
    """Only in an all-in showdown, and only identifiable cards (Poland §43.5, §45.2)."""
    NEVER = "never"
    """A hand mucked at showdown is conceded (Belarus 5.9.2)."""


class FoundChips(StrEnum):
    """What chips found with a player after his all-in was called count for."""

    DIRECTOR = "director"
    """The director rules whether they were part of the all-in (TDA R62)."""
    COMMITTED = "committed"
    """They were part of it: lost to a winner as far as he covered them, never won from a
    caller who did not see them (Poland §43.2, PokerStars Live 4.16)."""


class ShowRequests(StrEnum):
    """Whose hand a player at showdown may ask to see, and what becomes of it."""

    PAID_TO_SEE = "paid-to-see"
    """A caller of the final round's bet who still holds or has tabled his cards sees the last
    aggressor's hand by right; every other request is the director's; the hand shown stays as
    it was (TDA R18)."""
    LIVE_ON_REQUEST = "live-on-request"
    """A player still holding cards may have any hand of the showdown turned up, and it plays
    for the pot (PokerStars Live 5.5)."""
    DIRECTOR = "director"
    """The rulebook has no rule: every request is the director's."""


class DisputeWindow(StrEnum):
    """Until when a finished hand can be disputed."""

    NEXT_HAND_OR_ACTION = "next-hand-or-action"
    """Its reading until the next hand begins, the chips counted or awarded until substantial
    action in the next hand; a hand ended at a break, one minute after the award (TDA R22)."""
    NEXT_HAND = "next-hand"
    """Anything until the next hand begins (PokerStars Live 3.9, Poland §50.0)."""
    NONE = "none"
    """No deadline is set: the director hears any dispute."""


class ExactCounts(StrEnum):
    """When a player may have an opponent's stack counted exactly (otherwise an estimate)."""

    IN_TURN_FACING_ALL_IN = "in-turn-facing-all-in"
    """In turn, facing that player's all-in (TDA R60)."""
    ALL_IN = "all-in"
    """Once that player has bet all his chips (PokerStars Live 3.5.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    profile: str
    name: str
    seed: str = ""
    """The rulebook's seed file number in ``shared/seeds`` (``002`` for the TDA)."""
    language: str = "en"
    """The language the rulebook is written in (its rule summaries come in it too)."""
    preset: str = ""
    """The name of a preset of the profile (``weekly`` in ``redcactus/weekly``): an event tier
    or format laid over it. ``profile`` stays the rulebook's id, so rulings cite its rules and
    its catalogues are found by it; :attr:`id` names the preset too."""
    limit_raise_cap: int | None = 3
    """Raises allowed after the bet in a limit betting round (bet plus three raises)."""
    cap_lift: CapLift = CapLift.TOURNAMENT_HEADS_UP
    limit_reopen_fraction: Fraction = Fraction(1, 2)
    """In limit, the share of a full bet that a short all-in must add to reopen (TDA R47-B)."""
    clock_expiry: ClockExpiry = ClockExpiry.CHECK_OR_FOLD
    clock_called_by: ClockCaller = ClockCaller.ANY_PLAYER
    clock_grace_seconds: Fraction = Fraction(0)
    """An action this close after the countdown's end still counts as in time, the floor
    reviewing it (PokerStars Live 3.11.2: an action at zero); 0: none."""
    allowed_games: tuple[str, ...] = ()
    """The games (PHH codes) the rulebook covers; empty: any (RedCactus: NT only)."""
    stud_short_stub: StudShortStub = StudShortStub.COMMUNITY_CARD
    pot_limit_counts_full_blind: bool = True
    """Pot-limit size is counted as if a short all-in big blind were a full one (TDA R54-B)."""
    odd_chip_flop: OddChipRule = OddChipRule.LEFT_OF_BUTTON
    odd_chip_stud: OddChipRule = OddChipRule.HIGH_CARD_BY_SUIT
    odd_chip_low: OddChipRule | None = None
    """Games won by the low hand alone (razz, 2-7 draw); ``None`` leaves them to their family's
    rule (``odd_chip_stud`` for razz, ``odd_chip_flop`` for draw games), as the TDA does (R20-B
    names razz with stud). Poland §3c gives them a rule of their own: the lowest card."""
    big_blind_ante_order: BigBlindAnteOrder = BigBlindAnteOrder.ANTE_FIRST
    all_in_hands_face_up: bool = True
    """Once an all-in is called and no more betting can follow, every live hand is turned face
    up before the rest of the board (TDA R16, RedCactus 16, PokerStars Live 5.2, Poland §9.2).
    Belarus has no such rule (5.9.2): the hands are shown in the showdown order and a player
    may concede unseen."""
    stud_open_pair_big_bet: bool = False
    """Stud fourth street with an open pair showing: the big bet may be chosen (Belarus 5.8.5;
    TDA RP-10-F says no)."""
    # --- irregularities at a live table (floorman.live) ---
    misdeal_cutoff: MisdealCutoff = MisdealCutoff.SUBSTANTIAL_ACTION
    first_cards_exposed_misdeal: bool = True
    """A dealer exposing the first or second card of the deal is a misdeal (TDA R35-A(7));
    Belarus 6.3.6 calls one only for more than one exposed card."""
    exposure_folds_hand: bool = False
    """A player who exposes his cards before the betting is over has his hand folded (Belarus
    7.1.6, note 1); TDA R68 keeps it live."""
    out_of_turn_chips_stay: bool = False
    """Chips put in out of turn stay in the pot when the action changed before the turn came
    (Belarus 4.10); TDA R53-A returns them."""
    skipped_seat_ruling: bool = True
    """Once substantial action follows an out-of-turn action, the skipped player's hand goes to
    the director (TDA R53-B)."""
    absent_during_play_folds: bool = False
    """A player away from the table when the action reaches him loses his hand (Belarus 6.4.3,
    Poland §8.4); the TDA kills only the hands absent at the end of the deal (R30)."""
    board_procedure: BoardProcedure = BoardProcedure.TDA
    any_deck_defect_voids: bool = False
    """Any defect of the deck (missing cards, other backs) voids the hand (Poland §54.1); the
    TDA voids it for duplicate cards and leaves other defects to the house (R35-E)."""
    one_extra_card_is_burn: bool = False
    """One card too many dealt in the initial deal becomes the burn instead of a misdeal
    (Poland §27 I.2m)."""
    unseen_extra_cards_returned: bool = False
    """Extra cards dealt off the top to one player, unseen and with nothing dealt after them,
    are no misdeal: he keeps the top one, the rest go back on the stub (Poland §27 I.2e)."""
    stud_exposed_card_misdeal: bool = False
    """Stud: a down card dealt face up in the initial deal is a misdeal (Poland §27 I.2l); the
    TDA deals that player's third card down instead (RP-10-A)."""
    touching_muck_kills: bool = False
    """A hand that touches the muck is dead (Belarus 4.9.1, PokerStars Live 3.8); the TDA keeps
    it live if it can be told apart (R65-B)."""
    # --- the dealer assist: words and chips at a live table (floorman.live) ---
    under_raise_share: Fraction = Fraction(1, 2)
    """The share of the last full raise that chips beyond a call must reach to count as a
    raise, then completed to the minimum (TDA R43-A's 50% standard); 0: any evident excess is a
    raise (Belarus 4.14.3)."""
    string_bet: StringBet = StringBet.FIRST_MOTION
    undercall_binds_opening: bool = True
    """An undercall of the round's opening bet must become a full call (TDA R51-B-2)."""
    undercall_binds_heads_up: bool = True
    """An undercall of any bet heads-up must become a full call (TDA R51-B-1)."""
    undercall_decided_by: Decider = Decider.DIRECTOR
    """Who chooses, in the other cases, between a full call and folding the chips put in."""
    short_bet_may_fold: bool = False
    """An opening bet below the minimum may be given up with its chips instead of completed
    (Belarus 4.13); otherwise it is brought up to the minimum (TDA R52-A)."""
    unclear_amount_within_pot: bool = True
    """A bare number ("five") is the largest legal meaning within the pot (TDA R57); without
    that rule the director picks the meaning."""
    odd_call_below: Fraction | None = Fraction(1, 10)
    """A silent undercall with chips below this share of the call is no standard call, and the
    director rules on it (TDA R41, RedCactus 45); ``None``: the rulebook has no such rule."""
    # --- the table's other irregularities (floorman.live) ---
    shown_out_of_turn_all_show: bool = False
    """A hand shown out of turn at showdown takes from the later players the right to muck a
    beaten hand unseen (Poland §37.3)."""
    showdown_muck_retrievable: MuckRetrieval = MuckRetrieval.IDENTIFIABLE
    device_kills_hand: bool = False
    """Using a phone or other device with a live hand kills it, unless he is all-in (Poland
    §15.7a, §48.2h); elsewhere it draws a penalty only."""
    unclear_exposure_shows_hand: bool = False
    """When it is unclear which card a player exposed, the dealer shows his whole hand (Poland
    §31.3)."""
    folding_exposure_shows_all: bool = False
    """A player who shows a card while folding once all action is over has his hand killed and
    all of it shown (Poland §31.4a, §44.5)."""
    heads_up_exposure_options: bool = False
    """Heads-up, the opponent of a player who exposed his cards before the round ended may
    play on, treat him as all-in, or take back his own uncalled bet (Belarus 7.1.6 note 2)."""
    found_chips: FoundChips = FoundChips.DIRECTOR
    lone_wrong_count_loses_pot: bool = False
    """The last player left with a wrong number of cards loses the pot to the others who played
    the hand (Belarus 6.3.9)."""
    damaged_face_up_card_plays_on: bool = False
    """A damaged card that lies face up leaves the hand to be played out; the deck is changed
    after it (Belarus 6.1.3)."""
    stud_second_up_card_burned: bool = False
    """Stud: a second down card dealt face up in the deal does not void it: the hand goes on and
    that card is replaced as a burn (Belarus 6.5.2); elsewhere a misdeal (TDA R35-A)."""
    stud_seventh_exposed_choice: bool = False
    """Stud: a seventh card dealt face up stays, and its player chooses to play on or to bet no
    more this round (Belarus 6.5.5); elsewhere it is replaced (TDA RP-10-B)."""
    shown_to_out_of_hand_kept_back: bool = False
    """Cards a player showed to someone without a live hand are shown to the others only after
    the hand, when they ask (Poland §31.5a); elsewhere they are shown to all at once."""
    # --- showdown requests, disputes and counts at a live table (floorman.live) ---
    show_requests: ShowRequests = ShowRequests.PAID_TO_SEE
    dispute_window: DisputeWindow = DisputeWindow.NEXT_HAND_OR_ACTION
    exact_counts: ExactCounts = ExactCounts.IN_TURN_FACING_ALL_IN
    pot_counted_in_pot_limit: bool = True
    """The dealer counts the pot on request in pot-limit (TDA R54-A); ``False``: he never
    counts it, he spreads it (RedCactus 54-A). In limit and no-limit he never does."""
    tournament: TournamentRules = field(default_factory=TournamentRules)
    """What the profile decides for the whole event (seating, balancing, entries, places)."""
    refs: Mapping[str, str] = field(default_factory=dict)
    """Concept (``min-raise``, ``reopen``...) to the rule number in this profile."""
    sources: Mapping[str, str] = field(default_factory=dict)
    """Parameter name to the rule it comes from (``"house"`` for a venue's own choice)."""
    _fixed_rulings: dict[tuple[str, str, str], Ruling] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Rulings without parameters, made once: they are frozen values, and the hand engine
    gives the same ones (``no-chips-to-raise``, ``hands-tabled``...) hand after hand."""

    @property
    def id(self) -> str:
        """The id that :func:`~floorman.rules.profiles.get_ruleset` takes for this ruleset:
        the profile's, or ``<profile>/<preset>``."""
        return f"{self.profile}/{self.preset}" if self.preset else self.profile

    def cite(self, concept: str) -> RuleRef:
        """The rule governing ``concept`` here; profiles lacking one cite their general rule."""
        return RuleRef(self.profile, self.refs.get(concept, self.refs.get("general", "?")))

    def ruling(self, concept: str, key: str, message: str, **params: int | str) -> Ruling:
        if params:
            return Ruling(self.cite(concept), key, message, tuple(params.items()))
        made = self._fixed_rulings.get((concept, key, message))
        if made is None:
            made = self._fixed_rulings[concept, key, message] = Ruling(
                self.cite(concept), key, message
            )
        return made

    def with_changes(self, **changes: object) -> Ruleset:
        """A copy with some parameters changed (a venue's house rules, a test variant)."""
        return replace(self, **changes)  # type: ignore[arg-type]
