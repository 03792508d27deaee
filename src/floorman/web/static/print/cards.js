/**
 * cards.js — the print-outs that are cards, several to a page and never split: a seat card per
 * seated player (his name, table and seat, and the QR code and code of his join link, which
 * opens his page on his phone), and a receipt per buy-in (an entry, a rebuy, an add-on: who,
 * when, what was paid and for how many chips).
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { currentLanguage, formatNumber, t } from '/static/common/i18n.js';

/** A card per seated player, with a new join code for his entry. */
export async function seatCards(api, tournament, view, info) {
  const seated = view.entries.filter((e) => e.place === null && e.table !== null)
    .sort((a, b) => a.table - b.table || a.seat - b.seat);
  const tokens = await Promise.all(seated.map((e) => api.post(`/tournaments/${enc(tournament)}/tokens`,
    { role: 'player', entry: e.entry, label: 'seat card' })));
  return seated.map((e, i) => {
    const code = tokens[i].code || tokens[i].token;
    return el('article', { class: 'print-card seat-card', 'data-entry': e.entry },
      raw(info.name, { class: 'event' }),
      raw(e.name, { class: 'who' }),
      el('div', { class: 'where' }, t('print.table-seat', { table: e.table, seat: e.seat + 1 })),
      el('img', { class: 'qr', alt: '', src: `/join/${enc(code)}/qr.png`, width: 150, height: 150 }),
      el('div', { class: 'code' }, el('span', {}, t('print.code')), ' ', raw(code, { class: 'join-code' })),
      el('div', { class: 'muted small' }, t('print.scan')));
  });
}

/** A receipt for each buy-in: the entries first, then the rebuys and add-ons, in time order. */
export function receipts(results, info) {
  const names = Object.fromEntries(results.entries.map((e) => [e.entry, e.name]));
  const bought = [
    ...results.entries.map((e) => ({ entry: e.entry, kind: 'entry', at: e.at, chips: e.stack, amount: results.buy_in, fee: results.fee })),
    ...results.purchases.map((p) => ({ entry: p.entry, kind: p.kind, at: p.at, chips: p.chips, amount: p.amount, fee: 0 })),
  ].sort((a, b) => a.at - b.at);
  return bought.map((b, i) => el('article', { class: 'print-card receipt', 'data-entry': b.entry, 'data-kind': b.kind },
    el('h2', {}, t('print.receipt', { number: i + 1 })),
    raw(info.name, { class: 'event' }),
    el('dl', {},
      line('print.player', raw(names[b.entry] || b.entry)),
      line('print.what', t(`print.kind.${b.kind}`)),
      line('print.when', raw(moment(b.at * 1000))),
      line('print.chips', raw(formatNumber(b.chips))),
      line('print.paid', raw(formatNumber(b.amount))),
      b.fee ? line('print.fee', raw(formatNumber(b.fee))) : '',
      line('print.total', raw(formatNumber(b.amount + b.fee)), 'total')),
    el('div', { class: 'signature' }, t('print.signature'))));
}

function line(key, value, kind = '') {
  return el('div', { class: kind }, el('dt', {}, t(key)), el('dd', {}, value));
}

/** A date and time as the page's language writes it, in digits (29.11.2026, 21:14). */
export function moment(ms) {
  return new Date(ms).toLocaleString(currentLanguage(), {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
}
