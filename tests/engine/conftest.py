"""Every engine test checks, after it runs, that its hands neither made nor lost a chip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tables import PLAYED, assert_conserved


@pytest.fixture(autouse=True)
def chips_are_conserved() -> Iterator[None]:
    PLAYED.clear()
    yield
    for played in PLAYED:
        assert_conserved(played)
