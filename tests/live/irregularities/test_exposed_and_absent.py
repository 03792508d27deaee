"""Exposed cards (in the deal and by players), absent players, hands touching the muck."""

from __future__ import annotations

import pytest
from tests.live.live_tables import (
    assert_conserved,
    card,
    deal_holes,
    dealt_table,
    new_deck,
    table,
)

from floorman.engine import (
    AnteMode,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    HandConfig,
    Raise,
    public_view,
)
from floorman.engine.events import HandVoided, HoleCardReplaced
from floorman.engine.games import GAMES
from floorman.errors import IllegalActionError
from floorman.live.irregularities.reports import (
    BoxedCards,
    CardExposed,
    CardsTouchedMuck,
    DealerKilledHand,
    PlayerAbsent,
    StubDisordered,
)
from floorman.live.live_events import BoardPlanned
from floorman.live.live_hand import LiveHand
from floorman.rules.profiles import PROFILES


def voided(live: LiveHand) -> bool:
    return any(isinstance(e, HandVoided) for e in live.hand.events)


@pytest.mark.rules("tda-2022 R35-A", "redcactus 35", "poland-pzp §27 I.2a", "poland-pzp §31.6")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus", "poland-pzp", "pokerstars-live"])
def test_the_first_card_of_the_deal_exposed_by_the_dealer_is_a_misdeal(profile: str) -> None:
    live = table(6, profile=profile)
    deal_holes(live, new_deck())
    first = live.hand.holes[0][0]
    result = live.record(CardExposed(seat=0, card=first, by_dealer=True, position=1))
    assert result.ruling is not None
    assert result.ruling.key == "misdeal"
    assert voided(live)


@pytest.mark.rules("belarus-sport 6.6.1", "belarus-sport 6.3.6")
def test_belarus_6_6_1_an_exposed_down_card_is_replaced_and_becomes_the_first_burn() -> None:
    live = table(6, profile="belarus-sport")
    deck = new_deck()
    seats = list(live.hand.deal_queue)
    first = [int(c) for c in deck.deal(6)]
    second = [int(c) for c in deck.deal(6)]
    exposed = first[0]
    replacement = int(deck.deal_one())
    for seat, a, b in zip(seats, first, second, strict=True):
        live.act(DealHole(seat, (a, b)))
    result = live.record(
        CardExposed(
            seat=seats[0], card=exposed, by_dealer=True, position=1, replacement=replacement
        )
    )
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 6.6.1"
    assert not voided(live)
    assert live.hand.holes[seats[0]][0] == replacement
    assert exposed in live.hand.burns
    assert any(isinstance(e, HoleCardReplaced) for e in live.hand.events)
    while live.hand.street == 0:
        live.act(Call() if live.hand.legal_options().call else Fold())
    with pytest.raises(IllegalActionError) as refused:  # no second burn before the flop
        live.act(DealBoard(tuple(int(c) for c in deck.deal(3)), int(deck.deal_one())))
    assert refused.value.ruling.key == "no-burn-now"
    live.act(DealBoard((card("Kd"), card("Kh"), card("Ks"))))
    assert live.hand.burns == [exposed]
    second_exposure = table(6, profile="belarus-sport")
    deal_holes(second_exposure, new_deck())
    for seat in (0, 1):
        second_exposure.record(
            CardExposed(seat=seat, card=second_exposure.hand.holes[seat][1], by_dealer=True)
        )
    assert voided(second_exposure)  # more than one exposed down card (6.3.6)


@pytest.mark.rules("tda-2022 R35-B", "poland-pzp §31.7")
@pytest.mark.parametrize("profile", ["tda-2022", "poland-pzp"])
def test_a_later_card_exposed_in_the_deal_is_replaced_and_burned(profile: str) -> None:
    live = table(6, profile=profile)
    deal_holes(live, new_deck())
    exposed = live.hand.holes[3][0]
    assert exposed is not None
    result = live.record(
        CardExposed(seat=3, card=exposed, by_dealer=True, position=4, replacement=card("As"))
    )
    assert result.ruling is not None
    assert result.ruling.key == "card-replaced"
    assert live.hand.holes[3][0] == card("As")
    assert exposed in live.hand.burns
    assert_conserved(live)


