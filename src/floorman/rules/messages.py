"""Ruling messages in the five languages of the rulebooks: English templates, gettext catalogues.

A :class:`~floorman.rules.ruling.Ruling` carries a stable key, its English text and the numbers
in that text. :data:`TEMPLATES` gives each key the English wording with named placeholders for
those numbers; the translations live in gettext catalogues
(``floorman/locale/<lang>/LC_MESSAGES/floorman.po``, ``msgctxt`` = the key, ``msgid`` = the
template), so translators work with the usual tools and the code holds no foreign text.

A few keys are worded in more than one way (the bring-in choices, a draw's turn against a
betting turn). Every wording of a key is a template of its own, and :func:`render` picks the one
that reproduces the ruling's English text from its params: a translation is only ever used for
the exact sentence the engine wrote, and a ruling whose text no template reproduces (a new
message nobody has translated yet) keeps its English text rather than gaining a wrong one.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Final

from babel.messages.pofile import read_po

from floorman.errors import MalformedInputError
from floorman.rules.live_messages import LIVE_TEMPLATES
from floorman.rules.ruling import Ruling

LANGUAGES: Final[tuple[str, ...]] = ("en", "ru", "fr", "bg", "pl")
"""English, then the languages of the rulebooks (Russian, French, Bulgarian, Polish)."""

DOMAIN: Final = "floorman"
"""The gettext domain: the catalogues' file name."""

_BRING_IN = "third street is not open yet: bring in"
_LIMIT_SIZE = "a limit bet or raise here is to {min_to}"

TEMPLATES: Final[Mapping[str, tuple[str, ...]]] = {
    # betting (engine/betting.py)
    "nobody-to-raise": ("no opponent could call a raise",),
    "no-chips-to-raise": ("no chips left beyond a call",),
    "raise-cap": ("the betting is capped",),
    "not-reopened": (
        "the bet grew by less than a full raise since this player acted; call or fold",
    ),
    "no-bring-in-now": ("the bring-in is only due on third street",),
    "check-facing-bet": ("facing a bet: call {call} or fold",),
    "call-is-check": ("nothing to call: the call is a check",),
    "bring-in-due": (
        _BRING_IN,
        _BRING_IN + " or fold",
        _BRING_IN + " or complete to {min_to}",
        _BRING_IN + " or complete to {min_to} or fold",
    ),
    "below-min-raise": ("the smallest bet or raise here is to {min_to}",),
    "above-max-raise": ("the largest bet or raise here is to {max_to}",),
    "limit-bet-size": (_LIMIT_SIZE, _LIMIT_SIZE + " or {max_to}"),
    # the hand (engine/hand.py)
    "clock-expired": ("time ran out",),
    "not-your-turn": ("seat {actor} is to act", "seat {actor} is to draw"),
    "no-deal-now": ("no cards are to be dealt now",),
    "wrong-deal-seat": ("seat {seat} is not due cards now",),
    "not-your-show": ("this seat has nothing to show now",),
    "no-betting-now": ("no player is to act now",),
    "hands-tabled": ("all-in called and betting over: hands face up",),
    "cards-unknown": ("seat {seat}'s cards are unknown",),
    # draw games (engine/draw.py)
    "no-draw-now": ("nobody is to draw now",),
    "drawing-now": ("seat {actor} is to stand pat or discard first",),
    "stub-reshuffled": (
        "the stub cannot replace every discard: the discards of earlier draws are shuffled in",
        "the stub ran out: the discards of the players already served are shuffled in",
    ),
    # live tables: irregularities and the director (live/*.py)
    **LIVE_TEMPLATES,
}
"""Every ruling key the engine uses, to the English wordings of its message.

The placeholders are the ruling's params; params that the English text does not show (the raise
cap, the attempted amount) are left out here too, so every language says the same thing.
"""


def render(ruling: Ruling, lang: str = "en") -> str:
    """The ruling's message in ``lang``: what a player or a TD reads on the screen.

    Falls back to the ruling's own English text when its key or wording has no template, or the
    catalogue has no translation for it, so a ruling is never shown without a message.

    :raises MalformedInputError: ``lang`` is not one of :data:`LANGUAGES` (constraint ``lang``).
    """
    translated = translations(lang)
    template = english_template(ruling)
    if template is None:
        return ruling.message
    text = _fill(translated.get((ruling.key, template), template), dict(ruling.params))
    return ruling.message if text is None else text


def english_template(ruling: Ruling) -> str | None:
    """The template of the ruling's key that gives exactly its English text, if any does."""
    params = dict(ruling.params)
    for template in TEMPLATES.get(ruling.key, ()):
        if _fill(template, params) == ruling.message:
            return template
    return None


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a template, which every translation of it must keep."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def check_language(lang: str) -> None:
    """Refuse a language we have no catalogue for, naming the ones we have.

    :raises MalformedInputError: constraint ``lang``.
    """
    if lang not in LANGUAGES:
        raise MalformedInputError(
            f"unknown language {lang!r}; supported languages: {', '.join(LANGUAGES)}",
            constraint="lang",
        )


def translations(lang: str) -> Mapping[tuple[str, str], str]:
    """The catalogue of ``lang`` as (key, English template) to translation; empty for English.

    :raises MalformedInputError: ``lang`` is not one of :data:`LANGUAGES` (constraint ``lang``).
    """
    check_language(lang)
    return {} if lang == "en" else _read_catalogue(lang)


@cache
def _read_catalogue(lang: str) -> Mapping[tuple[str, str], str]:
    """Parse one ``.po`` file once per process: rulings are rendered often, catalogues change
    only with a release. Untranslated and fuzzy entries are left out, so they fall back."""
    resource = files("floorman").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    with resource.open("rb") as handle:
        catalogue = read_po(handle, locale=lang, domain=DOMAIN)
    return MappingProxyType(
        {
            (message.context, message.id): message.string
            for message in catalogue
            if message.context
            and isinstance(message.id, str)
            and isinstance(message.string, str)
            and message.string
            and not message.fuzzy
        }
    )


def _fill(template: str, params: Mapping[str, int | str]) -> str | None:
    """The template with the params filled in, or ``None`` when a placeholder has no param."""
    try:
        return template.format_map(params)
    except (KeyError, IndexError, ValueError):
        return None
