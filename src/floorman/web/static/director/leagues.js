/**
 * leagues.js — the Leagues tab (issue 18): the club's league seasons across events.
 *
 * The director creates a season (its name, the points formula: a preset or his own in the
 * formula language, how many go to which final and after how many events), adds the events
 * that count (a finished tournament of this server, this one by default, or a results file
 * exported elsewhere, with its venue and RedCactus tier), and sees the standings with who qualifies, and the public page's link and
 * QR code to pass around. The service checks everything (`/leagues`); a refusal shows as one.
 */

import { enc } from '/static/common/api.js';
import { el, raw, text } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

const TIERS = ['weekly', 'regional-final', 'national-final'];

function field(key, input) {
  return el('label', {}, text(key), ' ', input);
}

/** The Leagues tab. */
export function leaguesPanel(desk, panel) {
  const choice = el('select', { id: 'league-season' });
  const name = el('input', { id: 'league-name', required: true, maxlength: 100 });
  const points = el('input', { id: 'league-points', list: 'league-presets', value: 'sqrt', maxlength: 500 });
  const presets = el('datalist', { id: 'league-presets' });
  const qualify = el('input', { id: 'league-qualify', type: 'number', min: 0, value: 0 });
  const final = el('input', { id: 'league-final', maxlength: 100 });
  const create = el('form', { id: 'league-create', class: 'league-create' },
    field('league.name', name), field('league.formula', points), presets,
    field('league.qualify', qualify), field('league.final', final),
    el('button', { type: 'submit', 'data-i18n': 'league.create' }, t('league.create')));
  const tournament = el('input', { id: 'league-tournament', value: desk.id, maxlength: 100 });
  const venue = el('input', { id: 'league-venue', maxlength: 200 });
  const tier = el('select', { id: 'league-tier' },
    el('option', { value: '', 'data-i18n': 'league.tier-auto' }, t('league.tier-auto')),
    ...TIERS.map((x) => el('option', { value: x }, x)));
  const counts = el('input', { id: 'league-counts', type: 'checkbox', checked: true });
  const add = el('form', { id: 'league-add', class: 'league-add' },
    field('league.tournament', tournament), field('league.venue', venue), field('league.tier', tier),
    field('league.counts', counts),
    el('button', { type: 'submit', 'data-i18n': 'league.add' }, t('league.add')));
  const file = el('input', { id: 'league-file', type: 'file', accept: '.json,application/json' });
  const season = el('div', { id: 'league-view', class: 'league-view' });
  panel.append(
    el('h2', { 'data-i18n': 'director.tab.leagues' }, t('director.tab.leagues')),
    field('league.season', choice), create, add, field('league.file', file), season,
  );

  const api = desk.page.api;
  const attempt = async (run) => {
    try {
      return await run();
    } catch (error) {
      desk.page.refusal(error);
      return null;
    }
  };
  const show = async () => {
    if (!choice.value) { season.replaceChildren(); return; }
    const data = await attempt(() => api.get(`/leagues/${enc(choice.value)}`));
    if (data) drawSeason(season, data);
  };
  const list = async (selected) => {
    const data = await attempt(() => api.get('/leagues'));
    if (!data) return;
    presets.replaceChildren(...data.presets.map((p) => el('option', { value: p.name }, p.formula)));
    choice.replaceChildren(...data.seasons.map((s) => el('option', { value: s.id }, s.name)));
    if (selected) choice.value = selected;
    await show();
  };
  create.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = { name: name.value, points: points.value, qualify: Number(qualify.value), final: final.value };
    const made = await attempt(() => api.post('/leagues', body));
    if (made) { create.reset(); await list(made.id); }
  });
  add.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!choice.value) return;
    const body = { tournament: tournament.value.trim(), venue: venue.value, tier: tier.value, counts: counts.checked };
    const added = await attempt(() => api.post(`/leagues/${enc(choice.value)}/events`, body));
    if (added) await show();
  });
  // results exported elsewhere (`floorman export results --format json`), kept whole
  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen || !choice.value) return;
    let results;
    try {
      results = JSON.parse(await chosen.text());
    } catch {
      results = null; // the service names what is wrong with it
    }
    const body = { results, venue: venue.value, tier: tier.value, counts: counts.checked };
    const added = await attempt(() => api.post(`/leagues/${enc(choice.value)}/events`, body));
    file.value = '';
    if (added) await show();
  });
  choice.addEventListener('change', show);
  list(null);
}

function cells(values, tag = 'td') {
  return values.map((v) => el(tag, {}, typeof v === 'string' || typeof v === 'number' ? raw(v) : v));
}

function drawSeason(holder, data) {
  const address = `${window.location.origin}/league?s=${enc(data.id)}`;
  const events = el('ul', { id: 'league-events' },
    ...data.events.map((e) => el('li', { dataset: { counts: String(e.counts) } },
      raw([e.name, e.tier, e.venue].filter(Boolean).join(' · ')),
      e.counts ? '' : el('span', {}, ' · ', text('league.not-counted')))));
  const head = ['league.rank', 'results.player', 'league.points', 'league.events', 'league.qualified'];
  const rows = data.standings.map((s) => el('tr', { dataset: { qualified: String(s.qualified) } },
    ...cells([s.rank, s.player, formatNumber(s.points), s.events]),
    el('td', {}, s.qualified ? text('league.yes') : '')));
  holder.replaceChildren(
    el('p', { class: 'league-formula' }, text('league.formula'), ' ', raw(data.points),
      data.qualify ? el('span', {}, ' · ', t('league.goes', { count: data.qualify, final: data.final })) : ''),
    events,
    el('table', { class: 'league-standings', id: 'league-standings' },
      el('thead', {}, el('tr', {}, ...head.map((key) => el('th', {}, text(key))))),
      el('tbody', {}, ...rows)),
    el('p', { class: 'league-public' }, el('a', { id: 'league-public', href: address, target: '_blank' }, raw(address))),
    el('img', { id: 'league-qr', alt: t('results.qr'), width: 120, height: 120, src: `/public/leagues/${enc(data.id)}/qr.png` }),
  );
}
