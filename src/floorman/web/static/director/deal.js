/**
 * deal.js — the deal calculator: chip chop and ICM side by side for the players left (and
 * ICM with a sum left to play for, when the director keeps one), from `GET .../console/deal`;
 * then the deal proposed (`propose-deal`) and each player's answer (`consent`). A deal binds
 * only when every player has agreed; a full deal ends the event with places by chips. The
 * deals agreed are listed from the results (`records/results?format=json`), so after the
 * deal that ended the event the tab still shows what was agreed.
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { command } from '/static/director/players.js';

export function dealPanel(desk, panel) {
  const keep = el('input', { type: 'number', min: 0, step: 1, value: 0, id: 'deal-keep' });
  const figures = el('div', { class: 'deal-figures', id: 'deal-figures' });
  const refresh = el('button', { type: 'button', 'data-action': 'deal-refresh', 'data-i18n': 'director.deal-compute', onclick: () => load() }, t('director.deal-compute'));
  panel.append(el('h2', { 'data-i18n': 'director.tab.deal' }, t('director.tab.deal')),
    el('label', { class: 'keep' }, el('span', { 'data-i18n': 'director.deal-keep' }, t('director.deal-keep')), keep), refresh, figures);
  let last = null;
  let results = null;
  let version = null;

  async function load() {
    const answer = await desk.read(`/console/deal?keep=${Math.max(0, Number(keep.value) || 0)}`);
    if (!answer) return;
    last = answer;
    results = await desk.read('/records/results?format=json');
    version = desk.version;
    draw();
  }

  function draw() {
    if (!last) return;
    const over = desk.view && desk.view.public.finished;
    figures.replaceChildren(over ? el('p', { class: 'finished', id: 'deal-finished' }, t('director.event-finished')) : table(last),
      proposals(desk, last, Number(keep.value) || 0), pending(desk, last), agreed(results));
  }

  keep.addEventListener('change', load);
  desk.onChange(() => {
    // the figures follow the stacks: fetched again when the tab is seen after a change
    if (!panel.hidden && version !== desk.version) load();
  });
  new MutationObserver(() => !panel.hidden && version !== desk.version && load()).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  window.addEventListener('floorman:language', draw);
}

function table(figures) {
  const methods = ['chip-chop', 'icm', 'hybrid'].filter((m) => figures[m]);
  const head = el('tr', {}, el('th', {}, t('director.col.player')), el('th', {}, t('director.col.stack')),
    ...methods.map((m) => el('th', { 'data-method': m }, t(`director.deal.${m}`))));
  const rows = figures.players.map((p, i) => el('tr', { 'data-entry': p.entry }, el('td', {}, raw(p.name)),
    el('td', { class: 'num' }, raw(formatNumber(p.stack))),
    ...methods.map((m) => el('td', { class: 'num', 'data-method': m }, raw(formatNumber(figures[m][i]))))));
  const prizes = figures.prizes.map((p) => formatNumber(p)).join(' · ');
  // no prize line for an event without prizes (an empty "Unplayed prizes:" says nothing)
  const line = prizes ? el('p', { class: 'muted' }, t('director.deal-prizes', { prizes })) : null;
  return el('div', {}, line,
    el('table', { class: 'deal' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

function proposals(desk, figures, keep) {
  if (figures.pending || !figures.icm) return el('div');
  const propose = (method, key, extra = {}) => command(desk, 'propose-deal', key, { method, ...extra });
  return el('div', { class: 'deal-actions' },
    propose('chip-chop', 'director.propose-chip-chop'),
    propose('icm', 'director.propose-icm'),
    keep ? propose('hybrid', 'director.propose-hybrid', { keep_for_winner: keep }) : '');
}

function pending(desk, figures) {
  const deal = figures.pending;
  if (!deal) return el('div');
  const names = Object.fromEntries(figures.players.map((p) => [p.entry, p.name]));
  const agreed = new Set(deal.agreed);
  const rows = deal.players.map((entry, i) => el('li', { 'data-entry': entry },
    raw(names[entry] || entry), ' ', raw(formatNumber(deal.amounts[i]), { class: 'num' }), ' ',
    agreed.has(entry) ? el('span', { class: 'agreed' }, t('director.deal-agreed'))
      : el('span', {}, command(desk, 'consent', 'director.deal-agree', { entry, agree: true }),
        command(desk, 'consent', 'director.deal-refuse', { entry, agree: false }))));
  return el('div', { class: 'deal-pending', id: 'deal-pending' },
    el('h3', {}, el('span', {}, t('director.deal-proposed')), ' ', el('span', {}, t(`director.deal.${deal.method}`))),
    deal.left_to_play ? el('p', {}, t('director.deal-left', { amount: formatNumber(deal.left_to_play) })) : '',
    el('ul', {}, ...rows));
}

/** The deals agreed, each with its method and every player's amount. */
function agreed(results) {
  if (!results || !results.deals.length) return el('div');
  const names = Object.fromEntries(results.standings.map((s) => [s.entry, s.name]));
  return el('div', { class: 'deal-agreed', id: 'deal-agreed' }, ...results.deals.map((deal) => el('section', {},
    el('h3', {}, el('span', {}, t('director.deal-done')), ' ', el('span', {}, t(`director.deal.${deal.method}`))),
    el('ul', {}, ...deal.shares.map(([entry, amount]) => el('li', { 'data-entry': entry },
      raw(names[entry] || entry), ' ', raw(formatNumber(amount), { class: 'num' })))),
    deal.left_in_play ? el('p', {}, t('director.deal-left', { amount: formatNumber(deal.left_in_play) })) : '')));
}
