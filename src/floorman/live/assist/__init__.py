"""The dealer assist: what a player said and the chips he pushed, read into an action and the
ruling that goes with it, in the five rulebook languages.

May import the engine and the layers below, and of ``live`` only the values every decider
shares (``live.decision``, ``live.live_events``): never ``live.director``, ``live.irregularities``
or the live hand, which records what the assist decides.
"""
