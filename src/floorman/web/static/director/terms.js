/**
 * terms.js — an event's rebuy, add-on and bounty terms: the creation form's fields for them
 * (what `TournamentConfig` takes: `rebuy` {price, chips, last_level, max_stack, max_rebuys},
 * `add_on` {price, chips, after_level, through_level}, `bounty`, `progressive_bounty`; TDA R27,
 * Poland §18), and the line that shows them on the console. Re-entry is the rulebook's
 * (`reentry_allowed`), not the event's: the form says whether the chosen rulebook allows it,
 * and a rulebook without rebuys (RedCactus 27) leaves the rebuy fields off.
 */

import { el } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

/** The terms' fields: `{box, read(), profileChanged(profile)}`; `read()` gives the options
 * of `POST /tournaments` (only the terms switched on). */
export function termsFields() {
  const input = (id, value = '', min = 0) => el('input', { type: 'number', id, value, min, step: 1 });
  const field = (key, control) => el('label', { class: 'field' }, el('span', { 'data-i18n': key }, t(key)), control);
  const toggle = (id, key) => {
    const box = el('input', { type: 'checkbox', id });
    return [box, el('label', { class: 'check' }, box, ' ', el('span', { 'data-i18n': key }, t(key)))];
  };
  const [rebuyOn, rebuyLabel] = toggle('create-rebuy', 'director.terms.rebuy');
  const [addOnOn, addOnLabel] = toggle('create-add-on', 'director.terms.add-on');
  const [progressive, progressiveLabel] = toggle('create-progressive', 'director.terms.progressive');
  const rebuy = {
    price: input('create-rebuy-price', 100), chips: input('create-rebuy-chips', 10000, 1),
    last_level: input('create-rebuy-last-level', 6, 1), max_stack: input('create-rebuy-max-stack'),
    max_rebuys: input('create-rebuy-max', '', 1),
  };
  const addOn = {
    price: input('create-add-on-price', 100), chips: input('create-add-on-chips', 10000, 1),
    after_level: input('create-add-on-after', 6, 1), through_level: input('create-add-on-through', '', 2),
  };
  const bounty = input('create-bounty', 0);
  const reentry = el('p', { class: 'muted', id: 'create-reentry' });
  const rebuyBox = el('fieldset', { class: 'terms', id: 'create-rebuy-terms' }, el('legend', {}, rebuyLabel),
    field('director.terms.price', rebuy.price), field('director.terms.chips', rebuy.chips),
    field('director.terms.last-level', rebuy.last_level), field('director.terms.max-stack', rebuy.max_stack),
    field('director.terms.max-rebuys', rebuy.max_rebuys));
  const addOnBox = el('fieldset', { class: 'terms', id: 'create-add-on-terms' }, el('legend', {}, addOnLabel),
    field('director.terms.price', addOn.price), field('director.terms.chips', addOn.chips),
    field('director.terms.after-level', addOn.after_level), field('director.terms.through-level', addOn.through_level));
  const bountyBox = el('fieldset', { class: 'terms' }, el('legend', { 'data-i18n': 'director.terms.bounty' }, t('director.terms.bounty')),
    field('director.terms.bounty-amount', bounty), progressiveLabel);
  const box = el('div', { class: 'terms-grid', id: 'create-terms' }, rebuyBox, addOnBox, bountyBox, reentry);

  const read = () => {
    const options = {};
    if (rebuyOn.checked && !rebuyOn.disabled) options.rebuy = numbers(rebuy);
    if (addOnOn.checked && !addOnOn.disabled) options.add_on = numbers(addOn);
    if (Number(bounty.value) > 0) {
      options.bounty = Number(bounty.value);
      options.progressive_bounty = progressive.checked;
    }
    return options;
  };
  const profileChanged = (profile) => {
    const rebuys = !profile || profile.rebuys !== false;
    for (const on of [rebuyOn, addOnOn]) on.disabled = !rebuys;
    const key = profile && profile.reentry === false ? 'director.terms.no-reentry' : 'director.terms.reentry';
    reentry.dataset.i18n = key;
    reentry.textContent = t(key);
  };
  profileChanged(null);
  return { box, read, profileChanged };
}

/** A group of number fields as the config's terms: an empty field is left out (its default). */
function numbers(inputs) {
  const terms = {};
  for (const [name, input] of Object.entries(inputs)) if (input.value !== '') terms[name] = Number(input.value);
  return terms;
}

/** The event's terms in one line each, from its configuration (the log's first record). */
export function termsLines(config) {
  const lines = [];
  const rebuy = config.rebuy;
  if (rebuy) {
    lines.push(t('director.terms.rebuy-line', { price: formatNumber(rebuy.price), chips: formatNumber(rebuy.chips), level: rebuy.last_level }));
    if (rebuy.max_stack !== null) lines.push(t('director.terms.max-stack-line', { chips: formatNumber(rebuy.max_stack) }));
    if (rebuy.max_rebuys !== null) lines.push(t('director.terms.max-rebuys-line', { count: rebuy.max_rebuys }));
  }
  const addOn = config.add_on;
  if (addOn) {
    const through = addOn.through_level ?? addOn.after_level + 1;
    lines.push(t('director.terms.add-on-line', { price: formatNumber(addOn.price), chips: formatNumber(addOn.chips), after: addOn.after_level, through }));
  }
  if (config.bounty) {
    const key = config.progressive_bounty ? 'director.terms.progressive-line' : 'director.terms.bounty-line';
    lines.push(t(key, { amount: formatNumber(config.bounty) }));
  }
  return lines;
}

/** The event's configuration, read from the creation record at the head of its log. */
export async function eventConfig(desk) {
  const records = await desk.read('/events?limit=1');
  return records && records.length ? records[0].data.config : null;
}
