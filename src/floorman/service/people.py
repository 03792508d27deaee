"""The player database: the people every event of a server shares (issue 18).

Tournaments know a player only by the id his registration gave him, so a club forgot him
between events. A :class:`Person` lives in the ``people`` table of the event log's database
(SQLite or PostgreSQL alike); registering him in an event uses his person's player id
(:func:`player_id`) and keeps the link in ``person_entries``, so his page can gather every
event he played.

Names are matched on a key (:func:`name_key`: accents, case, punctuation and word order
dropped), so "Kowalska, Anna" finds "anna kowalska"; a duplicate is another person whose key
is within a small edit distance (:func:`similar`). Merging is the director's decision, never
automatic: two people may well share a name.
"""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from floorman.errors import MalformedInputError
from floorman.service import db
from floorman.service.schema import people, person_entries

SEARCH_LIMIT = 20
"""Matches a search answers at most (search as you type needs only the first few)."""
PLAYER_PREFIX = "person-"


def player_id(person_id: int) -> str:
    """The player id a person registers under in every event (his link in the log)."""
    return f"{PLAYER_PREFIX}{person_id}"


def anonymous_name(person_id: int) -> str:
    """What an anonymised person is called everywhere, his place in results kept."""
    return f"Player {person_id}"


def name_key(name: str) -> str:
    """The name reduced to what a spelling varies least in: no accents, lower case, letters
    and digits only, its words sorted (a surname typed first still matches)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    return " ".join(sorted(words))


def edit_distance(a: str, b: str) -> int:
    """The insertions, deletions, substitutions and swaps of two neighbours from ``a`` to
    ``b`` (optimal string alignment): a swapped pair is the commonest typo of a name."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def similar(a: str, b: str) -> bool:
    """Whether two name keys look like one person spelt twice: equal, or one typo apart for
    every eight letters (at least one)."""
    allowed = max(1, min(len(a), len(b)) // 8)
    return abs(len(a) - len(b)) <= allowed and edit_distance(a, b) <= allowed


@dataclass(frozen=True, slots=True, kw_only=True)
class Person:
    id: int
    name: str
    contact: str | None = None
    birth_date: str | None = None
    """ISO date; kept where a profile needs an age (Belarus 1.1)."""
    number: str | None = None
    """His federation or league number."""
    notes: str | None = None
    created_at: float = 0.0
    anonymised: bool = False

    @property
    def player(self) -> str:
        return player_id(self.id)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player,
            "name": self.name,
            "contact": self.contact,
            "birth_date": self.birth_date,
            "number": self.number,
            "notes": self.notes,
            "created_at": self.created_at,
            "anonymised": self.anonymised,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Link:
    """One tournament's player who is this person."""

    person_id: int
    tournament_id: str
    player: str
    at: float


FIELDS = ("name", "contact", "birth_date", "number", "notes")


def checked_fields(values: dict[str, Any]) -> dict[str, Any]:
    """The person's fields, refused (422) when the name is blank or the birth date not a
    real ISO date."""
    out = {k: v for k, v in values.items() if k in FIELDS}
    if "name" in out:
        name = str(out["name"] or "").strip()
        if not name_key(name):
            raise MalformedInputError("a person needs a name", constraint="person-name")
        out["name"] = name
    birth = out.get("birth_date")
    if birth:
        try:
            datetime.date.fromisoformat(birth)
        except ValueError:
            raise MalformedInputError(
                f"{birth!r} is not a date (YYYY-MM-DD)", constraint="birth-date"
            ) from None
    return out


class PeopleStore:
    """The ``people`` and ``person_entries`` tables."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def create(self, *, at: float, **values: Any) -> Person:
        fields = checked_fields(values)
        if "name" not in fields:
            raise MalformedInputError("a person needs a name", constraint="person-name")
        row = {**fields, "name_key": name_key(fields["name"]), "created_at": at}
        with db.writing(self.engine) as connection:
            new_id = connection.execute(
                people.insert().values(anonymised=False, **row).returning(people.c.id)
            ).scalar_one()
        found = self.get(new_id)
        assert found is not None
        return found

    def get(self, person_id: int) -> Person | None:
        with self.engine.connect() as connection:
            row = connection.execute(sa.select(people).where(people.c.id == person_id)).first()
        return None if row is None else _person(row)

    def update(self, person_id: int, **values: Any) -> Person | None:
        fields = checked_fields(values)
        if "name" in fields:
            fields["name_key"] = name_key(fields["name"])
        if fields:
            with db.writing(self.engine) as connection:
                connection.execute(people.update().where(people.c.id == person_id).values(**fields))
        return self.get(person_id)

    def search(self, text: str, limit: int = SEARCH_LIMIT) -> tuple[Person, ...]:
        """People whose name has every word typed as the start of one of its words, or whose
        number starts with ``text``; the closest spellings follow when too few match."""
        words = name_key(text).split()
        if not words:
            return ()
        query = sa.select(people).where(people.c.anonymised.is_(False))
        for word in words:
            query = query.where(
                sa.or_(people.c.name_key.like(f"{word}%"), people.c.name_key.like(f"% {word}%"))
            )
        numbered = sa.select(people).where(
            people.c.number.startswith(text.strip(), autoescape=True)
        )
        with self.engine.connect() as connection:
            rows = list(connection.execute(query.order_by(people.c.name).limit(limit)))
            rows += list(connection.execute(numbered.limit(limit)))
        found = _unique(_person(r) for r in rows)
        if not found:  # nothing starts so: perhaps a typo (a pass over every name)
            found = list(self.similar_to(text))
        return tuple(found[:limit])

    def similar_to(self, name: str, *, besides: int | None = None) -> tuple[Person, ...]:
        """Other people whose name looks like a spelling of ``name`` (duplicates to merge)."""
        key = name_key(name)
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(people.c.id, people.c.name_key).where(people.c.anonymised.is_(False))
            ).all()
        ids = [r.id for r in rows if r.id != besides and similar(key, r.name_key)]
        return tuple(p for p in (self.get(i) for i in ids) if p is not None)

    def duplicates(self) -> tuple[tuple[Person, Person], ...]:
        """Every pair of people that look like one person (the lower id first)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(people).where(people.c.anonymised.is_(False)).order_by(people.c.id)
            ).all()
        everyone = {r.id: _person(r) for r in rows}
        keys = {person_id: row.name_key for person_id, row in zip(everyone, rows, strict=True)}
        pairs = sorted((a, b) for a, b in _sharing_a_word(keys) if similar(keys[a], keys[b]))
        return tuple((everyone[a], everyone[b]) for a, b in pairs)

    def link(self, person_id: int, tournament_id: str, player: str, at: float) -> None:
        """Record that ``player`` of ``tournament_id`` is this person (once)."""
        if self.person_of(tournament_id, player) is not None:
            return
        with db.writing(self.engine) as connection:
            connection.execute(
                person_entries.insert().values(
                    person_id=person_id, tournament_id=tournament_id, player=player, at=at
                )
            )

    def person_of(self, tournament_id: str, player: str) -> int | None:
        with self.engine.connect() as connection:
            return connection.execute(
                sa.select(person_entries.c.person_id).where(
                    person_entries.c.tournament_id == tournament_id,
                    person_entries.c.player == player,
                )
            ).scalar_one_or_none()

    def links_of(self, person_id: int) -> tuple[Link, ...]:
        """The tournaments' players this person is, in the order he entered them."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(person_entries)
                .where(person_entries.c.person_id == person_id)
                .order_by(person_entries.c.at, person_entries.c.tournament_id)
            ).all()
        return tuple(
            Link(person_id=r.person_id, tournament_id=r.tournament_id, player=r.player, at=r.at)
            for r in rows
        )

    def merge(self, keep: int, gone: int) -> Person | None:
        """Fold person ``gone`` into ``keep``: his events become ``keep``'s, the fields
        ``keep`` lacks are taken from him, notes are joined, and ``gone`` is deleted."""
        first, second = self.get(keep), self.get(gone)
        if first is None or second is None:
            return None
        filled = {
            name: getattr(second, name)
            for name in ("contact", "birth_date", "number")
            if getattr(first, name) is None and getattr(second, name) is not None
        }
        notes = "\n".join(n for n in (first.notes, second.notes) if n) or None
        with db.writing(self.engine) as connection:
            connection.execute(
                person_entries.update()
                .where(person_entries.c.person_id == gone)
                .values(person_id=keep)
            )
            connection.execute(
                people.update().where(people.c.id == keep).values(notes=notes, **filled)
            )
            connection.execute(people.delete().where(people.c.id == gone))
        return self.get(keep)

    def anonymise(self, person_id: int) -> Person | None:
        """Keep the person as "Player N" with his links (his places stay in results), his
        contact, birth date, number and notes gone."""
        name = anonymous_name(person_id)
        with db.writing(self.engine) as connection:
            connection.execute(
                people.update()
                .where(people.c.id == person_id)
                .values(
                    name=name,
                    name_key=name_key(name),
                    contact=None,
                    birth_date=None,
                    number=None,
                    notes=None,
                    anonymised=True,
                )
            )
        return self.get(person_id)

    def erase(self, person_id: int) -> bool:
        """Delete the person and his links (the logs keep "Player N" where he played)."""
        with db.writing(self.engine) as connection:
            connection.execute(
                person_entries.delete().where(person_entries.c.person_id == person_id)
            )
            done = connection.execute(people.delete().where(people.c.id == person_id))
        return bool(done.rowcount == 1)


def _sharing_a_word(keys: dict[int, str]) -> set[tuple[int, int]]:
    """Pairs of ids whose name keys share a word: the only pairs :meth:`duplicates` compares
    (a typo leaves the other words of a name alone), so a club of thousands is not compared
    pair by pair."""
    by_word: dict[str, list[int]] = {}
    for person_id, key in keys.items():
        for word in set(key.split()):
            by_word.setdefault(word, []).append(person_id)
    return {(a, b) for ids in by_word.values() for i, a in enumerate(ids) for b in ids[i + 1 :]}


def _person(row: Any) -> Person:
    return Person(
        id=row.id,
        name=row.name,
        contact=row.contact,
        birth_date=row.birth_date,
        number=row.number,
        notes=row.notes,
        created_at=row.created_at,
        anonymised=bool(row.anonymised),
    )


def _unique(found: Any) -> list[Person]:
    seen: dict[int, Person] = {}
    for person in found:
        seen.setdefault(person.id, person)
    return list(seen.values())
