/**
 * downloads.js — the event's records as files, from the Results tab: the results (CSV, JSON,
 * HTML, PDF), the Belarus running and final protocols (HTML, PDF) and the hand histories
 * (PokerStars text, a zip of PHH files, Open Hand History) and the tournament summary for
 * hand trackers (Open Tournament Summary, PokerStars-style text).
 *
 * They are `<a download>` links to the service's record routes. The service takes no token in
 * a URL (it would be logged and kept in the history), so a click fetches the file with the
 * director's token in its header and hands the browser the bytes to save, under the name the
 * service gives (`Content-Disposition`). A refused file shows the service's reason; hands a
 * format left out (Open Hand History: razz, draws) are named from its `Floorman-Skipped` header. Results and protocols are asked for in the page's language, and the
 * links are re-built when it changes. The protocols name their signatories from two inputs;
 * the final protocol exists only once the event is over (Belarus 2.3.3) and needs both names
 * (2.1.4), so its links stay hidden before the end and carry no address until both are typed.
 * The print-outs (`/print`: seating lists, seat cards, the payout sheet, receipts) open in a
 * new tab, laid out for paper.
 */

import { enc } from '/static/common/api.js';
import { el, show } from '/static/common/dom.js';
import { currentLanguage, t } from '/static/common/i18n.js';

const RESULT_FORMATS = ['csv', 'json', 'html', 'pdf'];
const PROTOCOL_FORMATS = ['html', 'pdf'];
const HAND_FORMATS = ['pokerstars', 'phhs-zip', 'ohh'];
const SUMMARY_FORMATS = ['ots', 'pokerstars'];
const PRINT_SHEETS = ['seating', 'seat-cards', 'payouts', 'receipts'];

/** The Downloads block for `desk`'s event; it keeps its links current from the view. */
export function downloadsBlock(desk) {
  const names = { chief_judge: nameInput('chief-judge'), secretary: nameInput('secretary') };
  const links = {
    results: RESULT_FORMATS.map((format) => link('results', format)),
    running: PROTOCOL_FORMATS.map((format) => link('protocol-running', format)),
    final: PROTOCOL_FORMATS.map((format) => link('protocol-final', format)),
    hands: HAND_FORMATS.map((format) => link('hands', format)),
    summary: SUMMARY_FORMATS.map((format) => link('summary', format)),
    print: PRINT_SHEETS.map((sheet) => el('a', { target: '_blank', 'data-print': sheet, 'data-i18n': `print.sheet.${sheet}` }, t(`print.sheet.${sheet}`))),
  };
  const finalRow = row('protocol-final', links.final, label('final-needs', { class: 'muted', id: 'downloads-final-needs' }));
  const block = el('section', { class: 'downloads', id: 'downloads' },
    label('title', {}, 'h3'),
    row('results', links.results),
    el('div', { class: 'download-names' }, names.chief_judge.label, names.secretary.label),
    row('protocol-running', links.running),
    finalRow,
    row('hands', links.hands),
    row('summary', links.summary),
    row('print', links.print));
  const redraw = () => {
    const officials = { chief_judge: names.chief_judge.input.value.trim(), secretary: names.secretary.input.value.trim() };
    const signed = Boolean(officials.chief_judge && officials.secretary);
    show(finalRow, Boolean(desk.view?.public?.finished));
    show(finalRow.querySelector('#downloads-final-needs'), !signed);
    for (const a of links.results) setHref(a, records(desk, 'results', { format: a.dataset.format, lang: currentLanguage() }));
    for (const a of links.running) setHref(a, protocol(desk, 'running', a.dataset.format, officials));
    for (const a of links.final) setHref(a, signed ? protocol(desk, 'final', a.dataset.format, officials) : null);
    for (const a of links.hands) setHref(a, records(desk, 'hands', { format: a.dataset.format }));
    for (const a of links.summary) setHref(a, records(desk, 'summary', { format: a.dataset.format }));
    for (const a of links.print) {
      const query = new URLSearchParams({ t: desk.id, sheet: a.dataset.print, lang: currentLanguage(), token: desk.page.token || '' });
      setHref(a, `/print?${query}`);
    }
  };
  // files are fetched with the token in a header; the print-outs are pages opened in a new tab
  for (const a of [...links.results, ...links.running, ...links.final, ...links.hands, ...links.summary]) {
    a.addEventListener('click', (event) => {
      event.preventDefault();
      save(desk, a);
    });
  }
  for (const name of Object.values(names)) name.input.addEventListener('input', redraw);
  desk.onChange(redraw);
  return block;
}

/** The address of record `what` with `query` (no token: the click sends it in a header). */
function records(desk, what, query) {
  const params = new URLSearchParams(query);
  return `/tournaments/${enc(desk.id)}/records/${what}?${params}`;
}

/** Fetch the link's file with the token in the header and let the browser save it. */
export async function save(desk, a) {
  const href = a.getAttribute('href');
  if (!href) return;
  try {
    const answer = await fetch(href, {
      headers: { Authorization: `Bearer ${desk.page.token || ''}` }, cache: 'no-store',
    });
    if (!answer.ok) throw new Error(await refusalOf(answer));
    const skipped = answer.headers.get('floorman-skipped');
    if (skipped) desk.page.notice(t('director.downloads.skipped', { message: skipped }), 'info');
    const url = URL.createObjectURL(await answer.blob());
    const saving = el('a', { href: url, download: fileName(answer) || true, hidden: true });
    document.body.append(saving);
    saving.click();
    saving.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60000);
  } catch (error) {
    desk.page.notice(t('error.refused', { message: error.message || String(error) }));
  }
}

/** What a refused download says (the service's message naming the constraint), else its status. */
async function refusalOf(answer) {
  try {
    const body = await answer.json();
    if (body && body.message) return body.message;
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${answer.status}`;
}

/** The file name of a `Content-Disposition` answer (its UTF-8 form when given). */
function fileName(answer) {
  const header = answer.headers.get('content-disposition') || '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : null;
}

function protocol(desk, kind, format, officials) {
  const named = Object.fromEntries(Object.entries(officials).filter(([, value]) => value));
  return records(desk, 'protocol', { kind, format, lang: currentLanguage(), ...named });
}

function setHref(a, href) {
  if (href) a.setAttribute('href', href);
  else a.removeAttribute('href');
  a.setAttribute('aria-disabled', href ? 'false' : 'true');
}

function link(what, format) {
  const key = `director.downloads.format.${format}`;
  return el('a', { download: true, 'data-download': what, 'data-format': format, 'data-i18n': key }, t(key));
}

function row(what, links, ...more) {
  const key = `director.downloads.${what}`;
  return el('p', { class: 'download-row', 'data-downloads': what },
    el('span', { 'data-i18n': key }, t(key)), ' ', ...links.flatMap((a) => [a, ' ']), ...more);
}

function label(what, attrs = {}, tag = 'span') {
  const key = `director.downloads.${what}`;
  return el(tag, { ...attrs, 'data-i18n': key }, t(key));
}

function nameInput(who) {
  const input = el('input', { type: 'text', maxlength: 200, id: `downloads-${who}`, name: who });
  const key = `director.downloads.${who}`;
  return { input, label: el('label', {}, el('span', { 'data-i18n': key }, t(key)), ' ', input) };
}
