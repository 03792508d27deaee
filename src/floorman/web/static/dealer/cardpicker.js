/**
 * cardpicker.js — stud on the tablet: the dealer enters each player's up-card of the street,
 * since the cards showing decide who brings in and who acts first (TDA RP-10); the down-cards
 * stay unknown. The next seat waiting is chosen for him (he may tap another), then its card on
 * a rank-by-suit grid; the cards already on the felt are greyed out, and a card given to one
 * seat cannot go to a second. "Deal" records the street as one step.
 *
 * The page redraws on every table view, so the cards picked so far are kept here under the
 * hand's step count: a redraw of the same moment keeps them.
 */

import { card } from '/static/common/cards.js';
import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];
const SUITS = ['s', 'h', 'd', 'c'];
let kept = { key: null, picked: new Map(), current: null };

/** The cards the table can see: every seat's up-cards and the board. */
export function usedCards(now) {
  const used = new Set(now.hand.board.filter(Boolean));
  for (const seat of now.hand.seats) for (const text of seat.cards) if (text) used.add(text);
  return used;
}

/** The picker when up-cards are due (`now.up_due`), else hidden; `key` names the moment of
 * the hand (its step count), `onStep` records `{up: [card or null per seat]}`. */
export function drawUpCards(box, now, key, onStep) {
  const due = now && now.up_due ? now.up_due : [];
  if (!due.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  if (kept.key !== key) kept = { key, picked: new Map(), current: due[0] };
  box.hidden = false;
  const used = usedCards(now);
  const slots = el('div', { class: 'up-slots' });
  const grid = el('div', { class: 'card-grid' });
  const deal = el('button', { type: 'button', class: 'primary big', 'data-act': 'deal-up',
    onclick: () => onStep({ up: now.hand.seats.map((_, seat) => kept.picked.get(seat) ?? null) }) }, t('dealer.deal-up'));
  const choose = (text) => {
    kept.picked.set(kept.current, text);
    const next = due.find((seat) => !kept.picked.has(seat));
    if (next !== undefined) kept.current = next;
    redraw();
  };
  const redraw = () => {
    slots.replaceChildren(...due.map((seat) => el('button', {
      type: 'button', class: 'up-slot', 'data-seat': seat + 1, 'data-current': seat === kept.current,
      onclick: () => { kept.current = seat; redraw(); },
    }, raw(seat + 1, { class: 'seat-no' }), ' ', raw(now.seats[seat] ? now.seats[seat].name : ''), ' ', card(kept.picked.get(seat) ?? null))));
    const elsewhere = new Set([...kept.picked].filter(([seat]) => seat !== kept.current).map(([, text]) => text));
    grid.replaceChildren(...SUITS.map((suit) => el('div', { class: 'grid-row' }, ...RANKS.map((rank) => {
      const text = `${rank}${suit}`;
      return el('button', { type: 'button', class: 'pick', 'data-pick': text, disabled: used.has(text) || elsewhere.has(text),
        'data-picked': kept.picked.get(kept.current) === text, onclick: () => choose(text) }, card(text));
    }))));
    deal.disabled = due.some((seat) => !kept.picked.has(seat));
  };
  redraw();
  box.replaceChildren(el('h3', {}, t('dealer.up-cards')), el('p', { class: 'muted' }, t('dealer.up-cards-help')), slots, grid, deal);
}
