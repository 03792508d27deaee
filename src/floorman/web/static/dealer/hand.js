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
 *
 * Hand-for-hand, the hand also keeps what the floor said (`floor`: whether the held all-in
 * was reported, the last street the floor called), and an action taken while the action clock
 * runs carries the tablet's moment (`at`), as the clock's own steps do.
 */

import { enc, newKey } from '/static/common/api.js';

export class TabletHand {
  constructor({ api, tournament, table }) {
    Object.assign(this, { api, tournament, table });
    this.storage = `floorman.hand.${tournament}.${table}`;
    this.setup = null;
    this.steps = [];
    this.key = null;
    this.floor = { hold: null, street: 0 }; // hold: null | 'sent' | 'refused' (floorwait.js)
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
      if (kept && kept.setup) {
        Object.assign(this, { setup: kept.setup, steps: kept.steps, key: kept.key, floor: kept.floor || { hold: null, street: 0 } });
      }
    } catch (_) {
      this.clear();
    }
    return this.active;
  }

  /** A new hand: the tournament is told it starts (the table is mid-hand until its result,
   * and after a misdeal the answer is the exact re-deal) and gives its setup; false when no
   * hand may start now. */
  async begin() {
    const answer = await this.api.post(`${this.base}/hands/start`, {});
    if (!answer.setup) return false;
    Object.assign(this, { setup: answer.setup, steps: [], key: newKey(), floor: { hold: null, street: 0 } });
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
    const step = to === null ? { seat, action } : { seat, action, to };
    if (this.now.clock) step.at = Date.now() / 1000;
    return this.push(step);
  }

  /** The action clock: `call` it on the player to act, or `expire` it (never before its
   * deadline, whatever the tablet's timer said). */
  async clock(kind, deadline = 0) {
    const at = Math.max(Date.now() / 1000, deadline);
    return this.push(kind === 'call' ? { clock: 'call', at, by: 'official' } : { clock: 'expire', at });
  }

  /** Tell the tournament the all-in is held face down (`hold-all-in`). */
  async hold() {
    try {
      await this.api.command(this.tournament, 'hold-all-in', { table: this.table });
      this.floor.hold = 'sent';
    } catch (error) {
      this.floor.hold = 'refused';
      throw error;
    } finally {
      this.save();
    }
    return this.replay();
  }

  /** The floor called the next street (street by street): the dealer may deal it. */
  go(street) {
    this.floor.street = street;
    this.save();
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
    Object.assign(this, { setup: null, steps: [], key: null, now: null, floor: { hold: null, street: 0 } });
    try {
      window.localStorage.removeItem(this.storage);
    } catch (_) {
      // storage refused: nothing was kept
    }
  }

  save() {
    try {
      window.localStorage.setItem(this.storage, JSON.stringify({ setup: this.setup, steps: this.steps, key: this.key, floor: this.floor }));
    } catch (_) {
      // storage refused: the hand lasts as long as the page
    }
  }
}
