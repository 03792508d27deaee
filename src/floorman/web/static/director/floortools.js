/**
 * floortools.js — the Tables tab's floor decisions, beside the seating chart:
 *
 * - hand-for-hand called by the director when he wants (Poland §52.1), street by street if he
 *   ticks it (§52.4: the tablets then wait for the floor's call before each street), and
 *   ended between two rounds;
 * - who balances (TDA R11-C, PokerStars Live 2.5.1): `automatic`, or `director`, where the
 *   plan is only suggested (`balancing.moves`) and the director moves players himself: from a
 *   table he names (`balance-from`, a button on each table) or by dragging;
 * - the table size (Poland §25.1, RedCactus 11): fewer players a table breaks tables at once;
 * - on a table: its held all-in released (TDA RP-8-F), the button drawn at a table he opened.
 *
 * What the view does not say (held tables, the mode, the size) comes from `desk.floor`.
 * The bar's controls are built once and only their state follows the views, so a number
 * being typed survives a view arriving.
 */

import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { command } from '/static/director/players.js';

export function floorBar(desk) {
  const street = el('input', { type: 'checkbox', id: 'street-by-street' });
  const call = el('button', { type: 'button', 'data-action': 'call-hand-for-hand', 'data-i18n': 'director.call-hand-for-hand',
    onclick: () => desk.send('call-hand-for-hand', { street_by_street: street.checked }) }, t('director.call-hand-for-hand'));
  const end = el('button', { type: 'button', 'data-action': 'end-hand-for-hand', 'data-i18n': 'director.end-hand-for-hand',
    onclick: () => desk.send('end-hand-for-hand') }, t('director.end-hand-for-hand'));
  const mode = el('select', { id: 'balancing-mode', onchange: () => desk.send('set-balancing', { mode: mode.value }) },
    ...['automatic', 'director'].map((m) => el('option', { value: m, 'data-i18n': `director.balancing.${m}` }, t(`director.balancing.${m}`))));
  const size = el('input', { type: 'number', id: 'table-size', min: 2, step: 1, class: 'short' });
  const setSize = el('button', { type: 'button', 'data-action': 'set-table-size', 'data-i18n': 'director.set-table-size',
    onclick: () => desk.send('set-table-size', { seats: Number(size.value) }) }, t('director.set-table-size'));
  const state = el('span', { class: 'muted', id: 'hand-for-hand-state' });
  const suggestions = el('ul', { class: 'suggestions', id: 'balancing-suggestions' });
  const bar = el('div', { class: 'floor-bar', id: 'floor-bar' },
    el('div', { class: 'floor-line' }, el('label', {}, street, el('span', { 'data-i18n': 'director.street-by-street' }, t('director.street-by-street'))), call, end, state),
    el('div', { class: 'floor-line' }, el('label', {}, el('span', { 'data-i18n': 'director.balancing' }, t('director.balancing')), mode),
      el('label', {}, el('span', { 'data-i18n': 'director.table-size' }, t('director.table-size')), size), setSize),
    suggestions);
  const update = (view) => {
    const floor = desk.floor;
    const on = Boolean(floor ? floor.hand_for_hand : view.public.hand_for_hand);
    call.hidden = on;
    street.parentElement.hidden = on;
    end.hidden = !on;
    call.disabled = !desk.has('call-hand-for-hand');
    end.disabled = !desk.has('end-hand-for-hand');
    state.textContent = on ? t(floor && floor.street_by_street ? 'director.hand-for-hand-streets' : 'director.hand-for-hand-on') : '';
    mode.disabled = !desk.has('set-balancing') || !floor;
    setSize.disabled = !desk.has('set-table-size') || !floor;
    if (floor) {
      if (document.activeElement !== mode) mode.value = floor.balancing;
      if (document.activeElement !== size) size.value = floor.table_size;
      size.max = floor.largest_table_size;
    }
    const suggested = floor && floor.balancing === 'director' ? view.balancing.moves : [];
    suggestions.replaceChildren(...(suggested.length ? [el('li', { class: 'muted' }, t('director.suggested-moves'))] : []),
      ...suggested.map((text) => el('li', {}, raw(text))));
  };
  return { bar, update };
}

/** A table's floor buttons: release its held all-in, draw its button, balance from it. */
export function tableFloorTools(desk, table) {
  const floor = desk.floor;
  if (!floor) return [];
  const number = table.table;
  const tools = [];
  if (floor.held.includes(number)) {
    tools.push(command(desk, 'release-all-in', 'director.release-all-in', { table: number }));
  }
  if (floor.no_button.includes(number)) {
    tools.push(command(desk, 'draw-button', 'director.draw-button', { table: number }));
  }
  if (floor.balancing === 'director') {
    tools.push(command(desk, 'balance-from', 'director.balance-from', { table: number }));
  }
  return tools;
}
