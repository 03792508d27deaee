"""Live tables: what a dealer records when cards are physical and players push chips and speak.

Irregularities (misdeals, exposed and premature cards, action out of turn), the dealer-assist
rulings on speech and pushed chips, and the director's pending and overriding rulings, all on top
of the pure hand engine.
"""
