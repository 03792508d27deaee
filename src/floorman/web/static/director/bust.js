/**
 * bust.js — a bust-out from the console: who is out, and who knocked him out.
 *
 * The player is found by name, player id or entry (typing narrows the list; Enter takes the
 * first); the players at his table are offered as the ones who knocked him out (several
 * for a split pot). The command is the registry's `bust`; the tournament places him, pays
 * any bounty and balances or breaks tables as after a recorded hand. A mistaken bust-out is
 * undone with Undo (the U key).
 */

import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { openDialog } from '/static/director/dialog.js';
import { matches } from '/static/director/search.js';

export function openBust(desk, entry = null) {
  if (!desk.has('bust') || !desk.view) return null;
  const alive = desk.view.entries.filter((e) => e.place === null && e.table !== null);
  const chosen = { entry: entry || null, by: new Set() };
  const search = el('input', {
    type: 'search', class: 'bust-search', 'data-i18n-placeholder': 'director.search', placeholder: t('director.search'),
  });
  const list = el('div', { class: 'bust-list', role: 'listbox' });
  const by = el('fieldset', { class: 'bust-by' });
  const body = el('div', { class: 'bust' }, search, list, by);

  const drawList = () => {
    const found = alive.filter((e) => matches(e, search.value)).slice(0, 12);
    list.replaceChildren(...found.map((e) => el('button', {
      type: 'button',
      class: e.entry === chosen.entry ? 'picked' : '',
      'data-entry': e.entry,
      onclick: () => pick(e.entry),
    }, raw(e.name), ' ', raw(`T${e.table} S${e.seat + 1} · ${formatNumber(e.stack)}`, { class: 'muted' }))));
  };
  const pick = (picked) => {
    chosen.entry = picked;
    chosen.by.clear();
    drawList();
    drawBy();
  };
  const drawBy = () => {
    const out = alive.find((e) => e.entry === chosen.entry);
    const mates = out ? alive.filter((e) => e.table === out.table && e.entry !== out.entry) : [];
    by.replaceChildren(el('legend', { 'data-i18n': 'director.knocked-out-by' }, t('director.knocked-out-by')),
      ...mates.map((e) => el('label', {}, el('input', {
        type: 'checkbox', 'data-by': e.entry, onchange: (event) => toggle(chosen.by, e.entry, event.target.checked),
      }), raw(e.name))));
  };
  search.addEventListener('input', drawList);
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const first = alive.find((e) => matches(e, search.value));
    if (first) pick(first.entry);
  });
  drawList();
  drawBy();
  const { dialog } = openDialog({
    title: t('director.bust-out'),
    name: 'bust',
    body,
    actions: [{ key: 'director.bust-confirm', kind: 'primary', run: () => send(desk, chosen) }],
  });
  search.focus();
  return dialog;
}

function toggle(set, value, on) {
  if (on) set.add(value);
  else set.delete(value);
}

async function send(desk, chosen) {
  if (!chosen.entry) return false;
  const fields = { entry: chosen.entry };
  if ('by' in desk.fields('bust')) fields.by = [...chosen.by];
  return (await desk.send('bust', fields)) !== null;
}
