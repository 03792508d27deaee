"""Per-hand fairness evidence for server-dealt hands: a hash commitment to the shuffled deck.

When a hand starts the server publishes ``sha256`` of ``"<salt>:<deck>"``, where ``deck`` is
the shuffled order top first as card names separated by single spaces (``"As Kd 7c ..."``) and
``salt`` 32 hex digits from :mod:`secrets`. Only that digest is stored while the hand runs
(the deck's order never is: a copy of the database tells nobody the next card). When the hand
ends the salt and the deck are stored in the hand's stream and shown in its fairness record,
so anyone holding the digest checks that the deck was fixed before the first card and that
the cards dealt came off it in order. The salt keeps a digest from being matched against
guessed decks.

Two honest limits, stated in the record: a draw game that shuffles the burns back into the
stub (TDA RP-10-H) deals its later cards from a reshuffle; and a hand recovered after a server
restart has its unseen cards shuffled again, so its commitment is void and said to be.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from floorman.cards.card import Card

SCHEME = "sha256(salt:deck)"
COMMITTED = "hand-commitment"
REVEALED = "hand-reveal"


def deck_text(order: Sequence[Card]) -> str:
    """The deck as committed: card names, top first, one space between."""
    return " ".join(str(card) for card in order)


def digest(salt: str, deck: str) -> str:
    return hashlib.sha256(f"{salt}:{deck}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class DeckCommitment:
    """The secret half (kept in memory while the hand runs) and its published digest."""

    salt: str
    deck: str

    @property
    def sha256(self) -> str:
        return digest(self.salt, self.deck)

    def published(self) -> dict[str, Any]:
        """What is stored and shown when the hand starts."""
        return {"scheme": SCHEME, "sha256": self.sha256}

    def revealed(self) -> dict[str, Any]:
        """What is stored and shown once the hand has ended."""
        return {"scheme": SCHEME, "sha256": self.sha256, "salt": self.salt, "deck": self.deck}


def commit(order: Sequence[Card]) -> DeckCommitment:
    """A commitment to ``order`` under a fresh salt."""
    return DeckCommitment(salt=secrets.token_hex(16), deck=deck_text(order))


def void_reveal(sha256: str | None, reason: str) -> dict[str, Any]:
    """The reveal of a hand whose deck is no longer the one committed to."""
    return {"scheme": SCHEME, "sha256": sha256, "void": reason}


def verify(sha256: str, salt: str, deck: str) -> bool:
    """Whether ``salt`` and ``deck`` are what ``sha256`` committed to."""
    return hmac.compare_digest(digest(salt, deck), sha256)
