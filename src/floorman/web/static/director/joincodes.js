/**
 * joincodes.js — a player's join code and seat card, from the Players tab: one player's
 * ("Join code" on his row) or every seated player's ("Seat cards for all").
 *
 * A join code is a player token of the service (`POST /tournaments/{id}/tokens`, role
 * `player`, his entry): short, without look-alike letters, typed on `/player` or scanned from
 * the QR code of his join link (`/join/{code}/qr.png`). A card shows his name, his table and
 * seat, the code, the link and the QR code, so the director hands it out at the seat draw.
 * The codes made in this console are kept for the session: a second look shows the same code
 * rather than making another.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { openDialog } from '/static/director/dialog.js';

/** The join code of `entry`, made once per session. */
async function codeOf(desk, entry) {
  desk.codes = desk.codes || new Map();
  if (!desk.codes.has(entry)) {
    const body = { role: 'player', entry, label: 'join code' };
    desk.codes.set(entry, await desk.page.api.post(`/tournaments/${enc(desk.id)}/tokens`, body));
  }
  return desk.codes.get(entry);
}

/** The "Join code" button of a player's row. */
export function joinCodeButton(desk, entry) {
  return el('button', {
    type: 'button', 'data-action': 'join-code', 'data-i18n': 'director.join-code', onclick: () => openJoinCode(desk, entry.entry),
  }, t('director.join-code'));
}

/** The "Seat cards for all" button above the players' list. */
export function seatCardsButton(desk) {
  return el('button', {
    type: 'button', 'data-action': 'seat-cards', 'data-i18n': 'director.seat-cards', onclick: () => openSeatCards(desk),
  }, t('director.seat-cards'));
}

function card(entry, token) {
  const seat = entry.table === null ? t('director.waiting-seat') : t('director.seat-at', { table: entry.table, seat: entry.seat + 1 });
  return el('article', { class: 'seat-card', 'data-entry': entry.entry },
    raw(entry.name, { class: 'who' }),
    el('div', { class: 'seat-line' }, seat),
    el('div', { class: 'code-line' }, el('span', { 'data-i18n': 'director.code' }, t('director.code')), ' ',
      raw(token.code, { class: 'code' })),
    el('img', { class: 'join-qr', src: `/join/${enc(token.code)}/qr.png`, alt: '', width: 120, height: 120 }),
    el('a', { href: token.join_url, target: '_blank', 'data-raw': '', class: 'join-link' }, token.join_url));
}

export async function openJoinCode(desk, entryId) {
  const entry = desk.view.entries.find((e) => e.entry === entryId);
  try {
    const token = await codeOf(desk, entryId);
    return openDialog({ title: t('director.join-code'), name: 'join-code', body: card(entry, token), actions: [] });
  } catch (error) {
    desk.page.refusal(error);
    return null;
  }
}

export async function openSeatCards(desk) {
  const bySeat = (a, b) => (a.table ?? 1e9) - (b.table ?? 1e9) || (a.seat ?? 0) - (b.seat ?? 0);
  const seated = desk.view.entries.filter((e) => e.place === null).sort(bySeat); // handed out table by table
  try {
    const cards = [];
    for (const entry of seated) cards.push(card(entry, await codeOf(desk, entry.entry)));
    return openDialog({
      title: t('director.seat-cards'),
      name: 'seat-cards',
      body: el('div', { class: 'seat-cards' }, ...cards),
      actions: [{ key: 'director.print', run: () => { window.print(); return false; } }],
    });
  } catch (error) {
    desk.page.refusal(error);
    return null;
  }
}
