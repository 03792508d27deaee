/**
 * structures.js — the Structure tab: the duration forecast, the club's library of structures
 * and the editor.
 *
 * - Forecast: `GET .../forecast` (200 runs of the structure with the actual field, before the
 *   start and live): the end, the money and the final table, each as a median with its 10th
 *   and 90th percentiles, in hours of play from the start of the clock.
 * - Library: `GET .../structures` lists the shipped templates (with the public source of
 *   their numbers) and the saved ones; "Load" puts one in the editor; "Save" keeps the event's
 *   structure under a name (`POST .../structures`).
 * - Editor: one row per level or break (minutes, blinds, ante and its kind, a break's
 *   colour-up); "Check" asks the service to read it as the event's rulebook does
 *   (`POST .../structure-check`, a refusal names the rule); "Apply" sends `change-structure`
 *   with a reason (items already played stay as they are). The late-registration end is
 *   `set-late-registration`.
 */

import { el, clear } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { enc } from '/static/common/api.js';

const ANTE_MODES = ['none', 'every-player', 'big-blind'];
const HOURS = (seconds) => {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '–';
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

const label = (key, control) => el('label', { class: 'field' }, el('span', { 'data-i18n': key }, t(key)), control);

export function structuresPanel(desk, panel) {
  const forecastBox = el('div', { id: 'forecast', class: 'forecast' });
  const libraryList = el('ul', { id: 'structure-library', class: 'structure-library' });
  const saveName = el('input', { type: 'text', id: 'structure-save-name', maxlength: 100 });
  const rows = el('tbody', { id: 'structure-rows' });
  const reason = el('input', { type: 'text', id: 'structure-reason' });
  const lateLevel = el('input', { type: 'number', id: 'structure-late-level', min: 1, step: 1, class: 'short' });
  const checkResult = el('p', { id: 'structure-check-result', class: 'hint' });
  let base = null; // the structure's stack and chips, which a change keeps

  const path = (rest) => `/tournaments/${enc(desk.id)}${rest}`;

  async function loadForecast() {
    forecastBox.textContent = t('structures.forecasting');
    const result = await desk.read('/forecast');
    clear(forecastBox);
    if (!result || !result.ready) {
      forecastBox.append(el('p', { 'data-i18n': 'structures.no-forecast' }, t('structures.no-forecast')));
      return;
    }
    // live: the clock's seconds still to run, from now, as a time of day
    const atTime = (seconds) => new Date(Date.now() + (seconds - result.elapsed) * 1000)
      .toLocaleTimeString(document.documentElement.lang, { hour: '2-digit', minute: '2-digit' });
    const line = (key, spread) => el('div', { class: 'forecast-line', 'data-forecast': key },
      el('span', {}, t(`structures.forecast-${key}`)), ' ',
      el('strong', {}, HOURS(spread.median)), ' ',
      el('span', { class: 'hint' }, `(${HOURS(spread.p10)} – ${HOURS(spread.p90)})`),
      result.live && !Number.isNaN(spread.median ?? NaN)
        ? el('span', { class: 'forecast-at' }, t('structures.forecast-at', { time: atTime(spread.median) })) : null);
    forecastBox.append(
      line('end', result.end), line('money', result.money), line('final', result.final),
      el('p', { class: 'hint', id: 'forecast-basis' },
        t('structures.forecast-basis', { runs: formatNumber(result.runs), players: formatNumber(result.players), paid: formatNumber(result.paid_places) })),
    );
  }

  async function loadLibrary() {
    const templates = await desk.read('/structures');
    clear(libraryList);
    for (const item of templates || []) {
      const source = item.source.startsWith('http')
        ? el('a', { href: item.source, target: '_blank', rel: 'noopener' }, item.source) : item.source;
      libraryList.append(el('li', { 'data-template': item.id },
        el('strong', {}, item.name), ' ',
        el('span', {}, t('structures.template-summary', { levels: item.levels, minutes: item.level_minutes, stack: formatNumber(item.starting_stack) })), ' ',
        el('span', { class: 'hint' }, source), ' ',
        el('button', { type: 'button', class: 'load-template', onclick: () => loadTemplate(item.id) }, t('structures.load'))));
    }
  }

  async function loadTemplate(id) {
    const template = await desk.read(`/structures/${enc(id)}`);
    if (template) fill(template.structure);
  }

  async function save() {
    try {
      await desk.page.api.post(path('/structures'), { name: saveName.value });
      desk.page.notice(t('structures.saved', { name: saveName.value }));
      await loadLibrary();
    } catch (error) {
      desk.page.refusal(error);
    }
  }

  function cell(value, attrs = {}) {
    return el('td', {}, el('input', { type: 'number', min: 0, step: 1, class: 'short', value: String(value ?? 0), ...attrs }));
  }

  function row(item) {
    const isBreak = item.kind === 'break';
    const mode = el('select', { 'data-field': 'ante_mode', disabled: isBreak },
      ...ANTE_MODES.map((m) => el('option', { value: m, selected: (item.ante_mode || 'none') === m }, t(`structures.ante-${m}`))));
    const colour = el('input', { type: 'text', 'data-field': 'colour_up', class: 'short', disabled: !isBreak,
      value: isBreak ? (item.colour_up || []).join(', ') : '' });
    const tr = el('tr', { 'data-kind': isBreak ? 'break' : 'level', 'data-game': item.game || 'NT' },
      el('td', {}, t(isBreak ? 'structures.break' : 'structures.level')),
      cell(item.minutes, { 'data-field': 'minutes', min: 1 }),
      cell(item.small_blind, { 'data-field': 'small_blind', disabled: isBreak }),
      cell(item.big_blind, { 'data-field': 'big_blind', disabled: isBreak }),
      cell(item.ante, { 'data-field': 'ante', disabled: isBreak }),
      el('td', {}, mode), el('td', {}, colour),
      el('td', {}, el('button', { type: 'button', class: 'remove-row', onclick: () => tr.remove() }, '×')));
    tr.item = item; // what the row does not show (a stud level's bets, the game) is kept
    return tr;
  }

  function fill(structure) {
    base = { starting_stack: structure.starting_stack, chips: structure.chips };
    clear(rows);
    for (const item of structure.items) rows.append(row(item));
  }

  function value(tr, field) {
    return tr.querySelector(`[data-field="${field}"]`).value;
  }

  /** The editor's rows as `Structure.as_dict()` reads them. */
  function edited() {
    const items = [...rows.children].map((tr) => {
      if (tr.dataset.kind === 'break') {
        const colour = value(tr, 'colour_up').split(/[\s,]+/).filter(Boolean).map(Number);
        return { kind: 'break', minutes: Number(value(tr, 'minutes')), colour_up: colour };
      }
      const ante = Number(value(tr, 'ante'));
      return {
        ...tr.item, kind: 'level', game: tr.dataset.game, minutes: Number(value(tr, 'minutes')),
        small_blind: Number(value(tr, 'small_blind')), big_blind: Number(value(tr, 'big_blind')),
        ante, ante_mode: ante ? value(tr, 'ante_mode') : 'none',
      };
    });
    return { ...base, items };
  }

  async function check() {
    checkResult.textContent = '';
    try {
      const answer = await desk.page.api.post(path('/structure-check'), { structure: edited() });
      desk.page.clearNotices();
      checkResult.textContent = t('structures.check-ok', { levels: answer.levels });
      return true;
    } catch (error) {
      desk.page.refusal(error);
      return false;
    }
  }

  async function apply() {
    if (!(await check())) return;
    const answer = await desk.send('change-structure', { structure: edited(), reason: reason.value });
    if (answer) {
      checkResult.textContent = t('structures.applied');
      loadForecast();
    }
  }

  const addRow = (kind) => rows.append(row(kind === 'break'
    ? { kind: 'break', minutes: 10, colour_up: [] }
    : { kind: 'level', minutes: 20, small_blind: 0, big_blind: 0, ante: 0 }));

  const button = (id, key, onclick) => el('button', { type: 'button', id, 'data-i18n': key, onclick }, t(key));
  const head = (...keys) => el('thead', {}, el('tr', {}, ...keys.map((k) => (k ? el('th', { 'data-i18n': k }, t(k)) : el('th')))));

  panel.append(
    el('h2', { 'data-i18n': 'structures.forecast' }, t('structures.forecast')),
    forecastBox,
    button('forecast-run', 'structures.forecast-run', loadForecast),
    el('h2', { 'data-i18n': 'structures.library' }, t('structures.library')),
    libraryList,
    el('div', { class: 'row' }, label('structures.save-name', saveName), button('structure-save', 'structures.save', save)),
    el('h2', { 'data-i18n': 'structures.editor' }, t('structures.editor')),
    el('table', { class: 'structure-editor' },
      head('structures.kind', 'structures.minutes', 'structures.small-blind', 'structures.big-blind',
        'structures.ante', 'structures.ante-kind', 'structures.colour-up', ''),
      rows),
    el('div', { class: 'row' },
      button('structure-add-level', 'structures.add-level', () => addRow('level')),
      button('structure-add-break', 'structures.add-break', () => addRow('break'))),
    el('div', { class: 'row' },
      label('structures.reason', reason),
      button('structure-check', 'structures.check', check),
      button('structure-apply', 'structures.apply', apply)),
    checkResult,
    el('div', { class: 'row' },
      label('structures.late-level', lateLevel),
      button('structure-late-set', 'structures.late-set',
        () => desk.send('set-late-registration', { level: Number(lateLevel.value) }))),
  );

  // Read only once the tab is shown: a forecast is 200 simulated events of work on the
  // service, not to be spent by every console that never looks at it.
  let filled = false;
  const start = () => {
    if (filled || panel.hidden || !desk.view) return;
    filled = true;
    desk.read('').then((info) => { if (info) fill(info.structure); });
    loadLibrary();
    loadForecast();
  };
  new MutationObserver(start).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  desk.onChange(start);
}

/**
 * The creation form's "from the library" choice: a select of the templates (`GET /structures`,
 * the server's token); picking one calls `onPick(template)` with the whole template.
 */
export function templatePicker(page, onPick) {
  const select = el('select', { id: 'create-template' },
    el('option', { value: '', 'data-i18n': 'structures.generated' }, t('structures.generated')));
  select.addEventListener('change', async () => {
    if (!select.value) return;
    try {
      onPick(await page.api.get(`/structures/${enc(select.value)}`));
    } catch (error) {
      page.refusal(error);
    }
  });
  page.api.get('/structures').then((templates) => {
    select.append(...templates.map((item) => el('option', { value: item.id, 'data-raw': '' }, item.name)));
  }).catch((error) => page.refusal(error));
  return label('structures.from-library', select);
}
