"""Chips out of sight: the chips a player held or carried hidden are forfeited and leave play.

The rulebooks agree that chips must stay in view and that hidden chips are taken from the
player and out of play, with a penalty that may go as far as disqualification (TDA R63,
RedCactus 63: all of the hidden chips; PokerStars Live 3.6: they may be confiscated; Poland
§23.2). The floor judges the breach and counts the chips; floorman removes them from his stack
and from the chips in play (``ChipsRemoved``, reason ``confiscated``, citing the offence's
rule), the way a disqualification removes a whole stack, so chips stay conserved. An offence
may forfeit chips only where its catalogue entry says so (``forfeits_chips``: hidden chips;
TDA R69 and RedCactus 69 allow it for soft play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.tournament.desk.unsold_seats import entry_in_play
from floorman.tournament.events import ChipsRemoved
from floorman.tournament.officials.penalty_catalogue import catalogue_of
from floorman.tournament.refusals import bad

if TYPE_CHECKING:
    from floorman.tournament.state import TournamentState

CONFISCATED = "confiscated"
"""The reason ``ChipsRemoved`` gives for forfeited chips."""


def confiscate(
    state: TournamentState, *, entry: str, chips: int, offence: str, takes_out: bool
) -> ChipsRemoved:
    """``chips`` of ``entry``'s stack forfeited for ``offence``; ``takes_out`` is true when
    the penalty that goes with it ends his event (the rest of his stack goes then)."""
    listed = catalogue_of(state).offence(offence)
    if not listed.forfeits_chips:
        bad(f"the offence {offence!r} forfeits no chips", "confiscate-offence")
    player = entry_in_play(state, entry)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
        bad(f"name the chips forfeited (1 or more), not {chips!r}", "confiscate-chips")
    if chips > player.stack:
        bad(f"{entry} has {player.stack} chips, fewer than {chips}", "confiscate-chips")
    if chips == player.stack and not takes_out:
        bad(
            f"forfeiting all of {entry}'s chips leaves him out: disqualify him with them",
            "confiscate-whole-stack",
        )
    return ChipsRemoved(entry=entry, chips=chips, reason=CONFISCATED, rule=listed.rule)
