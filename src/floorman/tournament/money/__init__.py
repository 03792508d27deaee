"""Money: the prize pool, payouts and payout plans, places and ties, ICM, deals, bounties, and the
money ledger (a projection of the log).

May import the tournament's events, state, config and refusals, the seating and structure
packages, and the layers below.
"""
