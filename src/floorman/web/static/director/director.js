/**
 * director.js — the director's console: create an event, or run one.
 *
 * `/director?token=<the server's token>` opens the form that creates an event (create.js);
 * `/director?t=<id>&token=<director token>` runs event `id`: a top bar (clock, field,
 * pause, bust-out, undo), tabs for the players, the tables, the clock and chip race, the
 * deal, the end of the day, the results, the event (registration, cancel or change, rulings
 * on the record), every registered command, the rulings at every table with the
 * director's override (rulings.js), the club's players (people.js: search as you type at
 * registration, a player's page, duplicates, privacy), the money (payouts, cash box,
 * closing: money.js), and a column of what
 * waits for the director (balancing and breaking instructions, hand-for-hand, a chip race
 * due, a deal on the table). Keyboard: P pause or resume, B bust-out, U (or Ctrl+Z) undo,
 * 1 to 8 the tabs.
 *
 * `window.floormanDirector` exposes the console for the browser tests.
 */

import { pageParams } from '/static/common/api.js';
import { el } from '/static/common/dom.js';
import { startPage } from '/static/common/shell.js';
import { Console } from '/static/director/console.js';
import { createForm } from '/static/director/create.js';
import { dayPanel } from '/static/director/day.js';
import { dealPanel } from '/static/director/deal.js';
import { peoplePanel, registrationSearch } from '/static/director/people.js';
import { moneyPanel } from '/static/director/money.js';
import { eventPanel } from '/static/director/eventtools.js';
import { clockPanel } from '/static/director/clocktab.js';
import { playersPanel } from '/static/director/players.js';
import { registryPanel } from '/static/director/registry.js';
import { resultsPanel } from '/static/director/results.js';
import { rulingsPanel } from '/static/director/rulings.js';
import { seatingPanel } from '/static/director/seating.js';
import { structuresPanel } from '/static/director/structures.js';
import { leaguesPanel } from '/static/director/leagues.js';
import { installShortcuts } from '/static/director/shortcuts.js';
import { tabs } from '/static/director/tabs.js';
import { todoColumn } from '/static/director/todo.js';
import { topBar } from '/static/director/topbar.js';

const running = Boolean(pageParams().get('t'));
// The server's token (which creates events) and an event's token are kept apart.
const page = await startPage({ scope: running ? 'director' : 'director-server', titleKey: 'director.title' });
const main = document.getElementById('director');
window.floormanDirector = { page, console: null };

if (running) runEvent();
else createForm(page, main);

function runEvent() {
  main.dataset.mode = 'console';
  const desk = new Console(page);
  window.floormanDirector.console = desk;
  const sections = tabs(['players', 'tables', 'clock', 'deal', 'day', 'results', 'event', 'commands', 'rulings', 'people', 'money', 'structures', 'leagues']);
  const todo = el('aside', { class: 'todo', id: 'todo' });
  main.append(
    topBar(desk),
    sections.nav,
    el('div', { class: 'console-body' }, sections.panels, todo),
  );
  playersPanel(desk, sections.panel('players'));
  registrationSearch(desk, document.getElementById('register-name'));
  seatingPanel(desk, sections.panel('tables'));
  clockPanel(desk, sections.panel('clock'));
  dealPanel(desk, sections.panel('deal'));
  dayPanel(desk, sections.panel('day'));
  resultsPanel(desk, sections.panel('results'));
  rulingsPanel(desk, sections.panel('rulings'));
  eventPanel(desk, sections.panel('event'));
  peoplePanel(desk, sections.panel('people'));
  structuresPanel(desk, sections.panel('structures'));
  leaguesPanel(desk, sections.panel('leagues'));
  registryPanel(desk, sections.panel('commands'));
  moneyPanel(desk, sections.panel('money'));
  todoColumn(desk, todo);
  installShortcuts(desk, sections);
  window.addEventListener('floorman:language', () => desk.redraw());
  desk.start();
}
