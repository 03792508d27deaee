/**
 * dealer.js — the dealer's tablet for one table: `/dealer?t=<id>&token=<dealer token>` (a
 * director or floor adds `&table=<n>`).
 *
 * Between hands it shows the table as the service sees it (the table feed: seats, stacks,
 * button, level). "New hand" takes the next hand's setup (dead button, the level in force
 * when the hand starts, TDA R23); then the dealer records each action on big buttons, shown
 * only when the rules allow them (in stud he first enters each street's up-cards, in a draw
 * game how many cards each player draws), and the service answers after every tap with the pots and
 * the next player's options. At the showdown he names the winners of each pot and the hand
 * is recorded; the tournament then busts, balances and breaks as the rules say.
 * Hand-for-hand, a called all-in waits face down for the floor, and street by street each
 * street waits for the floor's call (floorwait.js); "Clock" puts the player to act on the
 * action clock (actionclock.js).
 *
 * `window.floormanDealer` exposes the tablet for the browser tests.
 */

import { enc } from '/static/common/api.js';
import { el, keepEntries, raw } from '/static/common/dom.js';
import { Feed } from '/static/common/feed.js';
import { t } from '/static/common/i18n.js';
import { startPage } from '/static/common/shell.js';
import { anteText, levelTitle, stakesText } from '/static/common/stakes.js';
import { drawButtons, noRaiseText, optionsText } from '/static/dealer/actions.js';
import { clockButton, drawActionClock } from '/static/dealer/actionclock.js';
import { drawAward } from '/static/dealer/award.js';
import { drawUpCards } from '/static/dealer/cardpicker.js';
import { drawDraws } from '/static/dealer/draws.js';
import { drawCentre, drawSeats, handSeats, tableSeats } from '/static/dealer/felt.js';
import { drawFloorWait } from '/static/dealer/floorwait.js';
import { TabletHand } from '/static/dealer/hand.js';
import { drawChipsForm, drawReports, drawRulings } from '/static/dealer/irregularities.js';
import { callDirector, drawHandRulings, overrideRuling, refreshRulings } from '/static/dealer/override.js';
import { countFor, drawReferrals, phhOf } from '/static/dealer/referrals.js';

const page = await startPage({ scope: 'dealer', titleKey: 'dealer.title' });
const $ = (id) => document.getElementById(id);
const main = $('dealer');
const tablet = { hand: null, table: null, view: null, info: null, commands: {}, drawn: 0, settled: 0 };
window.floormanDealer = tablet;

if (!page.tournament || !page.token) page.notice(t('dealer.no-table'));
else start().catch((error) => page.refusal(error));

async function start() {
  const id = page.tournament;
  // the event and the command registry asked for together: one round trip before the feed
  const [info, commands] = await Promise.all([
    page.api.get(`/tournaments/${enc(id)}`),
    page.api.get(`/tournaments/${enc(id)}/commands`).catch(() => ({})),
  ]);
  tablet.info = info;
  tablet.table = tablet.info.you.table ?? Number(page.params.get('table'));
  if (!tablet.table) {
    page.notice(t('dealer.no-table'));
    return;
  }
  page.title.textContent = t('dealer.title-table', { table: tablet.table });
  tablet.commands = commands;
  tablet.hand = new TabletHand({ api: page.api, tournament: id, table: tablet.table });
  new Feed({
    path: `/ws/table/${enc(id)}/${enc(tablet.table)}`,
    token: page.token,
    onView: (message) => { tablet.view = message.view; recheck(); },
    onStatus: page.badge,
    onError: () => page.notice(t('error.token')),
  }).start();
  drawChipsForm($('chips-form'), chipsActions());
  window.addEventListener('floorman:language', () => { drawChipsForm($('chips-form'), chipsActions()); draw(); });
  if (tablet.hand.restore()) await safely(() => tablet.hand.replay());
  draw();
}

function chipsActions() {
  return {
    chips: tablet.info.structure.chips,
    onRead: (body) => (tablet.hand.active ? safely(() => tablet.hand.readChips(body)) : null),
    onApply: (reading) => act(reading.action, reading.action === 'raise' ? reading.to : null),
  };
}

/** A report, an action out of turn or the director's decision: one more step of the hand. */
function step(recorded) {
  return settle(() => safely(() => tablet.hand.push(recorded)));
}

/** Run `call`; a refusal is shown (with its ruling) and gives null. */
async function safely(call) {
  try {
    const result = await call();
    page.clearNotices();
    return result;
  } catch (error) {
    page.refusal(error);
    return null;
  }
}

/** Run what a tap asked for, then draw; `settled` counts the taps answered (the browser
 * tests wait on it, as the table feed also redraws the page). */
async function settle(work) {
  try {
    await work();
  } finally {
    draw();
    tablet.settled += 1;
  }
}

/** A new table view while the floor holds the all-in: ask whether it was released; during
 * any other hand, whether the director overrode a ruling from his console (override.js). */
function recheck() {
  const now = tablet.hand && tablet.hand.active ? tablet.hand.now : null;
  if (now && now.held) settle(() => safely(() => tablet.hand.replay()));
  else if (now) refreshRulings(page.api, tablet.hand).then(draw, draw);
  else draw();
}

function act(action, to = null) {
  return settle(() => safely(() => tablet.hand.act(action, to)));
}

function newHand() {
  return settle(async () => {
    const begun = await safely(() => tablet.hand.begin());
    if (begun === false) page.notice(t('dealer.no-hand-now'), 'info');
  });
}

