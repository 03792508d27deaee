/**
 * actionclock.js — the action clock at the tablet (TDA R29, Poland §5, PokerStars Live 3.11,
 * Belarus 7.1.7 note): "Clock" puts the player to act on the clock; the countdown runs on the
 * tablet, and at its end the expiry is recorded (a fold, or a check where the rulebook allows
 * one). Both are steps of the hand with the tablet's moment, replayed by the service through
 * `floorman.live.action_clock`, which also judges an action taken while the clock runs.
 */

import { el, raw } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

let timer = null;

/** The "Clock" button, when a player is to act and no clock runs. */
export function clockButton(now, onCall) {
  if (!now || now.clock || !now.hand.options || now.pending.length) return null;
  return el('button', { type: 'button', 'data-act': 'clock', onclick: onCall }, t('dealer.clock'));
}

/** Show the running clock and count it down; `onExpire(deadline)` once it reaches zero. */
export function drawActionClock(box, now, onExpire) {
  if (timer !== null) clearInterval(timer);
  timer = null;
  const clock = now && now.clock;
  box.hidden = !clock;
  if (!clock) {
    box.replaceChildren();
    return;
  }
  const left = raw('', { class: 'clock-left', id: 'clock-left' });
  box.replaceChildren(el('span', {}, t('dealer.on-the-clock', { seat: clock.seat + 1 })), ' ', left, ' ', raw(clock.rule, { class: 'muted' }));
  let fired = false;
  const tick = () => {
    const remaining = Math.max(0, clock.deadline - Date.now() / 1000);
    left.textContent = String(Math.ceil(remaining));
    box.dataset.countdown = remaining <= clock.countdown ? 'on' : '';
    if (remaining <= 0 && !fired) {
      fired = true;
      clearInterval(timer);
      timer = null;
      onExpire(clock.deadline);
    }
  };
  tick();
  if (!fired) timer = setInterval(tick, 250);
}
