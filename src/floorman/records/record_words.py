"""The ids of the log as a document prints them, in words: a penalty's offence by its title,
the step of the scale and the official (never ``device``, ``1-round``, ``chief-judge``), and
a deal's method.

The offence's title comes from the profile's penalty catalogue
(:func:`floorman.tournament.officials.penalty_catalogue.load_catalogue`), translated by the records'
catalogue; a step is ``warning``, ``disqualification``, ``elimination``, or a count of hands,
rounds or minutes (``2-rounds``), written with its number in the document's language.
"""

from __future__ import annotations

import re
from functools import cache

from floorman.errors import MalformedInputError
from floorman.records.i18n import Words
from floorman.tournament.officials.penalty_catalogue import load_catalogue

_COUNTED = re.compile(r"^(\d+)-(hand|round|minute)s?$")
_COUNTS = {
    "hand": "{count} hand(s)",
    "round": "{count} round(s)",
    "minute": "{count} minute(s) away",
}
_STEPS = {
    "warning": "Warning",
    "disqualification": "Disqualification",
    "elimination": "Elimination",
    "killed-hand": "Killed hand",
    "ban": "Ban",
}
_METHODS = {
    "chip-chop": "Chip chop",
    "icm": "ICM",
    "hybrid": "ICM, with a sum left to play for",
    "custom": "Players' own figures",
}
_ROLES = {
    "director": "director",
    "floor": "floor",
    "judge": "judge",
    "chief-judge": "chief judge",
    "chief judge": "chief judge",
}


def step_text(step: str, say: Words) -> str:
    """``2-rounds`` as "2 round(s)", ``warning`` as "Warning"; an unknown step as it is."""
    counted = _COUNTED.match(step)
    if counted:
        return say(_COUNTS[counted[2]], count=say.number(int(counted[1])))
    return say(_STEPS[step]) if step in _STEPS else step


def method_text(method: str, say: Words) -> str:
    """A deal's method in words (``icm`` as "ICM")."""
    return say(_METHODS[method]) if method in _METHODS else method


def role_text(role: str, say: Words) -> str:
    """An official's role in words; a name is printed as it is."""
    return say(_ROLES[role]) if role in _ROLES else role


def offence_text(profile: str, offence: str, say: Words) -> str:
    """The offence's title in the profile's catalogue, translated; the id if none has it."""
    title = _titles(profile).get(offence)
    return say(title) if title else offence


@cache
def _titles(profile: str) -> dict[str, str]:
    try:
        catalogue = load_catalogue(profile.split("/")[0])
    except MalformedInputError:
        return {}  # a profile without a penalty catalogue: the ids are all there is
    return {o.id: o.title for o in catalogue.offences}
