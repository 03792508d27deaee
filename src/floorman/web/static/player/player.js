/**
 * player.js — the player's page: his table and seat, his stack, his moves, the clock, and,
 * at an online table, his cards and his actions.
 *
 * He comes in with his join code (`/player?code=K7M2Q9XR`, typed into the form or carried
 * by the QR code of his seat card; `GET /join/{code}` gives his tournament and token) or
 * with `?t=<id>&token=<token>`. His feed (`/ws/player/{id}`) brings his whole view after
 * every change; a new seat (balancing, a broken table) is announced in a banner, with a
 * vibration on a phone. The clock counts down as on the big screen (servertime.js).
 * `window.floormanPlayer` exposes the state for the browser tests.
 */

import { Api, enc, forgetInAddress } from '/static/common/api.js';
import { el, keepEntries, raw } from '/static/common/dom.js';
import { Feed } from '/static/common/feed.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { ServerTime, formatDuration, remainingAt } from '/static/common/servertime.js';
import { startPage } from '/static/common/shell.js';
import { anteText, levelTitle, stakesText } from '/static/common/stakes.js';
import { drawHand } from '/static/player/hand.js';

const STORED = 'floorman.player.tournament';
const page = await startPage({ scope: 'player', titleKey: 'player.title' });
const $ = (id) => document.getElementById(id);
const time = new ServerTime();
const state = { tournament: null, token: null, message: null, moveKey: null, moved: 0,
  acting: false, feed: null, resyncAt: 0 };
window.floormanPlayer = state;

await enter();

/** Join by code, or take `?t=&token=`, or what this browser remembers; else the form. */
async function enter() {
  const code = page.params.get('code');
  if (code) {
    await join(code);
    return;
  }
  state.tournament = page.tournament || remembered();
  state.token = page.token;
  if (state.tournament && state.token) start();
  else showForm();
}

async function join(code) {
  try {
    const joined = await new Api().get(`/join/${enc(code.trim())}`);
    state.tournament = joined.tournament;
    state.token = joined.token;
    remember(joined);
    forgetInAddress('code'); // the code is his token: not left in the history
    start();
  } catch (error) {
    showForm();
    page.notice(error.status === 404 ? t('player.bad-code') : t('error.network'));
  }
}

/** The join form; no feed is open until he joins, so the badge says so (not "connecting"). */
function showForm() {
  const form = $('join');
  form.hidden = false;
  page.badge('not-joined');
  form.onsubmit = (event) => {
    event.preventDefault();
    const code = $('code').value.trim();
    if (code) join(code);
  };
}

function remember(joined) {
  try {
    window.localStorage.setItem('floorman.token.player', joined.token);
    window.localStorage.setItem(STORED, joined.tournament);
  } catch (_) {
    // storage refused: the code is asked again after a reload
  }
}

function remembered() {
  try {
    return window.localStorage.getItem(STORED);
  } catch (_) {
    return null;
  }
}

/** The service's word that a player's link ended with his event (issue 20): his place is
 * then on the event's public results page, which needs no token. */
const EVENT_OVER = /the event is over/;

function showEnded() {
  const notice = page.notice(t('player.event-over'), 'info');
  notice.append(' ', el('a', { href: `/results?t=${enc(state.tournament)}`, 'data-act': 'results' },
    t('player.see-results')));
}

function start() {
  $('join').hidden = true;
  page.clearNotices();
  page.api.token = state.token;
  state.feed = new Feed({
    path: `/ws/player/${enc(state.tournament)}`,
    token: state.token,
    onView: receive,
    onStatus: page.badge,
    onOpen: () => time.sync(page.api).catch(() => {}),
    onError: (refused) => (EVENT_OVER.test(refused?.message || '') ? showEnded() : page.notice(t('error.token'))),
  }).start();
  window.setInterval(tick, 250);
  window.addEventListener('floorman:language', () => state.message && draw(state.message.view));
}

function receive(message) {
  state.message = message;
  const view = message.view;
  const latest = view.moves[0];
  const key = latest ? `${latest.table}:${latest.seat}` : '';
  if (state.moveKey !== null && key !== state.moveKey && latest) announceMove(latest);
  state.moveKey = key;
  draw(view);
}

/** Draw his view; an amount he is typing stays through the feed's updates (keepEntries). */
function draw(view) {
  drawMe(view.entry);
  drawClock(view.clock);
  drawTable(view.table, view.entry);
  drawMoves(view.moves);
  keepEntries($('hand'), () => drawHand($('hand'), view.hand, { names: handNames(view), act }));
}

