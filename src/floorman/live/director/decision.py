"""Moved to :mod:`floorman.live.decision` (issue 19): the shape of a decision is shared by every
decider of the live layer, so it sits at the layer's root and the sub-packages import it without
importing each other. Kept for the importers outside ``live`` until they follow."""

from __future__ import annotations

from floorman.live.decision import pick as pick
