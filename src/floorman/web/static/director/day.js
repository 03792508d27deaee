/**
 * day.js — the end of a day: chip counts and what follows them.
 *
 * Every player still in is listed with his stack as the tournament knows it; the director
 * types the counts bagged (or counted at a break, or for one table) and records them
 * (`chip-count`, only the stacks that differ). The end of the day is the registry's `end-day`
 * (shown as not available when the service lacks it); Day 2 is a new tournament (daytwo.js).
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { dayTwoForm } from '/static/director/daytwo.js';
import { registryForm } from '/static/director/registry.js';

const DAY_COMMANDS = ['end-day'];

export function dayPanel(desk, panel) {
  const rows = el('tbody');
  const record = el('button', { type: 'button', class: 'primary', 'data-action': 'chip-count', 'data-i18n': 'director.record-counts' }, t('director.record-counts'));
  const more = el('div', { class: 'day-commands', id: 'day-commands' });
  panel.append(el('h2', { 'data-i18n': 'director.chip-counts' }, t('director.chip-counts')),
    el('table', { class: 'counts', id: 'counts' }, el('thead', {}, el('tr', {},
      ...['player', 'seat', 'stack', 'count'].map((c) => el('th', {}, t(`director.col.${c}`))))), rows),
    record, more, dayTwoForm(desk));
  record.addEventListener('click', () => sendCounts(desk, rows));
  desk.onChange((view) => {
    record.disabled = !desk.has('chip-count');
    record.title = desk.has('chip-count') ? '' : t('director.not-available');
    if (!rows.contains(document.activeElement)) drawRows(rows, view);
    more.replaceChildren(...DAY_COMMANDS.map((name) => (desk.has(name) ? registryForm(desk, name)
      : el('p', { class: 'muted', 'data-command': name }, raw(name), ' ', el('span', {}, t('director.not-available'))))));
  });
}

function drawRows(rows, view) {
  const alive = view.entries.filter((e) => e.place === null && e.table !== null)
    .sort((a, b) => a.table - b.table || a.seat - b.seat);
  rows.replaceChildren(...alive.map((e) => el('tr', { 'data-entry': e.entry },
    el('td', {}, raw(e.name)), el('td', {}, raw(`T${e.table} S${e.seat + 1}`)),
    el('td', { class: 'num' }, raw(formatNumber(e.stack))),
    el('td', {}, el('input', { type: 'number', min: 0, step: 1, 'data-count': e.entry, 'data-stack': e.stack, placeholder: e.stack })))));
}

async function sendCounts(desk, rows) {
  const counts = {};
  for (const input of rows.querySelectorAll('input[data-count]')) {
    if (input.value === '') continue;
    const value = Number(input.value);
    if (Number.isInteger(value) && value !== Number(input.dataset.stack)) counts[input.dataset.count] = value;
  }
  if (!Object.keys(counts).length) return null;
  const answer = await desk.send('chip-count', { counts });
  if (answer) for (const input of rows.querySelectorAll('input[data-count]')) input.value = '';
  return answer;
}
