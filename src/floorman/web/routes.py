"""What the pages need beyond the service's API: the server's time, and the ruling
catalogue of a language.

- ``GET /web/time``: the service's clock. A screen counts a level down from the view's
  ``remaining`` and ``at``; a cached view may be older than the moment it is sent, so the
  screen measures its offset from the server's clock here (at connect and at every
  reconnect) rather than trusting its own clock or the view's age.
- ``GET /web/rulings?lang=ru``: every ruling key with its English templates and their
  translations. The service's rulings carry ``key``, English ``message`` and ``params``; a
  page renders them in its language the way :func:`floorman.rules.messages.render` does (the
  template whose English fill gives the message, filled in the translation), so one download
  serves every refusal and every ``no_raise`` reason without a round trip per ruling.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from floorman.rules.message_templates import TEMPLATES
from floorman.rules.messages import LANGUAGES, check_language, translations
from floorman.service.api.context import context

router = APIRouter(tags=["web"])

Lang = Annotated[str, Query(max_length=8, description=f"One of {', '.join(LANGUAGES)}.")]


@router.get("/web/time", name="web_time")
def server_time(request: Request) -> dict[str, float]:
    """The service's clock now (seconds since the epoch)."""
    return {"now": context(request).clock()}


@router.get("/web/rulings", name="web_rulings")
def ruling_catalogue(lang: Lang = "en") -> dict[str, Any]:
    """``{"lang", "templates": {key: [[english, translated], ...]}}``; a template without a
    translation is given in English, as the server's own rendering falls back."""
    check_language(lang)
    translated = translations(lang)
    return {
        "lang": lang,
        "templates": {
            key: [[english, translated.get((key, english), english)] for english in wordings]
            for key, wordings in TEMPLATES.items()
        },
    }
