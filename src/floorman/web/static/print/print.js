/**
 * print.js — the director's print-outs: `/print?t=<id>&token=<director token>&sheet=<sheet>`
 * with `sheet` one of `seating` (the seating list by table and by name), `seat-cards` (a card
 * per seated player with the QR code of his join link), `payouts` (the payout sheet) and
 * `receipts` (a receipt per buy-in: each entry, rebuy and add-on).
 *
 * Each is a page of its own laid out for paper by print.css (A4, black on white, a table or a
 * block of cards never split across pages), not the screen page printed: the console links
 * them from its downloads, and the browser prints or saves them as PDF. The data is what the
 * console reads: the director view, the tournament's settings and its results (for the times
 * and prices of buy-ins); a seat card's code is a new player token of his entry (a code is
 * kept only as a hash, so it cannot be read back: printing the cards again makes new ones,
 * and the old ones still work).
 *
 * `window.floormanPrint` exposes the state for the browser tests (`ready` once drawn).
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { startPage } from '/static/common/shell.js';
import { moment, receipts, seatCards } from '/static/print/cards.js';
import { payoutSheet, seatingByName, seatingByTable } from '/static/print/lists.js';

const SHEETS = ['seating', 'seat-cards', 'payouts', 'receipts'];
const page = await startPage({ scope: 'director', titleKey: 'print.title' });
const sheets = document.getElementById('sheets');
const state = { ready: false, sheet: page.params.get('sheet') || 'seating' };
window.floormanPrint = state;
document.getElementById('print-now').addEventListener('click', () => window.print());

if (!page.tournament || !page.token || !SHEETS.includes(state.sheet)) page.notice(t('print.no-sheet'));
else draw().catch((error) => page.refusal(error));

async function draw() {
  const id = enc(page.tournament);
  const [info, message] = await Promise.all([
    page.api.get(`/tournaments/${id}`),
    page.api.get(`/tournaments/${id}/views/director`),
  ]);
  const view = message.view;
  page.title.textContent = `${t(`print.sheet.${state.sheet}`)} · ${info.name}`;
  document.title = page.title.textContent;
  const head = (key) => el('header', { class: 'sheet-head' }, raw(info.name, { class: 'event' }),
    el('h1', {}, t(key)), el('span', { class: 'printed' }, t('print.printed', { at: moment(Date.now()) })));
  let parts;
  if (state.sheet === 'seating') {
    parts = [el('section', { class: 'sheet', id: 'by-table' }, head('print.by-table'), seatingByTable(view)),
      el('section', { class: 'sheet', id: 'by-name' }, head('print.by-name'), seatingByName(view))];
  } else if (state.sheet === 'payouts') {
    parts = [el('section', { class: 'sheet', id: 'payout-sheet' }, head('print.sheet.payouts'), payoutSheet(view, info))];
  } else if (state.sheet === 'seat-cards') {
    parts = [el('section', { class: 'cards-sheet', id: 'seat-cards' }, ...(await seatCards(page.api, page.tournament, view, info)))];
  } else {
    const results = await page.api.get(`/tournaments/${id}/records/results?format=json`);
    parts = [el('section', { class: 'cards-sheet', id: 'receipts' }, ...receipts(results, info))];
  }
  sheets.replaceChildren(...parts);
  sheets.dataset.state = 'ready';
  sheets.dataset.sheet = state.sheet;
  state.ready = true;
  state.count = formatNumber(view.entries.length);
}
