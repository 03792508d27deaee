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
