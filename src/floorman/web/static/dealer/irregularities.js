/**
 * irregularities.js — the dealer's menu of what went wrong at the table, each answered with
 * the ruling and the rule it applies, in the tablet's language:
 *
 * - Chips pushed: what the player to act said and the chips he pushed, motion by motion, read
 *   by the dealer assist (TDA R40-R61: words or chips first, the oversized chip, the 50%
 *   standard, string bets, undercalls...). Its action can be applied as the player's; a
 *   reading the rulebook leaves to the director (or to the player) is a director's call,
 *   shown with the readings to choose from.
 * - Exposed card: whose, by the dealer or by the player, on purpose or not (R35-A, R68).
 * - Out of turn: a player acts before his turn; the action is held until his turn (R53).
 * - Misdeal: the dealing error; before the profile's cut-off (R36) the hand is void and dealt
 *   again, after it the hand plays on.
 *
 * The last three are steps of the live hand (`floorman.live`): the service answers each with
 * its ruling, and a point the rulebook leaves to the director waits for his decision.
 */

import { el, raw } from '/static/common/dom.js';
import { currentLanguage, formatNumber, rulingText, t } from '/static/common/i18n.js';

const REASONS = ['wrong-first-seat', 'empty-seat-dealt', 'player-skipped', 'out-of-order',
  'hands-mixed', 'button-misplaced', 'not-shuffled', 'exposed-on-cut'];

/** The chips-pushed form (built once: it keeps the motions typed so far). */
export function drawChipsForm(box, { chips, onRead, onApply }) {
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
    const result = await onRead({
      speech: speech.value, lang: currentLanguage(), timing: timing.value, clear: clear.checked,
      gathered_all: gathered.checked, motions: state.motions.filter((m) => m.length),
    });
    if (result) drawReading(answer, result, onApply);
  };
  const reset = () => { state.motions = [[]]; speech.value = ''; answer.replaceChildren(); drawPushed(); };
  box.replaceChildren(
    el('h4', {}, t('dealer.chips-pushed')), speech,
    el('div', { class: 'chip-keys' }, ...chips.map((d) => el('button', { type: 'button', 'data-chip': d, onclick: () => add(d) }, raw(formatNumber(d))))),
    pushed,
    el('div', { class: 'assist-line' },
      el('button', { type: 'button', 'data-act': 'new-motion', onclick: () => { state.motions.push([]); drawPushed(); } }, t('dealer.new-motion')),
      el('label', {}, clear, t('dealer.clearly')), el('label', {}, gathered, t('dealer.gathered-all')), timing),
    el('div', { class: 'assist-line' },
      el('button', { type: 'button', class: 'primary', 'data-act': 'read', onclick: read }, t('dealer.rule')),
      el('button', { type: 'button', 'data-act': 'reset', onclick: reset }, t('dealer.reset'))),
    answer);
  drawPushed();
  return reset;
}

/** The reports of the hand in progress: exposed card, out of turn, misdeal. */
export function drawReports(box, now, { onStep }) {
  if (!now || now.over) {
    box.replaceChildren();
    return;
  }
  const seats = now.hand.seats.filter((s) => s.in_hand && !s.folded).map((s) => s.seat);
  const picked = { exposed: null, early: null };
  const seatButtons = (which) => el('div', { class: 'winners', 'data-for': which }, ...seats.filter((seat) => which !== 'early' || seat !== now.hand.actor).map((seat) => {
    const button = el('button', { type: 'button', 'data-seat': seat + 1 },
      raw(seat + 1, { class: 'seat-no' }), ' ', raw(now.seats[seat] ? now.seats[seat].name : ''));
    button.addEventListener('click', () => {
      picked[which] = seat;
      for (const other of button.parentElement.children) other.classList.toggle('picked', other === button);
    });
    return button;
  }));
  const byDealer = el('input', { type: 'checkbox', id: 'exposed-by-dealer' });
  const deliberate = el('input', { type: 'checkbox', id: 'exposed-deliberate' });
  // shown to one player (§31.5a/b): to one out of the hand, the cards wait for the end of it
  const shownTo = el('select', { id: 'exposed-shown-to' }, el('option', { value: '' }, t('dealer.shown-to-table')),
    ...now.seats.map((s, seat) => (s ? el('option', { value: seat }, `${seat + 1} ${s.name}`) : null)).filter(Boolean));
  const reason = el('select', { id: 'misdeal-reason' }, ...REASONS.map((r) => el('option', { value: r }, t(`dealer.reason.${r}`))));
  const early = (action) => el('button', { type: 'button', 'data-early': action,
    onclick: () => picked.early !== null && onStep({ seat: picked.early, action }) }, t(`dealer.action.${action}`));
  box.replaceChildren(
    el('section', { 'data-item': 'exposed-card' }, el('h4', {}, t('dealer.exposed-card')), seatButtons('exposed'),
      el('div', { class: 'assist-line' }, el('label', {}, byDealer, t('dealer.by-dealer')), el('label', {}, deliberate, t('dealer.deliberate')),
        el('label', {}, t('dealer.shown-to'), ' ', shownTo),
        el('button', { type: 'button', class: 'primary', 'data-act': 'report-exposed',
          onclick: () => picked.exposed !== null && onStep({ report: 'exposed-card', seat: picked.exposed, by_dealer: byDealer.checked, deliberate: deliberate.checked,
            ...(shownTo.value === '' ? {} : { shown_to: Number(shownTo.value) }) }) },
        t('dealer.report')))),
    el('section', { 'data-item': 'out-of-turn' }, el('h4', {}, t('dealer.out-of-turn')), seatButtons('early'),
      el('div', { class: 'assist-line' }, ...['fold', 'check', 'call'].map(early))),
    el('section', { 'data-item': 'misdeal' }, el('h4', {}, t('dealer.misdeal')),
      el('div', { class: 'assist-line' }, reason, el('button', { type: 'button', class: 'primary', 'data-act': 'report-misdeal',
        onclick: () => onStep({ report: 'misdeal', reason: reason.value }) }, t('dealer.report')))));
}

/** The last step's ruling, and the points waiting for the director with his options. */
export function drawRulings(box, now, { onStep, onRedeal }) {
  const parts = [];
  if (now && now.ruling) parts.push(el('div', { class: 'ruling', id: 'step-ruling' }, rulingText(now.ruling)));
  for (const pending of (now && now.pending) || []) {
    parts.push(el('div', { class: 'director-call', role: 'alert', 'data-pending': pending.id },
      el('div', {}, t('dealer.director-decides')), raw(pending.rules.join(', '), { class: 'muted' }),
      el('div', { class: 'assist-line' }, ...pending.options.map((option) => el('button', {
        type: 'button', 'data-option': option, onclick: () => onStep({ ruling: pending.id, option }),
      }, t(`dealer.outcome.${option}`))))));
  }
  if (now && now.voided) {
    parts.push(el('button', { type: 'button', class: 'primary big', 'data-act': 'redeal', onclick: onRedeal }, t('dealer.redeal')));
  }
  box.hidden = !parts.length;
  box.replaceChildren(...parts);
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
