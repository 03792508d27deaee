/**
 * seating.js — the seating chart: every table with its seats, stacks, button and blinds.
 *
 * Drag a player onto an empty seat to move him there (the registry's `move-player`; the
 * tournament refuses a taken seat or a table that is not in play, with its rule). A table's
 * card also carries its hand-for-hand "hand done" (while hand-for-hand waits for it), its
 * closing, and the link of its dealer's tablet (a dealer token for that table). Above the
 * chart, the floor's decisions (floortools.js): hand-for-hand, balancing, the table size; on
 * a card, its held all-in released, its button drawn, a move from it.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { confirmed } from '/static/director/dialog.js';
import { floorBar, tableFloorTools } from '/static/director/floortools.js';
import { command } from '/static/director/players.js';

const DRAG_TYPE = 'application/x-floorman-entry';

export function seatingPanel(desk, panel) {
  const grid = el('div', { class: 'tables', id: 'tables' });
  const links = el('div', { class: 'links', id: 'tablet-links' });
  const open = el('button', { type: 'button', 'data-action': 'open-table', 'data-i18n': 'director.open-table', onclick: () => openTable(desk) }, t('director.open-table'));
  const floor = floorBar(desk);
  panel.append(el('div', { class: 'panel-head' }, el('h2', { 'data-i18n': 'director.tab.tables' }, t('director.tab.tables')), open), floor.bar, grid, links);
  desk.onChange((view) => {
    open.disabled = !desk.has('open-table');
    floor.update(view);
    const waiting = new Set(view.balancing.hand_for_hand_waiting);
    grid.replaceChildren(...view.tables.map((table) => card(desk, table, links, waiting.has(table.table))));
  });
}

function card(desk, table, links, handForHand) {
  const seats = table.seats.map((seat) => seatLine(desk, table, seat));
  const tools = [
    handForHand ? command(desk, 'hand-done', 'director.hand-done', { table: table.table }) : null,
    command(desk, 'close-table', 'director.close-table', { table: table.table }),
    ...tableFloorTools(desk, table),
    el('button', { type: 'button', 'data-action': 'tablet-link', 'data-i18n': 'director.tablet-link', onclick: () => tabletLink(desk, table.table, links) }, t('director.tablet-link')),
  ];
  const held = desk.floor && desk.floor.held.includes(table.table);
  return el('article', { class: 'table-card', 'data-table': table.table, 'data-hand-for-hand': handForHand ? 'waiting' : null, 'data-held': held ? 'held' : null },
    el('header', {}, el('strong', {}, t('director.table', { table: table.table })), ' ',
      el('span', { class: 'muted' }, t('director.players-at', { count: table.players })),
      held ? el('span', { class: 'held-mark' }, ' ', t('director.all-in-held')) : null),
    el('ol', { class: 'seats' }, ...seats),
    el('div', { class: 'table-tools' }, ...tools));
}

function seatLine(desk, table, seat) {
  const line = el('li', { class: seat.entry ? 'taken' : 'empty', 'data-seat': seat.seat + 1 },
    raw(seat.seat + 1, { class: 'seat-no' }), marker(table, seat.seat));
  if (seat.entry) {
    const who = el('span', { class: 'who', draggable: 'true', 'data-entry': seat.entry },
      raw(seat.name), ' ', raw(formatNumber(seat.stack), { class: 'muted' }));
    who.addEventListener('dragstart', (event) => {
      event.dataTransfer.setData(DRAG_TYPE, seat.entry);
      event.dataTransfer.setData('text/plain', seat.entry);
      event.dataTransfer.effectAllowed = 'move';
    });
    line.append(who);
    return line;
  }
  line.addEventListener('dragover', (event) => {
    event.preventDefault();
    line.classList.add('drop');
  });
  line.addEventListener('dragleave', () => line.classList.remove('drop'));
  line.addEventListener('drop', (event) => {
    event.preventDefault();
    line.classList.remove('drop');
    const entry = event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    if (entry) movePlayer(desk, entry, table.table, seat.seat);
  });
  return line;
}

function marker(table, seat) {
  const marks = [];
  if (table.button === seat) marks.push('director.button-mark');
  if (table.small_blind === seat) marks.push('director.small-blind-mark');
  if (table.big_blind === seat) marks.push('director.big-blind-mark');
  return el('span', { class: 'marks' }, ...marks.map((key) => el('span', {}, t(key))));
}

/** Move `entry` to a seat (seats 0-based as the service counts them). */
export function movePlayer(desk, entry, table, seat) {
  if (!desk.has('move-player')) {
    desk.page.notice(t('director.not-available'));
    return null;
  }
  const fields = { entry, to_table: table, to_seat: seat };
  if ('reason' in desk.fields('move-player')) fields.reason = 'director';
  return desk.send('move-player', fields);
}

/** Open the next table after the director says so; the players waiting for a seat (the
 * alternate list) are then seated at the free seats by draw, by the tournament itself. */
async function openTable(desk) {
  const table = Math.max(0, ...desk.view.tables.map((x) => x.table)) + 1;
  const waiting = (desk.view.alternates || []).length;
  const question = waiting ? t('director.confirm-open-table-waiting', { table, count: waiting }) : t('director.confirm-open-table', { table });
  if (!(await confirmed(question))) return null;
  const fields = {};
  if ('table' in desk.fields('open-table')) fields.table = table;
  const answer = await desk.send('open-table', fields);
  const seated = answer ? answer.events.filter((e) => e.kind === 'player-seated').length : 0;
  if (seated) desk.page.notice(t('director.alternates-seated', { count: seated, table }), 'info');
  return answer;
}

/** A dealer token for `table`, shown as the tablet's link. */
async function tabletLink(desk, table, links) {
  try {
    const token = await desk.page.api.post(`/tournaments/${enc(desk.id)}/tokens`, { role: 'dealer', table, label: `table ${table}` });
    const url = `${window.location.origin}/dealer?t=${enc(desk.id)}&token=${enc(token.token)}`;
    links.replaceChildren(el('div', { class: 'link-line' }, el('span', {}, t('director.tablet-for', { table })), ' ',
      el('a', { href: url, target: '_blank', 'data-raw': '' }, url)));
  } catch (error) {
    desk.page.refusal(error);
  }
}
