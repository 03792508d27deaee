/**
 * referrals.js — what the dealer refers to the director, the counts he gives, and the hand's
 * history, in the tablet's menu of irregularities.
 *
 * - Refer to the director: a conditional statement ("if you bet, I raise", TDA R59-A), a call
 *   said before the bettor named his amount (R59-B), a player who will not table his whole
 *   hand (R15-A), a dispute of the hand just over (R22). Each is a step of the hand
 *   (`{referral, ...}`): play waits for the director's option, which the tablet's
 *   director's call shows with its rule.
 * - Count: an opponent's stack (exact only facing his all-in, R60), a wager in front of a
 *   player (Poland §42.5), the pot (pot-limit only, R54-A): `POST .../tablet/count`.
 * - The hand's history as PHH, with every ruling and override as a comment
 *   (`POST .../tablet/phh`).
 *
 * The menu is drawn again only when the hand's seats or street change, so a claim being
 * typed survives the feed's updates.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, rulingText, t } from '/static/common/i18n.js';

/** The count the dealer gives `body.asker` (`{what, of}`). */
export function countFor(api, hand, body) {
  return api.post(`${hand.base}/tablet/count`, { setup: hand.setup, steps: hand.steps, ...body });
}

/** The hand so far as PHH text. */
export async function phhOf(api, hand) {
  const response = await fetch(`${api.base}${hand.base}/tablet/phh`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ setup: hand.setup, steps: hand.steps }),
  });
  return response.ok ? response.text() : '';
}

export function drawReferrals(box, now, { onStep, onCount, onPhh }) {
  if (!now) {
    box.replaceChildren();
    box.dataset.drawn = '';
    return;
  }
  const seats = now.hand.seats.filter((s) => s.in_hand && !s.folded).map((s) => s.seat);
  const drawn = JSON.stringify([seats, now.hand.phase, now.hand.street, now.over]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  const seatSelect = (id) => el('select', { id }, ...seats.map((seat) => el('option', { value: seat },
    t('referrals.seat', { seat: seat + 1 }), ' ', raw(now.seats[seat] ? now.seats[seat].name : ''))));
  const who = seatSelect('referral-seat');
  const bettor = seatSelect('referral-bettor');
  const words = el('input', { id: 'referral-words', 'data-i18n-placeholder': 'referrals.words', placeholder: t('referrals.words') });
  const kind = el('select', { id: 'dispute-kind' }, ...['reading', 'accounting'].map((k) => el('option', { value: k }, t(`referrals.dispute.${k}`))));
  const claim = el('input', { id: 'dispute-claim', 'data-i18n-placeholder': 'referrals.claim', placeholder: t('referrals.claim') });
  const seat = () => Number(who.value);
  const refer = (referral, extra = {}) => onStep({ referral, seat: seat(), ...extra });
  const button = (act, key, run) => el('button', { type: 'button', 'data-act': act, onclick: run }, t(key));
  const parts = [el('h4', {}, t('referrals.title'))];
  if (now.over) {
    parts.push(el('div', { class: 'assist-line' }, kind, claim,
      button('refer-dispute', 'referrals.dispute', () => onStep({ referral: 'dispute', kind: kind.value, claim: claim.value }))));
  } else {
    parts.push(el('div', { class: 'assist-line' }, who, words,
      button('refer-conditional', 'referrals.conditional', () => refer('conditional', { words: words.value }))),
    el('div', { class: 'assist-line' }, el('label', {}, t('referrals.bettor'), bettor),
      button('refer-premature-call', 'referrals.premature-call', () => refer('premature-call', { bettor: Number(bettor.value) }))));
    if (now.hand.phase === 'show') parts.push(el('div', { class: 'assist-line' }, button('refer-show-refused', 'referrals.show-refused', () => refer('show-refused'))));
  }
  const asker = seatSelect('count-asker');
  const of = seatSelect('count-of');
  const answer = el('div', { class: 'assist-answer', id: 'count-answer' });
  const count = async (what) => {
    const counted = await onCount({ what, asker: Number(asker.value), of: Number(of.value) });
    if (!counted) return;
    answer.replaceChildren(el('div', { class: 'assist-action' },
      counted.exact === null ? t('counts.estimate') : t('counts.exact', { amount: formatNumber(counted.exact) })),
    el('div', { class: 'ruling' }, rulingText(counted.ruling)));
  };
  const phh = el('pre', { class: 'hand-phh', id: 'hand-phh', hidden: true, 'data-raw': '' });
  const showPhh = async () => {
    phh.textContent = await onPhh();
    phh.hidden = !phh.textContent;
  };
  parts.push(el('h4', {}, t('counts.title')),
    el('div', { class: 'assist-line' }, el('label', {}, t('counts.asker'), asker), el('label', {}, t('counts.of'), of)),
    el('div', { class: 'assist-line' }, ...['stack', 'bet', 'pot'].map((what) => button(`count-${what}`, `counts.${what}`, () => count(what)))),
    answer,
    el('div', { class: 'assist-line' }, button('show-phh', 'referrals.phh', showPhh)), phh);
  box.replaceChildren(...parts);
}
