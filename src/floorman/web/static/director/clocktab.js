/**
 * clocktab.js — the clock and what hangs on it: the level, the next one, time added or
 * taken, the structure with the item in progress marked, hand-for-hand, the link of the big
 * screen (a display token: safe on a wall), and the chip race assistant.
 *
 * The chip race (TDA R24, R25): at a break that colours chips up, the tournament races each
 * table's odd chips (`race-chips`); the assistant says which chips leave play and when, and
 * after the race shows each table's lines: the odd chips each player had, who won a chip of
 * the next colour, and his stack after.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { anteText, levelTitle, nextLevelText, stakesText } from '/static/common/stakes.js';
import { entryName } from '/static/director/console.js';
import { confirmed } from '/static/director/dialog.js';
import { lateRegBlock } from '/static/director/latereg.js';
import { command } from '/static/director/players.js';
import { raceChips, raceKey } from '/static/director/todo.js';
import { togglePause } from '/static/director/topbar.js';

/** A level's stakes and ante as separate texts ("100 / 200", "big blind ante 25"). */
export function stakesSpans(level) {
  if (!level) return [];
  const ante = anteText(level);
  return [raw(stakesText(level)), ante ? el('span', { class: 'ante' }, ante) : ''];
}

export function clockPanel(desk, panel) {
  const now = el('div', { class: 'clock-now', id: 'clock-now' });
  const controls = el('div', { class: 'clock-controls' });
  const race = el('div', { class: 'chip-race', id: 'chip-race' });
  const results = el('div', { class: 'race-results', id: 'race-results' });
  const structure = el('table', { class: 'structure', id: 'structure' });
  const link = el('div', { class: 'links', id: 'clock-link' });
  const timeLeft = el('input', { id: 'time-left-input', placeholder: 'mm:ss', 'data-raw': '', class: 'short', inputmode: 'numeric' });
  const setLeft = command(desk, 'set-time-left', 'director.set-time-left', {}, { run: () => setTimeLeft(desk, timeLeft) });
  // built once, so a redraw never takes the time the director is typing
  const setter = el('div', { class: 'clock-controls', id: 'time-left-setter' },
    el('label', { class: 'inline' }, el('span', { 'data-i18n': 'director.time-left-label' }, t('director.time-left-label')), ' ', timeLeft), setLeft);
  panel.append(now, controls, setter, lateRegBlock(desk), el('h3', { 'data-i18n': 'director.chip-race' }, t('director.chip-race')), race, results,
    el('h3', { 'data-i18n': 'director.structure' }, t('director.structure')), structure, link);
  let items = null;

  desk.onChange(async (view) => {
    const clock = view.public.clock;
    now.replaceChildren(el('strong', {}, view.public.started ? levelTitle(clock) : t('director.not-started')), ' ',
      el('span', { class: 'stakes' }, ...stakesSpans(clock && clock.level)),
      el('div', { class: 'muted' }, clock && clock.next_level ? nextLevelText(clock.next_level) : ''),
      view.public.hand_for_hand ? el('div', { class: 'h4h' }, t('clock.status.hand-for-hand')) : '');
    controls.replaceChildren(
      el('button', { type: 'button', 'data-action': 'pause', onclick: () => togglePause(desk) },
        clock && clock.status === 'paused' ? t('director.resume') : t('director.pause')),
      command(desk, 'add-time', 'director.add-minute', { seconds: 60 }, { off: !clock }),
      command(desk, 'add-time', 'director.take-minute', {}, { off: !clock, run: () => takeMinute(desk) }),
      command(desk, 'next-level', 'director.next-level', {}, { off: !clock || view.public.finished, run: () => nextLevel(desk) }),
      el('button', { type: 'button', 'data-action': 'clock-link', onclick: () => clockLink(desk, link) }, t('director.clock-link')));
    setLeft.disabled = !clock || view.public.finished || !desk.has('set-time-left');
    items = items || (await desk.read(''));
    drawRace(desk, race, clock, items ? items.structure.items : []);
    if (items) drawStructure(structure, items.structure.items, clock);
  });
}

/** The time left in the level now, counted on from the view. */
function leftNow(desk) {
  const clock = desk.view && desk.view.public.clock;
  if (!clock) return 0;
  const running = ['running', 'on-break'].includes(clock.status);
  return Math.max(0, clock.remaining - (running ? Math.max(0, Date.now() / 1000 - desk.at) : 0));
}

/** "-1 min": with less than a minute left, say so in plain words and send nothing; the
 * director takes the next level or sets the time left instead. */
function takeMinute(desk) {
  const left = leftNow(desk);
  if (left < 60) {
    desk.page.notice(t('director.too-little-left', { seconds: Math.floor(left) }));
    return null;
  }
  return desk.send('add-time', { seconds: -60 });
}

async function nextLevel(desk) {
  const next = desk.view.public.clock && desk.view.public.clock.next_level;
  const text = next ? t('director.confirm-next-level', { level: next.level }) : t('director.next-level');
  if (!(await confirmed(text))) return null;
  return desk.send('next-level');
}

