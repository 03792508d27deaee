"""Poland at a live table: how actions are declared and chips put in (§30, §32, §39, §41, §42,
§43, §49), read by the dealer assist. Each test plays a real hand and proves the reading legal
(``ask``)."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop
from tests.live.live_tables import cards, deal_holes, limp_to_flop, new_deck
from tests.live.live_tables import config as live_config
from tests.live.stud_tables import stud_hand

from floorman.engine import BringIn, Call, Check, DealHole, Fold, Hand, Raise
from floorman.errors import MalformedInputError
from floorman.live.assist.types import Timing
from floorman.live.director.table_rulings import feigned_bet
from floorman.live.live_hand import LiveHand

POLAND = "poland-pzp"


def flop(*bets: int, game: str = "NT", blinds: tuple[int, int] = (100, 200)) -> Hand:
    """Three players in to the flop under the Polish rules; then ``bets`` (street totals)."""
    played, deck = table([BIG] * 3, button=2, blinds=blinds, game=game, profile=POLAND)
    to_flop(played, deck)
    play(played, *(Raise(bet) for bet in bets))
    return played


@pytest.mark.rules("poland-pzp §30.1", "poland-pzp §30.3")
def test_poland_30_1_each_action_said_in_polish_is_the_action() -> None:
    assert ask(flop(), "czekam", lang="pl").action == Check()
    assert ask(flop(400), "pas", lang="pl").action == Fold()
    assert ask(flop(400), "sprawdzam", (100, 4), lang="pl").action == Call()
    assert ask(flop(), "stawiam 600", (100, 6), lang="pl").action == Raise(600)
    assert ask(flop(400), "va banque", lang="pl").action == Raise(BIG - 200)


@pytest.mark.rules("poland-pzp §41.1")
def test_poland_41_1_a_tap_on_the_table_is_a_check() -> None:
    """The dealer records a tap as the check it is: no chips, the word's kind."""
    tapped = ask(flop(), "check")
    assert (tapped.action, tapped.add, tapped.change) == (Check(), 0, 0)


@pytest.mark.rules("poland-pzp §32.1", "poland-pzp §39.2")
def test_poland_32_1c_raise_said_then_the_call_then_the_raise_in_one_motion() -> None:
    """§32.1c: "raise" said first, the call pushed, then the raise added: one raise, not a
    string raise, because the word came before the chips (§39.2)."""
    ruling = ask(flop(400), "podbijam", motions=(((100, 4),), ((100, 8),)), lang="pl")
    assert (ruling.action, ruling.change) == (Raise(1200), 0)


@pytest.mark.rules("poland-pzp §39.1", "poland-pzp §39.3", "poland-pzp §39.6")
def test_poland_39_3_chips_in_two_motions_with_nothing_said_are_a_string_raise() -> None:
    ruling = ask(flop(400), motions=(((100, 4),), ((100, 8),)))
    assert (ruling.action, ruling.change) == (Call(), 800)
    assert rules_cited(ruling)[0] == "poland-pzp §39.6"
    one_motion = ask(flop(400), "", (100, 12))
    assert one_motion.action == Raise(1200)


@pytest.mark.rules("poland-pzp §32.2")
def test_poland_32_2_limit_raise_by_chips_that_leave_no_doubt() -> None:
    played, deck = table([BIG] * 3, button=2, bets=(100, 200), game="FT", profile=POLAND)
    to_flop(played, deck)
    play(played, Raise(100))
    pushed = ask(played, "", (100, 2))  # a full raise's worth, silent
    assert pushed.action == Raise(200)
    said = ask(played, "podbijam", lang="pl")  # the word alone: the fixed raise
    assert said.action == Raise(200)


@pytest.mark.rules("poland-pzp §42.2", "poland-pzp §49.4", "poland-pzp §42.4")
def test_poland_42_2_chips_released_without_a_word_are_a_binding_bet() -> None:
    opened = ask(flop(), "", (100, 5))
    assert (opened.action, opened.change) == (Raise(500), 0)
    with pytest.raises(MalformedInputError, match="nothing was said"):
        ask(flop())  # §42.4: no chips released and nothing declared bind nothing


