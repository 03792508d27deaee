/**
 * early.js — not a module: the server writes it into every page's <head>
 * (floorman.web.preload), where it runs before the page's modules have arrived. It asks for
 * the page's catalogues (the texts of its language, English beside another language, the
 * ruling catalogue) at once, so they load alongside the modules instead of after them;
 * i18n.js's loadJson takes these answers (`window.floormanEarly`, by URL) and asks again for
 * anything it does not find there. The language is chosen as i18n.js's chooseLanguage does
 * (`?lang=`, the remembered one, the browser's, English); a different choice only costs the
 * early requests.
 */
(() => {
  const languages = ['en', 'ru', 'fr', 'bg', 'pl'];
  let lang = new URLSearchParams(window.location.search).get('lang');
  if (!languages.includes(lang)) {
    try {
      lang = window.localStorage.getItem('floorman.lang');
    } catch (_) {
      lang = null;
    }
  }
  if (!languages.includes(lang)) {
    const browser = (window.navigator.languages || []).map((wanted) => wanted.slice(0, 2).toLowerCase());
    lang = browser.find((code) => languages.includes(code)) || 'en';
  }
  const urls = [`/static/common/i18n/${lang}.json`, `/web/rulings?lang=${lang}`];
  if (lang !== 'en') urls.push('/static/common/i18n/en.json');
  window.floormanEarly = Object.fromEntries(urls.map((url) => [url, fetch(url, { cache: 'no-cache' })]));
})();
