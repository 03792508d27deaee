/**
 * actions.js — the big buttons of the player to act, drawn from his legal options as the
 * service gives them before each action (TDA R40-R55 as the engine applies them): fold;
 * check, or call with the amount; bet or raise between the minimum and the maximum, typed
 * on the keypad; all-in with its amount, a raise that takes all his chips, or the call that does (one button,
 * "Call 18,800: all-in", never a call and an all-in for the same chips). What
 * the rules do not allow is not offered, and the line above the buttons says why (a short
 * all-in that does not reopen the betting, the cap...), citing the rule. In stud the seat of
 * the lowest door card brings in or completes (no fold); a limit bet or raise has one size,
 * so it is one button, without the keypad.
 */

import { el } from '/static/common/dom.js';
import { formatNumber, rulingText, t } from '/static/common/i18n.js';
import { openKeypad } from '/static/dealer/keypad.js';

/** The options line, one text each: "Call 200", "raise to 400–20,000". */
export function optionsText(now) {
  const options = now.hand.options;
  if (!options) return [];
  const parts = [];
  if (options.bring_in) parts.push(t('hand.bring-in', { amount: formatNumber(options.bring_in) }));
  if (options.check) parts.push(t('hand.check'));
  if (options.call) parts.push(t('hand.call', { amount: formatNumber(options.call) }));
  if (options.min_to !== null && options.min_to < options.max_to) {
    parts.push(t('dealer.raise-range', { min: formatNumber(options.min_to), max: formatNumber(options.max_to) }));
  } else if (options.min_to !== null) {
    parts.push(limitText(options));
  }
  return parts.map((part) => el('span', {}, part));
}

/** The buttons of decision `decision` (the hand's step and the seat to act): a keypad open
 * for the same decision stays open with its digits when the tablet is drawn again (a feed
 * update), and closes once the decision is another. */
export function drawButtons(box, pad, now, act, decision = '') {
  const options = now.hand.options;
  if (pad.dataset.decision !== decision) pad.hidden = true;
  if (!options) {
    box.replaceChildren();
    return;
  }
  const facing = options.call !== null;
  const callsAllIn = Boolean(facing && now.all_in && now.all_in.as === 'call');
  const raiseKey = facing ? 'hand.raise' : 'hand.bet';
  const buttons = [];
  if (options.fold) buttons.push(el('button', { type: 'button', class: 'big fold', 'data-act': 'fold', onclick: () => act('fold') }, t('hand.fold')));
  if (options.check) buttons.push(el('button', { type: 'button', class: 'big', 'data-act': 'check', onclick: () => act('check') }, t('hand.check')));
  else if (facing) {
    // a call that takes all his chips is his all-in: one button, not a call and an all-in
    const key = callsAllIn ? 'dealer.call-all-in' : 'hand.call';
    buttons.push(el('button', { type: 'button', class: callsAllIn ? 'big all-in' : 'big', 'data-act': 'call', onclick: () => act('call') },
      t(key, { amount: formatNumber(options.call) })));
  }
  if (options.bring_in) {
    buttons.push(el('button', { type: 'button', class: 'big', 'data-act': 'bring-in', onclick: () => act('bring-in') },
      t('hand.bring-in', { amount: formatNumber(options.bring_in) })));
  }
  if (options.min_to !== null && options.min_to < options.max_to) {
    buttons.push(el('button', {
      type: 'button', class: 'big', 'data-act': 'raise',
      onclick: () => openKeypad(pad, { min: options.min_to, max: options.max_to, label: t(raiseKey), decision, onAmount: (to) => act('raise', to) }),
    }, t(raiseKey)));
  } else if (options.min_to !== null && !(now.all_in && now.all_in.to === options.min_to)) {
    // a limit bet has one size: no keypad (the bring-in's seat completes to the small bet)
    buttons.push(el('button', { type: 'button', class: 'big', 'data-act': 'raise', onclick: () => act('raise', options.min_to) }, limitText(options)));
  }
  if (now.all_in && !callsAllIn) {
    buttons.push(el('button', { type: 'button', class: 'big all-in', 'data-act': 'all-in', onclick: () => act('all-in') },
      t('hand.all-in', { amount: formatNumber(now.all_in.to) })));
  }
  box.replaceChildren(...buttons);
}

/** A limit bet's one size: a bet, a raise, or the bring-in's seat completing. */
function limitText(options) {
  const key = options.bring_in ? 'dealer.complete-to' : options.call === null ? 'dealer.bet-to' : 'dealer.raise-to';
  return t(key, { amount: formatNumber(options.min_to) });
}

/** Why the player to act may not raise (the engine's ruling, with its rule), or ''. */
export function noRaiseText(now) {
  const options = now.hand.options;
  return options && options.no_raise ? rulingText(options.no_raise) : '';
}
