"""The words of the records in the five languages: English msgids, a gettext catalogue each.

The records have their own gettext domain, ``records`` (``floorman/locale/<lang>/LC_MESSAGES/
records.po``), beside the rulings' ``floorman`` domain (:mod:`floorman.rules.messages`), so the
translators of documents and of rulings work on separate files. A msgid is the English text with
named placeholders (``Place {place}``); a missing or fuzzy translation falls back to the English,
so a document is never printed with a hole in it. Numbers and dates are written the way each
language writes them (Babel).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Final

from babel.dates import format_datetime
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from floorman.rules.messages import LANGUAGES, check_language

__all__ = ["DOMAIN", "LANGUAGES", "Words", "words"]

DOMAIN: Final = "records"

_EPOCH_FROM: Final = 1e8
"""Times at or above this are Unix timestamps (the service's clock); below, seconds since the
event's start (a simulation's clock)."""


class Words:
    """One language's words for the documents: translated text, numbers, times."""

    def __init__(self, lang: str) -> None:
        check_language(lang)
        self.lang = lang
        self._catalogue = {} if lang == "en" else _read_catalogue(lang)

    def __call__(self, msgid: str, /, **params: object) -> str:
        """``msgid`` in this language with ``params`` filled in."""
        text = self._catalogue.get(msgid, msgid)
        try:
            return text.format(**params) if params else text
        except (KeyError, IndexError, ValueError):
            return msgid.format(**params)

    def number(self, value: int | float) -> str:
        return format_decimal(value, locale=_locale(self.lang))

    def time(self, at: float | None) -> str:
        """A moment of the event: a date and time, or the time since the start (h:mm:ss)."""
        if at is None:
            return ""
        if at >= _EPOCH_FROM:
            moment = datetime.datetime.fromtimestamp(at, tz=datetime.UTC)
            return format_datetime(moment, "yyyy-MM-dd HH:mm", locale=_locale(self.lang))
        seconds = int(at)
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def words(lang: str) -> Words:
    """The words of ``lang``.

    :raises MalformedInputError: ``lang`` is not one of :data:`LANGUAGES` (constraint ``lang``).
    """
    return Words(lang)


def _locale(lang: str) -> str:
    return "en_GB" if lang == "en" else lang


@cache
def _read_catalogue(lang: str) -> Mapping[str, str]:
    """Parse a catalogue once per process; untranslated and fuzzy entries are left out."""
    resource = files("floorman").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    with resource.open("rb") as handle:
        catalogue = read_po(handle, locale=lang, domain=DOMAIN)
    return MappingProxyType(
        {
            message.id: message.string
            for message in catalogue
            if isinstance(message.id, str)
            and message.id
            and isinstance(message.string, str)
            and message.string
            and not message.fuzzy
        }
    )
