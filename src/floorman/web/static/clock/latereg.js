/**
 * latereg.js — the late-registration countdown on the big screen: while the end the event
 * set (a level or a time) is ahead, a line in the figures counts down to it; once passed it
 * says late registration is closed. Nothing is shown for an event that set no end.
 *
 * The view gives `clock.late_registration` `{level, until, seconds_left, open}` at its
 * moment; between views the count runs on with the clock's own time left (a paused level
 * clock holds a level end; a time end runs on the wall clock).
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { formatDuration } from '/static/common/servertime.js';

/** The figures' line for it, made once beside the others. */
function line() {
  let value = document.getElementById('late-reg');
  if (value) return value;
  value = el('dd', { id: 'late-reg' });
  const figures = document.querySelector('.stats');
  figures.append(el('div', { id: 'late-reg-figure' }, el('dt', { 'data-i18n': 'clock.late-reg' }, t('clock.late-reg')), value));
  return value;
}

/** Draw the countdown for `clock` at `now` (the view was taken at `at`, both in seconds). */
export function drawLateRegistration(clock, at, now) {
  const end = clock && clock.late_registration;
  const existing = document.getElementById('late-reg-figure');
  if (!end) {
    if (existing) existing.hidden = true;
    return;
  }
  const value = line();
  value.parentElement.hidden = false;
  if (!end.open || end.seconds_left === null) {
    value.textContent = end.open ? '—' : t('clock.late-reg-closed');
    return;
  }
  const running = clock.status === 'running' || clock.status === 'on-break';
  const byLevel = end.level !== null ? end.seconds_left - (running ? Math.max(0, now - at) : 0) : Infinity;
  const byTime = end.until !== null ? end.until - now : Infinity;
  const left = Math.max(0, Math.min(byLevel, byTime));
  value.textContent = left > 0 ? formatDuration(left) : t('clock.late-reg-closed');
}
