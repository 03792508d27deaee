/**
 * lists.js — the print-outs that are lists: the seating by table (a table's seats in order,
 * for the floor and the dealers) and by name (for the players at the door), and the payout
 * sheet (each place's prize, the pool and what it is made of).
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { placeText } from '/static/common/ordinal.js';

/** Every table in play with its seats in order, an empty seat marked. */
export function seatingByTable(view) {
  return el('div', { class: 'tables' }, ...view.tables.map((table) => el('table', { class: 'seating', 'data-table': table.table },
    el('caption', {}, t('print.table', { table: table.table })),
    el('thead', {}, el('tr', {}, el('th', { class: 'num' }, t('print.seat')), el('th', {}, t('print.player')), el('th', { class: 'num' }, t('print.stack')))),
    el('tbody', {}, ...table.seats.map((seat) => el('tr', { 'data-seat': seat.seat + 1 },
      el('td', { class: 'num' }, raw(seat.seat + 1)),
      el('td', {}, seat.entry ? raw(seat.name) : el('span', { class: 'muted' }, t('print.empty'))),
      el('td', { class: 'num' }, seat.entry ? raw(formatNumber(seat.stack)) : '')))))));
}

/** The players still seated, A to Z, with their table and seat. */
export function seatingByName(view) {
  const seated = view.entries.filter((e) => e.place === null && e.table !== null)
    .sort((a, b) => a.name.localeCompare(b.name) || a.entry.localeCompare(b.entry));
  return el('table', { class: 'by-name' },
    el('thead', {}, el('tr', {}, el('th', {}, t('print.player')), el('th', { class: 'num' }, t('print.table-col')), el('th', { class: 'num' }, t('print.seat')))),
    el('tbody', {}, ...seated.map((e) => el('tr', { 'data-entry': e.entry },
      el('td', {}, raw(e.name)), el('td', { class: 'num' }, raw(e.table)), el('td', { class: 'num' }, raw(e.seat + 1))))));
}

/** The prize of each place paid, and the pool. */
export function payoutSheet(view, info) {
  const money = view.public.money;
  const lines = money.payouts.map((prize, i) => el('tr', { 'data-place': i + 1 },
    el('td', {}, placeText('clock.place', i + 1)), el('td', { class: 'num' }, raw(formatNumber(prize)))));
  return el('div', {},
    el('p', { class: 'pool', id: 'print-pool' }, t('print.pool', { pool: formatNumber(money.pool), entries: formatNumber(view.public.entries) })),
    el('p', { class: 'muted' }, t('print.buy-in-line', { buyin: formatNumber(info.buy_in), fee: formatNumber(info.fee) })),
    lines.length ? el('table', { class: 'payouts' },
      el('thead', {}, el('tr', {}, el('th', {}, t('print.place')), el('th', { class: 'num' }, t('print.prize')))),
      el('tbody', {}, ...lines)) : el('p', {}, t('print.no-payouts')));
}
