/**
 * hand.js — the hand the tablet is recording: the setup it was given when the hand began
 * and the dealer's steps since, kept in the browser's storage so a reloaded tablet carries
 * on, and replayed by the service on every step (`POST .../tablet/hand`), which answers the
 * seats, the pots, whose turn it is and his legal options. A step the rules refuse is taken
 * back and the refusal shown with its rule.
 *
 * The award (`POST .../tablet/award`) records the hand under a key drawn when the hand
 * began, so an award sent twice (a tap repeated, a network retry) is recorded once. A hand a
 * misdeal voided is not awarded: the tournament's `misdeal` command counts it, and the next
 * setup is the re-deal (same button, same level, TDA R35-C).
 */

import { enc, newKey } from '/static/common/api.js';

export class TabletHand {
  constructor({ api, tournament, table }) {
    Object.assign(this, { api, tournament, table });
    this.storage = `floorman.hand.${tournament}.${table}`;
    this.setup = null;
    this.steps = [];
    this.key = null;
    this.now = null; // the service's latest answer
    this.replays = 0; // answers received (the browser tests wait on it)
  }

  get base() {
    return `/tournaments/${enc(this.tournament)}/tables/${enc(this.table)}`;
  }

  get active() {
    return this.setup !== null;
  }

  /** The hand kept in storage, if any: true when there is one to carry on. */
  restore() {
    try {
      const kept = JSON.parse(window.localStorage.getItem(this.storage) || 'null');
      if (kept && kept.setup) Object.assign(this, { setup: kept.setup, steps: kept.steps, key: kept.key });
    } catch (_) {
      this.clear();
    }
    return this.active;
  }

  /** A new hand from the table's next setup; false when no hand may start now. */
  async begin() {
    const answer = await this.api.get(`${this.base}/setup`);
    if (!answer.setup) return false;
    Object.assign(this, { setup: answer.setup, steps: [], key: newKey() });
    this.save();
    await this.replay();
    return true;
  }

  async replay() {
    this.now = await this.api.post(`${this.base}/tablet/hand`, { setup: this.setup, steps: this.steps });
    this.replays += 1;
    return this.now;
  }

  /** Record one action of the player to act; refused steps are taken back. */
  async act(action, to = null) {
    const seat = this.now.hand.actor;
    return this.push(to === null ? { seat, action } : { seat, action, to });
  }

  /** Record any step: an action (out of turn when its seat is not to act), a report of an
   * irregularity, the director's decision. */
  async push(step) {
    this.steps.push(step);
    try {
      await this.replay();
    } catch (error) {
      this.steps.pop();
      throw error;
    }
    this.save();
    return this.now;
  }

  async takeBack() {
    if (!this.steps.length) return this.now;
    this.steps.pop();
    this.save();
    return this.replay();
  }

  /** Award the pots (one `{high, low}` per pot, main pot first) and record the hand. */
  async award(winners) {
    const answer = await this.api.post(`${this.base}/tablet/award`,
      { setup: this.setup, steps: this.steps, winners }, { key: this.key });
    this.clear();
    return answer;
  }

  /** What the dealer assist makes of the words and chips of the player to act. */
  async readChips(body) {
    return this.api.post(`${this.base}/tablet/chips`, { setup: this.setup, steps: this.steps, ...body });
  }

  clear() {
    Object.assign(this, { setup: null, steps: [], key: null, now: null });
    try {
      window.localStorage.removeItem(this.storage);
    } catch (_) {
      // storage refused: nothing was kept
    }
  }

  save() {
    try {
      window.localStorage.setItem(this.storage, JSON.stringify({ setup: this.setup, steps: this.steps, key: this.key }));
    } catch (_) {
      // storage refused: the hand lasts as long as the page
    }
  }
}
