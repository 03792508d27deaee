"""Irregularities at a live table: misdeals, boards dealt wrongly, exposed cards, action out of
turn, cards kept back, all-in choices, what is found after the award, and the dealer's reports.

May import ``live.assist``, the engine and the layers below, and the values every decider shares
(``live.decision``, ``live.live_events``): never ``live.director`` or the live hand, which
records what these modules decide.
"""
