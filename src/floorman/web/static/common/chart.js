/**
 * chart.js — small SVG charts drawn in the page (no library, no external service).
 *
 * `lineChart({points, format, xFormat})`: one series of `{x, y}` as a path over a y axis
 * from zero (a field shrinking to one player must look like it). `barChart({bars, format,
 * horizontal})`: `{label, value}` bars, horizontal with the labels on the left (chip
 * leaders) or vertical with the labels below (a payout curve). Both return an `<svg>` with
 * a `viewBox` that scales to its box; labels that are data (names) carry `data-raw`, the
 * numbers are written by the caller's `format` (the language's digits and separators).
 *
 * The scales are exported for the browser tests: `linearScale(d0, d1, r0, r1)` maps a
 * domain onto a range; `niceTicks(max, count)` gives round tick values from zero.
 */

const NS = 'http://www.w3.org/2000/svg';
const SIZE = { width: 640, height: 320, font: 15 };

export function linearScale(d0, d1, r0, r1) {
  const span = d1 - d0 || 1;
  const scale = (value) => r0 + ((value - d0) / span) * (r1 - r0);
  scale.domain = [d0, d1];
  scale.range = [r0, r1];
  return scale;
}

/** Round ticks from 0 to at least `max`: 0, step, 2*step... with step 1, 2 or 5 x 10^k. */
export function niceTicks(max, count = 4) {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const ticks = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  return ticks;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function frame(className, size) {
  return svg('svg', {
    class: `chart ${className}`,
    viewBox: `0 0 ${size.width} ${size.height}`,
    preserveAspectRatio: 'xMidYMid meet',
    role: 'img',
    'font-size': size.font,
  });
}

function sized(size) {
  const given = { ...SIZE, ...(size || {}) };
  return { width: Math.max(given.width, 100), height: Math.max(given.height, 60), font: given.font };
}

const round = (value) => Math.round(value * 10) / 10;

/** A line of `points` ({x, y}); the y axis from zero, `format(y)` its labels, `xFormat(x)`
 * the x axis's (first and last point). */
export function lineChart({ points, format = String, xFormat = String, size = null }) {
  const { width: w, height: h, font } = sized(size);
  const box = { left: font * 6, right: w - font, top: font, bottom: h - font * 2.4 };
  const chart = frame('line-chart', { width: w, height: h, font });
  if (!points.length) return chart;
  const xs = points.map((p) => p.x);
  // as many ticks as the height holds with a line and a half of room each
  const fit = Math.max(1, Math.floor((box.bottom - box.top) / (font * 1.6)));
  const ticks = niceTicks(Math.max(...points.map((p) => p.y)), Math.min(4, fit));
  const x = linearScale(Math.min(...xs), Math.max(...xs), box.left, box.right);
  const y = linearScale(0, ticks[ticks.length - 1], box.bottom, box.top);
  const room = box.bottom - box.top >= font * 1.6; // room for the zero and the top tick
  for (const tick of ticks) {
    if (!room && tick !== ticks[ticks.length - 1]) continue;
    chart.append(
      svg('line', { class: 'grid', x1: box.left, x2: box.right, y1: round(y(tick)), y2: round(y(tick)) }),
      svg('text', { class: 'tick y', x: box.left - font / 2, y: round(y(tick) + font / 3),
        'text-anchor': 'end' },
        format(tick)),
    );
  }
  const first = points[0].x;
  const last = points[points.length - 1].x;
  chart.append(
    svg('text', { class: 'tick x', x: box.left, y: h - font / 2 }, xFormat(first)),
    svg('text', { class: 'tick x', x: box.right, y: h - font / 2, 'text-anchor': 'end' },
      xFormat(last)),
  );
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${round(x(p.x))} ${round(y(p.y))}`).join(' ');
  chart.append(svg('path', { class: 'line', d, fill: 'none' }));
  const end = points[points.length - 1];
  chart.append(svg('circle', { class: 'end', cx: round(x(end.x)), cy: round(y(end.y)), r: font / 3 }));
  return chart;
}

/** Bars of `{label, value}`; `format(value)` writes the values. Horizontal bars put the
 * labels (data: names) on the left; vertical ones put them under the bars. */
export function barChart({ bars, format = String, horizontal = true, size = null }) {
  const box = sized(size);
  const chart = frame(horizontal ? 'bar-chart horizontal' : 'bar-chart vertical', box);
  if (!bars.length) return chart;
  const max = Math.max(...bars.map((b) => b.value)) || 1;
  const draw = horizontal ? horizontalBars : verticalBars;
  return draw(chart, bars, max, format, box);
}

function horizontalBars(chart, bars, max, format, { width: w, height: h, font }) {
  // the names' and the values' own widths, so neither runs off the chart nor into a bar
  const values = bars.map((bar) => format(bar.value));
  const left = Math.min(Math.max(...bars.map((bar) => textWidth(String(bar.label), font))) + font, w / 2);
  const right = w - Math.max(...values.map((value) => textWidth(value, font))) - font;
  const band = h / bars.length;
  const width = linearScale(0, max, 0, right - left);
  bars.forEach((bar, i) => {
    const top = i * band;
    const middle = round(top + band / 2 + font / 3);
    chart.append(
      svg('text', { class: 'label', x: left - font / 2, y: middle, 'text-anchor': 'end', 'data-raw': '' },
        String(bar.label)),
      svg('rect', { class: 'bar', x: left, y: round(top + band * 0.15), width: round(width(bar.value)),
        height: round(band * 0.7), 'data-value': bar.value }),
      svg('text', { class: 'value', x: round(left + width(bar.value) + font / 2), y: middle },
        values[i]),
    );
  });
  return chart;
}

function verticalBars(chart, bars, max, format, { width: w, height: h, font }) {
  const bottom = h - font * 2;
  const top = font * 2;
  const band = (w - font) / bars.length;
  const height = linearScale(0, max, 0, bottom - top);
  const widest = (texts) => Math.max(...texts.map((text) => textWidth(text, font)));
  const labels = bars.map((bar) => String(bar.label));
  const labelEvery = Math.max(1, Math.ceil((widest(labels) + font) / band)); // labels never touch
  const values = bars.map((bar) => format(bar.value));
  const valuesFit = widest(values) + font / 2 <= band; // every amount over its bar, or only the top
  bars.forEach((bar, i) => {
    const left = font / 2 + i * band;
    const tall = height(bar.value);
    chart.append(svg('rect', { class: 'bar', x: round(left + band * 0.1), y: round(bottom - tall),
      width: round(band * 0.8), height: round(tall), 'data-value': bar.value }));
    if (i % labelEvery === 0) {
      chart.append(svg('text', { class: 'label', x: round(left + band / 2), y: round(h - font / 2),
        'text-anchor': 'middle', 'data-raw': '' }, labels[i]));
    }
    if (valuesFit) {
      chart.append(svg('text', { class: 'value', x: round(left + band / 2), y: round(bottom - tall - font / 3),
        'text-anchor': 'middle' }, values[i]));
    }
  });
  if (!valuesFit) chart.append(svg('text', { class: 'value', x: font, y: font * 1.4 }, format(max)));
  return chart;
}

/** A text's width at `font` pixels, measured as the page's font draws it. */
function textWidth(text, font) {
  const canvas = textWidth.canvas || (textWidth.canvas = document.createElement('canvas'));
  const context = canvas.getContext('2d');
  context.font = `${font}px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}
