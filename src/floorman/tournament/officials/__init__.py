"""The officials: penalties and their catalogues, discipline, disqualification, confiscated chips,
the rulings a live table made and the director's rulings put on the record.

May import the tournament's events, state, config and refusals, the other concept packages, and
``live`` and the layers below.
"""
