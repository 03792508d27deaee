/**
 * people.js — the club's player database in the console (issue 18).
 *
 * `registrationSearch(desk, input)` asks the service for the people whose name or number
 * matches what the director types in the registration form, and registers the one he picks
 * under that person's id (`POST /tournaments/{id}/people/{person}/entries`), or makes a new
 * person of the typed name first; a new person whose name looks like a known one is flagged
 * so the director can merge them on the People tab.
 *
 * `peoplePanel(desk, panel)` is the People tab: search, a player's page (his events,
 * places, prizes, penalties and bans, a ban that carries to the organiser's other events
 * marked as such), his data exported as JSON, anonymised ("Player 17") or erased, and the
 * duplicates with a merge the director confirms.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { placeText } from '/static/common/ordinal.js';
import { confirmed } from '/static/director/dialog.js';

const TYPING_PAUSE = 150;

/** This module's styles, kept out of the console's shared stylesheet. */
function addStyles() {
  if (document.getElementById('people-css')) return;
  document.head.append(el('link', { rel: 'stylesheet', id: 'people-css', href: '/static/director/people.css' }));
}

/** Ask again once the director stops typing for a moment; only the latest answer counts. */
function asking(run) {
  let timer = null;
  let asked = 0;
  return (value) => {
    clearTimeout(timer);
    const mine = ++asked;
    timer = setTimeout(async () => {
      const answer = await run(value);
      if (mine === asked && answer) answer();
    }, TYPING_PAUSE);
  };
}

async function searchPeople(desk, text) {
  if (text.trim().length < 2) return [];
  try {
    return await desk.page.api.get(`/people?q=${enc(text.trim())}`);
  } catch (error) {
    desk.page.refusal(error);
    return [];
  }
}

function personLabel(person) {
  return person.number ? `${person.name} · ${person.number}` : person.name;
}

