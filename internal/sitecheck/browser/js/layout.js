// layout reports what scrolls sideways at the current viewport width, and how wide tables scroll.
(() => {
  // The layout viewport: on a phone, a page wider than the screen is zoomed out, which
  // changes innerWidth but not clientWidth.
  const doc = document.documentElement;
  const vw = doc.clientWidth;
  const clippedByAncestor = (el) => {
    for (let p = el.parentElement; p && p !== document.body && p !== doc; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return true;
    }
    return false;
  };
  const overflowing = [];
  if (doc.scrollWidth > vw) {
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      const inside = overflowing.some((o) => o.contains(el));
      if (r.right > vw + 0.5 && !inside && !clippedByAncestor(el)) overflowing.push(el);
    }
  }
  const accessibleName = (el) => {
    const label = (el.getAttribute("aria-label") || "").trim();
    if (label) return label;
    const ids = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    return ids.map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim();
  };
  const tables = [];
  for (const table of document.querySelectorAll("table")) {
    let scroller = null;
    for (let p = table.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") { scroller = p; break; }
    }
    const box = scroller || table.parentElement || document.body;
    const wide = table.getBoundingClientRect().width > box.clientWidth + 0.5 || table.getBoundingClientRect().right > vw + 0.5;
    if (!wide) continue;
    const problems = [];
    if (!scroller) problems.push("is wider than the page and no ancestor scrolls it (overflow-x: auto)");
    else {
      if (scroller.getAttribute("role") !== "region") problems.push("scrolls in " + describe(scroller) + " which lacks role=region");
      if (!accessibleName(scroller)) problems.push("scrolls in " + describe(scroller) + " which has no aria-label or aria-labelledby");
      if (scroller.tabIndex < 0) problems.push("scrolls in " + describe(scroller) + " which is not focusable (tabindex=0) for keyboard scrolling");
    }
    if (problems.length) tables.push({ table: describe(table), problems });
  }
  // Table headers that break a word across lines: the column is narrower than its longest
  // word. A word is a run without white space, hyphen or CJK punctuation (a break there is
  // allowed). Chinese and Japanese wrap between characters by rule, so a run of them
  // counts only when it stands one or two characters a line ("实例规格族" down the column).
  const cjk = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
  const broken = [];
  for (const cell of document.querySelectorAll("table th")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let found = "";
    for (let n = walker.nextNode(); n && !found; n = walker.nextNode()) {
      const words = /[^\s\-‐–—\/\u3000-\u303f\uff08\uff09\uff0c\uff1a\uff1b]+/g;
      for (let m = words.exec(n.data); m && !found; m = words.exec(n.data)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set(Array.from(r.getClientRects(), (x) => Math.round(x.top)));
        const chars = Array.from(m[0]).length;
        if (tops.size > 1 && (!cjk.test(m[0]) || tops.size >= 3 && tops.size * 2 >= chars)) found = m[0];
      }
    }
    if (found) broken.push(describe(cell) + " breaks “" + found + "” across lines");
  }
  return {
    broken: broken.slice(0, 5),
    clientWidth: vw,
    innerWidth: window.innerWidth,
    scrollWidth: doc.scrollWidth,
    overflowing: overflowing.slice(0, 5).map((el) => describe(el) + " (right edge " + Math.round(el.getBoundingClientRect().right) + "px)"),
    tables,
  };
})()
