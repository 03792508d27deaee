/**
 * eventtools.js — the Event tab: what the director decides for the whole event.
 *
 * - registration opened or closed (Poland §55.2: closing also ends late entry);
 * - the event cancelled (PokerStars Live 6.12, Poland §55.7) or changed — suspended, moved,
 *   its rules or something else (§55.7, P.1) — always with the reason said;
 * - a ruling put on the record (Poland §46.3): the rule picked from the rulebook's catalogue
 *   (`GET .../console/rules`, in the page's language, filtered as he types), what he decided
 *   and why, the official, and the player and table it concerns if any.
 */

import { el, raw } from '/static/common/dom.js';
import { currentLanguage, t } from '/static/common/i18n.js';
import { confirmed } from '/static/director/dialog.js';
import { officialSelect, penaltyCatalogue } from '/static/director/penalties.js';
import { command } from '/static/director/players.js';

const CHANGES = ['suspended', 'moved', 'rules', 'other'];
const label = (key, control) => el('label', {}, el('span', { 'data-i18n': key }, t(key)), control);

export function eventPanel(desk, panel) {
  const registration = el('div', { class: 'event-line', id: 'registration-line' });
  const reason = el('input', { id: 'cancel-reason' });
  const what = el('select', { id: 'change-what' }, ...CHANGES.map((c) => el('option', { value: c, 'data-i18n': `director.change.${c}` }, t(`director.change.${c}`))));
  const description = el('input', { id: 'change-description' });
  const cancel = command(desk, 'cancel', 'director.cancel-event', {}, { run: () => cancelEvent(desk, reason) });
  const change = command(desk, 'change-event', 'director.record-change', {}, {
    run: () => said(desk, description) && desk.send('change-event', { what: what.value, description: description.value.trim() }),
  });
  const ruling = el('section', { class: 'ruling-form', id: 'ruling-form' });
  panel.append(
    el('h2', { 'data-i18n': 'director.tab.event' }, t('director.tab.event')),
    registration,
    el('h3', { 'data-i18n': 'director.change-event' }, t('director.change-event')),
    el('div', { class: 'event-line' }, label('director.change', what), label('director.reason', description), change),
    el('div', { class: 'event-line' }, label('director.reason', reason), cancel),
    el('h3', { 'data-i18n': 'director.record-ruling' }, t('director.record-ruling')),
    ruling,
  );
  rulingForm(desk, ruling);
  desk.onChange(() => {
    drawRegistration(desk, registration);
    lightUp(desk, panel);
  });
}

/** The buttons built once light up as the registry (read after the page) names them. */
function lightUp(desk, panel) {
  for (const button of panel.querySelectorAll('button[data-action]')) {
    if (button.closest('#registration-line')) continue;
    button.disabled = !desk.has(button.dataset.action);
    button.title = button.disabled ? t('director.not-available') : '';
  }
}

function drawRegistration(desk, line) {
  const floor = desk.floor;
  if (!floor) return;
  const open = floor.registration_open;
  const key = floor.cancelled ? 'director.event-cancelled' : open ? 'director.registration-open' : 'director.registration-closed';
  line.replaceChildren(el('span', { 'data-state': open ? 'open' : 'closed' }, t(key)),
    command(desk, 'set-registration', open ? 'director.close-registration' : 'director.open-registration', { open: !open }, { off: floor.cancelled }));
}

function said(desk, input) {
  if (input.value.trim()) return true;
  desk.page.notice(t('director.reason-needed'));
  input.focus();
  return false;
}

async function cancelEvent(desk, reason) {
  if (!said(desk, reason)) return null;
  if (!(await confirmed(t('director.confirm-cancel')))) return null;
  return desk.send('cancel', { reason: reason.value.trim() });
}

async function rulingForm(desk, box) {
  const filter = el('input', { type: 'search', id: 'rule-filter', 'data-i18n-placeholder': 'director.rule-filter', placeholder: t('director.rule-filter') });
  const rule = el('select', { id: 'ruling-rule' });
  const summary = el('p', { class: 'muted rule-summary', id: 'rule-summary' });
  const decision = el('input', { id: 'ruling-decision' });
  const reason = el('input', { id: 'ruling-reason' });
  const who = el('select', { id: 'ruling-entry' });
  const table = el('input', { type: 'number', id: 'ruling-table', min: 1, class: 'short' });
  let rules = [];
  let profile = '';
  const drawRules = () => {
    const wanted = filter.value.trim().toLowerCase();
    const shown = rules.filter((r) => !wanted || `${r.id} ${r.title} ${r.summary}`.toLowerCase().includes(wanted));
    rule.replaceChildren(...shown.map((r) => el('option', { value: r.id, 'data-raw': '' }, `${profile} ${r.id} · ${r.title}`)));
    drawSummary();
  };
  const drawSummary = () => {
    const found = rules.find((r) => r.id === rule.value);
    summary.replaceChildren(...(found ? [raw(found.summary)] : []));
  };
  const load = async () => {
    const answer = await desk.read(`/console/rules?lang=${currentLanguage()}`);
    if (answer) ({ rules, profile } = answer);
    drawRules();
  };
  filter.addEventListener('input', drawRules);
  rule.addEventListener('change', drawSummary);
  window.addEventListener('floorman:language', load);
  const catalogue = await penaltyCatalogue(desk);
  const role = catalogue ? officialSelect('ruling-role') : el('select', { id: 'ruling-role' });
  const send = command(desk, 'record-ruling', 'director.record-ruling', {}, {
    run: async () => {
      if (!rule.value || !said(desk, decision) || !said(desk, reason)) return null;
      const fields = { rule: rule.value, decision: decision.value.trim(), reason: reason.value.trim(), by_role: role.value, entry: who.value };
      if (table.value) fields.table = Number(table.value);
      const answer = await desk.send('record-ruling', fields);
      if (answer) [decision, reason].forEach((input) => { input.value = ''; });
      return answer;
    },
  });
  box.append(el('div', { class: 'event-line' }, filter, rule), summary,
    el('div', { class: 'event-line' }, label('director.decision', decision), label('director.reason', reason)),
    el('div', { class: 'event-line' }, label('director.official', role), label('director.col.player', who), label('director.table-number', table), send));
  desk.onChange((view) => {
    if (document.activeElement === who) return;
    const chosen = who.value;
    who.replaceChildren(el('option', { value: '', 'data-i18n': 'director.nobody' }, t('director.nobody')),
      ...view.entries.filter((e) => e.place === null).map((e) => el('option', { value: e.entry, 'data-raw': '' }, e.name)));
    who.value = chosen;
  });
  await load();
}
