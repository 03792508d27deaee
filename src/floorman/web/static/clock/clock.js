/**
 * clock.js — the big-screen clock: one public feed, drawn on a TV or a phone.
 *
 * The feed (`/ws/public/{id}`) brings a whole public view after every change; between views
 * the time left is counted here from the view's `remaining` and `at` against the service's
 * clock (servertime.js), so the clock keeps running through a network drop and snaps back
 * to the service's figures with the view a reconnect brings. When the time counted here
 * runs out, the clock asks for the public view at once (`/views/public`: the service's
 * cached views expire when their clock runs out, and its ticker publishes the next level
 * too), so the next level shows on time; a change of level or break fires the alert.
 *
 * The charts' history (`/views/history`) is fetched after changes, at most every 10 s.
 * Once the event is over the clock stops counting and shows the winner, the deal and the
 * final places (final.js) instead of a level, a field and payouts that are all spent.
 * `window.floormanClock` exposes the state for the browser tests.
 */

import { enc } from '/static/common/api.js';
import { el } from '/static/common/dom.js';
import { Feed } from '/static/common/feed.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { ServerTime, formatDuration, remainingAt } from '/static/common/servertime.js';
import { startPage } from '/static/common/shell.js';
import { anteText, levelTitle, nextLevelText, stakesText } from '/static/common/stakes.js';
import { LevelAlert } from '/static/clock/alert.js';
import { drawWinner, loadResults } from '/static/clock/final.js';
import { drawAnnouncement } from '/static/clock/announce.js';
import { drawLateRegistration } from '/static/clock/latereg.js';
import { Panels } from '/static/clock/panels.js';

const TICK_MS = 200;
const HISTORY_EVERY_MS = 10000;
const RESYNC_EVERY_MS = 2000;

const page = await startPage({ scope: 'clock', titleKey: 'clock.title' });
const $ = (id) => document.getElementById(id);
const main = document.querySelector('main.clock');
// "Sound on" sits in the header, beside the badge: over the screen it would hide a figure
page.header.insertBefore($('sound'), page.header.querySelector('.lang-switcher'));
const time = new ServerTime();
const rotate = Number(page.params.get('rotate')) || 12;
const panels = new Panels($('panels'), { seconds: rotate });
const alert = new LevelAlert({ soundButton: $('sound') });
const state = { message: null, levelKey: null, views: 0, history: null, historyAt: 0,
  historyTimer: null, resyncAt: 0, results: null, resultsVersion: null };
const id = page.tournament;

window.floormanClock = { state, time, panels, alert, feed: null };

if (!id || !page.token) {
  page.notice(t('clock.no-tournament'));
} else {
  start();
}

function start() {
  const feed = new Feed({
    path: `/ws/public/${enc(id)}`,
    token: page.token,
    onView: receive,
    onStatus: page.badge,
    onOpen: () => time.sync(page.api).catch(() => {}),
    onError: () => page.notice(t('error.token')),
  });
  window.floormanClock.feed = feed;
  feed.start();
  showQr();
  alert.enableSound();
  window.setInterval(tick, TICK_MS);
  window.addEventListener('floorman:language', () => state.message && draw(state.message.view));
}

/** A view from the feed or from a resync: draw it, alert on a new level or break. */
function receive(message) {
  const last = state.message;
  if (last && (message.version < last.version || (message.version === last.version && message.at < last.at))) return;
  state.message = message;
  state.views += 1;
  const view = message.view;
  const clock = view.clock;
  const key = clock ? `${clock.on_break}:${clock.level ? clock.level.level : ''}:${clock.next_level ? clock.next_level.level : ''}` : null;
  if (state.levelKey !== null && key !== null && key !== state.levelKey) alert.fire();
  state.levelKey = key;
  draw(view);
  scheduleHistory();
  readResults(message);
}

/** The results of a finished event (again after a change: an undo may reopen it). */
async function readResults(message) {
  if (!message.view.finished) {
    state.results = null;
    state.resultsVersion = null;
  } else if (state.resultsVersion !== message.version) {
    state.resultsVersion = message.version;
    state.results = await loadResults(page.api, id);
  }
  drawWinner($('winner'), state.results);
  panels.update({ results: state.results });
}

function draw(view) {
  const clock = view.clock;
  const status = view.finished ? 'finished' : clock ? clock.status : 'waiting';
  main.dataset.status = status;
  main.dataset.version = state.message.version;
  $('event-name').textContent = view.name;
  $('level-line').textContent = view.finished ? t('clock.status.finished') : levelTitle(clock);
  $('status-line').textContent = view.finished ? '' : statusText(view, status);
  drawStakes(view.finished ? null : clock);
  drawStats(view);
  drawColourUp(view.finished ? null : clock);
  if (view.finished) drawWinner($('winner'), state.results);
  panels.update({ view });
  tick();
}

