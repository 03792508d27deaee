/**
 * rulings.js — the console's Rulings tab: every ruling at every table, and the director's
 * override of any automatic one, with his reason (TDA R1, Belarus 7.3.1, Poland §1.6).
 *
 * `GET .../rulings` gives, per table, the hand in play's rulings with their rules (as its
 * tablet last showed it), the rulings he may override now and how, and a dealer's call for
 * him; then the rulings of the recorded hands, as the results print them. It is read again on
 * every view of the feed (an override, a call, a hand recorded are commands) and every few
 * seconds while the tab is shown, since a tablet's steps are not commands. An override
 * (`POST .../tables/{t}/rulings/override`) is checked on the hand, put on the record, and
 * reaches the tablet by its table feed. On the other tabs, each view reads only the tables
 * (`?recorded=false`) and the tab's button counts the dealers calling the director. Each hand in play links to its PHH history, the
 * rulings and overrides in it as comments.
 */

import { enc } from '/static/common/api.js';
import { el, raw } from '/static/common/dom.js';
import { rulingText, t } from '/static/common/i18n.js';
import { calledLine, lapsedList, overrideForm, rulingsList } from '/static/common/overrides.js';
import { save } from '/static/director/downloads.js';

const POLL_MS = 4000;

export function rulingsPanel(desk, panel) {
  const advice = el('p', { class: 'muted', id: 'rulings-advice', hidden: true });
  const tables = el('div', { class: 'rulings-tables', id: 'rulings-tables' });
  const recorded = el('tbody');
  const state = { drawn: '', reading: false };
  panel.append(el('h2', { 'data-i18n': 'director.tab.rulings' }, t('director.tab.rulings')), advice, tables,
    el('h3', { 'data-i18n': 'rulings.recorded' }, t('rulings.recorded')),
    el('table', { class: 'recorded-rulings', id: 'recorded-rulings' }, el('thead', {}, el('tr', {},
      ...['hand', 'table', 'player', 'ruling', 'decided', 'reason'].map((c) => el('th', {}, t(`rulings.col.${c}`))))), recorded));

  async function read() {
    if (state.reading) return;
    state.reading = true;
    try {
      const seen = await desk.page.api.get(`/tournaments/${enc(desk.id)}/rulings`);
      draw(seen);
    } catch (_) {
      // offline, or an older service: the tab keeps what it showed
    } finally {
      state.reading = false;
    }
  }

  function draw(seen) {
    const drawn = JSON.stringify(seen);
    if (drawn === state.drawn) return; // keep a reason being typed
    state.drawn = drawn;
    advice.hidden = !seen.stud_back_to_back.length;
    advice.textContent = seen.stud_back_to_back.length
      ? t('rulings.rp18', { levels: seen.stud_back_to_back.join(', '), rule: seen.rule }) : '';
    markCalls(seen);
    tables.replaceChildren(...seen.tables.map(tableBlock));
    recorded.replaceChildren(...seen.recorded.map((r) => el('tr', { 'data-kind': r.kind, 'data-key': r.ruling.key },
      el('td', { class: 'num' }, raw(r.hand)), el('td', { class: 'num' }, raw(r.table)),
      el('td', {}, raw(r.name || '')), el('td', {}, rulingText(r.ruling)),
      el('td', {}, ['rules', 'director', 'floor', 'dealer'].includes(r.decided_by) ? t(`overrides.who.${r.decided_by}`) : raw(r.decided_by)),
      el('td', {}, raw(r.reason || '')))));
    desk.rulingsRead = (desk.rulingsRead || 0) + 1;
  }

  function markCalls(seen) {
    const tab = document.querySelector('[data-tab=rulings]');
    const calls = seen.tables.filter((table) => table.called).length;
    if (tab && calls) tab.dataset.calls = calls;
    else if (tab) delete tab.dataset.calls;
  }

  function tableBlock(table) {
    const send = async (body) => {
      try {
        await desk.page.api.post(`/tournaments/${enc(desk.id)}/tables/${enc(table.table)}/rulings/override`, body);
        desk.page.clearNotices();
        desk.page.notice(t('rulings.overridden', { table: table.table }), 'info');
        await read();
      } catch (error) {
        desk.page.refusal(error);
      }
    };
    const inPlay = table.steps === null
      ? [el('p', { class: 'muted' }, t('rulings.no-hand'))]
      : [rulingsList(table.rulings), ...lapsedList(table.lapsed), ...table.overridable.map((target) => overrideForm(target, send)),
        phhLink(table.table)];
    return el('section', { class: 'rulings-table', 'data-table': table.table },
      el('h3', {}, t('director.table', { table: table.table })), calledLine(table.called), ...inPlay);
  }

  /** The hand's PHH: the click fetches it with the token in a header (no token in a URL). */
  function phhLink(number) {
    const a = el('a', { href: `/tournaments/${enc(desk.id)}/tables/${enc(number)}/rulings/phh`,
      download: `table-${number}.phh`, 'data-act': 'table-phh' }, t('referrals.phh'));
    a.addEventListener('click', (event) => {
      event.preventDefault();
      save(desk, a);
    });
    return a;
  }

  /** On another tab: only whether a dealer calls, shown on the tab's button. */
  async function readCalls() {
    if (state.reading) return;
    state.reading = true;
    try {
      markCalls(await desk.page.api.get(`/tournaments/${enc(desk.id)}/rulings?recorded=false`));
    } catch (_) {
      // offline: the mark stays as it was
    } finally {
      state.reading = false;
    }
  }

  let timer = null;
  const visible = () => !panel.hidden;
  desk.onChange(() => (visible() ? read() : readCalls()));
  new MutationObserver(() => {
    if (visible() && timer === null) {
      read();
      timer = setInterval(() => (visible() ? read() : null), POLL_MS);
    } else if (!visible() && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  if (visible()) {
    read();
    timer = setInterval(() => (visible() ? read() : null), POLL_MS);
  }
}
