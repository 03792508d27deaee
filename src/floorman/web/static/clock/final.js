/**
 * final.js — the clock once the event is over: the winner, the deal that ended it (if one
 * did), and the final places with their prizes.
 *
 * The public view of a finished event has nothing left to count (no one is still in, the
 * payout table a full deal replaced holds zeros), so the finished clock reads the published
 * results instead (`GET .../records/results?format=json`: a display token may read them once
 * the event is over), where every place carries the prize it was paid, deal or not.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { placeText } from '/static/common/ordinal.js';

const SHOWN_PLACES = 30;

/** The results of a finished event, or null (not over, or not readable with this token). */
export async function loadResults(api, id) {
  try {
    const results = await api.get(`/tournaments/${enc(id)}/records/results?format=json`);
    return results && results.finished ? results : null;
  } catch (_) {
    return null;
  }
}

/** The winner's block of the timer area: "Winner", his name, his prize, the deal. */
export function drawWinner(box, results) {
  box.hidden = !results;
  if (!results) return;
  const winner = results.standings.find((s) => s.place === 1);
  const deal = results.deals.length ? results.deals[results.deals.length - 1] : null;
  box.replaceChildren(
    el('div', { class: 'winner-label' }, t('player.finish.winner')),
    winner ? raw(winner.name, { class: 'winner-name', id: 'winner-name' }) : '',
    winner && winner.prize ? raw(formatNumber(winner.prize), { class: 'winner-prize' }) : '',
    deal ? el('div', { class: 'deal-line', id: 'deal-line' }, dealText(deal, results)) : '');
}

/** "Deal (ICM): Ivanov 200 · Dubois 100 · Nowak 100". */
function dealText(deal, results) {
  const names = Object.fromEntries(results.standings.map((s) => [s.entry, s.name]));
  const shares = deal.shares.map(([entry, amount]) => `${names[entry] || entry} ${formatNumber(amount)}`).join(' · ');
  return t('clock.deal', { method: t(`director.deal.${deal.method}`), shares });
}

/** The final places with prizes: every paid place, and at least the final three. */
export function finalPlaces(results) {
  const paid = results.standings.filter((s) => s.prize > 0 || s.place <= 3);
  const lines = paid.slice(0, SHOWN_PLACES).map((s) => el('li', { 'data-place': s.place },
    el('span', { class: 'place' }, placeText('clock.place', s.place)), raw(s.name),
    s.prize ? el('span', { class: 'amount' }, formatNumber(s.prize)) : null));
  if (paid.length > SHOWN_PLACES) {
    lines.push(el('li', { class: 'muted' }, t('panel.more-places', { count: paid.length - SHOWN_PLACES })));
  }
  return el('ol', { class: 'final-places', id: 'final-places' }, lines);
}