@pytest.mark.rules("poland-pzp §42.6", "poland-pzp §34.4", "poland-pzp §34.3")
def test_poland_42_6_the_caller_adds_what_a_wrong_count_left_out() -> None:
    ruling = ask(flop(2000), "", (500, 3), counted_wrong=True)
    assert (ruling.action, ruling.add) == (Call(), 500)


@pytest.mark.rules("poland-pzp §43.1")
def test_poland_43_1_all_in_declared_commits_every_chip() -> None:
    ruling = ask(flop(400), "wszystko", lang="pl")
    assert ruling.action == Raise(BIG - 200)  # all he has: his stack after the 200 pre-flop


@pytest.mark.rules("poland-pzp §11a")
def test_poland_11a_before_the_flop_the_blind_is_a_bet_so_a_silent_big_chip_calls() -> None:
    played, _ = table([BIG] * 4, button=3, blinds=(100, 200), profile=POLAND)
    ruling = ask(played, "", (5000, 1))
    assert (ruling.action, ruling.change) == (Call(), 4800)


@pytest.mark.rules("poland-pzp §39.2")
def test_poland_39_2_words_after_the_chips_do_not_make_a_raise() -> None:
    """The word came after the first chip: the chips decide (a call and change)."""
    late = ask(
        flop(400), "podbijam", motions=(((100, 4),), ((100, 8),)), lang="pl", timing=Timing.AFTER
    )
    assert late.action == Call()


def flop_live() -> LiveHand:
    live = LiveHand(live_config((10_000,) * 3, button=2, profile=POLAND))
    deck = new_deck()
    deal_holes(live, deck)
    limp_to_flop(live, deck)
    return live


@pytest.mark.rules("poland-pzp §41.4")
def test_poland_41_4_chips_picked_up_then_a_check_may_be_held_to_a_bet() -> None:
    live = flop_live()
    seat = live.hand.actor
    assert seat is not None
    reading = feigned_bet(live.hand, live.rules, chips=500)
    assert reading.pending
    assert str(reading.ruling.rule) == "poland-pzp §41.4"
    result = live.apply_assist(reading, seat=seat)
    assert result.pending is not None
    live.resolve(result.pending.id, "bet", by="TD", reason="he lifted five chips toward the pot")
    assert live.hand.bets[seat] == 500
    assert live.hand.actor != seat


@pytest.mark.rules("poland-pzp §41.4")
def test_poland_41_4_the_floor_may_let_the_check_stand() -> None:
    live = flop_live()
    seat = live.hand.actor
    assert seat is not None
    result = live.apply_assist(feigned_bet(live.hand, live.rules, chips=500), seat=seat)
    assert result.pending is not None
    live.resolve(result.pending.id, "check", by="TD", reason="he only fiddled with his chips")
    assert live.hand.bets[seat] == 0
    assert live.hand.actor != seat
    live.act(Raise(400))
    with pytest.raises(MalformedInputError, match="cannot check"):
        feigned_bet(live.hand, live.rules, chips=500)  # facing a bet: no check to feign


def stud_third_street() -> Hand:
    played = stud_hand(
        (1000, 1000, 1000), ("2c Ks Qs", "Ah Kh 3d", "Ad Kd Jd"), profile=POLAND
    ).hand
    played.act(BringIn())  # the 3d brings in for 10
    return played


@pytest.mark.rules("poland-pzp §11a", "poland-pzp §11b")
def test_poland_11_stud_big_chip_calls_the_bring_in_and_opens_for_the_fixed_bet() -> None:
    played = stud_third_street()
    facing = ask(played, "", (500, 1))
    assert (facing.action, facing.change) == (Call(), 490)
    play(played, Call(), Call())
    deck = iter(cards("9c 8d 7h"))
    while (request := played.deal_request()) is not None:
        assert request.seat is not None
        played.act(DealHole(request.seat, (next(deck),)))
    opening = ask(played, "", (500, 1))  # fourth street, first to act: the fixed small bet
    assert (opening.action, opening.change) == (Raise(40), 460)
