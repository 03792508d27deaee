"""Outbound webhooks: signed deliveries of an event's public moments to the director's URLs."""
