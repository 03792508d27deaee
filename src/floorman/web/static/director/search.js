/**
 * search.js — finding a player as the director types: by name, player id or entry, in any
 * case and without accents ("wisn" finds Wiśniewski), every word typed matching.
 */

export function fold(text) {
  return String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l').toLowerCase();
}

/** Whether entry line `entry` (a view's `{entry, player, name}`) matches `query`. */
export function matches(entry, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = fold(`${entry.name} ${entry.player} ${entry.entry}`);
  return words.every((word) => haystack.includes(word));
}
