/**
 * create.js — a new event: its rulebook, its money, a structure generated for the field and
 * the length wanted (`POST /web/structure`), the payouts it would pay (`POST /web/payouts`),
 * its rebuy, add-on and bounty terms (terms.js), then `POST /tournaments`. It takes the server's token (the one `floorman serve` prints);
 * the event's own director token comes back, and the console opens on the new event with it.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { drawStructure } from '/static/director/clocktab.js';
import { lateRegFields } from '/static/director/latereg.js';
import { termsFields } from '/static/director/terms.js';
import { templatePicker } from '/static/director/structures.js';

const GAMES = { NT: 'game.nt', PT: 'game.pt', FT: 'game.ft', PO: 'game.po', 'PO/8': 'game.po8' };
const ANTES = ['big-blind', 'every-player', 'none'];

export async function createForm(page, main) {
  main.dataset.mode = 'create';
  document.querySelector('.status-badge').hidden = true; // nothing live to follow yet
  const fields = {};
  const field = (name, key, control) => {
    fields[name] = control;
    control.name = name;
    return el('label', { class: 'field' }, el('span', { 'data-i18n': key }, t(key)), control);
  };
  const number = (value, min = 0) => el('input', { type: 'number', value, min, step: 1 });
  const profile = el('select', { id: 'create-profile' });
  const game = el('select', {}, ...Object.entries(GAMES).map(([code, key]) => el('option', { value: code }, t(key))));
  const ante = el('select', {}, ...ANTES.map((mode) => el('option', { value: mode }, t(`director.ante.${mode}`))));
  const structure = el('table', { class: 'structure', id: 'create-structure' });
  const expected = el('p', { class: 'muted', id: 'create-expected' });
  const payouts = el('ol', { class: 'payouts', id: 'create-payouts' });
  const terms = termsFields();
  const late = lateRegFields();
  const form = el('form', { class: 'create', id: 'create' },
    el('h2', { 'data-i18n': 'director.create' }, t('director.create')),
    el('div', { class: 'create-grid' },
      field('name', 'director.event-name', el('input', { required: true, id: 'create-name' })),
      field('profile', 'director.profile', profile),
      field('expected_players', 'director.expected-players', number(30, 2)),
      field('seats_per_table', 'director.seats-per-table', number(9, 2)),
      field('buy_in', 'director.buy-in', number(100)),
      field('fee', 'director.fee', number(0)),
      field('guarantee', 'director.guarantee', number(0)),
      field('prize_unit', 'director.prize-unit', number(1, 1)),
      field('starting_stack', 'director.starting-stack', number(20000, 100)),
      field('chips', 'director.chips', el('input', { value: '25, 100, 500, 1000, 5000' })),
      field('game', 'director.game', game),
      field('ante_mode', 'director.ante-mode', ante),
      field('level_minutes', 'director.level-minutes', number(20, 1)),
      field('target_hours', 'director.target-hours', el('input', { type: 'number', value: 6, min: 0.5, step: 0.5 })),
      field('break_every', 'director.break-every', number(4, 1)),
      field('break_minutes', 'director.break-minutes', number(10, 1)),
      templatePicker(page, useTemplate)),
    el('h3', { 'data-i18n': 'director.terms.title' }, t('director.terms.title')), terms.box, late.box,
    el('div', { class: 'create-actions' },
      el('button', { type: 'button', id: 'generate', 'data-i18n': 'director.generate', onclick: () => generate() }, t('director.generate')),
      el('button', { type: 'submit', class: 'primary', id: 'create-event', 'data-i18n': 'director.create-event' }, t('director.create-event'))),
    el('div', { class: 'create-preview' },
      el('div', {}, el('h3', { 'data-i18n': 'director.structure' }, t('director.structure')), expected, structure),
      el('div', {}, el('h3', { 'data-i18n': 'director.payouts' }, t('director.payouts')), payouts)));
  main.append(form);
  let generated = null;

  const value = (name) => Number(fields[name].value);
  /** A template of the library instead of a generated structure (structures.js). */
  function useTemplate(template) {
    generated = { structure: template.structure };
    drawStructure(structure, template.structure.items);
    expected.textContent = template.name;
  }
  async function generate() {
    const chips = fields.chips.value.split(/[^0-9]+/).filter(Boolean).map(Number);
    try {
      generated = await page.api.post('/web/structure', {
        starting_stack: value('starting_stack'), chips, players: value('expected_players'),
        target_hours: value('target_hours'), level_minutes: value('level_minutes'),
        break_every: value('break_every'), break_minutes: value('break_minutes'),
        ante_mode: ante.value, game: game.value,
      });
      const paid = await page.api.post('/web/payouts', {
        entries: value('expected_players'), buy_in: value('buy_in'),
        guarantee: value('guarantee'), prize_unit: value('prize_unit'),
      });
      page.clearNotices();
      drawStructure(structure, generated.structure.items);
      expected.textContent = t('director.expected-hours', { hours: formatNumber(Math.round(generated.expected_hours * 10) / 10) });
      payouts.replaceChildren(...paid.prizes.map((prize) => el('li', {}, raw(formatNumber(prize)))));
      return generated;
    } catch (error) {
      page.refusal(error);
      return null;
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!generated && !(await generate())) return;
    try {
      const made = await page.api.post('/tournaments', {
        name: fields.name.value.trim(), profile: profile.value, structure: generated.structure,
        expected_players: value('expected_players'), seats_per_table: value('seats_per_table'),
        buy_in: value('buy_in'), fee: value('fee'), guarantee: value('guarantee'), prize_unit: value('prize_unit'),
        options: withSettings(terms.read(), late.settings()),
      });
      window.location.assign(`/director?t=${enc(made.tournament)}&token=${enc(made.director.token)}&lang=${document.documentElement.lang}`);
    } catch (error) {
      page.refusal(error);
    }
  });
  for (const name of ['starting_stack', 'chips', 'expected_players', 'target_hours', 'level_minutes', 'game', 'ante_mode', 'break_every', 'break_minutes']) {
    fields[name].addEventListener('change', () => { generated = null; });
  }
  const profiles = await loadProfiles(page, profile);
  const chosen = () => terms.profileChanged(profiles.find((p) => p.id === profile.value));
  profile.addEventListener('change', chosen);
  chosen();
}

/** The options with the late-registration end, when one is set (EventSettings). */
function withSettings(options, settings) {
  return Object.keys(settings).length ? { ...options, settings } : options;
}

async function loadProfiles(page, select) {
  try {
    const profiles = await page.api.get('/web/profiles');
    select.replaceChildren(...profiles.map((p) => el('option', { value: p.id, 'data-raw': '' }, `${p.name} (${p.id})`)));
    select.value = 'tda-2022';
    return profiles;
  } catch (error) {
    page.refusal(error);
    return [];
  }
}
