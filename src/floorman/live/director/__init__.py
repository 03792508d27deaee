"""The director's part at a live table: pending rulings he resolves, automatic rulings he overrides,
disputes, show requests, the action clock, and points left to his judgement.

May import ``live.assist``, ``live.irregularities``, the engine and the layers below, and the
live root. Its deciders (``rulings``, ``show_requests``, ``table_rulings``) never import the live
hand, which uses them; its commands (``action_clock``, ``discretion``, ``disputes``, the
overrides) drive a live hand through its public methods.
"""
