"""Views: what each audience (the big screen, the director, a dealer, a player) may see of a
tournament, as frozen values.

Reads the state and every concept package; nothing in the tournament imports the views.
"""
