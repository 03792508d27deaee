/**
 * panels.js — the clock's rotating panels: payouts, chip leaders, seat changes, latest out,
 * the field and the average stack over time, the payout curve.
 *
 * A panel is shown only when it has something to show (no seat changes before the first
 * move, no chart before two points). The panels turn every `seconds` (`?rotate=` on the
 * page's URL, 12 s by default); new data redraws the panel on screen without restarting
 * the turn. Once the event is over, the one panel is the final places (final.js). `show(id)` brings one forward (the browser tests use it).
 */

import { barChart, lineChart } from '/static/common/chart.js';
import { el, raw } from '/static/common/dom.js';
import { formatNumber, t } from '/static/common/i18n.js';
import { placeText } from '/static/common/ordinal.js';
import { formatDuration } from '/static/common/servertime.js';
import { finalPlaces } from '/static/clock/final.js';

const MAX_PAYOUT_LINES = 30;

export class Panels {
  constructor(container, { seconds = 12 } = {}) {
    this.container = container;
    this.index = 0;
    this.view = null;
    this.history = null;
    this.results = null;
    this.current = null; // the id of the panel on screen
    this.timer = window.setInterval(() => this.next(), seconds * 1000);
  }

  update({ view = this.view, history = this.history, results = this.results }) {
    this.view = view;
    this.history = history;
    this.results = results;
    this.render();
  }

  /** The panels that have something to show now, in their order of rotation. */
  available() {
    const view = this.view;
    if (!view) return [];
    if (view.finished) {
      return this.results ? [{ id: 'final', key: 'panel.final', draw: () => finalPlaces(this.results) }] : [];
    }
    const field = (this.history && this.history.field) || [];
    const leaders = (this.history && this.history.leaders) || [];
    const payouts = view.money.payouts;
    const panels = [
      { id: 'payouts', key: 'panel.payouts', show: payouts.length > 0, draw: () => payoutList(payouts) },
      { id: 'leaders', key: 'panel.leaders', show: leaders.length > 0 && view.started,
        draw: (size) => leaderChart(leaders, size) },
      { id: 'seat-changes', key: 'panel.seat-changes', show: view.seat_changes.length > 0,
        draw: () => seatChanges(view.seat_changes) },
      { id: 'latest-out', key: 'panel.latest-out', show: view.latest_out.length > 0,
        draw: () => latestOut(view.latest_out) },
      { id: 'field-chart', key: 'panel.field-chart', show: field.length > 1,
        draw: (size) => fieldChart(field, 'players_left', size) },
      { id: 'average-chart', key: 'panel.average-chart', show: field.length > 1,
        draw: (size) => fieldChart(field, 'average_stack', size) },
      { id: 'payout-curve', key: 'panel.payout-curve', show: payouts.length > 1,
        draw: (size) => payoutCurve(payouts, size) },
    ];
    return panels.filter((p) => p.show);
  }

  next() {
    this.index += 1;
    this.current = null;
    this.render();
  }

  /** Bring panel `id` forward; false if it has nothing to show now. */
  show(id) {
    const found = this.available().findIndex((p) => p.id === id);
    if (found < 0) return false;
    this.index = found;
    this.current = id;
    this.render();
    return true;
  }

  render() {
    const panels = this.available();
    if (!panels.length) {
      this.container.replaceChildren();
      delete this.container.dataset.panel;
      return;
    }
    // the panel on screen stays on screen when new data adds or removes others before it
    const kept = panels.findIndex((p) => p.id === this.current);
    const index = kept >= 0 ? kept : this.index % panels.length;
    this.index = index;
    const panel = panels[index];
    this.current = panel.id;
    const dots = panels.map((_, i) => (i === index ? '●' : '○')).join('');
    const title = el('h2', {}, el('span', {}, t(panel.key)), el('span', { class: 'dots' }, dots));
    const body = el('div', { class: 'panel-body' });
    this.container.replaceChildren(el('div', { class: 'panel-frame' }, title, body));
    this.container.dataset.panel = panel.id;
    body.append(panel.draw(chartSize(body)));
  }
}

/** The box a chart fills, in CSS pixels, with its text a little smaller than the panel's. */
function chartSize(body) {
  const font = parseFloat(window.getComputedStyle(body).fontSize) || 16;
  return { width: body.clientWidth, height: body.clientHeight, font: Math.round(font * 0.75) };
}

function payoutList(payouts) {
  const lines = payouts.slice(0, MAX_PAYOUT_LINES).map((prize, i) => el('li', {},
    el('span', { class: 'place' }, placeText('clock.place', i + 1)),
    el('span', { class: 'amount' }, formatNumber(prize))));
  if (payouts.length > MAX_PAYOUT_LINES) {
    lines.push(el('li', { class: 'muted' }, t('panel.more-places', { count: payouts.length - MAX_PAYOUT_LINES })));
  }
  return el('ol', { class: 'payouts' }, lines);
}

/** The leaders that fit the panel's height (a bar needs one and a half lines), at least 3. */
function leaderChart(leaders, size) {
  const fit = Math.max(3, Math.floor(size.height / (size.font * 1.5)));
  const bars = leaders.slice(0, fit).map((l) => ({ label: l.name, value: l.stack }));
  return barChart({ bars, format: formatNumber, size });
}

function seatChanges(changes) {
  return el('ul', { class: 'seat-changes' }, changes.map((change) => el('li', {},
    raw(change.name), ' → ', el('span', {}, t('seat.short', { table: change.table, seat: change.seat + 1 })),
    el('span', { class: 'reason' }, t(`seat.reason.${change.reason}`)))));
}

function latestOut(placings) {
  return el('ol', { class: 'latest-out' }, placings.map((p) => el('li', {},
    el('span', { class: 'place' }, placeText('clock.place', p.place)), raw(p.name),
    p.prize ? el('span', { class: 'amount' }, formatNumber(p.prize)) : null)));
}

function fieldChart(field, figure, size) {
  const start = field[0].at;
  return lineChart({
    points: field.map((p) => ({ x: p.at, y: p[figure] })),
    format: formatNumber,
    xFormat: (at) => formatDuration(at - start),
    size,
  });
}

function payoutCurve(payouts, size) {
  return barChart({
    bars: payouts.map((prize, i) => ({ label: i + 1, value: prize })),
    format: formatNumber,
    horizontal: false,
    size,
  });
}
