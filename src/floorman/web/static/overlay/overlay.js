/**
 * overlay.js — the streaming overlay (an OBS browser source): level, time, blinds, players
 * left, the chip leaders and the latest player out, over a transparent background.
 *
 * Opened as `/overlay?t=<id>&token=<display token>&lang=ru`; it polls the service's overlay data
 * every two seconds (a browser source may run for hours: no state kept but the last answer)
 * and counts the level's time down between answers.
 */
import { pageParams, pageToken } from '/static/common/api.js';
import { formatNumber, initI18n, t } from '/static/common/i18n.js';

const params = pageParams();
const tournament = params.get('t');
const token = pageToken('overlay');
let remaining = null;
let status = '';

const $ = (id) => document.getElementById(id);

function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

function stakes(level) {
  if (!level) return t('overlay.break');
  const ante = level.ante ? ` (${level.ante})` : '';
  if (level.small_bet) return `${level.small_bet}/${level.big_bet}${ante}`;
  return `${level.small_blind}/${level.big_blind}${ante}`;
}

function draw(data) {
  const root = $('overlay');
  root.dataset.state = data.finished ? 'finished' : 'live';
  $('event').textContent = data.name;
  const level = data.clock && data.clock.level;
  $('level').textContent = level ? t('overlay.level', { level: level.level }) : (data.clock ? t('overlay.break') : '');
  $('blinds').textContent = data.clock ? stakes(level) : '';
  $('left').textContent = t('overlay.left', { left: data.players_left, entries: data.entries });
  remaining = data.clock ? data.clock.remaining : null;
  status = data.clock ? data.clock.status : '';
  $('time').textContent = remaining === null ? '--:--' : clock(remaining);
  const leaders = $('leaders');
  leaders.replaceChildren(...data.chip_leaders.map((p) => {
    const item = document.createElement('li');
    item.textContent = `${p.name} ${formatNumber(p.stack)}`;
    return item;
  }));
  const out = data.latest_out[0];
  $('out').hidden = !out;
  if (out) $('out').textContent = t('overlay.out', { name: out.name, place: out.place });
}

async function poll() {
  try {
    const answer = await fetch(`/tournaments/${encodeURIComponent(tournament)}/overlay`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (answer.ok) draw(await answer.json());
    else $('overlay').dataset.state = `error-${answer.status}`;
  } catch {
    $('overlay').dataset.state = 'offline';
  }
}

setInterval(() => {
  if (remaining !== null && status === 'running') {
    remaining -= 1;
    $('time').textContent = clock(remaining);
  }
}, 1000);
await initI18n();
setInterval(poll, 2000);
poll();
