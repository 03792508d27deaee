/**
 * servertime.js — the service's clock as seen from this screen, and a level's time left.
 *
 * A clock screen must not trust its own clock (a TV's may be minutes off) nor the age of a
 * view (a view cached by the service may have been taken seconds before it is sent). So the
 * screen asks the service for its time (`GET /web/time`) at connect and at every reconnect,
 * keeps the offset, and counts a level down from the view's `remaining` at the view's `at`:
 * it keeps counting through a network drop and snaps back to the service's figures when the
 * next view arrives.
 */

export class ServerTime {
  constructor() {
    this.offset = 0; // milliseconds to add to Date.now() to get the service's clock
    this.synced = false;
  }

  /** Measure the offset: the service's time against the middle of the round trip. */
  async sync(api) {
    const before = Date.now();
    const answer = await api.get('/web/time');
    const after = Date.now();
    this.offset = answer.now * 1000 - (before + after) / 2;
    this.synced = true;
    return this.offset;
  }

  /** The service's clock now, in seconds since the epoch. */
  now() {
    return (Date.now() + this.offset) / 1000;
  }
}

/** Statuses in which the level clock runs (a pause and hand-for-hand stop it). */
const RUNNING = new Set(['running', 'on-break']);

/** Seconds left in the level or break of `clock` (a view's `clock`) taken at `at`, at the
 * service's moment `now`. */
export function remainingAt(clock, at, now) {
  if (!clock) return 0;
  if (!RUNNING.has(clock.status)) return clock.remaining;
  return Math.max(0, clock.remaining - Math.max(0, now - at));
}

/** `mm:ss`, or `h:mm:ss` from an hour up; rounded up, so 0:00 shows only when time is up. */
export function formatDuration(seconds) {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
