/**
 * index.js — the start page: which page to open. A module file of its own rather than an
 * inline script, so the pages' Content-Security-Policy allows scripts from this server only.
 */
import { startPage } from '/static/common/shell.js';

await startPage({ scope: 'index', titleKey: 'index.title' });
document.querySelector('.status-badge').hidden = true;
