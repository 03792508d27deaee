/**
 * award.js — the showdown at a live table: the cards are on the felt, not in the tablet, so
 * the dealer names the winner of each pot (several for a split pot; in a hi/lo game the low
 * half too, or nobody for no low). The service splits each pot by the rulebook's odd-chip
 * rule (TDA R20) and records the hand. In stud the odd chip goes to the highest card by suit
 * (R20-B), which the tablet does not know: the dealer names a split pot's winners in that
 * order, the first named taking the odd chip. A hand everyone else folded goes to the last player
 * in without a choice (R17-B).
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

export function drawAward(box, now, onAward) {
  if (!now.awaiting_award && !now.over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  if (now.over) {
    box.replaceChildren(el('p', {}, t('dealer.uncontested')),
      el('button', { type: 'button', class: 'primary big', 'data-act': 'record', onclick: () => onAward([]) }, t('dealer.record-hand')));
    return;
  }
  const picks = now.pots.map(() => ({ high: new Set(), low: new Set() }));
  const record = el('button', { type: 'button', class: 'primary big', 'data-act': 'award', disabled: true,
    onclick: () => onAward(picks.map((p) => ({ high: [...p.high], low: [...p.low] }))) }, t('dealer.award'));
  const ready = () => { record.disabled = picks.some((p) => !p.high.size); };
  const rows = now.pots.map((pot, i) => el('div', { class: 'award-pot', 'data-pot': i },
    el('div', { class: 'award-title' }, i === 0 ? t('dealer.main-pot', { amount: formatNumber(pot.amount) })
      : t('dealer.side-pot', { number: i, amount: formatNumber(pot.amount) })),
    choices(pot, now, picks[i].high, ready, 'high'),
    now.hi_lo ? el('div', {}, el('span', { class: 'muted' }, t('dealer.low-half')), choices(pot, now, picks[i].low, ready, 'low')) : ''));
  const order = now.stud ? el('p', { class: 'muted' }, t('dealer.odd-chip-order')) : '';
  box.replaceChildren(el('h3', {}, t('dealer.who-wins')), order, ...rows, record);
}

function choices(pot, now, picked, ready, half) {
  return el('div', { class: 'winners' }, ...pot.eligible.map((seat) => {
    const button = el('button', { type: 'button', 'data-seat': seat + 1, 'data-half': half },
      raw(seat + 1, { class: 'seat-no' }), ' ', raw(now.seats[seat] ? now.seats[seat].name : ''));
    button.addEventListener('click', () => {
      if (picked.has(seat)) picked.delete(seat);
      else picked.add(seat);
      button.classList.toggle('picked', picked.has(seat));
      ready();
    });
    return button;
  }));
}
