/**
 * webhooks.js — the event's outbound webhooks, in the Results tab: the director adds a URL
 * with the moments it should hear of, sees the hook's secret once (to give the receiver),
 * and follows each hook's deliveries: how many failed and the last error, refreshed every
 * few seconds, so a receiver that is down is seen rather than missed. A hook can be removed.
 */

import { enc } from '/static/common/api.js';
import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

const KINDS = ['event.started', 'level.changed', 'final_table.formed', 'player.eliminated',
  'event.finished', 'results.published'];
const REFRESH_MS = 3000;

/** The Webhooks block for `desk`'s event. */
export function webhooksBlock(desk) {
  const path = `/tournaments/${enc(desk.id)}/webhooks`;
  const url = el('input', { type: 'url', id: 'webhook-url', maxlength: 2000, placeholder: 'https://', 'data-raw': '' });
  const boxes = KINDS.map((kind) => el('input', { type: 'checkbox', value: kind, 'data-kind': kind }));
  const secret = el('p', { id: 'webhook-secret', class: 'muted', hidden: true });
  const list = el('ul', { id: 'webhook-list' });
  const add = el('button', { type: 'button', id: 'webhook-add', 'data-i18n': 'director.webhooks.add' }, t('director.webhooks.add'));
  const block = el('section', { class: 'webhooks', id: 'webhooks' },
    el('h3', { 'data-i18n': 'director.webhooks.title' }, t('director.webhooks.title')),
    el('label', {}, el('span', { 'data-i18n': 'director.webhooks.url' }, t('director.webhooks.url')), ' ', url),
    el('p', { class: 'webhook-kinds' }, ...boxes.flatMap((box) => [el('label', { 'data-raw': '' }, box, ' ', box.value), ' '])),
    add, secret, list);

  const refresh = async () => {
    if (!block.isConnected) return;
    try {
      const answer = await desk.page.api.get(path);
      list.replaceChildren(...answer.hooks.map((hook) => hookLine(desk, path, hook, refresh)));
    } catch (error) {
      desk.page.refusal(error);
    }
  };
  add.addEventListener('click', async () => {
    const events = boxes.filter((box) => box.checked).map((box) => box.value);
    try {
      const made = await desk.page.api.post(path, { url: url.value.trim(), events });
      secret.textContent = t('director.webhooks.secret', { secret: made.secret });
      secret.hidden = false;
      url.value = '';
      await refresh();
    } catch (error) {
      desk.page.refusal(error);
    }
  });
  setInterval(refresh, REFRESH_MS);
  setTimeout(refresh, 0);
  return block;
}

function hookLine(desk, path, hook, refresh) {
  const last = hook.deliveries.find((d) => d.status === 'failed');
  const remove = el('button', { type: 'button', class: 'webhook-remove', 'data-i18n': 'director.webhooks.remove' }, t('director.webhooks.remove'));
  remove.addEventListener('click', async () => {
    try {
      await desk.page.api.request('DELETE', `${path}/${enc(hook.id)}`);
      await refresh();
    } catch (error) {
      desk.page.refusal(error);
    }
  });
  return el('li', { 'data-hook': hook.id, 'data-failures': hook.failures },
    el('span', { class: 'webhook-url', 'data-raw': '' }, hook.url), ' ',
    el('span', { class: 'webhook-events', 'data-raw': '' }, hook.events.join(', ')), ' ',
    el('span', { class: 'webhook-status' }, t('director.webhooks.status', {
      sent: hook.deliveries.filter((d) => d.status === 'delivered').length, failed: hook.failures,
    })), ' ',
    el('span', { class: 'webhook-error', 'data-raw': '' }, last ? last.error : ''), ' ', remove);
}
