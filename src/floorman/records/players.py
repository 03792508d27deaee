"""The players of a league across its events, with duplicates merged.

Events register players by whatever the desk typed: ``Anna K.`` one week, ``anna k`` the next,
or a new id when a returning player was not found. A :class:`PlayerBook` keeps one record per
person and every other name or id he has appeared under as an alias; merging a duplicate into a
player keeps the duplicate's names and ids as aliases, so every result he had under them counts
for the merged player and his history keeps all of it. Names are compared case-insensitively
with spaces collapsed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from floorman.errors import MalformedInputError


def normal(name: str) -> str:
    """A name as the book compares it: case-folded, inner spaces collapsed."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    id: str
    name: str
    aliases: tuple[str, ...] = ()
    """Other names and ids under which this player appears in results."""

    def __post_init__(self) -> None:
        if not self.id.strip() or not self.name.strip():
            raise MalformedInputError("a player needs an id and a name", constraint="player")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(normal(k) for k in (self.id, self.name, *self.aliases))


@dataclass(frozen=True, slots=True)
class PlayerBook:
    players: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        for player in self.players:
            for key in player.keys:
                owner = seen.setdefault(key, player.id)
                if owner != player.id:
                    raise MalformedInputError(
                        f"{key!r} names both {owner!r} and {player.id!r}; merge them",
                        constraint="player-duplicate",
                    )

    def find(self, name_or_id: str) -> Player | None:
        key = normal(name_or_id)
        return next((p for p in self.players if key in p.keys), None)

    def get(self, name_or_id: str) -> Player:
        """The player known by this id, name or alias.

        :raises MalformedInputError: nobody is (constraint ``player``).
        """
        player = self.find(name_or_id)
        if player is None:
            raise MalformedInputError(
                f"no player {name_or_id!r} in the league", constraint="player"
            )
        return player

    def identify(self, player_id: str, name: str) -> Player | None:
        """The player of a result: by the event's player id, else by the name he played under."""
        return self.find(player_id) or self.find(name)

    def with_players(self, found: Iterable[tuple[str, str]]) -> PlayerBook:
        """The book with a new player for every (id, name) of a result nobody is known by."""
        book = self
        for player_id, name in found:
            if book.identify(player_id, name) is None:
                book = PlayerBook((*book.players, Player(id=player_id, name=name)))
        return book

    def merge(self, keep: str, duplicate: str) -> PlayerBook:
        """``duplicate`` merged into ``keep``: one player, the duplicate's id, name and aliases
        kept as aliases, so his results count for ``keep``.

        :raises MalformedInputError: either is unknown (``player``), or both are one player
            (``player-merge``).
        """
        kept, gone = self.get(keep), self.get(duplicate)
        if kept.id == gone.id:
            raise MalformedInputError(
                f"{keep!r} and {duplicate!r} are already one player", constraint="player-merge"
            )
        names = [*kept.aliases, gone.id, gone.name, *gone.aliases]
        aliases = tuple(dict.fromkeys(a for a in names if normal(a) not in kept.keys[:2]))
        merged = replace(kept, aliases=aliases)
        others = tuple(p for p in self.players if p.id not in (kept.id, gone.id))
        return PlayerBook(tuple(sorted((*others, merged), key=lambda p: p.id)))
