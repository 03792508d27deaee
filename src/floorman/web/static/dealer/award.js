/**
 * award.js — the showdown at a live table: the cards are on the felt, not in the tablet, so
 * the dealer names the winner of each pot (several for a split pot; in a hi/lo game the low
 * half too, or nobody for no low). The service splits each pot by the rulebook's odd-chip
 * rule (TDA R20) and records the hand. In stud the odd chip goes to the highest card by suit
 * (R20-B), which the tablet does not know: the dealer names a split pot's winners in that
 * order, the first named taking the odd chip. A hand everyone else folded goes to the last player
 * in without a choice (R17-B).
 *
 * Once the pots are awarded the hand can still be disputed until the next one starts
 * (Poland §50.0, TDA R22): "Award, then report" awards them as a step of the hand, and the
 * tablet keeps it open for what the table finds: the last player left holding a wrong number
 * of cards (Belarus 6.3.9), a player asking to see cards kept back (Poland §31.5a). Then
 * "Record the hand" records it with those rulings.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

export function drawAward(box, now, onAward, onStep) {
  if (!now.awaiting_award && !now.over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  if (now.over) {
    box.replaceChildren(el('p', {}, t(now.showdown ? 'dealer.awarded' : 'dealer.uncontested')),
      afterAward(now, onStep),
      el('button', { type: 'button', class: 'primary big', 'data-act': 'record', onclick: () => onAward([]) }, t('dealer.record-hand')));
    return;
  }
  const picks = now.pots.map(() => ({ high: new Set(), low: new Set() }));
  const record = el('button', { type: 'button', class: 'primary big', 'data-act': 'award', disabled: true,
    onclick: () => onAward(winners()) }, t('dealer.award'));
  const winners = () => picks.map((p) => ({ high: [...p.high], low: [...p.low] }));
  const first = el('button', { type: 'button', 'data-act': 'award-first', disabled: true,
    onclick: () => onStep({ award: winners() }) }, t('dealer.award-then-report'));
  const ready = () => { record.disabled = first.disabled = picks.some((p) => !p.high.size); };
  const rows = now.pots.map((pot, i) => el('div', { class: 'award-pot', 'data-pot': i },
    el('div', { class: 'award-title' }, i === 0 ? t('dealer.main-pot', { amount: formatNumber(pot.amount) })
      : t('dealer.side-pot', { number: i, amount: formatNumber(pot.amount) })),
    choices(pot, now, picks[i].high, ready, 'high'),
    now.hi_lo ? el('div', {}, el('span', { class: 'muted' }, t('dealer.low-half')), choices(pot, now, picks[i].low, ready, 'low')) : ''));
  const order = now.stud ? el('p', { class: 'muted' }, t('dealer.odd-chip-order')) : '';
  box.replaceChildren(el('h3', {}, t('dealer.who-wins')), order, ...rows, record, ' ', first);
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

/** What the table may still report once the pots are awarded: a wrong card count of the last
 * player left, and cards kept back that a player asks to see. */
function afterAward(now, onStep) {
  const parts = [];
  const left = now.hand.seats.filter((s) => s.in_hand && !s.folded).map((s) => s.seat);
  if (!now.showdown && left.length === 1) {
    const held = el('input', { type: 'number', min: 0, max: 7, id: 'wrong-count-held', inputmode: 'numeric' });
    parts.push(el('div', { class: 'assist-line', 'data-item': 'wrong-count' },
      el('label', {}, t('dealer.wrong-count', { seat: left[0] + 1 }), ' ', held),
      el('button', { type: 'button', 'data-act': 'report-wrong-count',
        onclick: () => held.value !== '' && onStep({ wrong_count: left[0], held: Number(held.value) }) }, t('dealer.report-found'))));
  }
  const players = now.seats.map((s, seat) => (s ? seat : null)).filter((seat) => seat !== null);
  for (const kept of now.kept_back || []) {
    const by = el('select', { 'data-for': 'asked-by' }, ...players.filter((seat) => seat !== kept.seat)
      .map((seat) => el('option', { value: seat }, `${seat + 1} ${now.seats[seat].name}`)));
    parts.push(el('div', { class: 'assist-line', 'data-item': 'kept-back', 'data-seat': kept.seat + 1 },
      el('label', {}, t('dealer.kept-back', { seat: kept.seat + 1, to: kept.shown_to + 1 }), ' ', by),
      el('button', { type: 'button', 'data-act': 'show-kept',
        onclick: () => onStep({ show: kept.seat, by: Number(by.value) }) }, t('dealer.show-kept'))));
  }
  if (!parts.length) return '';
  return el('details', { class: 'after-award' }, el('summary', {}, t('dealer.after-award')), ...parts);
}
