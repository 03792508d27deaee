"""The structure: levels, breaks and antes, the clock, colour-ups and chip races, mixed-game
rotation, the structure library, editor checks and generator.

May import the tournament's events, state, config and refusals, and the layers below.
"""
