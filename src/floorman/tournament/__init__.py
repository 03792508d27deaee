"""The tournament: entries, tables, levels and clock, balancing, places, payouts and deals.

Pure like the hand engine below it: time and randomness come in as arguments, and the
tournament aggregate turns commands into events whose fold is the state.
"""
