/* layout.js: the texts of a page as the browser draws them, and what is wrong with them
 * (tests/web/layout.py). Each function takes the CSS selector of the part to check. */

window.floormanTexts = (scope) => {
  const root = document.querySelector(scope) || document.body;
  const shown = (el) => {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    }
    return true;
  };
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !shown(el) || el.closest('script, style, option, select, title')) continue;
    const folded = el.closest('details:not([open])');
    if (folded && !el.closest('summary')) continue; // inside a closed <details>: not drawn
    let box;
    if (el instanceof SVGElement) box = el.getBoundingClientRect();
    else {
      const range = document.createRange();
      range.selectNodeContents(node);
      box = range.getBoundingClientRect();
    }
    if (box.width < 1 || box.height < 1) continue;
    texts.push({ text: node.textContent.trim().slice(0, 40), el, box });
  }
  return texts;
};

window.floormanLayoutProblems = (scope) => {
  const texts = window.floormanTexts(scope);
  const problems = [];
  const label = (t) => `"${t.text}" <${t.el.tagName.toLowerCase()}${t.el.id ? '#' + t.el.id : ''}${t.el.className && typeof t.el.className === 'string' ? '.' + t.el.className.split(' ').join('.') : ''}>`;
  const slack = 1.5;
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const scrolls = document.documentElement.scrollHeight > height + 1 && getComputedStyle(document.body).overflowY !== 'hidden';
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
  }
  for (const t of texts) {
    const b = t.box;
    if (b.left < -slack || b.right > width + slack || (!scrolls && b.bottom > height + slack)) {
      problems.push(`${label(t)} is cut by the screen's edge`);
      continue;
    }
    for (let node = t.el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      const clips = (v) => v !== 'visible';
      if (!clips(style.overflowX) && !clips(style.overflowY)) continue;
      const c = node.getBoundingClientRect();
      const cutX = clips(style.overflowX) && (b.left < c.left - slack || b.right > c.right + slack);
      const cutY = clips(style.overflowY) && (b.top < c.top - slack || b.bottom > c.bottom + slack);
      if (cutX || cutY) {
        problems.push(`${label(t)} is cut by ${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}`);
        break;
      }
    }
  }
  for (let i = 0; i < texts.length; i += 1) {
    for (let j = i + 1; j < texts.length; j += 1) {
      const a = texts[i].box;
      const b = texts[j].box;
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 2 && y > 2) problems.push(`${label(texts[i])} overlaps ${label(texts[j])}`);
    }
  }
  return problems;
};
