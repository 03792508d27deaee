/**
 * keypad.js — the amount of a bet or raise, typed on big keys: digits, 00 and 000, back,
 * the minimum and the maximum the rules allow, and OK. The amount is a street total (raise
 * means raise to, TDA R43-B); the service refuses one outside the limits with its rule.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

export function openKeypad(pad, { min, max, label, onAmount, decision = '' }) {
  pad.dataset.decision = decision;
  let typed = '';
  const shown = raw('', { class: 'amount', id: 'keypad-amount' });
  const show = () => { shown.textContent = typed ? formatNumber(Number(typed)) : '—'; };
  const press = (key) => () => {
    if (key === 'back') typed = typed.slice(0, -1);
    else if (key === 'min') typed = String(min);
    else if (key === 'max') typed = String(max);
    else if (typed.length < 12) typed = `${typed}${key}`.replace(/^0+/, '');
    show();
  };
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '000']
    .map((d) => el('button', { type: 'button', 'data-key': d, onclick: press(d) }, raw(d)));
  pad.replaceChildren(
    el('div', { class: 'keypad-head' }, el('span', {}, label), shown),
    el('div', { class: 'keys' }, ...digits),
    el('div', { class: 'keys wide' },
      el('button', { type: 'button', 'data-key': 'min', onclick: press('min') }, t('dealer.min', { amount: formatNumber(min) })),
      el('button', { type: 'button', 'data-key': 'max', onclick: press('max') }, t('dealer.max', { amount: formatNumber(max) })),
      el('button', { type: 'button', 'data-key': 'back', onclick: press('back') }, t('dealer.back-key'))),
    el('div', { class: 'keys wide' },
      el('button', { type: 'button', 'data-key': 'cancel', onclick: () => { pad.hidden = true; } }, t('dealer.cancel')),
      el('button', { type: 'button', class: 'primary', 'data-key': 'ok', onclick: () => { if (typed) { pad.hidden = true; onAmount(Number(typed)); } } }, t('dealer.ok'))));
  pad.hidden = false;
  show();
}
