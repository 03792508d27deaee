"""The entry desk: registrations, re-entries, rebuys and add-ons, withdrawals, absent players,
alternates and unsold seats, bans and the desk's own settings.

Decides with pure functions on the tournament's state; may import the tournament's events,
state, config and refusals, the seating and structure packages, and the layers below
(``rules``, ``cards``).
"""