function award(winners) {
  return settle(async () => {
    const answer = await safely(() => tablet.hand.award(winners));
    if (answer) page.notice([t('dealer.recorded'), ...movesAfterHand(answer)].join(' '), 'info');
  });
}

/** The moves off this table the floor kept for the end of its hand (a balancing move is
 * judged between hands, TDA R11-A): their instructions, read to the players now. */
function movesAfterHand(answer) {
  return (answer.events || [])
    .filter((e) => e.kind === 'player-moved' && e.data.from_table === tablet.table)
    .map((e) => e.data.instruction);
}

/** A misdeal voided the hand: the tournament counts it (its `misdeal` command, when the
 * service has it), and the re-deal begins with the same button and level (R35-C). */
function redeal() {
  return settle(async () => {
    if ('misdeal' in tablet.commands) {
      const answer = await safely(() => page.api.command(page.tournament, 'misdeal', { table: tablet.table }));
      if (!answer) return;
    }
    tablet.hand.clear();
    const begun = await safely(() => tablet.hand.begin());
    if (begun) page.notice(t('dealer.misdeal-recorded'), 'info');
  });
}

function floorActions() {
  return {
    onGo: (street) => { tablet.hand.go(street); draw(); },
    onPoll: () => settle(() => safely(() => tablet.hand.replay())),
  };
}

/** Draw the tablet again, keeping what the dealer is typing (keepEntries) and an open
 * keypad for the same decision (actions.js). */
function draw() {
  keepEntries(main, drawTablet);
  tablet.drawn += 1;
}

function drawTablet() {
  const live = tablet.hand && tablet.hand.active ? tablet.hand.now : null;
  const wait = drawFloorWait($('floor-wait'), tablet.hand || {}, floorActions());
  if (wait === 'hold' && !tablet.holding) {
    tablet.holding = true;
    settle(() => safely(() => tablet.hand.hold())).finally(() => { tablet.holding = false; });
  }
  const now = wait ? null : live; // waiting for the floor: no buttons, no award
  main.dataset.state = wait ? `floor-${wait}` : now ? (now.over || now.awaiting_award ? 'award' : 'betting') : 'between-hands';
  drawActionClock($('action-clock'), now, (deadline) => settle(() => safely(() => tablet.hand.clock('expire', deadline))));
  drawLevel();
  if (live) drawSeats($('felt'), handSeats(live));
  else if (tablet.view) drawSeats($('felt'), tableSeats(tablet.view.table));
  drawCentre($('centre'), live, live ? tablet.hand.setup.config.game : null);
  drawUpCards($('cards-due'), now && !now.pending.length ? now : null, tablet.hand ? tablet.hand.steps.length : 0, step);
  drawDraws($('draws'), now, step);
  const actor = now && now.hand.actor !== null && now.hand.options ? now.seats[now.hand.actor] : null;
  // the seat and the name are two boxes: a name too long for the line goes whole to the next
  $('to-act').replaceChildren(...(actor ? [el('span', {}, t('dealer.to-act', { seat: now.hand.actor + 1 })), ' ', raw(actor.name, { class: 'name' })] : []));
  $('options').replaceChildren(...(now ? [el('div', { class: 'choices' }, ...optionsText(now)), el('div', { class: 'no-raise' }, noRaiseText(now))] : []));
  if (now) drawButtons($('big-buttons'), $('keypad'), now, act, `${tablet.hand.steps.length}:${now.hand.actor}`);
  else {
    $('big-buttons').replaceChildren();
    $('keypad').hidden = true;
  }
  if (now && !now.voided && !now.pending.length) drawAward($('award'), now, award, step);
  else $('award').hidden = true;
  drawRulings($('rulings'), now, { onStep: step, onRedeal: redeal });
  drawReports($('reports'), now, { onStep: step });
  drawHandRulings($('hand-rulings'), live, { role: tablet.info.you.role,
    onCall: (reason) => settle(async () => { if (await safely(() => callDirector(page.api, tablet.hand, reason))) page.notice(t('overrides.call-sent'), 'info'); }),
    onOverride: (body) => settle(() => safely(() => overrideRuling(page.api, tablet.hand, body))) });
  drawReferrals($('referrals'), now, { onStep: step, onCount: (body) => safely(() => countFor(page.api, tablet.hand, body)),
    onPhh: () => phhOf(page.api, tablet.hand) });
  drawTools(live, now);
}

function drawLevel() {
  const clock = tablet.view && tablet.view.clock;
  const stakes = clock && clock.level;
  const ante = anteText(stakes);
  $('level-line').replaceChildren(el('span', {}, levelTitle(clock)),
    ...(stakes ? [el('span', {}, stakesText(stakes))] : []), ...(ante ? [el('span', {}, ante)] : []));
}

function drawTools(live, now) {
  const tools = [];
  if (!live) tools.push(el('button', { type: 'button', class: 'primary big', 'data-act': 'new-hand', onclick: newHand }, t('dealer.new-hand')));
  else {
    tools.push(el('button', { type: 'button', 'data-act': 'take-back', disabled: !tablet.hand.steps.length,
      onclick: () => settle(() => safely(() => tablet.hand.takeBack())) }, t('dealer.take-back')));
    tools.push(clockButton(now, () => settle(() => safely(() => tablet.hand.clock('call')))));
  }
  $('hand-tools').replaceChildren(...tools.filter(Boolean));
}
