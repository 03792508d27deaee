/**
 * overrides.js — a live hand's rulings and the director's override of one, as the console's
 * Rulings tab and the tablet's "director's call" both draw them (TDA R1, Belarus 7.3.1,
 * Poland §1.6).
 *
 * `rulingsList(rulings)` lists what was ruled, oldest first: the ruling in the page's language
 * with its rule, who decided and, for the director's word, his reason. `overrideForm(target,
 * onOverride)` offers what the director may put in place of one automatic ruling (the
 * service's `overridable`: its choices, and which of them play an action instead), with his
 * reason, which the record needs; `onOverride({target, choice, action, to, reason})` sends it.
 */

import { el, raw } from '/static/common/dom.js';
import { rulingText, t } from '/static/common/i18n.js';

/** Choices with words of their own; the alternatives of a ruling use the tablet's outcomes. */
const OWN = new Set(['in-time', 'more-time', 'release', 'bind', 'reading', 'shown-at-once', 'stands']);
const ACTIONS = ['fold', 'check', 'call', 'raise'];

export function choiceText(choice) {
  return OWN.has(choice) ? t(`overrides.choice.${choice}`) : t(`dealer.outcome.${choice}`);
}

function whoText(by) {
  return ['rules', 'director', 'floor', 'dealer'].includes(by) ? t(`overrides.who.${by}`) : by;
}

/** The rulings of a hand: each with its rule, who decided and why. */
export function rulingsList(rulings) {
  if (!rulings.length) return el('p', { class: 'muted' }, t('overrides.none'));
  return el('ol', { class: 'hand-rulings-list' }, ...rulings.map((r) => el('li', {
    'data-kind': r.kind, 'data-key': r.ruling.key,
  }, el('span', { class: 'ruling-text' }, rulingText(r.ruling)),
  r.name ? el('span', { class: 'muted' }, ' · ', raw(r.name)) : null,
  el('span', { class: 'muted' }, ' · ', whoText(r.decided_by)),
  r.reason ? el('span', { class: 'reason' }, ' · ', raw(r.reason)) : null)));
}

/** What the director may put in place of `target`, and his reason. */
export function overrideForm(target, onOverride) {
  const reason = el('input', { class: 'override-reason', 'data-i18n-placeholder': 'overrides.reason', placeholder: t('overrides.reason') });
  const action = el('select', { class: 'override-action' }, ...ACTIONS.map((a) => el('option', { value: a }, t(`overrides.action.${a}`))));
  const amount = el('input', { class: 'override-to', type: 'number', min: 1, 'aria-label': t('overrides.to') });
  const needsAction = target.with_action.length > 0;
  const send = (choice) => {
    const body = { target: target.at, choice, reason: reason.value };
    if (target.with_action.includes(choice)) {
      body.action = action.value;
      if (action.value === 'raise') body.to = Number(amount.value);
    }
    return onOverride(body);
  };
  return el('div', { class: 'override-form', 'data-target': target.at, 'data-subject': target.subject },
    el('div', { class: 'override-ruling' }, rulingText(target.ruling),
      target.name ? el('span', { class: 'muted' }, ' · ', raw(target.name)) : null),
    el('div', { class: 'assist-line' }, reason,
      needsAction ? el('label', {}, t('overrides.instead'), action, amount) : null),
    el('div', { class: 'assist-line' }, ...target.choices.map((choice) => el('button', {
      type: 'button', class: 'primary', 'data-choice': choice, onclick: () => send(choice),
    }, t('overrides.override'), ' · ', choiceText(choice)))));
}

/** Overrides the hand could no longer take (the dealer took back the steps they followed). */
export function lapsedList(lapsed) {
  return lapsed.map((item) => el('p', { class: 'director-call', 'data-lapsed': item.target },
    t('overrides.lapsed', { choice: choiceText(item.choice) }), ' ', raw(item.why)));
}

/** A dealer's call for the director, waiting. */
export function calledLine(called) {
  if (!called) return null;
  return el('p', { class: 'director-call', 'data-called': '' }, t('overrides.called'),
    called.reason ? el('span', {}, ' · ', raw(called.reason)) : null);
}
