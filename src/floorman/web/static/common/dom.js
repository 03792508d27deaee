/**
 * dom.js — the few DOM helpers every page uses, so the page modules read as what they show.
 *
 * `el('div', {class: 'x', dataset: {raw: ''}}, child, 'text')` builds an element; `raw(text)`
 * is a span of data that is not language (a name, a card), marked `data-raw` for the i18n
 * check; `text(key, params)` is a span written from the catalogue that re-writes itself when
 * the language changes; `show(node, visible)` toggles the `hidden` attribute.
 */

import { t } from './i18n.js';

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name === 'class') node.className = value;
    else if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** A span of data (a name, a card): shown as it is in every language. */
export function raw(value, attrs = {}) {
  return el('span', { ...attrs, 'data-raw': true }, String(value));
}

/** A span written from the catalogue, re-written by `applyTranslations` on a switch. */
export function text(key, params = null, attrs = {}) {
  if (params) return el('span', attrs, t(key, params)); // a page redraws these on a switch
  return el('span', { ...attrs, 'data-i18n': key }, t(key));
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export function show(node, visible) {
  node.hidden = !visible;
}

/**
 * Run `draw` (which rebuilds part of `root`) without losing what a person is typing there.
 *
 * A feed brings a new view every few seconds and on every action at another device, and the
 * pages draw the view again from scratch; a form being filled in would lose its text and its
 * focus each time. Before `draw`, every control the person changed (or is in) is noted under
 * a key that survives the rebuild: its id, or its name within the nearest marked ancestor
 * (`data-command`, `data-entry`, `data-dialog`, `data-item`, an id); after `draw`, the control
 * of the same key gets its value, focus and cursor back. Controls a page reset itself (their
 * value is the default again) are left as drawn. Returns what `draw` returned.
 */
export function keepEntries(root, draw) {
  const kept = controls(root).filter(([, control]) => changed(control));
  const notes = kept.map(([key, control]) => ({
    key,
    value: control.value,
    checked: control.checked,
    focused: control === document.activeElement,
    ...selection(control),
  }));
  const result = draw();
  if (!notes.length) return result;
  const now = new Map(controls(root));
  for (const note of notes) {
    const control = now.get(note.key);
    if (control) restore(control, note);
  }
  return result;
}

const MARKS = ['command', 'entry', 'dialog', 'item', 'form'];

/** `[key, control]` of every form control under `root`, keys made unique by their order. */
function controls(root) {
  const seen = new Map();
  return [...root.querySelectorAll('input, select, textarea')].map((control) => {
    const base = controlKey(control, root);
    const count = seen.get(base) || 0;
    seen.set(base, count + 1);
    return [`${base}#${count}`, control];
  });
}

function controlKey(control, root) {
  if (control.id) return `#${control.id}`;
  const own = control.name || control.getAttribute('data-count') || control.type || control.tagName;
  const path = [];
  for (let node = control.parentElement; node && node !== root; node = node.parentElement) {
    const mark = MARKS.find((m) => node.dataset[m] !== undefined);
    if (mark) path.push(`${mark}=${node.dataset[mark]}`);
    else if (node.id) path.push(`#${node.id}`);
  }
  return `${path.reverse().join('/')}/${own}`;
}

function changed(control) {
  if (control === document.activeElement) return true;
  if (control.type === 'checkbox' || control.type === 'radio') return control.checked !== control.defaultChecked;
  if (control.tagName === 'SELECT') return [...control.options].some((o) => o.selected !== o.defaultSelected);
  return control.value !== control.defaultValue;
}

function selection(control) {
  try {
    return { start: control.selectionStart, end: control.selectionEnd };
  } catch (_) {
    return { start: null, end: null }; // a number input has no cursor to read
  }
}

function restore(control, note) {
  if (control.type === 'checkbox' || control.type === 'radio') control.checked = note.checked;
  else if (control.tagName !== 'SELECT' || [...control.options].some((o) => o.value === note.value)) {
    control.value = note.value;
  }
  if (!note.focused) return;
  control.focus({ preventScroll: true });
  if (note.start === null || note.start === undefined) return;
  try {
    control.setSelectionRange(note.start, note.end);
  } catch (_) {
    // a control without a cursor
  }
}
