/**
 * results.js — an event's public results and leaderboard, for anyone with the link (no
 * token): places, names and prizes, players left and the prize pool, refreshed every ten
 * seconds while the event runs; the page's own QR code to pass it on.
 */
import { pageParams } from '/static/common/api.js';
import { formatNumber, initI18n, t } from '/static/common/i18n.js';

const tournament = pageParams().get('t') || '';
const $ = (id) => document.getElementById(id);

function draw(data) {
  $('results').dataset.state = data.finished ? 'finished' : 'running';
  $('event').textContent = data.name;
  const state = data.finished ? t('results.final')
    : t('results.left', { left: data.players_left, entries: data.entries });
  $('summary').textContent = `${state} · ${t('results.pool', { pool: formatNumber(data.pool) })}`;
  $('standings').replaceChildren(...data.standings.map((s) => {
    const row = document.createElement('tr');
    for (const value of [s.place, s.name, s.prize ? formatNumber(s.prize) : '']) {
      const cell = document.createElement('td');
      cell.textContent = String(value);
      row.append(cell);
    }
    return row;
  }));
}

async function load() {
  const answer = await fetch(`/public/tournaments/${encodeURIComponent(tournament)}/board`);
  if (!answer.ok) {
    $('results').dataset.state = `error-${answer.status}`;
    return;
  }
  draw(await answer.json());
}

const address = `${window.location.origin}/results?t=${encodeURIComponent(tournament)}`;
$('link').href = address;
$('link').textContent = address;
$('qr').src = `/public/tournaments/${encodeURIComponent(tournament)}/qr.png`;
await initI18n();
$('qr').alt = t('results.qr');
setInterval(load, 10000);
load();
