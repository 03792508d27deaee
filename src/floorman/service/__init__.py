"""The service: a durable event log (SQLite or PostgreSQL) and the HTTP and WebSocket API.

The tournament core stays pure; this layer stores its events, rebuilds state from them, and
exposes commands and per-audience views over the network.
"""
