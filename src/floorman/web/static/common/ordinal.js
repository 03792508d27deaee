/**
 * ordinal.js — a place written as each language writes it: 1st, 2nd, 3rd, 4th; 1er and 2e
 * (1re for "place", feminine); 1-во, 2-ро, 7-мо, 5-то място; 1-е место; 1. miejsce. The words
 * stay in the catalogue: a place key has one text per category (`clock.place.one`, `.two`,
 * `.few`, `.many`, `.other`), and the language's rule below picks the category of a number.
 * The browser's `Intl.PluralRules` knows English and French ordinals but not Bulgarian ones,
 * so the rules are written out here.
 */

import { currentLanguage, t } from './i18n.js';

const RULES = {
  en: (n) => {
    const tens = n % 100;
    if (tens >= 11 && tens <= 13) return 'other';
    return { 1: 'one', 2: 'two', 3: 'few' }[n % 10] || 'other';
  },
  fr: (n) => (n === 1 ? 'one' : 'other'),
  bg: (n) => {
    const tens = n % 100;
    if (tens >= 11 && tens <= 19) return 'other'; // единадесето... деветнадесето: -то
    const unit = n % 10;
    if (unit === 1) return 'one'; // първо: -во
    if (unit === 2) return 'two'; // второ: -ро
    if (unit === 7 || unit === 8) return 'many'; // седмо, осмо: -мо
    return 'other'; // трето, четвърто, пето...: -то
  },
};

/** The category of place `n` in `lang`: one, two, few, many or other. */
export function ordinalCategory(n, lang = currentLanguage()) {
  const rule = RULES[lang];
  return rule ? rule(n) : 'other';
}

/** Place `n` written by the catalogue's texts of `key` (`clock.place`, `director.place`). */
export function placeText(key, n, lang = currentLanguage()) {
  return t(`${key}.${ordinalCategory(n, lang)}`, { place: n });
}
