"""Formats: freeze-out, the Belarus Olympic format and shootouts (table knock-outs), sit-and-go,
the end of a day and Day 2.

May import the tournament's events, state, config and refusals, the other concept packages, and
the layers below.
"""
