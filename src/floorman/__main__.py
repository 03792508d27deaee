"""``python -m floorman`` is the ``floorman`` command."""

from floorman.cli.app import main

main()
