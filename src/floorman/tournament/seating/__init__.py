"""Seating: tables and seats, the random draws, balancing, breaking tables, the dead button and a
newcomer's seat.

May import the tournament's events, state, config and refusals, and the layers below.
"""
