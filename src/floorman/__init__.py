"""floorman: poker tournaments run by the book.

The package is layered (see ``shared/DESIGN.md``): ``cards`` at the bottom, then ``rules``,
``engine``, ``tournament``, ``store``, ``io`` and the entry points ``cli`` and ``server``.
Imports only point down.
"""

__version__ = "0.1.0"

# First of all: which build of the hot modules this process runs (compiled or source).
from floorman import native  # noqa: F401
