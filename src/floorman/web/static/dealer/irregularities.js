/**
 * irregularities.js — the dealer's menu of what went wrong at the table, each answered with
 * the ruling and the rule it applies, in the tablet's language:
 *
 * - Chips pushed: what the player to act said and the chips he pushed, motion by motion, read
 *   by the dealer assist (TDA R40-R61: words or chips first, the oversized chip, the 50%
 *   standard, string bets, undercalls...). Its action can be applied as the player's; a
 *   reading the rulebook leaves to the director (or to the player) is a director's call,
 *   shown with the readings to choose from.
 * - Misdeal: the tournament's `misdeal` for this table, when the registry offers it: the hand
 *   is dealt again with the same button and level (R35).
 * - Exposed card, action out of turn: these rulings come with the live-table module; until
 *   the service offers them they are shown, disabled, with a note.
 */

import { el, raw } from '/static/common/dom.js';
import { currentLanguage, formatNumber, rulingText, t } from '/static/common/i18n.js';

const LATER = ['exposed-card', 'out-of-turn'];

export function drawMenu(menu, { chips, canMisdeal, onRead, onApply, onMisdeal }) {
  const state = { motions: [[]] };
  const speech = el('input', { id: 'assist-speech', 'data-i18n-placeholder': 'dealer.said', placeholder: t('dealer.said') });
  const timing = el('select', { id: 'assist-timing' }, ...['before', 'with', 'after'].map((w) => el('option', { value: w }, t(`dealer.timing.${w}`))));
  const clear = el('input', { type: 'checkbox', checked: true, id: 'assist-clear' });
  const gathered = el('input', { type: 'checkbox', id: 'assist-gathered' });
  const pushed = el('div', { class: 'pushed', id: 'assist-pushed' });
  const answer = el('div', { class: 'assist-answer', id: 'assist-answer' });
  const drawPushed = () => pushed.replaceChildren(...state.motions.map((motion, i) => el('div', {},
    t('dealer.motion', { number: i + 1 }), ' ', raw(motion.map(([d, c]) => `${c}×${formatNumber(d)}`).join(' + ') || '—'))));
  const add = (denomination) => {
    const motion = state.motions[state.motions.length - 1];
    const found = motion.find(([d]) => d === denomination);
    if (found) found[1] += 1;
    else motion.push([denomination, 1]);
    drawPushed();
  };
  const read = async () => {
    const body = {
      speech: speech.value, lang: currentLanguage(), timing: timing.value, clear: clear.checked,
      gathered_all: gathered.checked, motions: state.motions.filter((m) => m.length),
    };
    const result = await onRead(body);
    if (result) drawReading(answer, result, onApply);
  };
  const reset = () => { state.motions = [[]]; speech.value = ''; answer.replaceChildren(); drawPushed(); };
  menu.replaceChildren(
    el('section', { class: 'assist', 'data-item': 'chips-pushed' },
      el('h4', {}, t('dealer.chips-pushed')), speech,
      el('div', { class: 'chip-keys' }, ...chips.map((d) => el('button', { type: 'button', 'data-chip': d, onclick: () => add(d) }, raw(formatNumber(d))))),
      pushed,
      el('div', { class: 'assist-line' },
        el('button', { type: 'button', 'data-act': 'new-motion', onclick: () => { state.motions.push([]); drawPushed(); } }, t('dealer.new-motion')),
        el('label', {}, clear, t('dealer.clearly')), el('label', {}, gathered, t('dealer.gathered-all')), timing),
      el('div', { class: 'assist-line' },
        el('button', { type: 'button', class: 'primary', 'data-act': 'read', onclick: read }, t('dealer.rule')),
        el('button', { type: 'button', 'data-act': 'reset', onclick: reset }, t('dealer.reset'))),
      answer),
    el('section', { 'data-item': 'misdeal' },
      el('button', { type: 'button', 'data-act': 'misdeal', disabled: !canMisdeal, onclick: onMisdeal }, t('dealer.misdeal')),
      canMisdeal ? '' : el('p', { class: 'muted' }, t('dealer.not-yet'))),
    ...LATER.map((item) => el('section', { 'data-item': item },
      el('button', { type: 'button', disabled: true }, t(`dealer.${item}`)),
      el('p', { class: 'muted' }, t('dealer.not-yet')))));
  drawPushed();
  return reset;
}

/** The assist's answer: the action, the chips to give back or add, every ruling with its
 * rule; a director's call lists the readings to choose from. */
function drawReading(box, result, onApply) {
  const ruling = result.ruling;
  const lines = [el('div', { class: 'assist-action' }, actionText(ruling)),
    ...ruling.rulings.map((r) => el('div', { class: 'ruling' }, rulingText(r)))];
  if (ruling.change) lines.push(el('div', {}, t('dealer.change', { amount: formatNumber(ruling.change) })));
  if (ruling.add) lines.push(el('div', {}, t('dealer.add', { amount: formatNumber(ruling.add) })));
  if (ruling.forfeit) lines.push(el('div', {}, t('dealer.forfeit', { amount: formatNumber(ruling.forfeit) })));
  if (result.director_call) lines.push(el('div', { class: 'director-call', role: 'alert' }, t('dealer.director-call')));
  else if (ruling.decided_by === 'player') lines.push(el('div', { class: 'director-call' }, t('dealer.player-choice')));
  const options = ruling.choices.length ? ruling.choices : [ruling];
  lines.push(el('div', { class: 'assist-line' }, ...options.filter((o) => o.action).map((o) => el('button', {
    type: 'button', class: 'primary', 'data-apply': o.key || o.action, onclick: () => onApply(o),
  }, t('dealer.apply'), ' ', el('span', {}, actionText(o))))));
  box.replaceChildren(...lines);
}

function actionText(reading) {
  if (!reading.action) return t('dealer.no-action');
  if (reading.action === 'raise') return t('dealer.raise-to', { amount: formatNumber(reading.to) });
  return t(`dealer.action.${reading.action}`);
}
