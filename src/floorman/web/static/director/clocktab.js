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
  panel.append(now, controls, el('h3', { 'data-i18n': 'director.chip-race' }, t('director.chip-race')), race, results,
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
      command(desk, 'add-time', 'director.take-minute', { seconds: -60 }, { off: !clock }),
      el('button', { type: 'button', 'data-action': 'clock-link', onclick: () => clockLink(desk, link) }, t('director.clock-link')));
    drawRace(desk, race, clock);
    items = items || (await desk.read(''));
    if (items) drawStructure(structure, items.structure.items, clock);
  });
}

function drawRace(desk, race, clock) {
  const colour = clock && clock.colour_up;
  if (!colour || !colour.chips.length) {
    race.replaceChildren(el('p', { class: 'muted' }, t('director.no-colour-up')));
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
