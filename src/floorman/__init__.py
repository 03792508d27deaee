"""floorman: poker tournaments run by the book.

The package is layered (see ``shared/DESIGN.md``): ``cards`` at the bottom, then ``rules``,
``engine``, ``tournament``, ``store``, ``io`` and the entry points ``cli`` and ``server``.
Imports only point down.
"""

__version__ = "0.1.0"