function drawMe(entry) {
  $('me').hidden = false;
  $('name').textContent = entry.name;
  $('seat').textContent = entry.table === null ? t('player.no-seat')
    : t('player.table-seat', { table: entry.table, seat: entry.seat + 1 });
  $('stack').textContent = formatNumber(entry.stack);
  $('result-line').hidden = entry.place === null;
  if (entry.place !== null) {
    const how = FINISHES.includes(entry.finish) ? [el('span', { 'data-finish': entry.finish }, t(`player.finish.${entry.finish}`)), ' · '] : [];
    const prize = entry.prize ? t('player.prize', { prize: formatNumber(entry.prize) }) : t('player.no-prize');
    $('result').replaceChildren(...how, el('span', {}, t('player.place', { place: entry.place })),
      el('span', { 'data-prize': entry.prize }, ' · ', prize));
  }
}

/** How an entry leaves (the view's `finish`): out on a hand, disqualified (a penalty's
 * elimination or a ban), withdrawn, re-entered, absent at the start, by a deal, or the winner. */
const FINISHES = ['bust', 'disqualified', 'withdrawn', 're-entered', 'no-show', 'deal', 'winner'];

function drawClock(clock) {
  $('clock').hidden = !clock;
  if (!clock) return;
  $('level').textContent = levelTitle(clock);
  const stakes = clock.level;
  const ante = anteText(stakes);
  $('stakes').replaceChildren(el('span', {}, stakesText(stakes)),
    ante ? el('span', {}, ' · ', ante) : '');
  $('clock-status').textContent = clock.status === 'running' ? '' : t(`clock.status.${clock.status}`);
  tick();
}

/** Count the level down; when it is up, ask for his view again rather than wait for the
 * service's next refresh (the end of a level is no change the feed is told of). */
function tick() {
  const message = state.message;
  if (!message || !message.view.clock) return;
  const clock = message.view.clock;
  const left = remainingAt(clock, message.at, time.now());
  $('time').textContent = formatDuration(left);
  if (left <= 0 && (clock.status === 'running' || clock.status === 'on-break')) resync();
}

async function resync() {
  if (Date.now() - state.resyncAt < 2000) return;
  state.resyncAt = Date.now();
  try {
    receive(await page.api.get(`/tournaments/${enc(state.tournament)}/views/me`));
  } catch (_) {
    // offline: the feed reconnects and brings the view
  }
}

function drawTable(table, entry) {
  $('table').hidden = !table;
  if (!table) return;
  $('seats').replaceChildren(...table.seats.map((seat) => el('li', {
    'data-me': seat.entry === entry.entry,
  },
  el('span', { class: 'number' }, String(seat.seat + 1)),
  el('span', { class: 'who' }, seat.name ? raw(seat.name) : el('span', { class: 'muted' }, t('player.empty'))),
  el('span', { class: 'marks' }, marks(table, seat.seat)),
  el('span', {}, seat.stack === null ? '' : formatNumber(seat.stack)))));
}

function marks(table, seat) {
  const found = [];
  if (table.button === seat) found.push(t('player.button'));
  if (table.small_blind === seat) found.push(t('player.small-blind'));
  if (table.big_blind === seat) found.push(t('player.big-blind'));
  return found.map((mark) => el('span', {}, mark, ' '));
}

function drawMoves(moves) {
  $('moves').hidden = !moves.length;
  $('move-list').replaceChildren(...moves.map((move) => el('li', {},
    el('span', {}, t('seat.short', { table: move.table, seat: move.seat + 1 })), ' ',
    el('span', { class: 'muted' }, t(`seat.reason.${move.reason}`)))));
}

function announceMove(move) {
  state.moved += 1;
  const banner = $('moved');
  banner.textContent = t('player.moved', { table: move.table, seat: move.seat + 1 });
  banner.hidden = false;
  if (window.navigator.vibrate) window.navigator.vibrate([200, 100, 200]);
  window.setTimeout(() => { banner.hidden = true; }, 15000);
}

/** The names by seat of his hand's table: his own table's, unless he was moved away from it
 * while the hand goes on (the view then has no list of that table's names). */
function handNames(view) {
  const here = view.table && view.hand_table === view.table.table;
  return here ? seatNames(view.table) : {};
}

function seatNames(table) {
  const names = {};
  for (const seat of (table && table.seats) || []) if (seat.name) names[seat.seat] = seat.name;
  return names;
}

/** Send the player's action to the table of his hand (`hand_table`: balancing may have seated
 * him elsewhere while it goes on); a refusal shows its ruling in his language. */
async function act(body) {
  const view = state.message && state.message.view;
  const table = view && (view.hand_table ?? (view.table && view.table.table));
  if (!table || state.acting) return;
  state.acting = true;
  page.clearNotices();
  try {
    await page.api.post(`/tournaments/${enc(state.tournament)}/tables/${table}/actions`, body);
  } catch (error) {
    page.refusal(error);
  } finally {
    state.acting = false;
  }
}
