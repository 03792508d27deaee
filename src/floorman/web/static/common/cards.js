/**
 * cards.js — playing cards as the views write them ("Ah", "Td", null for a hidden card),
 * drawn as small boxes with the rank and the suit's symbol, red for hearts and diamonds.
 * Cards are data, the same in every language: each is marked `data-raw`.
 */

import { el } from './dom.js';

const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const RED = new Set(['h', 'd']);

/** One card; `null` draws its back. `selectable` cards toggle `data-selected` on a click. */
export function card(text, { selectable = false } = {}) {
  if (!text) return el('span', { class: 'card back', 'data-raw': true, 'aria-hidden': 'true' });
  const rank = text[0] === 'T' ? '10' : text[0];
  const suit = text[1];
  const node = el('span', { class: `card${RED.has(suit) ? ' red' : ''}`, 'data-raw': true,
    'data-card': text }, `${rank}${SUITS[suit] || suit}`);
  if (selectable) {
    node.classList.add('selectable');
    node.addEventListener('click', () => node.toggleAttribute('data-selected'));
  }
  return node;
}

/** A row of cards. */
export function cards(texts, options = {}) {
  return el('span', { class: 'cards' }, (texts || []).map((c) => card(c, options)));
}
