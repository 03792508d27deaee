/**
 * penalties.js — a penalty from the rulebook's own catalogue (`GET .../console/penalties`):
 * the offence (with its rule), the official who gives it (the catalogue says who may give
 * what: Belarus's judge and chief judge, a director and a floor elsewhere), and the step:
 * by default the next one on the offence's scale for this player, or one the official names.
 * The tournament checks the official's power and the book's limits and refuses with the rule.
 */

import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { entryName } from '/static/director/console.js';
import { openDialog } from '/static/director/dialog.js';

let catalogue = null;

/** The rulebook's penalty catalogue, read once. */
export async function penaltyCatalogue(desk) {
  catalogue = catalogue || (await desk.read('/console/penalties'));
  return catalogue;
}

/** The offence picker: each offence in the page's language with its rule. */
export function offenceSelect(id) {
  return el('select', { id }, ...catalogue.offences.map((o) => el('option', { value: o.id },
    `${offenceTitle(o)} (${catalogue.profile} ${o.rule})`)));
}

/** The official picker: the roles the catalogue gives powers to. */
export function officialSelect(id) {
  return el('select', { id }, ...catalogue.powers.map((p) => el('option', { value: p.role }, t(`director.role.${p.role}`))));
}

export async function openPenalty(desk, entry) {
  if (!desk.has('penalty')) return null;
  if (!(await penaltyCatalogue(desk))) return null;
  const offence = offenceSelect('penalty-offence');
  const role = officialSelect('penalty-role');
  const step = el('select', { id: 'penalty-step' });
  const drawSteps = () => {
    const chosen = catalogue.offences.find((o) => o.id === offence.value);
    step.replaceChildren(el('option', { value: '' }, t('director.step.next')),
      ...chosen.steps.map((s) => el('option', { value: s }, stepText(s))));
  };
  offence.addEventListener('change', drawSteps);
  drawSteps();
  const label = (key, control) => el('label', {}, el('span', { 'data-i18n': key }, t(key)), control);
  const body = el('div', { class: 'penalty' }, raw(entryName(desk.view, entry), { class: 'who' }),
    label('director.offence', offence), label('director.official', role), label('director.step', step));
  return openDialog({
    title: t('director.penalty'),
    name: 'penalty',
    body,
    actions: [{
      key: 'director.give-penalty',
      kind: 'primary',
      run: async () => (await desk.send('penalty', {
        entry, offence: offence.value, by_role: role.value, step: step.value || null,
      })) !== null,
    }],
  });
}

/** The offence in the page's language; the catalogue's own title where none is written. */
function offenceTitle(offence) {
  const key = `offence.${offence.id}`;
  const text = t(key);
  return text === key ? offence.title : text;
}

/** A step of a scale (`warning`, `2-rounds`, `1-hand`, `10-minutes`) in words. */
export function stepText(step) {
  const counted = /^(\d+)-(hand|round|minute)s?$/.exec(step);
  if (!counted) return t(`director.step.${step}`);
  return t(`director.step.${counted[2]}s`, { count: counted[1] });
}
