/**
 * announce.js — the level change as the staff announce it (Poland §17.1): the new level with
 * its limits and the reminder to change the decks (§16.1), as a banner for the first two
 * minutes of the level.
 *
 * The view's `announcement` says that the level has just changed (the service's text is
 * English); the banner is written from the view's own stakes in the page's language, and
 * leaves by itself once two minutes of the level have run, counted on the page's clock
 * (no new view need come then).
 */

import { t } from '/static/common/i18n.js';
import { anteText, stakesText } from '/static/common/stakes.js';

export const ANNOUNCE_SECONDS = 120;

/** Show or hide the banner; `left`: the level's seconds left now. */
export function drawAnnouncement(banner, clock, left) {
  const level = clock && !clock.on_break ? clock.level : null;
  const shown = Boolean(clock && clock.announcement && level && level.minutes * 60 - left < ANNOUNCE_SECONDS);
  banner.hidden = !shown;
  if (!shown) return;
  const ante = anteText(level);
  const text = t('clock.announcement', { level: level.level, stakes: ante ? `${stakesText(level)}, ${ante}` : stakesText(level) });
  if (banner.dataset.text !== text) {
    banner.dataset.text = text;
    banner.textContent = `${text} ${t('clock.change-decks')}`;
  }
}
