"""The floor: the hands in play at each table, what starts and ends a hand there, the director's
floor decisions (hand-for-hand, holds) and his manual console (bust-outs, counts and seating by
hand).

May import the tournament's events, state, config and refusals, the other concept packages, and
``engine``/``live`` and the layers below.
"""
