/**
 * shell.js — what every page does first: its language, its header (title, connection badge,
 * language switcher), its token and API client, and how it shows a refusal.
 *
 *     const page = await startPage({ scope: 'clock', titleKey: 'clock.title' });
 *     page.api.get(...); page.badge(feed.status); page.refusal(error);
 *
 * `notice(text, kind)` shows a message of the page's own (already translated).
 * `scope` names where the token is remembered (`pageToken`); `t` is the tournament id from
 * `?t=`. A refusal shows the ruling in the page's language with its rule, or the service's
 * message, or a catalogue text for a network failure.
 */

import { Api, ApiError, pageParams, pageToken } from './api.js';
import { el } from './dom.js';
import { initI18n, languageSwitcher, rulingText, t } from './i18n.js';

export async function startPage({ scope, titleKey }) {
  await initI18n();
  const params = pageParams();
  const token = pageToken(scope);
  const api = new Api({ token });
  const badge = el('span', { class: 'status-badge', 'data-status': 'connecting' });
  const title = el('span', { class: 'title', 'data-i18n': titleKey }, t(titleKey));
  const header = el('header', { class: 'app-header' }, title, badge, languageSwitcher());
  const notices = el('div', { class: 'notices', 'aria-live': 'polite' });
  document.body.prepend(header, notices);
  const setBadge = (status) => {
    badge.dataset.status = status;
    badge.textContent = t(`feed.${status}`);
  };
  setBadge('connecting');
  window.addEventListener('floorman:language', () => {
    setBadge(badge.dataset.status);
    notices.replaceChildren(); // a notice was written in the language just left
  });
  return {
    api,
    params,
    token,
    tournament: params.get('t'),
    header,
    title,
    badge: setBadge,
    refusal: (error) => showNotice(notices, refusalText(error)),
    notice: (text, kind = 'error') => showNotice(notices, text, kind),
    clearNotices: () => notices.replaceChildren(),
  };
}

/** The text a refusal is shown with, in the page's language. */
export function refusalText(error) {
  if (error instanceof ApiError) {
    if (error.ruling) return rulingText(error.ruling);
    if (error.kind === 'network') return t('error.network');
    if (error.status === 401 || error.status === 403) return t('error.token');
    if (error.kind === 'stale-version') return t('error.stale');
    if (error.status === 404) return t('error.not-found');
  }
  return t('error.refused', { message: error.message || String(error) });
}

function showNotice(container, text, kind = 'error') {
  const notice = el('div', { class: 'notice', role: 'alert', 'data-kind': kind }, text);
  container.replaceChildren(notice);
  return notice;
}
