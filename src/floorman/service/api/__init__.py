"""The HTTP and WebSocket API of the tournament service: :func:`app.create_api` (the server with
the pages: :func:`floorman.server.create_app`)."""
