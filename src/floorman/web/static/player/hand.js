/**
 * hand.js — the hand an online player is dealt in: the board, the pot, his own cards, the
 * other seats as the table sees them, and, on his turn, the actions the engine allows.
 *
 * The buttons come from the view's legal options (`hand.options`, the engine's
 * `legal_options`), so the page never offers what the rules refuse: fold, check, call the
 * amount, bet or raise to an amount between `min_to` and `max_to` (a street total, TDA
 * R43-B), all-in, the bring-in in stud; show or muck at the showdown; stand pat or discard
 * the selected cards in a draw. When raising is closed the reason is shown with its rule
 * (`no_raise`, e.g. R47 after a short all-in), in the page's language.
 */

import { cards } from '/static/common/cards.js';
import { el } from '/static/common/dom.js';
import { formatNumber, rulingText, t } from '/static/common/i18n.js';

/** Draw `hand` (a seat view) into `container`; `names` by seat; `act(body)` sends an action. */
export function drawHand(container, hand, { names = {}, act }) {
  container.hidden = !hand;
  if (!hand) return container.replaceChildren();
  const me = hand.viewer;
  const mine = hand.seats[me];
  const myTurn = hand.actor === me && hand.phase !== 'done';
  const board = el('div', { class: 'board' }, cards(hand.board),
    el('span', { class: 'pot' }, t('hand.pot', { pot: formatNumber(hand.pot) })));
  const own = el('div', { class: 'mine' },
    cards(mine.cards, { selectable: myTurn && hand.phase === 'draw' }));
  container.replaceChildren(
    el('h2', {}, t('hand.title')), board, own,
    el('div', { class: 'turn', id: 'turn' }, turnText(hand, me)),
    myTurn ? actions(hand, own, act) : null,
    others(hand, me, names));
  return container;
}

function turnText(hand, me) {
  if (hand.phase === 'done') return t('hand.over');
  if (hand.actor === me) return t('hand.your-turn');
  if (hand.actor !== null) return t('hand.waiting-for', { seat: hand.actor + 1 });
  return '';
}

function actions(hand, own, act) {
  const box = el('div', { class: 'actions', id: 'actions' });
  if (hand.phase === 'show') {
    box.append(button('show', t('hand.show'), () => act({ action: 'show' })),
      button('muck', t('hand.muck'), () => act({ action: 'muck' })));
  } else if (hand.phase === 'draw') {
    box.append(drawButtons(own, act));
  } else if (hand.options) {
    box.append(...betButtons(hand.options, act));
  }
  return box;
}

function betButtons(options, act) {
  const shown = [];
  if (options.fold) shown.push(button('fold', t('hand.fold'), () => act({ action: 'fold' })));
  if (options.check) shown.push(button('check', t('hand.check'), () => act({ action: 'check' })));
  if (options.call) {
    shown.push(button('call', t('hand.call', { amount: formatNumber(options.call) }),
      () => act({ action: 'call' })));
  }
  if (options.bring_in) {
    shown.push(button('bring-in', t('hand.bring-in', { amount: formatNumber(options.bring_in) }),
      () => act({ action: 'bring-in' })));
  }
  if (options.min_to !== null) shown.push(...raiseControls(options, act));
  if (options.no_raise) {
    shown.push(el('div', { class: 'reason', id: 'no-raise' }, rulingText(options.no_raise)));
  }
  return shown;
}

function raiseControls(options, act) {
  const amount = el('input', { type: 'number', id: 'amount', min: options.min_to,
    max: options.max_to, step: 1, value: options.min_to, 'data-i18n-aria-label': 'hand.amount',
    'aria-label': t('hand.amount') });
  const label = options.check ? t('hand.bet') : t('hand.raise');
  const raise = button('raise', label, () => act({ action: 'raise', to: Number(amount.value) }));
  const allIn = button('all-in', t('hand.all-in', { amount: formatNumber(options.max_to) }),
    () => act({ action: 'raise', to: options.max_to }));
  return options.max_to > options.min_to ? [amount, raise, allIn] : [raise];
}

function drawButtons(own, act) {
  const selected = () => [...own.querySelectorAll('[data-selected]')].map((c) => c.dataset.card);
  return button('discard', t('hand.draw'), () => act({ action: 'discard', cards: selected() }));
}

function button(action, label, onclick) {
  return el('button', { type: 'button', 'data-action': action, onclick }, label);
}

function others(hand, me, names) {
  return el('ul', { class: 'others' }, hand.seats
    .filter((seat) => seat.in_hand && seat.seat !== me)
    .map((seat) => el('li', {
      'data-actor': seat.is_actor, 'data-folded': seat.folded || seat.mucked,
    },
    el('div', {}, t('hand.seat', { seat: seat.seat + 1 }), ' ',
      names[seat.seat] ? el('span', { 'data-raw': true }, names[seat.seat]) : null),
    el('div', {}, cards(seat.cards), ' ', seatState(seat)))));
}

function seatState(seat) {
  if (seat.folded || seat.mucked) return el('span', { class: 'muted' }, t('hand.folded'));
  const parts = [t('hand.stack', { stack: formatNumber(seat.stack) })];
  if (seat.bet) parts.push(t('hand.bet-chips', { amount: formatNumber(seat.bet) }));
  if (seat.all_in) parts.push(t('hand.all-in-badge'));
  return el('span', {}, parts.flatMap((part, i) => [i ? ' · ' : null, el('span', {}, part)]));
}
