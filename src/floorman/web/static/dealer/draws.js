/**
 * draws.js — a draw game on the tablet (2-7 single and triple draw): the player whose turn it
 * is to draw throws some cards away, face down, and the dealer taps how many (none: he stands
 * pat). The cards stay unknown; the engine deals the replacements unseen and opens the next
 * betting round once everyone has drawn.
 */

import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

/** The draw buttons of the player to draw (`now.hand.draw_options`), else hidden; `onStep`
 * records `{seat, draw}`. */
export function drawDraws(box, now, onStep) {
  const options = now && now.hand.phase === 'draw' ? now.hand.draw_options : null;
  if (!options || now.pending.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const seat = options.actor;
  const buttons = [];
  for (let count = 0; count <= options.max_discard; count += 1) {
    buttons.push(el('button', { type: 'button', class: 'big', 'data-act': 'draw', 'data-count': count,
      onclick: () => onStep({ seat, draw: count }) }, count ? t('dealer.draw-count', { count }) : t('dealer.stand-pat')));
  }
  box.replaceChildren(
    el('div', { class: 'to-draw' }, t('dealer.draw-turn', { seat: seat + 1, number: options.draw, of: options.draws }), ' ',
      raw(now.seats[seat] ? now.seats[seat].name : '')),
    el('div', { class: 'draw-buttons' }, ...buttons));
}

/** How many cards each seat drew in the draw in progress or the last one: `{seat: count}`. */
export function lastDraws(now) {
  const drawn = {};
  for (const [seat, count] of now.draws || []) drawn[seat] = count;
  return drawn;
}
