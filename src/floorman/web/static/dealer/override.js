/**
 * override.js — the tablet's "director's call": this hand's rulings so far with their rules
 * (and the director's overrides, with his reasons), and the rulings he may still override.
 *
 * A dealer calls the director (`POST .../rulings/call`): the call waits on the director's
 * console, in its Rulings tab, where he overrides. A director or floor holding the tablet (his
 * own token, `&table=<n>`) overrides here, at the table: the hand the tablet holds goes with
 * the override (`POST .../rulings/override`), which the service checks on it and puts on the
 * record; the tablet then asks for its hand again, and the override stands in it wherever
 * the tablet is asked from.
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';
import { calledLine, lapsedList, overrideForm, rulingsList } from '/static/common/overrides.js';

const STAFF = new Set(['director', 'floor']);

/** Call the director to the table, saying why. */
export function callDirector(api, hand, reason) {
  return api.post(`${hand.base}/rulings/call`, { reason });
}

/** The director's override, with the hand the tablet holds; then the hand again. */
export async function overrideRuling(api, hand, body) {
  await api.post(`${hand.base}/rulings/override`, { ...body, setup: hand.setup, steps: hand.steps });
  return hand.replay();
}

/** Ask for the hand again after a change of the tournament: the director may have overridden
 * a ruling from his console. The answer is taken only if the dealer recorded nothing
 * meanwhile and the rulings changed (a tap's own answer is never overwritten). */
export async function refreshRulings(api, hand) {
  const steps = hand.steps.length;
  const answer = await api.post(`${hand.base}/tablet/hand`, { setup: hand.setup, steps: hand.steps });
  const rulings = (now) => JSON.stringify([now.rulings, now.overridable, now.called]);
  if (hand.active && hand.now && hand.steps.length === steps && rulings(answer) !== rulings(hand.now)) hand.now = answer;
}

/** Draw the panel in `box` for the hand `now` (null between hands). */
export function drawHandRulings(box, now, { role, onCall, onOverride }) {
  if (!now) {
    box.hidden = true;
    box.replaceChildren();
    box.dataset.drawn = '';
    return;
  }
  // drawn again only when it changed: a feed update must not wipe a reason being typed
  const drawn = JSON.stringify([role, now.rulings, now.overridable, now.lapsed, now.called]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  const open = box.querySelector('details') ? box.querySelector('details').open : false;
  const reason = el('input', { id: 'call-reason', 'data-i18n-placeholder': 'overrides.call-reason', placeholder: t('overrides.call-reason') });
  const parts = [el('summary', { 'data-i18n': 'overrides.title' }, t('overrides.title')), rulingsList(now.rulings || []),
    ...lapsedList(now.lapsed || [])];
  const called = calledLine(now.called);
  if (called) parts.push(called);
  if (STAFF.has(role)) {
    parts.push(...(now.overridable || []).map((target) => overrideForm(target, onOverride)));
  } else {
    parts.push(el('div', { class: 'assist-line' }, reason, el('button', {
      type: 'button', class: 'primary', 'data-act': 'call-director', onclick: () => onCall(reason.value),
    }, t('overrides.call'))));
  }
  box.hidden = false;
  box.replaceChildren(el('details', { open: open || Boolean(called) }, ...parts));
}
