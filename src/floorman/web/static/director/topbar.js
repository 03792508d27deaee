/**
 * topbar.js — the console's top bar: the event, the level and its time left, the field and
 * the pool, and the buttons pressed most (start, pause or resume, a minute more, bust-out,
 * undo). The time counts down here between views against the service's clock, as the big
 * screen does.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { ServerTime, formatDuration, remainingAt } from '/static/common/servertime.js';
import { levelTitle } from '/static/common/stakes.js';
import { openBust } from '/static/director/bust.js';
import { stakesSpans } from '/static/director/clocktab.js';
import { entryName } from '/static/director/console.js';
import { confirmed } from '/static/director/dialog.js';
import { clockTime } from '/static/director/waiting.js';

export function topBar(desk) {
  const time = new ServerTime();
  const name = raw('', { class: 'event-name', id: 'event-name' });
  const level = el('span', { class: 'level', id: 'level' });
  const left = raw('--:--', { class: 'time-left', id: 'time-left' });
  const stakes = el('span', { class: 'stakes', id: 'stakes' });
  const field = el('span', { class: 'field', id: 'field' });
  const pool = el('span', { class: 'pool', id: 'pool' });
  const buttons = {
    start: button('start', 'director.start', () => desk.send('start'), 'primary'),
    pause: button('pause', 'director.pause', () => togglePause(desk)),
    more: button('add-time', 'director.add-minute', () => desk.send('add-time', { seconds: 60 })),
    bust: button('bust', 'director.bust-out', () => openBust(desk)),
    undo: button('undo', 'director.undo', () => undoLast(desk)),
  };
  const bar = el('section', { class: 'topbar', id: 'topbar' },
    el('div', { class: 'what' }, name, level, left, stakes),
    el('div', { class: 'figures' }, field, pool),
    el('div', { class: 'actions' }, ...Object.values(buttons)));

  time.sync(desk.page.api).catch(() => {});
  desk.onChange((view) => {
    const pub = view.public;
    const clock = pub.clock;
    bar.dataset.status = pub.finished ? 'finished' : clock ? clock.status : 'waiting';
    name.textContent = pub.name;
    level.textContent = pub.finished ? t('director.event-finished') : pub.started ? levelTitle(clock) : t('director.not-started');
    stakes.replaceChildren(...stakesSpans(clock && clock.level));
    field.textContent = t('clock.of-entries', { left: formatNumber(pub.players_left), entries: formatNumber(pub.entries) });
    pool.textContent = t('director.pool', { pool: formatNumber(pub.money.pool) });
    buttons.start.hidden = pub.started;
    buttons.pause.hidden = !pub.started || pub.finished;
    buttons.pause.textContent = clock && clock.status === 'paused' ? t('director.resume') : t('director.pause');
    buttons.more.hidden = !pub.started || pub.finished;
    buttons.bust.disabled = !desk.has('bust') || !pub.started || pub.finished;
    buttons.bust.title = desk.has('bust') ? '' : t('director.not-available');
    tick();
  });
  window.setInterval(tick, 250);

  function tick() {
    const clock = desk.view && desk.view.public.clock;
    const over = desk.view && desk.view.public.finished;
    left.textContent = clock && !over ? formatDuration(remainingAt(clock, desk.at, time.now())) : '--:--';
  }
  return bar;
}

function button(name, key, onclick, kind = '') {
  return el('button', { type: 'button', class: kind, 'data-action': name, 'data-i18n': key, onclick }, t(key));
}

/** Pause a running clock, resume a paused one (the P key too). */
export function togglePause(desk) {
  const clock = desk.view && desk.view.public.clock;
  if (!clock || desk.view.public.finished) return null;
  return desk.send(clock.status === 'paused' ? 'resume' : 'pause');
}

/** Commands whose names the catalogue words for the undo question; others show as named. */
const NAMED = new Set(['bust', 'register', 'reenter', 'rebuy', 'add-on', 'penalty', 'move-player', 'start', 'pause',
  'resume', 'add-time', 'next-level', 'set-time-left', 'open-table', 'close-table', 'chip-count', 'record-hand',
  'withdraw', 'mark-absent', 'mark-present', 'confirm-move', 'hand-done', 'race-chips']);

/** "Undo: bust of Anna Kowalska at 21:14?" from what the service says Undo would undo. */
export function undoQuestion(desk, last) {
  if (!last || !last.command) return t('director.undo-confirm');
  const command = NAMED.has(last.command) ? t(`director.command.${last.command}`) : last.command;
  const fields = last.fields || {};
  const name = fields.entry ? entryName(desk.view, fields.entry) : fields.name;
  const time = clockTime(last.at);
  return name ? t('director.undo-named', { command, name, time }) : t('director.undo-named-nobody', { command, time });
}

/** Undo the last command, after the director says so (the U key too); the question names
 * the command, the player and the time. */
export async function undoLast(desk) {
  const last = await desk.read('/undo');
  if (!(await confirmed(undoQuestion(desk, last)))) return null;
  const answer = await desk.undo(t('director.undo-reason'));
  if (answer) desk.page.notice(t('director.undone'), 'info');
  return answer;
}