@pytest.mark.rules(
    "tda-2022 R68",
    "pokerstars-live 6.3",
    "poland-pzp §31.5",
    "poland-pzp §31.5b",
    "poland-pzp §31.1",
    "redcactus 68",
)
@pytest.mark.parametrize("profile", ["tda-2022", "pokerstars-live", "poland-pzp", "redcactus"])
def test_a_player_exposing_a_card_plays_on_and_everyone_sees_it(profile: str) -> None:
    live, _ = dealt_table(6, profile=profile)
    seat = live.hand.actor
    assert seat is not None
    shown = live.hand.holes[seat][0]
    assert shown is not None
    result = live.record(CardExposed(seat=seat, card=shown, by_dealer=False))
    assert result.ruling is not None
    assert result.ruling.key == "card-exposed"
    assert seat in live.hand.live
    view = public_view(live.hand).seats[seat]
    assert view.cards[0] == shown
    assert view.cards[1] is None
    live.act(Call())
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 7.1.6-note1", "belarus-sport 7.1.5", "tda-2022 R1")
def test_belarus_7_1_6_exposure_before_the_round_ends_folds_the_hand() -> None:
    live, _ = dealt_table(6, profile="belarus-sport")
    seat = live.hand.actor
    assert seat is not None
    card_shown = live.hand.holes[seat][0]
    accident = live.record(CardExposed(seat=seat, card=card_shown, by_dealer=False))
    assert accident.ruling is not None
    assert accident.ruling.key == "card-exposed"  # 7.1.5: accidental, a warning at most
    assert seat in live.hand.live
    result = live.record(CardExposed(seat=seat, card=card_shown, by_dealer=False, deliberate=True))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 7.1.6-note1"
    assert seat not in live.hand.live
    made = next(i for i, m in live.state.made.items() if m.outcome == "dead")
    live.override(made, "live", by="chief judge", reason="exceptional case: played on")
    assert seat in live.hand.live
    assert live.hand.actor == seat
    assert_conserved(live)


@pytest.mark.rules(
    "tda-2022 R30",
    "redcactus 30",
    "pokerstars-live 4.2",
    "poland-pzp §8.3",
    "poland-pzp §48.2g",
    "poland-pzp §57.1",
)
@pytest.mark.parametrize(
    ("profile", "rule"),
    [("tda-2022", "R30"), ("redcactus", "30"), ("pokerstars-live", "4.2"), ("poland-pzp", "§8.3")],
)
def test_scenario_S17_absent_at_the_end_of_the_deal_the_hand_is_dead_and_the_blind_stays(
    profile: str, rule: str
) -> None:
    live = table(6, profile=profile)  # button 5: blinds on seats 0 and 1
    result = live.record(PlayerAbsent(seat=1))
    assert result.ruling is not None
    assert result.ruling.rule.rule == rule
    assert 1 in live.hand.live  # still dealt in: killed once the deal is complete
    deal_holes(live, new_deck())
    assert 1 not in live.hand.live
    assert live.hand.paid[1] == 100
    live.act(Fold())
    live.act(Fold())
    live.act(Fold())
    live.act(Fold())  # the small blind folds too: the big blind's hand is dead
    assert live.hand.is_over
    assert live.hand.stacks[1] == 9_900  # the dead big blind stays in the pot
    assert live.hand.stacks[0] == 10_100
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 6.4.4", "belarus-sport 6.4.3")
def test_belarus_6_4_4_an_absent_players_forced_bets_are_posted_and_stay() -> None:
    live = table(6, profile="belarus-sport")
    live.record(PlayerAbsent(seat=0))  # the small blind
    deal_holes(live, new_deck())
    assert 0 not in live.hand.live
    assert live.hand.paid[0] == 50


@pytest.mark.rules("belarus-sport 6.4.3", "poland-pzp §8.4", "tda-2022 R30")
@pytest.mark.parametrize(
    ("profile", "folds"), [("belarus-sport", True), ("poland-pzp", True), ("tda-2022", False)]
)
def test_absent_when_the_action_reaches_him(profile: str, folds: bool) -> None:
    live, _ = dealt_table(6, profile=profile)
    live.act(Raise(300))
    seat = live.hand.actor
    assert seat is not None
    live.record(PlayerAbsent(seat=seat))
    assert (seat not in live.hand.live) is folds
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 6.4.3")
def test_belarus_6_4_3_an_absent_all_in_player_keeps_his_hand() -> None:
    cfg = HandConfig(
        game=GAMES["NT"],
        stacks=(10_000, 10_000, 300, 10_000),
        button=3,
        small_blind=50,
        big_blind=100,
        ruleset=PROFILES["belarus-sport"],
    )
    live = LiveHand(cfg)
    deal_holes(live, new_deck())
    live.act(Raise(300))  # seat 2 all-in
    live.record(PlayerAbsent(seat=2))
    assert 2 in live.hand.live


