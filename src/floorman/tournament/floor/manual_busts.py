"""Bust-outs entered by the director: "Ivanov out at table 3, knocked out by Petrov".

With no tablet the tournament learns of an elimination only from the floor. The player's stack
as the tournament knows it leaves him: his eliminators receive it, split equally (the first
named gets what does not divide) or in the amounts the director states; what they do not
receive stays in play uncounted until the next count (:func:`.manual_state.uncounted`). If the
director knows the chips the player started the hand with, those are what the eliminators won.

Places follow as after a recorded hand (:mod:`.eliminations`): a player out is placed at once,
or, during hand-for-hand, with the other busts of the round once every table has finished its
hand (TDA RP-8-A). Players out in one hand at one table are entered one by one; the later ones
name the earlier (``same_hand``), and the whole group is placed again by the profile's
``same_hand_busts`` rule on the chips they started the hand with (TDA A2, PokerStars Live
3.13.3), or tied when any of those is not known: a console cannot rank what it was not told.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import PlacesShifted, PlayerEliminated, TournamentEvent
from floorman.tournament.floor.manual_events import PlayerBusted
from floorman.tournament.money import pool as money
from floorman.tournament.money.eliminations import by_place
from floorman.tournament.money.places import place_busts
from floorman.tournament.refusals import bad
from floorman.tournament.state import TournamentState


def decide_bust(
    state: TournamentState,
    *,
    entry: str,
    by: Sequence[str],
    amounts: Sequence[int] | None,
    stack: int | None,
    same_hand: Sequence[str],
    at: float,
) -> PlayerBusted:
    """The bust of ``entry`` (everything checked, nothing applied)."""
    player = in_play(state, entry)
    winners = _winners(state, entry, by)
    if stack is not None:
        _check_chips(stack, "stack", state.chips, minimum=1)
    lost = player.stack if stack is None else stack
    table, earlier = _same_hand(state, entry, same_hand)
    assert state.clock is not None
    return PlayerBusted(
        entry=entry,
        table=table,
        stack=player.stack,
        hand_stack=stack,
        shares=_shares(winners, amounts, lost, state.chips),
        same_hand=earlier,
        level=state.clock.position(at).level_number or 0,
        at=at,
    )


def in_play(state: TournamentState, entry: str) -> EntryState:
    """An entry still in with a seat and chips in play (not out, not waiting to be placed)."""
    player = entry_in_play(state, entry)
    if player.table is None:
        bad(f"{entry} has no seat: his chips are not in play", "entry")
    if any(bust.entry == entry for bust in state.pending):
        bad(f"{entry} is out already and waits for his place", "entry")
    return player


def _winners(state: TournamentState, entry: str, by: Sequence[str]) -> list[str]:
    """The eliminators: players still in. Their table is not checked: a bust is entered after
    its hand, and the seating may have changed since (an earlier bust of that hand)."""
    winners = list(by)
    if len(set(winners)) != len(winners) or entry in winners:
        bad("name each eliminator once, never the player who is out", "by")
    for winner in winners:
        in_play(state, winner)
    return winners


def _shares(
    winners: list[str], amounts: Sequence[int] | None, lost: int, in_play: int
) -> tuple[tuple[str, int], ...]:
    """The chips each eliminator won: the stated ``amounts``, or ``lost`` split equally."""
    if amounts is None:
        if not winners:
            return ()
        each, extra = divmod(lost, len(winners))
        return tuple((w, each + (1 if i < extra else 0)) for i, w in enumerate(winners))
    stated = list(amounts)
    if len(stated) != len(winners):
        bad("give one amount for each eliminator", "amounts")
    for amount in stated:
        _check_chips(amount, "amounts", in_play, minimum=0)
    if sum(stated) > in_play:
        bad(f"the amounts add up to more than the {in_play} chips in play", "amounts")
    return tuple(zip(winners, stated, strict=True))


def _check_chips(value: object, name: str, in_play: int, *, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= in_play:
        bad(f"{name} must be a whole number of chips from {minimum} to {in_play}", name)


def _same_hand(
    state: TournamentState, entry: str, same_hand: Sequence[str]
) -> tuple[int, tuple[str, ...]]:
    """The table of the hand (his, or that of the earlier busts named: an earlier bust may
    have reseated him since), and the players named as out in the same hand who already have
    their places, to place again with him; none when they wait for the hand-for-hand round,
    where he joins them."""
    named = list(same_hand)
    seat = state.entries[entry].table
    assert seat is not None
    if not named:
        return seat, ()
    if len(set(named)) != len(named) or entry in named:
        bad("name each earlier bust of the hand once", "same-hand")
    busts = state.manual.busts
    if any(other not in busts for other in named):
        bad("the same hand names a player not entered as out", "same-hand")
    if len({busts[other].table for other in named}) != 1:
        bad("the earlier busts of one hand sat at one table", "same-hand")
    table = busts[named[0]].table
    pending = {bust.entry for bust in state.pending}
    if all(other in pending for other in named):
        return table, ()
    if any(other in pending or state.entries[other].finish != "bust" for other in named):
        bad("the earlier busts of one hand are either all placed or all waiting", "same-hand")
    _check_latest(state, named)
    return table, tuple(named)


def _check_latest(state: TournamentState, named: list[str]) -> None:
    """The players named must be the latest out: placing them again may not move anyone
    placed after them."""
    lowest = max(_last_place(state.entries[other]) for other in named)
    between = {
        e.entry
        for e in state.entries.values()
        if e.place is not None and state.alive < e.place <= lowest
    }
    if between - set(named):
        later = ", ".join(sorted(between - set(named)))
        bad(f"{later} went out after them: only the latest busts share a hand", "same-hand")


def _last_place(player: EntryState) -> int:
    assert player.place is not None
    return player.place + player.tied - 1


def place_same_hand(
    state: TournamentState, busted: PlayerBusted, at: float
) -> list[TournamentEvent]:
    """The players out in one hand placed again together, ``busted`` (applied) among them:
    the earlier ones' new places as ``PlacesShifted``, his as ``PlayerEliminated``."""
    config = state.config_
    rules = config.ruleset.tournament
    group = [state.manual.busts[e] for e in (*busted.same_hand, busted.entry)]
    placings = place_busts(
        group,
        players_left=state.alive + len(busted.same_hand),
        same_hand=rules.same_hand_busts,
        cross_table=rules.cross_table_busts,
    )
    rule = config.ruleset.cite("places").rule
    moved: list[tuple[str, int, int, int]] = []
    events: list[TournamentEvent] = []
    for first, tied in by_place(placings):
        entries = [placing.entry for placing in tied]
        for placing, prize in zip(tied, money.place_shares(state, first, entries), strict=True):
            if placing.entry != busted.entry:
                moved.append((placing.entry, placing.place, placing.tied, prize))
                continue
            events.append(
                PlayerEliminated(
                    entry=busted.entry,
                    place=placing.place,
                    tied=placing.tied,
                    prize=prize,
                    by=tuple(winner for winner, _ in busted.shares),
                    level=busted.level,
                    table=busted.table,
                    at=at,
                    rule=rule,
                )
            )
    winners = [winner for winner, _ in busted.shares]
    bounty = money.bounty_for(state, busted.entry, winners=winners)
    return [PlacesShifted(places=tuple(moved), rule=rule), *events, *bounty]
