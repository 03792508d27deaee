/**
 * league.js — a league season's public standings, for anyone with the link or its QR code
 * (no token): rank, name, points, events played and who goes to the final. The service
 * publishes nothing more (no player ids, no prizes).
 */
import { pageParams } from '/static/common/api.js';
import { formatNumber, initI18n, t } from '/static/common/i18n.js';

const season = pageParams().get('s') || '';
const $ = (id) => document.getElementById(id);

function draw(data) {
  $('league').dataset.state = 'ready';
  $('season').textContent = data.name;
  const final = data.qualify ? t('league.goes', { count: data.qualify, final: data.final }) : '';
  $('summary').textContent = [t('league.played', { events: data.events }), final]
    .filter(Boolean).join(' · ');
  $('standings').replaceChildren(...data.standings.map((s) => {
    const row = document.createElement('tr');
    row.dataset.qualified = String(s.qualified);
    for (const value of [s.rank, s.name, formatNumber(s.points), s.events,
      s.qualified ? t('league.yes') : '']) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.append(cell);
    }
    return row;
  }));
}

async function load() {
  const answer = await fetch(`/public/leagues/${encodeURIComponent(season)}`);
  if (!answer.ok) {
    $('league').dataset.state = `error-${answer.status}`;
    return;
  }
  draw(await answer.json());
}

const address = `${window.location.origin}/league?s=${encodeURIComponent(season)}`;
$('link').href = address;
$('link').textContent = address;
$('qr').src = `/public/leagues/${encodeURIComponent(season)}/qr.png`;
await initI18n();
$('qr').alt = t('results.qr');
setInterval(load, 60000);
load();
