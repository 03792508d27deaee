/**
 * latereg.js — the late-registration end: through the end of a play level, or until a time
 * of day, whichever comes first (`EventSettings.late_registration_level` / `_until`).
 *
 * The creation form takes it (`lateRegFields()`: `settings` of `POST /tournaments`), the
 * Clock tab shows it with the time left and changes it (`set-late-registration`); the
 * tournament refuses a late entry after it with the profile's late-entry rule (TDA R8-A,
 * RedCactus 7, Belarus 3.3, PokerStars Live 2.1.1, Poland §55.2). A time is typed as the
 * venue's `HH:MM`, today or, if already past, tomorrow (an event that runs past midnight).
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { formatDuration } from '/static/common/servertime.js';
import { confirmed } from '/static/director/dialog.js';
import { clockTime } from '/static/director/waiting.js';

/** `HH:MM` as seconds since the epoch: today, or tomorrow once it has passed. */
export function timeToday(text, now = Date.now()) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const at = new Date(now);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTime() <= now) at.setDate(at.getDate() + 1);
  return at.getTime() / 1000;
}

function inputs(prefix) {
  return {
    level: el('input', { type: 'number', id: `${prefix}-late-level`, min: 1, step: 1, class: 'short' }),
    time: el('input', { type: 'time', id: `${prefix}-late-time` }),
  };
}

function read(controls) {
  const level = controls.level.value === '' ? null : Number(controls.level.value);
  const until = controls.time.value === '' ? null : timeToday(controls.time.value);
  return { level, until };
}

const label = (key, control) => el('label', { class: 'field' }, el('span', { 'data-i18n': key }, t(key)), control);

/** The creation form's fields: `{box, settings()}`; `settings()` is `{}` with no end. */
export function lateRegFields() {
  const controls = inputs('create');
  const box = el('fieldset', { class: 'terms', id: 'create-late-registration' },
    el('legend', { 'data-i18n': 'director.late-reg' }, t('director.late-reg')),
    label('director.late-reg-level', controls.level), label('director.late-reg-time', controls.time));
  const settings = () => {
    const { level, until } = read(controls);
    const chosen = {};
    if (level !== null) chosen.late_registration_level = level;
    if (until !== null) chosen.late_registration_until = until;
    return chosen;
  };
  return { box, settings };
}

/** The end in words, with the time left counted from the view (`left`: seconds now). */
export function endText(end, left) {
  if (!end) return t('director.late-reg-none');
  if (!end.open) return t('director.late-reg-closed');
  const parts = [];
  if (end.level !== null) parts.push(t('director.late-reg-through-level', { level: end.level }));
  if (end.until !== null) parts.push(t('director.late-reg-until', { time: clockTime(end.until) }));
  const when = parts.join(' · ');
  return left === null ? when : t('director.late-reg-left', { when, left: formatDuration(left) });
}

/** A line saying the end and counting down to it, kept current (Players and Clock tabs). */
export function lateRegLine(desk, id, kind = '') {
  const line = el('p', { id, class: `late-reg-line ${kind}` });
  const tick = () => {
    line.hidden = Boolean(desk.view && desk.view.public.finished);
    const end = desk.view && desk.view.late_registration;
    const left = end && end.open && end.seconds_left !== null ? countdown(desk, end) : null;
    line.textContent = endText(end, left);
  };
  desk.onChange(tick);
  window.setInterval(tick, 1000);
  return line;
}

/** The Clock tab's block: the end, its countdown, and the form that changes it. */
export function lateRegBlock(desk) {
  const controls = inputs('console');
  const set = el('button', { type: 'button', 'data-action': 'set-late-registration', 'data-i18n': 'director.late-reg-set', onclick: () => change(desk, controls) },
    t('director.late-reg-set'));
  const box = el('section', { class: 'late-reg', id: 'late-reg' },
    el('h3', { 'data-i18n': 'director.late-reg' }, t('director.late-reg')), lateRegLine(desk, 'late-reg-line'),
    el('div', { class: 'event-line' }, label('director.late-reg-level', controls.level), label('director.late-reg-time', controls.time), set));
  desk.onChange(() => { set.disabled = !desk.has('set-late-registration'); });
  return box;
}

/** Seconds left now: a time end runs on the wall clock, a level end with the level clock. */
function countdown(desk, end) {
  const clock = desk.view.public.clock;
  const stopped = clock && !['running', 'on-break'].includes(clock.status);
  const passed = Math.max(0, Date.now() / 1000 - desk.at);
  const byTime = end.until !== null ? end.until - Date.now() / 1000 : Infinity;
  const byLevel = end.level !== null ? end.seconds_left - (stopped ? 0 : passed) : Infinity;
  return Math.max(0, Math.min(byTime, byLevel));
}

async function change(desk, controls) {
  const { level, until } = read(controls);
  if (level === null && until === null && !(await confirmed(t('director.late-reg-clear')))) return null;
  const answer = await desk.send('set-late-registration', { level, until });
  if (answer) for (const input of Object.values(controls)) input.value = '';
  return answer;
}