function statusText(view, status) {
  if (status === 'running') return view.hand_for_hand ? t('clock.status.hand-for-hand') : '';
  return t(`clock.status.${status}`);
}

function drawStakes(clock) {
  const stakes = clock && clock.level;
  const line = stakes ? [el('span', {}, stakesText(stakes))] : [];
  const ante = anteText(stakes);
  if (ante) line.push(el('span', { class: 'ante' }, ante));
  $('stakes').replaceChildren(...line);
  const next = [];
  if (clock && clock.next_level) next.push(el('div', { id: 'next-level' }, nextLevelText(clock.next_level)));
  if (clock && clock.next_break_in !== null && !clock.on_break) {
    next.push(el('div', {}, el('span', {}, t('clock.break-in')), ' ', el('span', { id: 'break-in' })));
  }
  $('next').replaceChildren(...next);
}

/** The field, the average and the money; once the event is over only the entries and the
 * pool mean anything ("0 of 26" and an average of 0 are not shown). */
function drawStats(view) {
  $('stat-average').hidden = view.finished;
  $('stat-money').hidden = view.finished;
  $('players').replaceChildren(view.finished ? t('clock.entries', { entries: formatNumber(view.entries) })
    : t('clock.of-entries', { left: formatNumber(view.players_left), entries: formatNumber(view.entries) }));
  const average = [formatNumber(view.average_stack)];
  if (view.average_big_blinds !== null) {
    average.push(' ', el('span', { class: 'sub' }, t('clock.big-blinds', { count: formatNumber(view.average_big_blinds) })));
  }
  $('average').replaceChildren(...average);
  $('pool').textContent = formatNumber(view.money.pool);
  const money = view.money;
  const bubble = $('bubble');
  bubble.className = money.on_bubble ? 'bubble' : money.in_the_money ? 'itm' : '';
  if (!money.paid_places) bubble.textContent = '—';
  else if (money.in_the_money) bubble.textContent = t('clock.in-the-money');
  else if (money.on_bubble) bubble.textContent = t('clock.on-bubble');
  else bubble.textContent = t('clock.to-money', { count: formatNumber(money.players_to_money) });
}

function drawColourUp(clock) {
  const notice = $('colour-up');
  const colour = clock && clock.colour_up;
  notice.hidden = !colour;
  if (!colour) return;
  const chips = colour.chips.map((c) => formatNumber(c)).join(', ');
  if (colour.now) notice.dataset.now = '';
  else delete notice.dataset.now;
  notice.textContent = colour.now
    ? t('clock.colour-up-now', { chips })
    : t('clock.colour-up-next', { chips, minutes: Math.floor((colour.in_seconds || 0) / 60) });
}

/** Count down from the last view; ask for a fresh one when the level's time is up. */
function tick() {
  const message = state.message;
  if (!message || !message.view.clock) return;
  if (message.view.finished) {
    $('time').textContent = '';
    drawAnnouncement($('announcement'), null, 0);
    return;
  }
  const clock = message.view.clock;
  const now = time.now();
  const left = remainingAt(clock, message.at, now);
  $('time').textContent = formatDuration(left);
  drawAnnouncement($('announcement'), clock, left);
  drawLateRegistration(clock, message.at, now);
  const breakIn = document.getElementById('break-in');
  if (breakIn && clock.next_break_in !== null) {
    breakIn.textContent = formatDuration(remainingAt({ ...clock, remaining: clock.next_break_in }, message.at, now));
  }
  if (left <= 0 && (clock.status === 'running' || clock.status === 'on-break')) resync();
}

async function resync() {
  if (Date.now() - state.resyncAt < RESYNC_EVERY_MS) return;
  state.resyncAt = Date.now();
  try {
    receive(await page.api.get(`/tournaments/${enc(id)}/views/public`));
  } catch (_) {
    // offline: the feed reconnects and brings the view
  }
}

function scheduleHistory() {
  if (state.historyTimer) return;
  const wait = Math.max(0, state.historyAt + HISTORY_EVERY_MS - Date.now());
  state.historyTimer = window.setTimeout(loadHistory, wait);
}

async function loadHistory() {
  state.historyTimer = null;
  state.historyAt = Date.now();
  try {
    state.history = await page.api.get(`/tournaments/${enc(id)}/views/history`);
    panels.update({ history: state.history });
  } catch (_) {
    // the next change tries again
  }
}

/** The QR code of this clock for phones: shown when the token is a display token. The
 * image is fetched with the token in its header (the service takes no token in a URL). */
async function showQr() {
  const image = $('qr-image');
  image.addEventListener('load', () => { $('qr').hidden = false; });
  image.addEventListener('error', () => { $('qr').hidden = true; });
  try {
    const answer = await fetch(`/tournaments/${enc(id)}/clock/qr.png`, {
      headers: { Authorization: `Bearer ${page.token}` }, cache: 'no-store',
    });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    image.src = URL.createObjectURL(await answer.blob());
  } catch (_) {
    $('qr').hidden = true;
  }
}