@pytest.mark.rules("belarus-sport 4.9.1", "pokerstars-live 3.8", "tda-2022 R65-B", "redcactus 65")
@pytest.mark.parametrize(
    ("profile", "identifiable", "dead"),
    [
        ("belarus-sport", True, True),
        ("pokerstars-live", True, True),
        ("tda-2022", True, False),
        ("tda-2022", False, True),
        ("redcactus", True, False),
    ],
)
def test_a_hand_touching_the_muck(profile: str, identifiable: bool, dead: bool) -> None:
    live, _ = dealt_table(6, profile=profile)
    seat = 3
    live.record(CardsTouchedMuck(seat=seat, identifiable=identifiable))
    assert (seat not in live.hand.live) is dead
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R30", "tda-2022 RP-10-C", "pokerstars-live 4.2.1")
def test_an_absent_stud_player_with_the_lowest_door_card_still_brings_in() -> None:
    cfg = HandConfig(
        game=GAMES["F7S"],
        stacks=(1000, 1000, 1000),
        button=2,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES["tda-2022"],
    )
    live = LiveHand(cfg)
    live.record(PlayerAbsent(seat=1))
    live.act(DealHole(0, (card("As"), card("Ks"), card("Qs"))))
    live.act(DealHole(1, (card("Ah"), card("Kh"), card("2c"))))  # the lowest door card
    live.act(DealHole(2, (card("Ad"), card("Kd"), card("Jd"))))
    assert 1 not in live.hand.live
    assert live.hand.paid[1] == 15  # his ante and the bring-in stay in the pot
    assert live.hand.actor == 2
    assert live.hand.legal_options().call == 10
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 I.2b", "tda-2022 R35-A")
@pytest.mark.parametrize("profile", ["poland-pzp", "tda-2022"])
def test_two_cards_exposed_by_the_dealer_in_the_deal_are_a_misdeal(profile: str) -> None:
    live = table(6, profile=profile)
    deal_holes(live, new_deck())
    first = live.record(CardExposed(seat=3, card=live.hand.holes[3][0], by_dealer=True, position=4))
    assert first.ruling is not None
    assert first.ruling.key == "card-replaced"
    live.record(CardExposed(seat=4, card=live.hand.holes[4][0], by_dealer=True, position=5))
    assert voided(live)


@pytest.mark.rules("poland-pzp §31.4b", "poland-pzp §27 I.2c")
def test_poland_31_4b_a_card_exposed_from_the_deck_is_out_of_play_for_the_hand() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")
    live.act(Call())
    result = live.record(BoxedCards(cards=(card("As"),)))
    assert result.ruling is not None
    assert live.state.out_of_play(card("As"))
    assert not voided(live)


def stud_table(profile: str = "tda-2022") -> LiveHand:
    cfg = HandConfig(
        game=GAMES["F7S"],
        stacks=(1000, 1000, 1000),
        button=2,
        ante=5,
        ante_mode=AnteMode.EVERY_PLAYER,
        small_bet=40,
        big_bet=80,
        bring_in=10,
        ruleset=PROFILES[profile],
    )
    return LiveHand(cfg)


@pytest.mark.rules("tda-2022 RP-10-A", "belarus-sport 6.5.1")
@pytest.mark.parametrize("profile", ["tda-2022", "belarus-sport"])
def test_stud_a_down_card_dealt_up_stays_up_and_the_third_card_goes_down(profile: str) -> None:
    live = stud_table(profile)
    live.act(DealHole(0, (card("2c"), card("Ks"), card("Qs"))))  # the 2c was dealt face up
    live.act(DealHole(1, (card("Ah"), card("Kh"), card("3d"))))
    live.act(DealHole(2, (card("Ad"), card("Kd"), card("Jd"))))
    assert live.hand.actor == 1  # the 3d brings in, as dealt
    result = live.record(CardExposed(seat=0, card=card("2c"), by_dealer=True, position=1))
    assert result.ruling is not None
    assert result.ruling.key == "stud-card-turned"
    assert live.hand.up[0] == [True, False, False]
    assert live.hand.actor == 0  # now the 2c is his door card: he brings in
    assert live.hand.legal_options().bring_in == 10
    view = public_view(live.hand).seats[0]
    assert view.cards == (card("2c"), None, None)
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 I.2l")
def test_poland_stud_a_down_card_dealt_up_is_a_misdeal() -> None:
    live = stud_table("poland-pzp")
    live.act(DealHole(0, (card("2c"), card("Ks"), card("Qs"))))
    result = live.record(CardExposed(seat=0, card=card("2c"), by_dealer=True, position=1))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §27 I.2l"
    assert voided(live)


