/**
 * money.js — the Money tab: the payout editor, the cash box and its ledger, lines recorded by
 * hand (league dues, refunds, corrections) and closing the event.
 *
 * The payout editor sends `set-payout-plan`: places paid as a number or a share of the field,
 * prizes by floorman's curve or by percentages typed first place first, rounded to the unit
 * the director pays in, and an optional bubble prize. The table shown is the view's (what the
 * clock and the printed sheet show too), so a refused plan leaves it as it was. The cash box
 * is `GET .../records/money?format=json`, read again after every new view while the tab is
 * on screen (and when it is shown): money in, money
 * out, the house's part, the cash that should be in the box and what is unaccounted for,
 * with every line and the command that wrote it. A correction is a new line naming the line
 * it corrects. "Close the event" is refused by the service, naming the difference, until the
 * books balance. The ledger downloads as CSV (the same file as `floorman export money`).
 */

import { enc } from '/static/common/api.js';
import { el, raw, show } from '/static/common/dom.js';
import { currentLanguage, formatNumber, t } from '/static/common/i18n.js';
import { placeText } from '/static/common/ordinal.js';

const CATEGORIES = ['league-dues', 'refund', 'payout', 'bounty', 'buy-in', 'fee', 'rebuy', 'add-on', 'correction'];
const COLUMNS = ['line', 'category', 'side', 'amount', 'entry', 'note', 'command'];

export function moneyPanel(desk, panel) {
  const box = { read: 0, book: null }; // the browser tests wait on `read`
  const editor = payoutEditor(desk);
  const totals = el('dl', { class: 'money-totals', id: 'money-totals' });
  const rows = el('tbody');
  const closed = el('p', { id: 'money-closed', hidden: true, 'data-i18n': 'money.closed' }, t('money.closed'));
  const csv = el('button', { type: 'button', id: 'money-csv', 'data-i18n': 'money.csv',
    onclick: () => downloadCsv(desk) }, t('money.csv'));
  const close = el('button', { type: 'button', id: 'money-close', 'data-i18n': 'money.close',
    onclick: () => desk.send('close-event') }, t('money.close'));
  panel.append(
    el('h2', { 'data-i18n': 'money.payouts' }, t('money.payouts')), editor.node,
    el('h2', { 'data-i18n': 'money.box' }, t('money.box')), totals, closed,
    el('p', { class: 'actions' }, close, csv),
    recordForm(desk),
    el('h3', { 'data-i18n': 'money.ledger' }, t('money.ledger')),
    el('table', { class: 'ledger', id: 'money-ledger' }, el('thead', {}, el('tr', {},
      ...COLUMNS.map((c) => el('th', {}, t(`money.col.${c}`))))), rows),
  );
  window.floormanDirector.money = box;

  let asked = -1;
  const readBook = async () => {
    if (panel.hidden || asked === desk.viewVersion) return drawBook(box.book);
    asked = desk.viewVersion;
    const book = await desk.read('/records/money?format=json');
    if (!book) return null;
    box.book = book;
    box.read += 1;
    return drawBook(book);
  };
  desk.onChange((view) => {
    editor.draw(view);
    readBook();
  });
  // the ledger is read only while the tab is on screen, and again when it is shown
  document.querySelector('[data-tab=money]')?.addEventListener('click', () => readBook());

  function drawBook(book) {
    if (!book) return;
    const figures = [['in', book.money_in], ['out', book.money_out], ['house', book.house],
      ['cash', book.cash_in_box], ['difference', book.difference]];
    totals.replaceChildren(...figures.flatMap(([key, value]) => [
      el('dt', { 'data-i18n': `money.${key}` }, t(`money.${key}`)),
      el('dd', { class: 'num', 'data-money': key }, raw(formatNumber(value)))]));
    show(closed, book.closed);
    close.disabled = book.closed || !desk.has('close-event');
    rows.replaceChildren(...book.lines.map((line) => el('tr', { 'data-line': line.number, 'data-category': line.category },
      el('td', { class: 'num' }, raw(line.number)),
      el('td', {}, t(`money.category.${line.category}`)),
      el('td', {}, t(`money.side.${line.side}`)),
      el('td', { class: 'num' }, raw(formatNumber(line.amount))),
      el('td', {}, raw(line.entry)),
      el('td', {}, raw(line.corrects ? `→ ${line.corrects} ${line.note}` : line.note)),
      el('td', {}, raw(line.command)))));
  }
}

/** The ledger as a CSV file: fetched with the director's token in its header (the service
 * takes no token in an address), then saved by the browser. */
