"""The HTTP and WebSocket API of the tournament service: :func:`app.create_app`."""
