/**
 * i18n.js — every visible string of the pages, in en, ru, fr, bg and pl.
 *
 * The catalogues are flat JSON files (`common/i18n/<lang>.json`: key -> text with `{name}`
 * placeholders), one for all pages, so a word is translated once. Static text in the HTML
 * names its key (`data-i18n="clock.level"`; `data-i18n-title`, `data-i18n-placeholder`,
 * `data-i18n-aria-label` for attributes); a script writes text with `t(key, params)`. Data
 * that is not language (player names, the tournament's name, cards) sits in elements marked
 * `data-raw`, which the browser tests skip when they check that nothing visible bypasses
 * the catalogue.
 *
 * The language comes from `?lang=`, else the one chosen before on this browser, else the
 * browser's own, else English. `languageSwitcher()` makes the switcher; choosing a language
 * reloads the catalogue, re-applies the static text and fires `floorman:language` on
 * `window`, on which a page redraws what it wrote itself.
 *
 * Rulings: the service's rulings carry a key, their English message and its params. The
 * ruling catalogue of the language (`GET /web/rulings?lang=`) gives each key's English
 * templates with their translations; `rulingText()` picks the template whose English fill
 * is the message and fills its translation, as the server's own rendering does, so a ruling
 * nobody translated keeps its English text rather than gaining a wrong one.
 */

export const LANGUAGES = ['en', 'ru', 'fr', 'bg', 'pl'];
const STORAGE = 'floorman.lang';
const BASE = '/static/common/i18n';

const state = { lang: 'en', texts: {}, english: {}, rulings: {}, missing: new Set() };

/** The language in use. */
export function currentLanguage() {
  return state.lang;
}

/** Keys asked for that no catalogue has (the browser tests read it). */
export function missingKeys() {
  return [...state.missing];
}

/** Load the language of this page and apply it to `root`. */
export async function initI18n(root = document) {
  await setLanguage(chooseLanguage(), root, { remember: false });
  return state.lang;
}

/** The language to start in: `?lang=`, the remembered one, the browser's, English. */
export function chooseLanguage() {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (LANGUAGES.includes(asked)) return asked;
  let remembered = null;
  try {
    remembered = window.localStorage.getItem(STORAGE);
  } catch (_) {
    remembered = null;
  }
  if (LANGUAGES.includes(remembered)) return remembered;
  for (const wanted of window.navigator.languages || []) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return 'en';
}

/** Switch to `lang`: load its catalogues, re-apply the static text, tell the page. */
export async function setLanguage(lang, root = document, { remember = true } = {}) {
  if (!LANGUAGES.includes(lang)) throw new Error(`unknown language ${lang}`);
  const [texts, english, rulings] = await Promise.all([
    loadJson(`${BASE}/${lang}.json`),
    lang === 'en' ? null : loadJson(`${BASE}/en.json`),
    loadJson(`/web/rulings?lang=${lang}`).catch(() => ({ templates: {} })),
  ]);
  Object.assign(state, { lang, texts, english: english || texts, rulings: rulings.templates });
  document.documentElement.lang = lang;
  if (remember) rememberLanguage(lang);
  applyTranslations(root);
  window.dispatchEvent(new CustomEvent('floorman:language', { detail: { lang } }));
  return lang;
}

function rememberLanguage(lang) {
  try {
    window.localStorage.setItem(STORAGE, lang);
  } catch (_) {
    // storage refused: the choice lasts until the page is reloaded
  }
  const url = new URL(window.location.href);
  url.searchParams.set('lang', lang);
  window.history.replaceState(null, '', url);
}

/** The text of `key` in the current language with `params` filled in. */
export function t(key, params = {}) {
  let template = state.texts[key];
  if (template === undefined) {
    state.missing.add(key);
    template = state.english[key] ?? key;
  }
  return fill(template, params) ?? template;
}

/** `template` with each `{name}` replaced by `params[name]`; null if a param is missing. */
export function fill(template, params) {
  let complete = true;
  const text = template.replace(/\{(\w+)\}/g, (_, name) => {
    if (!(name in params)) {
      complete = false;
      return '';
    }
    return String(params[name]);
  });
  return complete ? text : null;
}

/** Write the catalogue's text into every element under `root` that names a key. */
export function applyTranslations(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const attr of ['title', 'placeholder', 'aria-label']) {
    const data = `data-i18n-${attr}`;
    for (const node of root.querySelectorAll(`[${data}]`)) {
      node.setAttribute(attr, t(node.getAttribute(data)));
    }
  }
}

/** A `<select>` of the five languages, each named in itself, that switches the page. */
export function languageSwitcher(root = document) {
  const select = document.createElement('select');
  select.className = 'lang-switcher';
  select.setAttribute('data-i18n-aria-label', 'common.language');
  for (const code of LANGUAGES) {
    const option = document.createElement('option');
    option.value = code;
    option.setAttribute('data-i18n', `language.${code}`);
    option.textContent = t(`language.${code}`);
    select.append(option);
  }
  select.value = state.lang;
  select.setAttribute('aria-label', t('common.language'));
  select.addEventListener('change', () => setLanguage(select.value, root));
  window.addEventListener('floorman:language', () => {
    select.value = state.lang;
  });
  return select;
}

/** A ruling of the service (`{key, message, params, rule, profile}`) in the current
 * language, with the rule it applied: "the smallest raise here is to 400 (tda-2022 R40)". */
export function rulingText(ruling) {
  if (!ruling) return '';
  const text = rulingMessage(ruling);
  const rule = ruling.profile ? `${ruling.profile} ${ruling.rule}` : ruling.rule;
  return rule ? t('ruling.with-rule', { text, rule }) : text;
}

/** The ruling's message alone, translated where its English template is known. */
export function rulingMessage(ruling) {
  const params = ruling.params || {};
  for (const [english, translated] of state.rulings[ruling.key] || []) {
    if (fill(english, params) === ruling.message) return fill(translated, params) ?? ruling.message;
  }
  return ruling.message;
}

/** A number written the language's way (10 000 in French, 10,000 in English). */
export function formatNumber(value) {
  return new Intl.NumberFormat(state.lang).format(value);
}

async function loadJson(url) {
  const early = window.floormanEarly && window.floormanEarly[url]; // asked for by early.js
  if (early) delete window.floormanEarly[url];
  const again = () => fetch(url, { cache: 'no-cache' });
  const response = await (early ? early.catch(again) : again());
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
