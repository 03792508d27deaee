/**
 * todo.js — the column of what waits for the director: balancing and breaking instructions
 * to carry out and confirm, tables halted until balanced, hand-for-hand tables still to play
 * their hand, a chip race due at this break, and the latest seat changes to announce.
 *
 * Instructions with a `confirm-move` in the registry are confirmed one by one once the
 * player has taken his new seat; without it they are shown as the tournament decided them.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { entryName } from '/static/director/console.js';
import { command } from '/static/director/players.js';
import { waitingItems } from '/static/director/waiting.js';

export function todoColumn(desk, column) {
  desk.onChange((view) => {
    const items = [
      ...afterHand(view),
      ...instructions(desk, view),
      ...breaking(desk, view),
      ...handForHand(desk, view),
      ...chipRace(desk, view),
      ...waitingItems(view),
    ];
    column.replaceChildren(
      el('h2', { 'data-i18n': 'director.todo' }, t('director.todo')),
      items.length ? el('ul', { class: 'todo-items' }, ...items) : el('p', { class: 'muted', 'data-i18n': 'director.nothing-to-do' }, t('director.nothing-to-do')),
      el('h3', { 'data-i18n': 'director.seat-changes' }, t('director.seat-changes')),
      finalTableNote(view),
      el('ul', { class: 'seat-changes' }, ...seatChanges(view).map((c) => el('li', { 'data-entry': c.entry },
        raw(c.name), ' ', el('span', {}, t('director.seat-change', { table: c.table, seat: c.seat + 1 }))))),
    );
  });
}

/** The seat changes to announce: the latest of each player still in (a busted player has
 * no seat to go to), all of a final-table draw however large. */
export function seatChanges(view) {
  const alive = new Map(view.entries.map((e) => [e.entry, e]));
  const seen = new Set();
  return view.public.seat_changes.filter((c) => {
    const entry = alive.get(c.entry);
    const current = entry && entry.place === null && entry.table === c.table && entry.seat === c.seat;
    if (!current || seen.has(c.entry)) return false;
    seen.add(c.entry);
    return true;
  });
}

/** A final table larger than the event's tables says why (TDA RP-9: nine at 8-max). */
function finalTableNote(view) {
  const note = view.final_table;
  if (!note) return '';
  return el('p', { class: 'muted', id: 'final-table-note' }, t('director.final-table-size', {
    table: note.table, size: note.size, seats: note.seats_per_table, rule: `${view.public.profile.split('/')[0]} ${note.rule}`,
  }));
}

function item(kind, ...children) {
  return el('li', { class: 'todo-item', 'data-kind': kind }, ...children);
}

/** Moves to carry out: the pending instructions, each confirmed once the player sits in
 * his new seat; without them, the moves the balancing plan still asks for. */
function instructions(desk, view) {
  const pending = view.balancing.instruction_moves || [];
  if (pending.length) {
    return pending.map((move) => item('move', raw(entryName(view, move.entry)), ' ',
      el('span', {}, t('director.move', {
        from_table: move.from_table, from_seat: move.from_seat + 1, to_table: move.to_table, to_seat: move.to_seat + 1,
      })),
      command(desk, 'confirm-move', 'director.confirm-move', { entry: move.entry })));
  }
  return view.balancing.moves.map((text) => item('move', raw(text)));
}

/** Floor decisions waiting for a table's hand in progress ("after this hand at table 3:
 * ..."): a move judged between hands (TDA R11-A), a table to break, the final table. */
function afterHand(view) {
  return (view.balancing.after_hand || []).map((text) => item('after-hand', text));
}

function breaking(desk, view) {
  const halted = view.balancing.halted.map((table) => item('halted', t('director.halted', { table })));
  const broken = view.balancing.tables_to_break.map((table) => item('break', t('director.break-table', { table }),
    command(desk, 'close-table', 'director.close-table', { table })));
  return [...broken, ...halted];
}

function handForHand(desk, view) {
  if (!view.public.hand_for_hand) return [];
  const waiting = view.balancing.hand_for_hand_waiting;
  const tables = waiting.map((table) => command(desk, 'hand-done', 'director.table-hand-done', { table }, { params: { table } }));
  return [item('hand-for-hand', el('span', {}, t('director.hand-for-hand', { count: waiting.length })), ...tables)];
}

function chipRace(desk, view) {
  const clock = view.public.clock;
  const colour = clock && clock.colour_up;
  if (!colour || !colour.now || desk.raced.has(raceKey(clock))) return [];
  const chips = colour.chips.map((c) => formatNumber(c)).join(', ');
  const run = command(desk, 'race-chips', 'director.race-chips', {}, { run: () => raceChips(desk) });
  return [item('chip-race', t('director.chip-race-due', { chips }), run)];
}

/** The break a chip race belongs to: the level after it and the chips it colours up. */
export function raceKey(clock) {
  return `${clock.next_level ? clock.next_level.level : ''}:${clock.colour_up.chips.join(',')}`;
}

/** Run the chip race of this break; the console remembers it is done (the view does not
 * say), so the reminder leaves the column. */
export async function raceChips(desk) {
  const key = raceKey(desk.view.public.clock);
  const answer = await desk.send('race-chips');
  if (answer) {
    desk.raced.add(key);
    desk.raceAnswer = answer;
    desk.redraw();
  }
  return answer;
}
