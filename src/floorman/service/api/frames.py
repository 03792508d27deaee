"""Pre-framed WebSocket messages written straight to a subscriber's socket.

A change's view goes to every subscriber of its audience as the same text. Through ASGI each
socket costs a coroutine's wake-up, Starlette's and uvicorn's send, and the frame built again
by the ``websockets`` state machine: about 65 µs per subscriber, 65 ms of one core for a
thousand screens. A server's frames are not masked (RFC 6455 §5.1), so one frame's bytes
serve every socket: :func:`text_frame` builds them once per view, and a socket served by
:class:`FeedWebSocketProtocol` takes them with one ``transport.write``.

:class:`FeedWebSocketProtocol` is uvicorn's own WebSocket protocol (the sans-I/O one its
``ws="auto"`` picks) offering itself to the application as the ASGI extension
:data:`EXTENSION`; an application served otherwise (a test client, another server) finds no
extension and sends through ASGI as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

EXTENSION = "floorman.frames"
"""The scope's extension holding ``{"sink": FrameSink}``."""


class FrameSink(Protocol):
    """A WebSocket connection that takes whole frames built elsewhere."""

    on_writable: Callable[[], None] | None
    """Called once the socket's send buffer has drained below its low-water mark."""

    def write_frame(self, frame: bytes) -> bool:
        """Write ``frame`` now, unless the send buffer is over its high-water mark (a slow
        reader): then nothing is written and the answer is ``False``."""
        ...


def text_frame(payload: bytes) -> bytes:
    """One unfragmented, unmasked text frame holding ``payload`` (UTF-8), as a server sends
    it (RFC 6455 §5.2: FIN and opcode 1, then a 7-bit, 16-bit or 64-bit length)."""
    size = len(payload)
    if size < 126:
        head = bytes((0x81, size))
    elif size < 1 << 16:
        head = bytes((0x81, 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((0x81, 127)) + size.to_bytes(8, "big")
    return head + payload


def sink_of(scope: Mapping[str, Any]) -> FrameSink | None:
    """The connection's frame sink, when the server offers one."""
    extension = scope.get("extensions", {}).get(EXTENSION)
    return None if extension is None else extension["sink"]


class FeedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, offering :meth:`write_frame` to the application.

    The sans-I/O protocol writes each of its own frames with one ``transport.write`` in the
    event loop's thread, so a frame written here never splits one of its frames (pings,
    pongs, the close); once a close was sent or the peer left, nothing more is written."""

    on_writable: Callable[[], None] | None = None

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if self.handshake_initiated and hasattr(self, "scope"):
            self.scope["extensions"][EXTENSION] = {"sink": self}

    def write_frame(self, frame: bytes) -> bool:
        if not self.handshake_complete or self.close_sent or self.disconnected:
            return True  # nothing to deliver to: its reader notices the end
        if not self.writable.is_set():
            return False
        self.transport.write(frame)
        return True

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.on_writable is not None:
            self.on_writable()
