"""Readers of the service's log, for the records: a tournament's events in force and its hands,
from an exported file (:mod:`.event_file`) or straight from the event store
(:mod:`.stored_log`, :mod:`.money_book`).

They live in the service because they read its formats (the codec, the export, undo, the
store); the records they feed take plain values (events, hands, origins) and import nothing of
the service, so the layers point one way (``docs/architecture.md``).
"""
