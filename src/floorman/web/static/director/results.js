/**
 * results.js — the results as they stand: every entry out with his place and prize, the best
 * place first, and the players still in above them while the event runs; below them, the
 * event's records to download (downloads.js) and its outbound webhooks (webhooks.js).
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { downloadsBlock } from '/static/director/downloads.js';
import { webhooksBlock } from '/static/director/webhooks.js';

export function resultsPanel(desk, panel) {
  const rows = el('tbody');
  const summary = el('p', { class: 'muted', id: 'results-summary' });
  panel.append(el('h2', { 'data-i18n': 'director.tab.results' }, t('director.tab.results')), summary,
    el('table', { class: 'results', id: 'results' }, el('thead', {}, el('tr', {},
      ...['place', 'player', 'prize'].map((c) => el('th', {}, t(`director.col.${c}`))))), rows),
    downloadsBlock(desk), webhooksBlock(desk));
  desk.onChange((view) => {
    const placed = view.entries.filter((e) => e.place !== null).sort((a, b) => a.place - b.place);
    const alive = view.entries.filter((e) => e.place === null);
    summary.textContent = view.public.finished ? t('director.finished')
      : t('director.still-in', { count: formatNumber(alive.length) });
    rows.replaceChildren(...placed.map((e) => el('tr', { 'data-entry': e.entry, 'data-place': e.place },
      el('td', { class: 'num' }, raw(e.place)), el('td', {}, raw(e.name)),
      el('td', { class: 'num' }, raw(e.prize ? formatNumber(e.prize) : '')))));
  });
}
