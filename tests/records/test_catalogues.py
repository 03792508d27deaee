"""The records' gettext catalogues: the same messages in every language, placeholders kept."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from babel.messages.pofile import read_po

from floorman.records.i18n import LANGUAGES, words

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _catalogue(lang: str) -> dict[str, str]:
    path = files("floorman").joinpath("locale", lang, "LC_MESSAGES", "records.po")
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=lang, domain="records")
    assert not catalogue.fuzzy
    return {str(m.id): str(m.string) for m in catalogue if m.id and not m.fuzzy}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_records_catalogue_translates_every_message_keeping_placeholders(lang: str) -> None:
    catalogue = _catalogue(lang)
    reference = _catalogue("ru")
    assert set(catalogue) == set(reference)
    for msgid, text in catalogue.items():
        assert text, f"{lang}: {msgid!r} has no translation"
        assert set(_PLACEHOLDER.findall(text)) == set(_PLACEHOLDER.findall(msgid)), msgid


def test_words_fall_back_to_english_for_an_unknown_message() -> None:
    say = words("pl")
    assert say("Place") == "Miejsce"
    assert say("Not a message {n}", n=3) == "Not a message 3"


def test_words_write_numbers_and_times_by_language() -> None:
    assert words("en").number(1234567) == "1,234,567"
    assert words("fr").number(1234567) != words("en").number(1234567)
    assert words("ru").time(3725.0) == "1:02:05"
    assert words("en").time(1_800_000_000.0).startswith("2027-01-15")
