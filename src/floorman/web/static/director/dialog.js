/**
 * dialog.js — the console's dialogs (a bust-out, a penalty, a confirmation), drawn in the
 * page rather than by the browser, so their buttons speak the page's language and the
 * keyboard stays with the console.
 *
 * `openDialog({title, body, actions})` shows a modal `<dialog>`; each action is `{key,
 * kind, run}`, and the dialog closes when `run` returns anything but `false`.
 * `confirmed(text)` resolves true on the confirming button, false on cancel or Escape.
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

export function openDialog({ title, body, actions, name = '' }) {
  const dialog = el('dialog', { class: 'console-dialog', 'data-dialog': name });
  const close = () => { dialog.close(); dialog.remove(); };
  const buttons = actions.map(({ key, kind = '', run }) => el('button', {
    type: 'button',
    class: kind,
    'data-i18n': key,
    'data-action': key,
    onclick: async () => {
      if ((await run()) !== false) close();
    },
  }, t(key)));
  const cancel = el('button', { type: 'button', 'data-i18n': 'director.cancel', onclick: close }, t('director.cancel'));
  dialog.append(el('h2', {}, title), body, el('div', { class: 'dialog-actions' }, ...buttons, cancel));
  dialog.addEventListener('cancel', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, close };
}

export function confirmed(text) {
  return new Promise((resolve) => {
    const { dialog } = openDialog({
      title: text,
      name: 'confirm',
      body: el('div'),
      actions: [{ key: 'director.confirm', kind: 'primary', run: () => resolve(true) }],
    });
    dialog.addEventListener('close', () => resolve(false));
  });
}