@pytest.mark.rules("tda-2022 RP-10-B")
def test_stud_a_seventh_street_card_dealt_up_is_replaced_while_betting_can_follow() -> None:
    live = stud_table()
    deck = list(range(52))
    for seat in range(3):
        live.act(DealHole(seat, (deck.pop(), deck.pop(), deck.pop())))
    while live.hand.street < 4 or live.deal_request() is not None:
        request = live.deal_request()
        if request is not None:
            burn = deck.pop() if request.burns else None
            live.act(
                DealHole(request.seat or 0, tuple(deck.pop() for _ in range(request.count)), burn)
            )
            continue
        options = live.hand.legal_options()
        live.act(BringIn() if options.bring_in else Call() if options.call else Check())
    seat = next(s for s in range(3) if len(live.hand.holes[s]) == 7)
    seventh = live.hand.holes[seat][-1]
    result = live.record(
        CardExposed(seat=seat, card=seventh, by_dealer=True, replacement=deck.pop())
    )
    assert result.ruling is not None
    assert result.ruling.key == "stud-seventh-replaced"
    assert seventh in live.hand.burns
    assert live.hand.holes[seat][-1] != seventh
    assert_conserved(live)


@pytest.mark.rules(
    "tda-2022 R65-A",
    "pokerstars-live 4.8.1",
    "pokerstars-live 3.9.2",
    "poland-pzp §28.2",
    "redcactus 65",
)
@pytest.mark.parametrize(
    ("profile", "rule"),
    [("tda-2022", "R65-A"), ("pokerstars-live", "4.8.1"), ("poland-pzp", "§28.2")],
)
def test_scenario_D09_a_raise_killed_by_the_dealer_gets_back_only_the_uncalled_part(
    profile: str, rule: str
) -> None:
    """PokerStars Live D-09, Poland T30: B bets 1000, A raises to 3000, the dealer mucks A's
    hand before anyone calls: A gets 2000 back, his 1000 call stays in the pot."""
    live, _ = dealt_table(6, profile=profile)
    live.act(Raise(1000))  # seat 2
    live.act(Raise(3000))  # seat 3
    result = live.record(DealerKilledHand(seat=3, identifiable=False))
    assert result.ruling is not None
    assert result.ruling.rule.rule == rule
    assert 3 not in live.hand.live
    assert live.hand.stacks[3] == 9_000
    assert live.hand.paid[3] == 1_000
    assert_conserved(live)
    kept = dealt_table(6, profile=profile)[0]
    kept.act(Raise(1000))
    kept.record(DealerKilledHand(seat=2, identifiable=True))  # R65-B: still identifiable
    assert 2 in kept.hand.live


@pytest.mark.rules("tda-2022 RP-4")
@pytest.mark.parametrize(
    ("restorable", "mixed", "step"),
    [(True, False, "original order"), (False, False, "stub alone"), (False, True, "the muck")],
)
def test_tda_rp_4_a_disordered_stub_is_restored_or_shuffled_face_down(
    restorable: bool, mixed: bool, step: str
) -> None:
    live, _ = dealt_table(6)
    result = live.record(StubDisordered(restorable=restorable, mixed=mixed))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "tda-2022 RP-4"
    plans = [e for e in result.events if isinstance(e, BoardPlanned)]
    assert any(step in text for text in plans[0].steps)
    assert not live.hand.is_over


@pytest.mark.rules("tda-2022 R65-A")
def test_after_a_killed_raise_the_others_face_the_bet_before_it() -> None:
    live, _ = dealt_table(6)
    live.act(Raise(1000))  # seat 2
    live.act(Raise(3000))  # seat 3
    live.act(Fold())  # seat 4 folds to the raise
    live.record(DealerKilledHand(seat=3, identifiable=False))
    assert live.hand.actor == 5
    options = live.hand.legal_options()
    assert options.call == 1000
    assert options.min_to == 1900  # the raise to 1000 (by 900) is the last full raise
    assert live.hand.folded[4]
    assert_conserved(live)
