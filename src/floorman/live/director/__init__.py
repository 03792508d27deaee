"""The director's part at a live table: pending rulings he resolves, automatic rulings he overrides,
disputes, show requests, the action clock, and points left to his judgement.

May import ``live.assist``, ``live.irregularities``, the engine and the layers below.
"""
