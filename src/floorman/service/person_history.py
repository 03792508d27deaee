"""A person's history across the server's events, and the bans that follow him there.

The history is read from each tournament's state (the log is the authority): his entries,
places, prizes, rebuys and penalties. Which bans reach beyond their event is the rulebook's:
PokerStars Live 6.9.1 has a ban from every event of the sponsor (``sponsor-ban``), which this
server, running the organiser's events, applies to every other event it runs under the same
rulebook; an event ban (``event-ban``) stays in its event, where the tournament itself refuses
him (:mod:`floorman.tournament.desk.bans`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from floorman.errors import MalformedInputError
from floorman.service.core import TournamentService, UnknownStream
from floorman.service.people import Link, Person
from floorman.tournament.officials.penalties import PenaltyKind
from floorman.tournament.officials.penalty_catalogue import catalogue_of
from floorman.tournament.refusals import refuse, source
from floorman.tournament.state import TournamentState

CARRIED_BANS = frozenset({PenaltyKind.SPONSOR_BAN})
"""Bans that reach the other events of the organiser (PokerStars Live 6.9.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ban:
    tournament_id: str
    profile: str
    kind: str
    rule: str
    """The rule under which the ban refuses an entry (the catalogue's ``ban_refuses_entry``)."""
    carries: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament_id,
            "profile": self.profile,
            "kind": self.kind,
            "rule": self.rule,
            "carries": self.carries,
        }


def _state(service: TournamentService, tournament_id: str) -> TournamentState | None:
    try:
        return service.load(tournament_id).tournament.state
    except UnknownStream:
        return None


def _entries(state: TournamentState, player: str) -> list[dict[str, Any]]:
    found = []
    for entry_id in state.entries_of.get(player, ()):
        entry = state.entries[entry_id]
        penalties = state.ledger.record(entry_id).penalties
        found.append(
            {
                "entry": entry_id,
                "name": entry.name,
                "place": entry.place,
                "prize": entry.prize,
                "finish": entry.finish,
                "rebuys": entry.rebuys,
                "add_ons": entry.add_ons,
                "penalties": [
                    {"kind": str(p.kind), "amount": p.amount, "offence": p.offence, "rule": p.rule}
                    for p in penalties
                ],
            }
        )
    return found


def bans_in(state: TournamentState, tournament_id: str, player: str) -> list[Ban]:
    """The bans ``player`` was given in this tournament."""
    refuses = catalogue_of(state).serving.ban_refuses_entry
    rule = "" if refuses is None else refuses.rule
    return [
        Ban(
            tournament_id=tournament_id,
            profile=state.config_.ruleset.profile,
            kind=str(p.kind),
            rule=rule or p.rule,
            carries=p.kind in CARRIED_BANS,
        )
        for entry_id in state.entries_of.get(player, ())
        for p in state.ledger.record(entry_id).penalties
        if p.kind in {PenaltyKind.EVENT_BAN, PenaltyKind.SPONSOR_BAN}
    ]


def history(service: TournamentService, person: Person, links: Iterable[Link]) -> dict[str, Any]:
    """His page: every event he entered, with his finishes, prizes and penalties, and his
    bans (``carries``: the ban refuses him in the organiser's other events)."""
    events: list[dict[str, Any]] = []
    bans: list[Ban] = []
    for link in links:
        state = _state(service, link.tournament_id)
        if state is None:
            continue
        events.append(
            {
                "tournament": link.tournament_id,
                "name": state.config_.name,
                "profile": state.config_.ruleset.profile,
                "finished": state.finished,
                "entries": _entries(state, link.player),
            }
        )
        bans += bans_in(state, link.tournament_id, link.player)
    prizes = sum(e["prize"] for event in events for e in event["entries"])
    return {
        "person": person.as_dict(),
        "events": events,
        "prizes": prizes,
        "bans": [b.as_dict() for b in bans],
    }


def check_may_enter(
    service: TournamentService, person: Person, links: Iterable[Link], tournament_id: str
) -> None:
    """Refuse (409, citing the rule) a person a ban from another event keeps out of this one:
    a carried ban given under this event's rulebook."""
    target = _state(service, tournament_id)
    if target is None:
        return
    profile = target.config_.ruleset.profile
    for link in links:
        if link.tournament_id == tournament_id:
            continue
        state = _state(service, link.tournament_id)
        if state is None:
            continue
        for ban in bans_in(state, link.tournament_id, link.player):
            if ban.carries and ban.profile == profile:
                refuse(
                    target.config_.ruleset,
                    ban.rule,
                    "banned-everywhere",
                    f"{person.name} is banned from every event of the organiser "
                    f"({ban.kind} in {ban.tournament_id})",
                    name=person.name,
                    kind=ban.kind,
                    tournament=ban.tournament_id,
                )


def check_age_known(service: TournamentService, person: Person, tournament_id: str) -> None:
    """Refuse (422) a person without a birth date in an event whose rulebook has a minimum
    age (Belarus 1.1): the age is checked by the registration itself once it is known."""
    state = _state(service, tournament_id)
    if state is None or person.birth_date is not None:
        return
    ruleset = state.config_.ruleset
    minimum = ruleset.tournament.minimum_age
    if minimum is None:
        return
    rule = source(ruleset, "minimum_age")
    raise MalformedInputError(
        f"{person.name} needs a birth date: {ruleset.profile} {rule} admits only players "
        f"aged {minimum} or older",
        constraint="birth-date",
    )