async function downloadCsv(desk) {
  try {
    const response = await fetch(`/tournaments/${enc(desk.id)}/records/money?format=csv`, {
      headers: { Authorization: `Bearer ${desk.page.token}` }, cache: 'no-store',
    });
    if (!response.ok) throw new Error(`${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const a = el('a', { href: url, download: `${desk.id}-money.csv`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    desk.page.refusal(error);
  }
}

/** The payout editor and the table in force. */
function payoutEditor(desk) {
  const method = select('payout-method', ['curve', 'percentages'], 'money.method');
  const paidBy = select('payout-paid-by', ['number', 'share'], 'money.paid-by');
  const places = el('input', { id: 'payout-places', type: 'number', min: 1, step: 'any' });
  const percentages = el('input', { id: 'payout-percentages', type: 'text', placeholder: '50, 30, 20' });
  const unit = el('input', { id: 'payout-unit', type: 'number', min: 1, value: 1 });
  const bubble = el('input', { id: 'payout-bubble', type: 'number', min: 0, value: 0 });
  const pool = el('p', { id: 'payout-pool' });
  const table = el('ol', { class: 'payouts', id: 'payout-table' });
  const print = el('a', { id: 'payout-print', target: '_blank', 'data-i18n': 'money.print' }, t('money.print'));
  const curveOnly = [paidBy.node, field('money.places', places)];
  const percentOnly = [field('money.percentages', percentages)];
  const redrawFields = () => {
    for (const node of curveOnly) show(node, method.input.value === 'curve');
    for (const node of percentOnly) show(node, method.input.value === 'percentages');
  };
  method.input.addEventListener('change', redrawFields);
  redrawFields();
  const apply = el('button', { type: 'button', id: 'payout-apply', class: 'primary', 'data-i18n': 'money.apply',
    onclick: () => desk.send('set-payout-plan', plan()) }, t('money.apply'));

  function plan() {
    const fields = { unit: Number(unit.value) || 1, bubble: Number(bubble.value) || 0 };
    if (method.input.value === 'percentages') {
      return { ...fields, percentages: percentages.value.split(/[,;\s]+/).filter(Boolean).map(Number) };
    }
    if (!places.value) return fields;
    if (paidBy.input.value === 'share') return { ...fields, share: Number(places.value) / 100 };
    return { ...fields, places: Number(places.value) };
  }

  const node = el('div', { class: 'payout-editor', id: 'payout-editor' },
    el('div', { class: 'fields' }, method.node, ...curveOnly, ...percentOnly,
      field('money.unit', unit), field('money.bubble', bubble)),
    el('p', { class: 'actions' }, apply, print), pool, table);
  return {
    node,
    draw(view) {
      const money = view.public.money;
      apply.disabled = !desk.has('set-payout-plan');
      pool.textContent = t('money.pool', { pool: formatNumber(money.pool) });
      table.replaceChildren(...money.payouts.map((prize, i) => el('li', { 'data-place': i + 1 },
        el('span', { class: 'place' }, placeText('clock.place', i + 1)), ' ',
        el('span', { class: 'amount' }, formatNumber(prize)))));
      const query = new URLSearchParams({ t: desk.id, sheet: 'payouts', lang: currentLanguage(), token: desk.page.token || '' });
      print.setAttribute('href', `/print?${query}`);
    },
  };
}

/** A line recorded by hand: league dues, a refund, a prize paid apart, a correction. */
function recordForm(desk) {
  const category = select('money-category', CATEGORIES, null, 'money.category');
  const side = select('money-side', ['in', 'out'], null, 'money.side');
  const amount = el('input', { id: 'money-amount', type: 'number', step: 1 });
  const entry = el('input', { id: 'money-entry', type: 'text', size: 8 });
  const note = el('input', { id: 'money-note', type: 'text' });
  const corrects = el('input', { id: 'money-corrects', type: 'number', min: 1 });
  const send = async () => {
    const fields = { category: category.input.value, side: side.input.value, amount: Number(amount.value),
      entry: entry.value.trim(), note: note.value.trim(), corrects: corrects.value ? Number(corrects.value) : null };
    if (await desk.send('record-money', fields)) {
      for (const input of [amount, entry, note, corrects]) input.value = '';
    }
  };
  return el('fieldset', { class: 'money-record', id: 'money-record' },
    el('legend', { 'data-i18n': 'money.record' }, t('money.record')),
    field('money.col.category', category.input), field('money.col.side', side.input),
    field('money.col.amount', amount), field('money.col.entry', entry), field('money.col.note', note),
    field('money.corrects', corrects),
    el('button', { type: 'button', id: 'money-add', 'data-i18n': 'money.add', onclick: send }, t('money.add')));
}

function field(key, control) {
  return el('label', {}, el('span', { 'data-i18n': key }, t(key)), control);
}

/** A select of `values`, each written from `${prefix}.${value}` (`label`: its caption key). */
function select(id, values, label, prefix = label) {
  const input = el('select', { id }, ...values.map((v) => el('option', { value: v, 'data-i18n': `${prefix}.${v}` }, t(`${prefix}.${v}`))));
  return { input, node: label ? field(label, input) : input };
}
