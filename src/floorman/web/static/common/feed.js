/**
 * feed.js — one WebSocket feed of the service, kept open through network drops.
 *
 * The service sends a whole view on connect and a new whole view after every change
 * (`{"type": "view", "audience", "version", "at", "view"}`), so a client that missed
 * messages is never out of step: reconnecting *is* the resync. `Feed` sends the token as
 * the first message (it stays out of URLs and logs), reconnects with a growing delay (a
 * quarter second, doubling up to five seconds) after any close, at once when the browser
 * says it is back online, and when nothing has arrived for `staleAfter` milliseconds (the
 * service refreshes watched feeds every 15 s, so silence means a dead link). A refusal
 * (close codes 4401, 4403, 4404: a bad or revoked token, an unknown tournament) stops it.
 *
 * Callbacks: `onView(message)`, `onStatus(status)` with status `connecting`, `live`,
 * `offline` or `refused`, `onOpen()` before the first view of each connection (resync the
 * server time there), `onError(message)` for the service's refusal message.
 */

const REFUSED = new Set([4401, 4403, 4404]);
const FIRST_DELAY = 250;
const MAX_DELAY = 5000;

/** The ws:// or wss:// URL of `path` on the page's own host. */
export function socketUrl(path) {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${path}`;
}

export class Feed {
  constructor({ path, token, onView, onStatus = () => {}, onOpen = () => {}, onError = () => {},
    staleAfter = 45000 }) {
    Object.assign(this, { path, token, onView, onStatus, onOpen, onError, staleAfter });
    this.socket = null;
    this.delay = FIRST_DELAY;
    this.timer = null;
    this.stopped = false;
    this.status = 'connecting';
    this.lastMessage = 0;
    this.connections = 0; // how many times a connection opened (tests read it)
    this._online = () => this.reconnectNow();
    this._offline = () => this._drop();
    this._watch = window.setInterval(() => this._checkStale(), 1000);
    window.addEventListener('online', this._online);
    window.addEventListener('offline', this._offline);
  }

  start() {
    this.stopped = false;
    this._connect();
    return this;
  }

  stop() {
    this.stopped = true;
    window.clearTimeout(this.timer);
    window.clearInterval(this._watch);
    window.removeEventListener('online', this._online);
    window.removeEventListener('offline', this._offline);
    if (this.socket) this.socket.close();
  }

  /** Drop the connection and open a new one now (the browser came back online). */
  reconnectNow() {
    if (this.stopped || this.status === 'refused') return;
    window.clearTimeout(this.timer);
    this.delay = FIRST_DELAY;
    this._closeSocket();
    this._connect();
  }

  _setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.onStatus(status);
  }

  _connect() {
    if (this.stopped) return;
    let socket;
    try {
      socket = new WebSocket(socketUrl(this.path));
    } catch (_) {
      this._schedule();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ token: this.token }));
      this.connections += 1;
      this.lastMessage = Date.now();
      this.onOpen();
    };
    socket.onmessage = (event) => this._receive(socket, event);
    socket.onclose = (event) => this._closed(socket, event);
  }

  _receive(socket, event) {
    if (socket !== this.socket) return;
    this.lastMessage = Date.now();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    if (message.type === 'error') {
      this.onError(message);
      return;
    }
    if (message.type !== 'view') return;
    this.delay = FIRST_DELAY;
    this._setStatus('live');
    this.onView(message);
  }

  _closed(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    if (REFUSED.has(event.code)) {
      this._setStatus('refused');
      return;
    }
    this._setStatus('offline');
    this._schedule();
  }

  _schedule() {
    if (this.stopped) return;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this._connect(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
  }

  _drop() {
    this._closeSocket();
    this._setStatus('offline');
    this._schedule();
  }

  _closeSocket() {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
  }

  _checkStale() {
    if (this.stopped || this.status !== 'live') return;
    if (Date.now() - this.lastMessage > this.staleAfter) this._drop();
  }
}