/** The registration form's search as you type, under the name field `input`. */
export function registrationSearch(desk, input) {
  const list = el('div', { class: 'person-suggestions', id: 'person-suggestions' });
  input.closest('form').after(list);
  const register = async (person) => {
    try {
      await desk.page.api.post(`/tournaments/${enc(desk.id)}/people/${person.id}/entries`);
      desk.page.notice(t('people.registered', { name: person.name }), 'ok');
      input.closest('form').reset();
      list.replaceChildren();
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  const create = async (name) => {
    try {
      const person = await desk.page.api.post('/people', { name });
      await register(person);
      if (person.similar.length) {
        const names = person.similar.map(personLabel).join(', ');
        desk.page.notice(t('people.looks-like', { name, names }), 'warning');
      }
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  const ask = asking(async (text) => {
    const found = await searchPeople(desk, text);
    return () => {
      if (text.trim().length < 2) { list.replaceChildren(); return; }
      list.replaceChildren(
        ...found.map((person) => el('button', {
          type: 'button', class: 'person-match', 'data-person': person.id, onclick: () => register(person),
        }, raw(personLabel(person)))),
        el('button', { type: 'button', class: 'person-new', id: 'person-new', onclick: () => create(text.trim()) },
          t('people.new-person', { name: text.trim() })),
      );
    };
  });
  input.addEventListener('input', () => ask(input.value));
}

/** The People tab. */
export function peoplePanel(desk, panel) {
  addStyles();
  const search = el('input', { type: 'search', id: 'people-search', 'data-i18n-placeholder': 'people.search', placeholder: t('people.search') });
  const list = el('ul', { class: 'people-list', id: 'people-list' });
  const page = el('div', { class: 'person-page', id: 'person-page' });
  const doubles = el('ul', { class: 'people-duplicates', id: 'people-duplicates' });
  const findDoubles = el('button', { type: 'button', id: 'people-find-duplicates', 'data-i18n': 'people.find-duplicates' }, t('people.find-duplicates'));
  panel.append(
    el('h2', { 'data-i18n': 'director.tab.people' }, t('director.tab.people')),
    search, list, page,
    el('h3', { 'data-i18n': 'people.duplicates' }, t('people.duplicates')), findDoubles, doubles,
  );
  const open = async (id) => {
    try {
      drawPerson(desk, page, await desk.page.api.get(`/people/${id}`), open);
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  const ask = asking(async (text) => {
    const found = await searchPeople(desk, text);
    return () => list.replaceChildren(...found.map((person) => el('li', {},
      el('button', { type: 'button', class: 'person-link', 'data-person': person.id, onclick: () => open(person.id) },
        raw(personLabel(person))))));
  });
  search.addEventListener('input', () => ask(search.value));
  findDoubles.addEventListener('click', () => drawDuplicates(desk, doubles, open));
}

async function drawDuplicates(desk, holder, open) {
  let pairs;
  try {
    pairs = await desk.page.api.get('/people/duplicates');
  } catch (error) {
    desk.page.refusal(error);
    return;
  }
  const merge = async (first, second) => {
    if (!(await confirmed(t('people.merge-confirm', { first: personLabel(first), second: personLabel(second) })))) return;
    try {
      await desk.page.api.post(`/people/${first.id}/merge`, { other: second.id, confirm: true });
      await drawDuplicates(desk, holder, open);
      await open(first.id);
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  holder.replaceChildren(...(pairs.length ? pairs.map(({ first, second }) => el('li', { class: 'duplicate' },
    raw(`${personLabel(first)} ↔ ${personLabel(second)}`),
    el('button', { type: 'button', class: 'people-merge', 'data-i18n': 'people.merge', onclick: () => merge(first, second) }, t('people.merge')),
  )) : [el('li', { class: 'muted', 'data-i18n': 'people.no-duplicates' }, t('people.no-duplicates'))]));
}

function drawPerson(desk, holder, data, open) {
  const { person } = data;
  const facts = [
    ['people.number', person.number], ['people.birth-date', person.birth_date],
    ['people.contact', person.contact], ['people.notes', person.notes],
  ].filter(([, value]) => value);
  const rows = data.events.flatMap((event) => event.entries.map((entry) => el('tr', {},
    el('td', {}, raw(event.name)),
    el('td', { class: 'place' }, raw(entry.place ? placeText('director.place', entry.place) : '—')),
    el('td', { class: 'prize' }, raw(formatNumber(entry.prize))),
    el('td', { class: 'penalties' }, raw(entry.penalties.map((p) => `${p.kind} (${p.rule})`).join(', '))),
  )));
  const bans = data.bans.map((ban) => el('li', { class: ban.carries ? 'ban carries' : 'ban' },
    raw(`${ban.kind} · ${ban.profile} ${ban.rule} · `),
    t(ban.carries ? 'people.ban-carries' : 'people.ban-event')));
  const act = async (key, run) => {
    if (!(await confirmed(t(key, { name: person.name })))) return;
    try {
      await run();
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  holder.replaceChildren(
    el('h3', { id: 'person-name' }, raw(person.name)),
    el('dl', {}, ...facts.flatMap(([key, value]) => [el('dt', {}, t(key)), el('dd', {}, raw(value))])),
    person.anonymised ? '' : editForm(desk, holder, person, open),
    el('table', { class: 'person-events', id: 'person-events' },
      el('thead', {}, el('tr', {}, ...['event', 'place', 'prize', 'penalties'].map((c) => el('th', { 'data-i18n': `people.col.${c}` }, t(`people.col.${c}`))))),
      el('tbody', {}, ...rows)),
    el('p', { id: 'person-prizes' }, t('people.prizes', { total: formatNumber(data.prizes) })),
    el('ul', { class: 'person-bans', id: 'person-bans' }, ...bans),
    el('div', { class: 'person-actions' },
      el('button', { type: 'button', id: 'person-export', onclick: () => exportPerson(desk, person) }, t('people.export')),
      person.anonymised ? '' : el('button', { type: 'button', id: 'person-anonymise', onclick: () => act('people.anonymise-confirm', async () => {
        drawPerson(desk, holder, await desk.page.api.post(`/people/${person.id}/anonymise`), open);
      }) }, t('people.anonymise')),
      el('button', { type: 'button', id: 'person-erase', class: 'danger', onclick: () => act('people.erase-confirm', async () => {
        await desk.page.api.request('DELETE', `/people/${person.id}`);
        holder.replaceChildren(el('p', { class: 'muted' }, t('people.erased')));
      }) }, t('people.erase')),
    ),
  );
}

/** His facts as a form: the name, number, birth date (where a rulebook needs an age),
 * contact and notes, saved with `PATCH /people/{id}`. */
function editForm(desk, holder, person, open) {
  const fields = [
    ['name', 'director.player-name', 'text'], ['number', 'people.number', 'text'],
    ['birth_date', 'people.birth-date', 'date'], ['contact', 'people.contact', 'text'],
    ['notes', 'people.notes', 'text'],
  ].map(([name, key, type]) => [name, el('input', { name, type, id: `person-edit-${name.replace('_', '-')}`, value: person[name] ?? '' }), key]);
  const form = el('form', { class: 'person-edit', id: 'person-edit' },
    ...fields.map(([, input, key]) => el('label', {}, t(key), input)),
    el('button', { type: 'submit', id: 'person-save', 'data-i18n': 'people.save' }, t('people.save')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const change = Object.fromEntries(fields.map(([name, input]) => [name, input.value.trim() || null]));
    if (!change.name) return;
    try {
      await desk.page.api.request('PATCH', `/people/${person.id}`, change);
      await open(person.id);
    } catch (error) {
      desk.page.refusal(error);
    }
  });
  return form;
}

async function exportPerson(desk, person) {
  try {
    const data = await desk.page.api.get(`/people/${person.id}/export`);
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const link = el('a', { href: URL.createObjectURL(blob), download: `person-${person.id}.json` });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    desk.page.refusal(error);
  }
}
