/**
 * waiting.js — the players who bought in when every seat was taken: the alternate list
 * (Poland §56.1; TDA R8-A seats late entries by draw as seats free up).
 *
 * A buy-in or re-entry that finds no free seat is not lost: the console says at once who
 * waits and in which place ("Yuri Volkov is alternate #1: seated when a seat opens"), the
 * Players tab lists the waiting players with their place and since when, and the To do
 * column reminds the director that opening a table seats them by draw. The list is the
 * director view's `alternates`; the tournament seats them itself when a seat frees up or a
 * table opens, and releases them when late registration ends.
 */

import { el, raw } from '/static/common/dom.js';
import { currentLanguage, t } from '/static/common/i18n.js';

/** `HH:MM` in the page's language of a moment in seconds since the epoch. */
export function clockTime(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** Send a buy-in (`register`, or the desk's `reenter`) and say where the player went: an
 * alternate's place on the list, or his seat. The answer, or null after a refusal. */
export async function buyIn(desk, name, fields, playerName) {
  const answer = await desk.send(name, fields);
  if (!answer) return null;
  const listed = answer.events.find((e) => e.kind === 'alternate-listed');
  if (listed) {
    const before = (desk.view.alternates || []).filter((a) => a.player !== listed.data.player).length;
    desk.page.notice(t('director.alternate-listed', { name: playerName, position: before + 1 }), 'info');
  }
  return answer;
}

/** The waiting list under the Players tab: place, name, since when. */
export function waitingList(desk) {
  const box = el('section', { class: 'waiting', id: 'alternates', hidden: true });
  desk.onChange((view) => {
    const waiting = view.alternates || [];
    box.hidden = !waiting.length;
    box.replaceChildren(
      el('h3', { 'data-i18n': 'director.alternates' }, t('director.alternates')),
      el('p', { class: 'muted', 'data-i18n': 'director.alternates-hint' }, t('director.alternates-hint')),
      el('ul', { class: 'alternates' }, ...waiting.map((a) => el('li', { 'data-player': a.player },
        raw(`#${a.position}`, { class: 'place' }), ' ', raw(a.name), ' ',
        el('span', { class: 'muted' }, a.since ? t('director.alternate-since', { time: clockTime(a.since) }) : '')))),
    );
  });
  return box;
}

/** To do: each waiting player, and the way to seat them. */
export function waitingItems(view) {
  const waiting = view.alternates || [];
  return waiting.map((a) => el('li', { class: 'todo-item', 'data-kind': 'alternate', 'data-player': a.player },
    el('span', {}, t('director.alternate-waits', { position: a.position, time: a.since ? clockTime(a.since) : '' })), ' ',
    raw(a.name), ' ',
    el('span', { class: 'muted' }, t('director.alternate-todo'))));
}
