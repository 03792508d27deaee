/**
 * felt.js — the table as the dealer looks at it: the seats around the felt clockwise from
 * his left, each with its player, stack and the chips bet in front of him, the button and
 * the blinds, who is to act, who folded and who is all-in; the pots in the middle.
 *
 * `drawSeats(felt, seats)` takes one entry per seat: `{name, stack, bet, folded, allIn,
 * actor, marks, cards, drew}` (`null` for an empty seat): in stud `cards` are the seat's cards
 * as the table sees them (up-cards, the down-cards' backs); in a draw game `drew` is how many
 * cards he drew last.
 */

import { cards } from '/static/common/cards.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';

export function drawSeats(felt, seats) {
  for (const old of felt.querySelectorAll('.felt-side')) old.remove();
  const boxes = seats.map((seat, index) => seatBox(seat, index));
  const rows = feltSides(seats.length);
  for (const [side, indexes] of Object.entries(rows)) {
    felt.append(el('div', { class: `felt-side felt-${side}` }, ...indexes.map((index) => boxes[index])));
  }
}

/**
 * Which seats sit on which side of the felt, each side's seats in the order drawn (left to
 * right, top to bottom). The dealer stands at the top between the last seat and the first;
 * the seats run clockwise from his left: the top's right part, the right side downwards, the
 * bottom leftwards, the left side upwards, the top's left part. Each side is a grid area of
 * the felt (dealer.css), so a box never lies over another, whatever the length of a name or
 * the size of the screen; the long sides take the most seats, as on an oval table.
 */
function feltSides(count) {
  const side = Math.floor(count / 4);
  const top = Math.floor((count - 2 * side) / 2);
  const bottom = count - 2 * side - top;
  const topRight = Math.floor(top / 2);
  const run = (from, length) => Array.from({ length }, (_, k) => from + k);
  const right = run(topRight, side);
  const lower = run(topRight + side, bottom);
  const left = run(topRight + side + bottom, side);
  const topLeft = run(topRight + 2 * side + bottom, top - topRight);
  return {
    top: [...topLeft, ...run(0, topRight)],
    left: left.reverse(),
    right,
    bottom: lower.reverse(),
  };
}

/** The most characters of a name a seat box shows: two given names and a double surname
 * ("Maximilian-Alexander Wiśniewski-Kowalczyk", 41) fit whole, on at most four lines. */
const NAME_SHOWN = 48;

/** A name as its seat box shows it: whole up to `NAME_SHOWN` characters, else its start and
 * "…" (the box's title and the to-act line give it whole). The desk takes names of up to 100
 * characters; nine of those in full would make the felt taller than a tablet's screen. */
function shownName(name) {
  const chars = [...name]; // by code point: a letter is never split
  if (chars.length <= NAME_SHOWN) return name;
  return `${chars.slice(0, NAME_SHOWN - 1).join('').trimEnd()}…`;
}

function seatBox(seat, index) {
  const number = raw(index + 1, { class: 'seat-no' });
  if (!seat) return el('div', { class: 'seat empty', 'data-seat': index + 1 }, number);
  const state = seat.actor ? 'actor' : seat.folded ? 'folded' : seat.allIn ? 'all-in' : 'in';
  return el('div', { class: 'seat', 'data-seat': index + 1, 'data-state': state },
    el('div', { class: 'seat-head' }, number, el('span', { class: 'marks' }, ...seat.marks.map((mark) => el('span', {}, mark)))),
    raw(shownName(seat.name), { class: 'name', title: seat.name }),
    raw(formatNumber(seat.stack), { class: 'stack' }),
    seat.allIn ? el('span', { class: 'badge' }, t('hand.all-in-badge')) : '',
    seat.folded ? el('span', { class: 'badge' }, t('hand.folded')) : '',
    seat.cards && seat.cards.length ? cards(seat.cards) : '',
    seat.drew !== undefined ? el('span', { class: 'badge drew' }, seat.drew ? t('dealer.drew', { count: seat.drew }) : t('dealer.stood-pat')) : '',
    seat.bet ? raw(formatNumber(seat.bet), { class: 'bet' }) : '');
}

/** The marks of a seat: button, small blind, big blind. */
export function marksOf(positions, index) {
  const marks = [];
  if (positions.button === index) marks.push(t('director.button-mark'));
  if (positions.small_blind === index) marks.push(t('director.small-blind-mark'));
  if (positions.big_blind === index) marks.push(t('director.big-blind-mark'));
  return marks;
}

/** The seats of the service's hand answer. */
export function handSeats(now) {
  const drew = {};
  for (const [seat, count] of now.draws || []) drew[seat] = count; // the latest draw counts
  return now.hand.seats.map((seat, index) => {
    const who = now.seats[index];
    if (!who || !seat.in_hand) return who ? { name: who.name, stack: seat.stack, bet: 0, folded: true, allIn: false, actor: false, marks: marksOf(now.positions, index) } : null;
    return {
      name: who.name,
      stack: seat.stack,
      bet: seat.bet,
      folded: seat.folded || seat.mucked,
      allIn: seat.all_in,
      actor: seat.is_actor && now.hand.options !== null, // not the first to show at the award
      marks: now.stud ? marksOf({ button: now.positions.button }, index) : marksOf(now.positions, index),
      cards: now.stud ? seat.cards : null,
      drew: drew[index],
    };
  });
}

/** The seats of the table view, between hands. */
export function tableSeats(table) {
  const positions = { button: table.button, small_blind: table.small_blind, big_blind: table.big_blind };
  return table.seats.map((seat) => (seat.entry ? {
    name: seat.name, stack: seat.stack, bet: 0, folded: false, allIn: false, actor: false, marks: marksOf(positions, seat.seat),
  } : null));
}

/** The street's name: flop games' four, stud's third to seventh street, the draws. After an
 * all-in that closes the betting, the streets still to deal ("To deal: flop, turn, river"),
 * not the next street's name as if it were being bet. */
function streetName(now, game) {
  const street = now.hand.street;
  if (now.run_out && !(game && game.streets.some((s) => s.draw))) {
    const last = now.stud ? 4 : 3;
    const key = now.stud ? 'dealer.stud-street' : 'dealer.street';
    const names = [];
    for (let n = Math.min(street, last); n <= last; n += 1) names.push(t(`${key}.${n}`));
    return t('dealer.to-deal', { streets: names.join(', ') });
  }
  if (now.stud) return t(`dealer.stud-street.${Math.min(street, 4)}`);
  if (game && game.streets.some((s) => s.draw)) return street ? t('dealer.after-draw', { number: street }) : t('dealer.before-draw');
  return t(`dealer.street.${Math.min(street, 3)}`);
}

/** The middle of the felt: the street, the pot, and the main and side pots once gathered;
 * `game` is the setup's game (its streets say whether it draws). */
export function drawCentre(centre, now, game = null) {
  if (!now) {
    centre.replaceChildren();
    return;
  }
  const pots = now.pots.map((pot, i) => el('div', { class: 'pot-line', 'data-pot': i },
    i === 0 ? t('dealer.main-pot', { amount: formatNumber(pot.amount) }) : t('dealer.side-pot', { number: i, amount: formatNumber(pot.amount) })));
  centre.replaceChildren(el('div', { class: 'street' }, streetName(now, game)),
    el('div', { class: 'pot' }, t('hand.pot', { pot: formatNumber(now.hand.pot) })), ...pots);
}
