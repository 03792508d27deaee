/**
 * daytwo.js — Day 2 from the console: this flight and the others the director names, merged
 * into a new tournament (`POST /tournaments/day-two`).
 *
 * A new day reaches several tournaments, so the console's own token (this flight's director)
 * is sent with the director tokens of the other flights, one `id token` pair a line. The
 * answer is the new tournament's console link; the service refuses flights whose day is not
 * over, shown like any refusal.
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

export function dayTwoForm(desk) {
  const name = el('input', { type: 'text', name: 'name', required: true, placeholder: t('director.day-two-name') });
  const others = el('textarea', { name: 'flights', rows: 3, placeholder: t('director.day-two-flights') });
  const byChips = el('input', { type: 'checkbox', name: 'by_chips', checked: true });
  const result = el('p', { class: 'day-two-result', id: 'day-two-result' });
  const send = el('button', { type: 'submit', class: 'primary', 'data-action': 'day-two' }, t('director.day-two'));
  const form = el('form', { class: 'day-two', 'data-command': 'day-two' },
    el('h3', {}, t('director.day-two')), name, others,
    el('label', {}, byChips, ' ', t('director.day-two-by-chips')), send, result);
  form.addEventListener('submit', async (submit) => {
    submit.preventDefault();
    const pairs = others.value.split('\n').map((line) => line.trim().split(/\s+/)).filter((p) => p[0]);
    const body = { name: name.value, flights: [desk.id, ...pairs.map((p) => p[0])],
      tokens: pairs.map((p) => p[1]).filter(Boolean), by_chips: byChips.checked };
    let answer;
    try { // not desk.attempt: the answer's version is the new tournament's, not this one's
      answer = await desk.page.api.post('/tournaments/day-two', body);
    } catch (error) {
      desk.page.refusal(error);
      return;
    }
    const link = `/director?t=${encodeURIComponent(answer.tournament)}&token=${encodeURIComponent(answer.director.token)}`;
    result.replaceChildren(t('director.day-two-made'), ' ', el('a', { href: link, 'data-tournament': answer.tournament }, answer.tournament));
  });
  return form;
}
