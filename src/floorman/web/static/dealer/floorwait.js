/**
 * floorwait.js — hand-for-hand at the tablet: where the table waits for the floor.
 *
 * An all-in called with the betting over, dealt hand-for-hand (`setup.hand_for_hand`), is
 * held face down (TDA RP-8-F, PokerStars Live 3.13.1): the tablet tells the tournament
 * (`hold-all-in`), deals nothing more and keeps the award away until the floor's
 * `release-all-in` clears the hold. The tablet learns it from the service's answer (`held`),
 * asked again on every view of the table feed (the release is a change of the tournament)
 * and every few seconds while it waits.
 *
 * Street by street (`setup.street_by_street`, Poland §52.4) the tablet stops before each
 * street until the dealer taps that the floor called it: the floor calls every table's next
 * street aloud, together, once all of them finished the betting. (The held all-in's
 * release cannot serve: the tournament lets a table go only when every other table is held
 * or done, so a second table could not be let go after the first.)
 */

import { el } from '/static/common/dom.js';
import { t } from '/static/common/i18n.js';

const POLL_MS = 3000;
let poll = null;

/** What the table waits for now: `hold` (to tell the floor), `held`, `street`, or null. */
export function floorWait(hand) {
  const now = hand.now;
  if (!now || !hand.setup || now.voided) return null;
  const floor = hand.floor;
  if (hand.setup.hand_for_hand && now.run_out) {
    if (!floor.hold) return now.held ? 'held' : 'hold';
    if (floor.hold === 'sent' && now.held) return 'held';
    return null; // released, or the hold was refused: the award goes on
  }
  if (hand.setup.street_by_street && now.hand.phase === 'bet' && now.hand.street > floor.street) return 'street';
  return null;
}

/** Draw the wait in `box`, and keep asking the service while a hold lasts. */
export function drawFloorWait(box, hand, { onGo, onPoll }) {
  const wait = floorWait(hand);
  if (poll !== null && wait !== 'held') {
    clearInterval(poll);
    poll = null;
  }
  box.hidden = !wait || wait === 'hold';
  box.dataset.wait = wait || '';
  if (wait === 'held') {
    if (poll === null) poll = setInterval(onPoll, POLL_MS);
    box.replaceChildren(el('p', { class: 'wait-title' }, t('dealer.held')), el('p', { class: 'muted' }, t('dealer.held-help')));
  } else if (wait === 'street') {
    const street = hand.now.hand.street;
    box.replaceChildren(el('p', { class: 'wait-title' }, t('dealer.street-wait')),
      el('button', { type: 'button', class: 'primary big', 'data-act': 'floor-go', onclick: () => onGo(street) }, t('dealer.floor-go')));
  } else box.replaceChildren();
  return wait;
}
