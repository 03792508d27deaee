/**
 * stakes.js — a level as people say it: "Level 4", "200 / 400", "ante 50", in the page's
 * language. Shared by the clock, the player's page and the dealer's tablet.
 *
 * Blind games show small and big blind; a game without blinds (stud, limit bets only) shows
 * its small and big bet, and the bring-in where there is one. The ante line says whose ante
 * it is: every player's, or the big blind's for the table (TDA RP-11).
 */

import { formatNumber, t } from './i18n.js';

/** "100 / 200" (blinds), or the small and big bet of a game without blinds. */
export function stakesText(stakes) {
  if (!stakes) return '';
  if (stakes.big_blind) {
    return `${formatNumber(stakes.small_blind)} / ${formatNumber(stakes.big_blind)}`;
  }
  return `${formatNumber(stakes.small_bet)} / ${formatNumber(stakes.big_bet)}`;
}

/** The ante and bring-in line, or '' without either. */
export function anteText(stakes) {
  if (!stakes) return '';
  const parts = [];
  if (stakes.ante) {
    const key = stakes.ante_mode === 'big-blind' ? 'stakes.bb-ante' : 'stakes.ante';
    parts.push(t(key, { ante: formatNumber(stakes.ante) }));
  }
  if (stakes.bring_in) parts.push(t('stakes.bring-in', { amount: formatNumber(stakes.bring_in) }));
  return parts.join(' · ');
}

/** "Level 4" or "Break" for a clock view. */
export function levelTitle(clock) {
  if (!clock) return t('clock.not-started');
  if (clock.on_break || !clock.level) return t('clock.break');
  return t('clock.level', { level: clock.level.level });
}

/** One line for the next level: "Level 5: 300 / 600, big blind ante 75". */
export function nextLevelText(stakes) {
  const ante = anteText(stakes);
  const line = t('clock.level', { level: stakes.level });
  return t('clock.next-level', { level: line, stakes: ante ? `${stakesText(stakes)}, ${ante}` : stakesText(stakes) });
}
