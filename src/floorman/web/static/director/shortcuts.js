/**
 * shortcuts.js — the keys for what the director does most, away from any text field:
 * P pauses or resumes the clock, B opens a bust-out, U (or Ctrl+Z, Cmd+Z) undoes the last
 * command, and 1 to 8 show the tabs. A line under the console lists them.
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { openBust } from '/static/director/bust.js';
import { togglePause, undoLast } from '/static/director/topbar.js';

const TABS = ['players', 'tables', 'clock', 'deal', 'day', 'results', 'event', 'commands'];

export function installShortcuts(desk, sections) {
  document.addEventListener('keydown', (event) => {
    if (typing(event.target) || document.querySelector('dialog[open]') || event.altKey) return;
    const key = event.key.toLowerCase();
    const undo = key === 'u' || ((event.ctrlKey || event.metaKey) && key === 'z');
    if (event.ctrlKey || event.metaKey) {
      if (!undo) return;
    }
    if (undo) undoLast(desk);
    else if (key === 'p') togglePause(desk);
    else if (key === 'b') openBust(desk);
    else if (/^[1-8]$/.test(key)) sections.show(TABS[Number(key) - 1]);
    else return;
    event.preventDefault();
  });
  document.getElementById('director').append(
    el('footer', { class: 'shortcuts', 'data-i18n': 'director.shortcuts' }, t('director.shortcuts')));
}

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
