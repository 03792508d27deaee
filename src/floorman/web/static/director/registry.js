/**
 * registry.js — every command of the registry as a form, read from its fields: the console
 * can send a command another part of floorman registered before any panel knows it (an end
 * of day, a Day-2 draw, opening a table...). Numbers, text and yes/no fields get their
 * input; lists and tables of values are written as JSON (`["e4"]`, `{"e7": 12000}`).
 */

import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

export function registryPanel(desk, panel) {
  const list = el('div', { class: 'registry', id: 'registry' });
  panel.append(el('h2', { 'data-i18n': 'director.tab.commands' }, t('director.tab.commands')),
    el('p', { class: 'muted', 'data-i18n': 'director.commands-hint' }, t('director.commands-hint')), list);
  let drawn = false;
  desk.onChange(() => {
    if (drawn) return;
    drawn = true;
    list.replaceChildren(...Object.keys(desk.commands).sort().map((name) => registryForm(desk, name)));
  });
}

/** A form sending command `name` with its fields. */
export function registryForm(desk, name) {
  const spec = desk.commands[name];
  const inputs = Object.entries(spec.fields).map(([field, type]) => [field, type, input(field, type)]);
  const form = el('form', { class: 'command-form', 'data-command': name },
    el('strong', {}, raw(name)),
    ...inputs.map(([field, type, control]) => el('label', {}, raw(field, { title: type }), control)),
    el('button', { type: 'submit', 'data-i18n': 'director.send' }, t('director.send')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = {};
    try {
      for (const [field, type, control] of inputs) {
        const value = read(type, control);
        if (value !== undefined) fields[field] = value;
      }
    } catch (_) {
      desk.page.notice(t('director.bad-field'));
      return;
    }
    if (await desk.send(name, fields)) form.reset();
  });
  return form;
}

function input(field, type) {
  const base = type.replace(/ \| None$/, '');
  if (base === 'bool') return el('input', { type: 'checkbox', name: field });
  if (base === 'int' || base === 'float') return el('input', { type: 'number', name: field, step: base === 'int' ? 1 : 'any' });
  if (base === 'str') return el('input', { name: field });
  return el('input', { name: field, class: 'json', placeholder: 'JSON', 'data-raw': true });
}

/** The field's value; `undefined` leaves an empty optional field out. */
function read(type, control) {
  const base = type.replace(/ \| None$/, '');
  if (base === 'bool') return control.checked;
  if (control.value === '') return undefined;
  if (base === 'int' || base === 'float') return Number(control.value);
  if (base === 'str') return control.value;
  return JSON.parse(control.value);
}
