/**
 * tabs.js — the console's sections, one shown at a time: a row of tabs and their panels.
 *
 * `tabs(names)` returns `{nav, panels, show(name), panel(name)}`; each tab's label is the
 * catalogue's `director.tab.<name>`. The tab shown is kept in the URL's hash, so a reload
 * comes back to it.
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

export function tabs(names) {
  const buttons = {};
  const panels = {};
  const nav = el('nav', { class: 'tabs', role: 'tablist' });
  const holder = el('div', { class: 'tab-panels' });
  for (const name of names) {
    const key = `director.tab.${name}`;
    buttons[name] = el('button', {
      type: 'button', role: 'tab', 'data-tab': name, 'data-i18n': key, onclick: () => show(name),
    }, t(key));
    panels[name] = el('section', { class: 'tab-panel', role: 'tabpanel', 'data-panel': name, hidden: true });
    nav.append(buttons[name]);
    holder.append(panels[name]);
  }

  function show(name) {
    for (const other of names) {
      panels[other].hidden = other !== name;
      buttons[other].setAttribute('aria-selected', String(other === name));
    }
    window.history.replaceState(null, '', `#${name}`);
  }

  const wanted = window.location.hash.slice(1);
  show(names.includes(wanted) ? wanted : names[0]);
  return { nav, panels: holder, show, panel: (name) => panels[name] };
}
