/**
 * players.js — registration and the list of entries: a new player or a late entry (seated
 * by draw once the event runs), the search that finds a player as the director types, and
 * on each entry the commands that concern him: bust-out, rebuy, add-on, penalty, away and
 * back, and re-entry once he is out (a new entry of the same player); under "More" the desk's
 * and officials' commands (playertools.js). The event's rebuy,
 * add-on and bounty terms stand above the form.
 *
 * A player is known by a player id across his entries; the form makes one from the name
 * unless the director types one (two players of the same name get different ids, so a
 * namesake is never taken for a re-entry).
 */

import { clear, el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { openBust } from '/static/director/bust.js';
import { placeText } from '/static/common/ordinal.js';
import { joinCodeButton, seatCardsButton } from '/static/director/joincodes.js';
import { lateRegLine } from '/static/director/latereg.js';
import { openPenalty, stepText } from '/static/director/penalties.js';
import { moreActions } from '/static/director/playertools.js';
import { fold, matches } from '/static/director/search.js';
import { eventConfig, termsLines } from '/static/director/terms.js';
import { buyIn, clockTime, waitingList } from '/static/director/waiting.js';

const SHOWN = 200;

export function playersPanel(desk, panel) {
  const name = el('input', { id: 'register-name', required: true, 'data-i18n-placeholder': 'director.player-name', placeholder: t('director.player-name') });
  const player = el('input', { id: 'register-player', 'data-i18n-placeholder': 'director.player-id', placeholder: t('director.player-id') });
  const submit = el('button', { type: 'submit', class: 'primary', 'data-i18n': 'director.register' }, t('director.register'));
  const form = el('form', { class: 'register', id: 'register' }, name, player, submit);
  const search = el('input', { type: 'search', id: 'player-search', 'data-i18n-placeholder': 'director.search', placeholder: t('director.search') });
  const count = el('span', { class: 'muted', id: 'player-count' });
  const rows = el('tbody');
  const table = el('table', { class: 'entries', id: 'entries' }, el('thead', {}, el('tr', {},
    ...['player', 'entry', 'seat', 'stack', 'status', 'actions'].map((c) => el('th', { 'data-i18n': `director.col.${c}` }, t(`director.col.${c}`))))), rows);
  const terms = el('p', { class: 'terms-line muted', id: 'event-terms' });
  panel.append(el('h2', { 'data-i18n': 'director.registration' }, t('director.registration')), terms,
    lateRegLine(desk, 'players-late-reg', 'muted'), form,
    waitingList(desk), el('div', { class: 'search-line' }, search, count, seatCardsButton(desk)), table);
  eventConfig(desk).then((config) => {
    desk.config = config; // the rebuy and add-on terms decide which buttons a row shows
    const drawTerms = () => terms.replaceChildren(...(config ? termsLines(config) : []).map((line) => el('span', {}, line)));
    drawTerms();
    window.addEventListener('floorman:language', drawTerms);
    desk.redraw();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const given = name.value.trim();
    if (!given) return;
    const id = player.value.trim() || newPlayerId(desk.view, given);
    if (await buyIn(desk, 'register', { player: id, name: given }, given)) {
      form.reset();
      name.focus();
    }
  });
  const draw = () => desk.view && drawRows(desk, rows, count, search.value);
  search.addEventListener('input', draw);
  desk.onChange(draw);
}

/** A player id not used yet: the name's letters and a number. */
export function newPlayerId(view, name) {
  const used = new Set((view ? view.entries : []).map((e) => e.player));
  const stem = fold(name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24) || 'player';
  let number = used.size + 1;
  while (used.has(`${stem}-${number}`)) number += 1;
  return `${stem}-${number}`;
}

function drawRows(desk, rows, count, query) {
  const entries = desk.view.entries.filter((e) => matches(e, query));
  count.textContent = t('director.shown', { shown: formatNumber(Math.min(entries.length, SHOWN)), total: formatNumber(desk.view.entries.length) });
  clear(rows).append(...entries.slice(0, SHOWN).map((e) => row(desk, e)));
}

function row(desk, entry) {
  const out = entry.place !== null;
  const seat = entry.table === null ? '—' : `T${entry.table} S${entry.seat + 1}`;
  return el('tr', { 'data-entry': entry.entry, class: out ? 'out' : '' },
    el('td', {}, raw(entry.name), ' ', raw(entry.player, { class: 'muted' })),
    el('td', {}, raw(entry.entry)),
    el('td', {}, raw(seat)),
    el('td', { class: 'num' }, raw(out ? '' : formatNumber(entry.stack))),
    el('td', {}, status(desk, entry)),
    el('td', { class: 'row-actions' }, ...actions(desk, entry, out)));
}

function status(desk, entry) {
  if (entry.place === null) {
    const now = entry.table === null ? t('director.waiting-seat') : t('director.playing');
    const penalty = penaltyText(desk, entry);
    return penalty ? el('span', {}, now, ' ', el('span', { class: 'penalty-mark', 'data-state': 'penalty' }, penalty)) : now;
  }
  const place = el('span', {}, placeText('director.place', entry.place));
  return entry.prize ? el('span', {}, place, ' ', raw(formatNumber(entry.prize), { class: 'muted' })) : place;
}

function actions(desk, entry, out) {
  const started = desk.view.public.started && !desk.view.public.finished;
  if (out) {
    const fields = { player: entry.player, name: entry.name };
    const forbidden = desk.floor && !desk.floor.reentry; // the rulebook's (Belarus, RedCactus, Poland)
    const again = forbidden ? null
      : command(desk, 'register', 'director.re-entry', fields, { off: !started, run: () => buyIn(desk, 'register', fields, entry.name) });
    return [again, moreActions(desk, entry, out)].filter(Boolean);
  }
  const offers = allowed(desk);
  return [
    el('button', { type: 'button', 'data-action': 'bust', disabled: !desk.has('bust') || !started, onclick: () => openBust(desk, entry.entry), 'data-i18n': 'director.bust' }, t('director.bust')),
    offers.rebuy ? command(desk, 'rebuy', 'director.rebuy', { entry: entry.entry }, { off: !started }) : null,
    offers.addOn ? command(desk, 'add-on', 'director.add-on', { entry: entry.entry }, { off: !started }) : null,
    joinCodeButton(desk, entry),
    el('button', { type: 'button', 'data-action': 'penalty', disabled: !desk.has('penalty') || !started, onclick: () => openPenalty(desk, entry.entry), 'data-i18n': 'director.penalty' }, t('director.penalty')),
    command(desk, 'mark-absent', 'director.away', { entry: entry.entry }, { off: !started }),
    command(desk, 'mark-present', 'director.back', { entry: entry.entry }, { off: !started }),
    moreActions(desk, entry, out),
  ].filter(Boolean);
}

/** A penalty he still serves, in words: the step and the hands left, or until when. */
function penaltyText(desk, entry) {
  if (entry.penalty_hands_left > 0) {
    return t('director.penalty-left', { penalty: stepText(entry.penalty), hands: entry.penalty_hands_left });
  }
  if (entry.away_until && entry.away_until > desk.at) {
    return t('director.penalty-away', { penalty: stepText(entry.penalty), time: clockTime(entry.away_until) });
  }
  return '';
}

/** Which of rebuy and add-on the event offers now (TDA R27, Poland §18): none without its
 * terms, a rebuy through its last level, an add-on from the end of its level through its
 * last one. The tournament still decides each one. */
function allowed(desk) {
  const config = desk.config;
  const clock = desk.view.public.clock;
  if (!config) return { rebuy: false, addOn: false };
  const level = !clock ? 1 : clock.level ? clock.level.level : (clock.next_level ? clock.next_level.level - 0.5 : Infinity);
  const rebuy = Boolean(config.rebuy) && level <= config.rebuy.last_level;
  const addOn = config.add_on;
  const through = addOn ? (addOn.through_level ?? addOn.after_level + 1) : 0;
  return { rebuy, addOn: Boolean(addOn) && level >= addOn.after_level && level <= through };
}

/** A button sending `name` with `fields` (or running `run`); disabled while the registry
 * lacks the command. Its label is the catalogue's `key`, filled with `params` when given. */
export function command(desk, name, key, fields, { off = false, params = null, run = null } = {}) {
  return el('button', {
    type: 'button',
    'data-action': name,
    disabled: off || !desk.has(name),
    title: desk.has(name) ? null : t('director.not-available'),
    onclick: run || (() => desk.send(name, fields)),
    'data-i18n': params ? null : key,
  }, t(key, params || {}));
}