/** "mm:ss" or whole minutes, as seconds; null for anything else. */
export function readDuration(text) {
  const match = /^\s*(\d{1,3})(?::(\d{2}))?\s*$/.exec(text);
  if (!match || (match[2] !== undefined && Number(match[2]) > 59)) return null;
  return Number(match[1]) * 60 + Number(match[2] || 0);
}

async function setTimeLeft(desk, input) {
  const seconds = readDuration(input.value);
  if (seconds === null || seconds < 1) {
    desk.page.notice(t('director.time-left-format'));
    input.focus();
    return null;
  }
  const answer = await desk.send('set-time-left', { seconds });
  if (answer) input.value = '';
  return answer;
}

/** The next break of `items` that colours up, after the level in progress (all of them
 * before the start): the clock's own notice covers only the very next break. */
function comingColourUp(items, clock) {
  const current = !clock ? 0 : clock.level ? clock.level.level : (clock.next_level ? clock.next_level.level - 0.5 : Infinity);
  let levels = 0;
  for (const item of items) {
    if (item.kind !== 'break') levels += 1;
    else if ((item.colour_up || []).length && levels + 0.5 > current) return { level: levels, chips: item.colour_up };
  }
  return null;
}

function drawRace(desk, race, clock, items) {
  const colour = clock && clock.colour_up;
  if (!colour || !colour.chips.length) {
    const coming = comingColourUp(items, clock);
    const chips = coming && coming.chips.map((c) => formatNumber(c)).join(', ');
    race.replaceChildren(coming
      ? el('p', { 'data-state': 'coming' }, t('director.colour-up-after', { level: coming.level, chips }))
      : el('p', { class: 'muted' }, t('director.no-colour-up')));
    return;
  }
  const chips = colour.chips.map((c) => formatNumber(c)).join(', ');
  const when = colour.now ? t('director.colour-up-now', { chips })
    : t('clock.colour-up-next', { chips, minutes: Math.floor((colour.in_seconds || 0) / 60) });
  const done = colour.now && desk.raced.has(raceKey(clock));
  const run = command(desk, 'race-chips', 'director.race-chips', {}, { off: !colour.now || done, run: () => raceChips(desk) });
  race.replaceChildren(el('p', {}, when), el('p', { class: 'muted' }, t('director.chip-race-how')), run);
  if (desk.raceAnswer) drawResults(desk, document.getElementById('race-results'), desk.raceAnswer);
}

/** Each table's race from the `chip-race-run` event of the command's answer. */
function drawResults(desk, results, answer) {
  const run = answer.events.find((e) => e.kind === 'chip-race-run');
  if (!run) return;
  const rows = run.data.races.flatMap((race) => race.lines.map((line) => el('tr', { 'data-entry': line.entry },
    el('td', {}, raw(`T${race.table}`)), el('td', {}, raw(entryName(desk.view, line.entry))),
    el('td', { class: 'num' }, raw(formatNumber(line.leftover_chips))),
    el('td', {}, line.won ? t('director.race-won') : ''),
    el('td', { class: 'num' }, raw(formatNumber(line.stack_after))))));
  results.replaceChildren(el('table', { class: 'race' }, el('thead', {}, el('tr', {},
    ...['table', 'player', 'odd-chips', 'won', 'stack'].map((c) => el('th', {}, t(`director.race.${c}`))))), el('tbody', {}, ...rows)));
}

export function drawStructure(table, items, clock = null) {
  let level = 0;
  const rows = items.map((item, index) => {
    if (item.kind === 'break') {
      const colour = (item.colour_up || []).map((c) => formatNumber(c)).join(', ');
      return el('tr', { class: 'break', 'data-index': index }, el('td', {}, t('clock.break')), el('td', {}, colour ? t('director.colour-up', { chips: colour }) : ''),
        el('td', { class: 'num' }, raw(item.minutes)));
    }
    level += 1;
    const current = clock && clock.level && clock.level.level === level;
    return el('tr', { class: current ? 'current' : '', 'data-index': index }, el('td', {}, t('clock.level', { level })),
      el('td', { class: 'stakes' }, ...stakesSpans(item)), el('td', { class: 'num' }, raw(item.minutes)));
  });
  table.replaceChildren(el('thead', {}, el('tr', {}, ...['level', 'stakes', 'minutes'].map((c) => el('th', {}, t(`director.structure.${c}`))))),
    el('tbody', {}, ...rows));
}

/** A display token for the big screen, shown as the clock's link. */
async function clockLink(desk, link) {
  try {
    const token = await desk.page.api.post(`/tournaments/${enc(desk.id)}/tokens`, { role: 'display', label: 'clock' });
    const url = `${window.location.origin}/clock?t=${enc(desk.id)}&token=${enc(token.token)}`;
    link.replaceChildren(el('span', {}, t('director.clock-at')), ' ', el('a', { href: url, target: '_blank', 'data-raw': '' }, url));
  } catch (error) {
    desk.page.refusal(error);
  }
}
