/**
 * api.js — the service's HTTP API as a page uses it.
 *
 * A page is opened with its token in the query string (`?token=...`, from a link or a QR
 * code). `pageToken(scope)` keeps it in the browser's storage under the page's scope, so a
 * screen reloaded without the query (a TV restarted by hand) still gets in, and takes it out
 * of the address bar at once (it would stay in the history and in a copied link). The
 * service accepts no token in an API URL: `Api` sends it as a Bearer header, JSON both ways, and turns every refusal into an `ApiError` that
 * carries the service's body: its `error` kind, its `ruling` (key, message, params, rule)
 * when the rules refused, so a page can show the ruling in its language (i18n.js).
 *
 * Commands carry an `Idempotency-Key` (a retried click is applied once) and, when the page
 * knows it, the version it decided on (`If-Match`), so two consoles cannot record one bust
 * twice: a stale one gets a 409 `stale-version` and reloads its view.
 */

/** A refusal of the service (4xx) or a network failure (`status` 0). */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.kind = this.body.error || (status === 0 ? 'network' : 'http');
    this.ruling = this.body.ruling || null;
  }
}

/** The page's query parameters (`t`, `token`, `code`, `lang`, `table`...). */
export function pageParams() {
  return new URLSearchParams(window.location.search);
}

/** The token of this page: `?token=` (remembered), else the one remembered for `scope`. */
export function pageToken(scope) {
  const key = `floorman.token.${scope}`;
  const given = pageParams().get('token');
  if (given) forgetInAddress('token');
  try {
    if (given) {
      window.localStorage.setItem(key, given);
      return given;
    }
    return window.localStorage.getItem(key);
  } catch (_) {
    return given; // storage refused (private mode): the query alone
  }
}

/** Take query parameters (a token, a join code) out of the address bar without a reload. */
export function forgetInAddress(...names) {
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of names) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', url.toString());
}

/** A key for one command: the same key on a retry makes the service apply it once. Works
 * on plain http on a LAN, where crypto.randomUUID is not offered. */
export function newKey() {
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class Api {
  /** `token`: the role's token; `base`: the service's origin ('' for the page's own). */
  constructor({ token = null, base = '' } = {}) {
    this.token = token;
    this.base = base;
  }

  async get(path) {
    return this.request('GET', path);
  }

  async post(path, body = {}, { expectedVersion = null, key = newKey() } = {}) {
    const headers = { 'Idempotency-Key': key };
    if (expectedVersion !== null && expectedVersion !== undefined) {
      headers['If-Match'] = `"${expectedVersion}"`;
    }
    return this.request('POST', path, body, headers);
  }

  /** A registered command of tournament `id` (`pause`, `add-time`...) with its fields. */
  async command(id, name, fields = {}, options = {}) {
    return this.post(`/tournaments/${enc(id)}/commands/${enc(name)}`, fields, options);
  }

  async request(method, path, body = undefined, headers = {}) {
    const sent = { ...headers, Accept: 'application/json' };
    if (this.token) sent.Authorization = `Bearer ${this.token}`;
    const init = { method, headers: sent, cache: 'no-store' };
    if (body !== undefined) {
      sent['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(this.base + path, init);
    } catch (failure) {
      throw new ApiError(0, { error: 'network', message: String(failure) });
    }
    const data = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, data);
    return data;
  }
}

/** A path segment, escaped. */
export function enc(value) {
  return encodeURIComponent(String(value));
}

async function readJson(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch (_) {
    return { message: text };
  }
}
