"""Hands in and out of floorman: formats other tools write and read, starting with PHH.

Each format gets a pure data model with a reader and a writer; replaying what they hold is the
engine's job, so these modules never decide whether a hand was legal.
"""
