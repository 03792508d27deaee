"""The dealer assist: what a player said and the chips he pushed, read into an action and the
ruling that goes with it, in the five rulebook languages.

May import the engine and the layers below; nothing else in ``live``.
"""
