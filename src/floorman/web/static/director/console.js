/**
 * console.js — the director's console's hold on one tournament: the latest director view
 * from the feed, the command registry, and sending commands.
 *
 * The console is built against the registry (`GET /tournaments/{id}/commands`): a panel
 * shows its button enabled only when the command it sends is registered, so commands another
 * part of floorman adds later light up without a change here. Every command carries the
 * version the director decided on (`If-Match`): a second console that acted first makes this
 * one's command a 409 `stale-version`, the view is fetched again and the director decides
 * again on what is now true. A refusal is shown with its ruling, in the page's language.
 *
 * Listeners (`onChange(fn)`) are called with the view after every new view, and again once
 * the floor's and desk's state that goes with it (`floor`: `GET .../console/floor`, what the
 * view does not say: held all-ins, balancing mode, table size, registration...) is read.
 */

import { ApiError, enc } from '/static/common/api.js';
import { keepEntries } from '/static/common/dom.js';
import { Feed } from '/static/common/feed.js';
import { t } from '/static/common/i18n.js';

export class Console {
  constructor(page) {
    this.page = page;
    this.id = page.tournament;
    this.view = null;
    this.version = null; // what the next command decides on (If-Match)
    this.viewVersion = -1; // the version of the view on screen
    this.at = 0;
    this.commands = {};
    this.listeners = [];
    this.feed = null;
    this.lastAnswer = null;
    this.sent = 0; // commands answered (the browser tests read it)
    this.raced = new Set(); // chip races run from this console (todo.js)
    this.raceAnswer = null;
    this.floor = null; // GET .../console/floor, read after every view
    this.floorRead = 0; // floor states read (the browser tests wait on it)
  }

  /** Open the director feed and load the registry at once (one round trip, not two, before
   * the console shows the event); the page is drawn again when the registry arrives. */
  async start() {
    this.feed = new Feed({
      path: `/ws/director/${enc(this.id)}`,
      token: this.page.token,
      onView: (message) => this.receive(message),
      onStatus: this.page.badge,
      onError: () => this.page.notice(t('error.token')),
    });
    this.feed.start();
    try {
      this.commands = await this.page.api.get(`/tournaments/${enc(this.id)}/commands`);
      this.redraw();
    } catch (error) {
      this.page.refusal(error);
    }
  }

  onChange(listener) {
    this.listeners.push(listener);
    if (this.view) listener(this.view);
  }

  receive(message) {
    if (this.version !== null && message.version < this.version) return;
    this.view = message.view;
    this.version = message.version;
    this.viewVersion = message.version;
    this.at = message.at;
    this.notify();
    this.readFloor(message.version);
  }

  /** The floor's state of view `version`; the page is drawn again with it. */
  async readFloor(version) {
    try {
      const floor = await this.page.api.get(`/tournaments/${enc(this.id)}/console/floor`);
      if (version !== this.viewVersion) return;
      this.floor = floor;
      this.floorRead += 1;
      this.redraw();
    } catch (_) {
      // an older service, or offline: the controls that need it stay as they were
    }
  }

  /** Draw again what is on screen (after a language switch). */
  redraw() {
    if (this.view) this.notify();
  }

  /** Every listener draws the view; what the director is typing stays (keepEntries). */
  notify() {
    keepEntries(document.body, () => {
      for (const listener of this.listeners) listener(this.view);
    });
  }

  has(name) {
    return Object.prototype.hasOwnProperty.call(this.commands, name);
  }

  /** The fields of a registered command (`{name: type}`), or `{}`. */
  fields(name) {
    return (this.commands[name] && this.commands[name].fields) || {};
  }

  /** Send command `name`; the answer, or null after showing the refusal. */
  async send(name, fields = {}) {
    return this.attempt(() => this.page.api.command(this.id, name, fields, { expectedVersion: this.version }));
  }

  /** Undo the director's last command still in force. */
  async undo(reason = '') {
    const path = `/tournaments/${enc(this.id)}/undo`;
    return this.attempt(() => this.page.api.post(path, { count: 1, reason }, { expectedVersion: this.version }));
  }

  /** A GET of the tournament's own routes (`/console/deal`...), refusals shown. */
  async read(path) {
    try {
      return await this.page.api.get(`/tournaments/${enc(this.id)}${path}`);
    } catch (error) {
      this.page.refusal(error);
      return null;
    }
  }

  async attempt(call) {
    try {
      const answer = await call();
      this.page.clearNotices();
      this.lastAnswer = answer;
      this.sent += 1;
      if (answer && answer.version > (this.version ?? -1)) this.version = answer.version;
      return answer;
    } catch (error) {
      this.page.refusal(error);
      if (error instanceof ApiError && error.kind === 'stale-version') await this.refresh();
      return null;
    }
  }

  /** Fetch the view now (after a stale version: the feed may not have brought it yet). */
  async refresh() {
    try {
      const message = await this.page.api.get(`/tournaments/${enc(this.id)}/views/director`);
      this.version = null;
      this.receive(message);
    } catch (_) {
      // the feed brings it when the service is back
    }
  }
}

/** The name of an entry in the view (`e7` -> `Ivanov`). */
export function entryName(view, entry) {
  const found = view && view.entries.find((e) => e.entry === entry);
  return found ? found.name : entry;
}
