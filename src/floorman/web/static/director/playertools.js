/**
 * playertools.js — the desk's and the officials' commands on one player, under "More" in
 * his row of the Players tab:
 *
 * - withdraw (he leaves: his chips out of play, his place the next one out) and, where the
 *   rulebook allows re-entry (TDA R8-B; not Belarus, RedCactus or Poland), a re-entry that
 *   gives up his chips (`reenter`);
 * - a seat for special needs (TDA R9, PokerStars Live 2.1, Poland §13.4) at a free seat the
 *   director picks, with the reason;
 * - his own colour-up (TDA R25-B): the denominations taken off his stack;
 * - chips confiscated (TDA R63, PokerStars Live 3.6, Poland §23.2) with an offence of the
 *   rulebook's catalogue and the official who gives the penalty;
 * - his ID checked (Poland §55.6) and, once out in the money, his prize paid.
 *
 * Each button stays disabled while the registry lacks its command; the desk's state (IDs
 * checked, prizes paid) comes from `desk.floor`.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { confirmed, openDialog } from '/static/director/dialog.js';
import { officialSelect, offenceSelect, penaltyCatalogue } from '/static/director/penalties.js';
import { command } from '/static/director/players.js';
import { buyIn } from '/static/director/waiting.js';

/** The "More" menu of an entry's row. */
export function moreActions(desk, entry, out) {
  const floor = desk.floor;
  const started = desk.view.public.started && !desk.view.public.finished;
  const checked = floor && floor.id_checked.includes(entry.player);
  const paid = floor && entry.entry in floor.paid;
  const items = out ? [
    entry.prize > 0 && !paid ? command(desk, 'pay-prize', 'director.pay-prize', { entry: entry.entry }) : null,
    paid ? el('span', { class: 'muted', 'data-state': 'paid' }, t('director.prize-paid')) : null,
  ] : [
    command(desk, 'withdraw', 'director.withdraw', {}, { off: !started, run: () => withdraw(desk, entry) }),
    command(desk, 'reenter', 'director.reenter', {}, { off: !started || !(floor && floor.reentry), run: () => reenter(desk, entry) }),
    command(desk, 'special-needs-seat', 'director.special-seat', {}, { off: !started, run: () => specialSeat(desk, entry) }),
    command(desk, 'colour-up-player', 'director.colour-up-player', {}, { off: !started || !floor, run: () => colourUp(desk, entry) }),
    command(desk, 'confiscate-chips', 'director.confiscate', {}, { off: !started, run: () => confiscate(desk, entry) }),
  ];
  items.push(checked ? el('span', { class: 'muted', 'data-state': 'id-checked' }, t('director.id-checked'))
    : command(desk, 'check-id', 'director.check-id', {}, { run: () => checkId(desk, entry) }));
  const shown = items.filter(Boolean);
  desk.openMore = desk.openMore || new Set(); // kept open across the redraws of every view
  const toggle = (event) => { if (event.target.open) desk.openMore.add(entry.entry); else desk.openMore.delete(entry.entry); };
  return el('details', { class: 'more', 'data-entry': entry.entry, open: desk.openMore.has(entry.entry), ontoggle: toggle },
    el('summary', { 'data-i18n': 'director.more' }, t('director.more')), el('div', { class: 'more-actions' }, ...shown));
}

const label = (key, control) => el('label', {}, el('span', { 'data-i18n': key }, t(key)), control);

function dialog(desk, entry, name, titleKey, fields, send) {
  return openDialog({
    title: t(titleKey),
    name,
    body: el('div', { class: 'desk-form' }, raw(entry.name, { class: 'who' }), ...fields),
    actions: [{ key: 'director.confirm', kind: 'primary', run: async () => (await send()) !== null }],
  });
}

async function withdraw(desk, entry) {
  if (await confirmed(t('director.confirm-withdraw', { name: entry.name }))) await desk.send('withdraw', { entry: entry.entry });
}

async function reenter(desk, entry) {
  if (await confirmed(t('director.confirm-reenter', { name: entry.name }))) await buyIn(desk, 'reenter', { player: entry.player, name: entry.name }, entry.name);
}

function specialSeat(desk, entry) {
  const tables = desk.view.tables.map((x) => x.table);
  const table = el('select', { id: 'special-table' }, ...tables.map((n) => el('option', { value: n }, t('director.table', { table: n }))));
  const seat = el('input', { type: 'number', id: 'special-seat', min: 1, max: 10, value: 1, class: 'short' });
  const reason = el('input', { id: 'special-reason', required: true });
  return dialog(desk, entry, 'special-seat', 'director.special-seat',
    [label('director.col.seat', table), label('director.seat-number', seat), label('director.reason', reason)],
    () => desk.send('special-needs-seat', { entry: entry.entry, table: Number(table.value), seat: Number(seat.value) - 1, reason: reason.value.trim() || 'special needs' }));
}

function colourUp(desk, entry) {
  const boxes = desk.floor.chips.slice(0, -1).map((chip) => el('input', { type: 'checkbox', value: chip, 'data-chip': chip }));
  const chips = boxes.map((box) => el('label', {}, box, raw(formatNumber(Number(box.value)))));
  return dialog(desk, entry, 'colour-up', 'director.colour-up-player', [el('p', { class: 'muted' }, t('director.colour-up-help')), ...chips],
    () => desk.send('colour-up-player', { entry: entry.entry, remove: boxes.filter((b) => b.checked).map((b) => Number(b.value)) }));
}

async function confiscate(desk, entry) {
  if (!(await penaltyCatalogue(desk))) return null;
  const chips = el('input', { type: 'number', id: 'confiscate-chips', min: 1, step: 1, class: 'short' });
  const offence = offenceSelect('confiscate-offence');
  const role = officialSelect('confiscate-role');
  return dialog(desk, entry, 'confiscate', 'director.confiscate',
    [label('director.chips-taken', chips), label('director.offence', offence), label('director.official', role)],
    () => desk.send('confiscate-chips', { entry: entry.entry, chips: Number(chips.value), offence: offence.value, by_role: role.value }));
}

function checkId(desk, entry) {
  const documentField = el('input', { id: 'id-document', required: true });
  return dialog(desk, entry, 'check-id', 'director.check-id', [label('director.id-document', documentField)],
    () => desk.send('check-id', { player: entry.player, document: documentField.value.trim() }));
}

