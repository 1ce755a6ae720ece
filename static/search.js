// docsite search: the box in the header of every page. It reads the index the build wrote
// for the page's language (_search/<code>/, see internal/search) and fetches only the files
// a query needs: index.bin once, then the term shards of the query's terms and the page
// chunks of the results shown. Terms and ranking are internal/search's, done the same way
// (TestScriptMatchesGo runs both on the same queries). The box follows the WAI-ARIA
// combobox pattern: arrows move through the results, Enter opens one, Escape closes the
// list, "/" focuses the box, and a status line announces how many pages were found.
(() => {
  "use strict";
  const box = document.querySelector(".site-search");
  if (!box) return;
  const input = box.querySelector("input");
  const panel = box.querySelector(".search-panel");
  const list = box.querySelector("[role=listbox]");
  const status = box.querySelector("[role=status]");
  if (!input || !panel || !list || !status || !window.fetch || !window.DecompressionStream) {
    box.hidden = true;
    return;
  }
  const indexURL = new URL(box.dataset.index, document.baseURI);
  const siteRoot = new URL("../../", indexURL);
  const shown = 10; // results listed
  const maxExpand = 64, prefixWeight = 0.7, otherWeight = 0.25, maxShards = 3, maxTerms = 32;

  // Terms: as internal/search/tokens.go.
  const scriptRe = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  const punctRe = /[\p{P}\p{S}]/u;
  const wordRe = /[\p{L}\p{Nd}\p{M}\p{Nl}]/u;
  const markRe = /\p{M}/u;
  const unspaced = (c) => c === "ー" || c === "々" || c === "ｰ" ||
    (c.codePointAt(0) >= 0x0e00 && scriptRe.test(c) && !punctRe.test(c));
  const normalize = (s) => s.normalize("NFKC").toLowerCase().replace(/ς/g, "σ");
  function terms(text) {
    const s = normalize(text), out = [];
    let word = "", run = [];
    const endWord = () => { if (word) out.push(word); word = ""; };
    const endRun = () => {
      if (run.length === 1) out.push(run[0]);
      for (let i = 0; i + 1 < run.length; i++) out.push(run[i] + run[i + 1]);
      run = [];
    };
    for (const c of s) {
      if (unspaced(c)) { endWord(); run.push(c); }
      else if (run.length > 0 && markRe.test(c)) { /* a mark on an unspaced letter */ }
      else if (wordRe.test(c)) { endRun(); word += c; }
      else { endWord(); endRun(); }
    }
    endWord();
    endRun();
    return out;
  }

  // Terms in code point order (UTF-16 order differs past U+FFFF), as Go's strings.
  const fix = (u) => u >= 0xd800 ? (u < 0xe000 ? u + 0x2000 : u - 0x800) : u;
  function compare(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x !== y) return fix(x) - fix(y);
    }
    return a.length - b.length;
  }
  // first index in [0, n) where pred holds, pred being false then true
  function lowerBound(n, pred) {
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pred(mid)) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  // An index: its files, each fetched once, gzip inflated here unless the host did.
  function openIndex(url) {
    const files = new Map();
    function load(name) {
      if (!files.has(name)) {
        const got = (async () => {
          const res = await fetch(new URL(name, url));
          if (!res.ok) throw new Error(name + ": " + res.status);
          let bytes = new Uint8Array(await res.arrayBuffer());
          if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
            const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
            bytes = new Uint8Array(await new Response(stream).arrayBuffer());
          }
          return JSON.parse(new TextDecoder().decode(bytes));
        })();
        got.catch(() => files.delete(name)); // a failed fetch is tried again next time
        files.set(name, got);
      }
      return files.get(name);
    }
    let meta = null;
    // index.bin, with the first page of every chunk worked out
    function readMeta() {
      if (!meta) {
        meta = load("index.bin").then((m) => {
          if (m.v !== 2) throw new Error("index version " + m.v);
          let n = 0;
          m.starts = m.chunkPages.map((k) => (n += k) - k);
          return m;
        });
        meta.catch(() => { meta = null; });
      }
      return meta;
    }
    return { load, meta: readMeta };
  }
  const hashLen = 10;
  const hashAt = (s, i) => s.slice(i * hashLen, (i + 1) * hashLen);
  const own = openIndex(indexURL);
  const others = new Map();

  async function matches(ix, m, t) {
    const sh = m.shardFirst;
    const i = Math.max(lowerBound(sh.length, (k) => compare(sh[k], t) > 0) - 1, 0);
    const found = [];
    for (let k = i; k < sh.length && k < i + maxShards; k++) {
      if (k > i && !sh[k].startsWith(t)) break;
      const entries = await ix.load("s-" + hashAt(m.shards, k) + ".bin");
      const from = lowerBound(entries.length, (j) => compare(entries[j][0], t) >= 0);
      for (let j = from; j < entries.length; j++) {
        const e = entries[j];
        if (!e[0].startsWith(t) || found.length === maxExpand) return found;
        found.push([e[1], e[0] === t ? 1 : prefixWeight]);
      }
    }
    return found;
  }

  async function page(ix, m, n) {
    const c = lowerBound(m.starts.length, (i) => m.starts[i] > n) - 1;
    if (c < 0) throw new Error("no chunk holds page " + n);
    const chunk = await ix.load("p-" + hashAt(m.chunks, c) + ".bin");
    const p = chunk[n - m.starts[c]];
    if (!p) throw new Error("no page " + n);
    return { url: p[0], title: p[1], standIn: p[2] === 1, sections: p[3] };
  }

  // search returns the pages found for q, best first, and how many there are:
  // Index.Search in internal/search/query.go.
  async function search(q, limit, ix = own) {
    const qs = [...new Set(terms(q))].slice(0, maxTerms);
    if (qs.length === 0) return { results: [], total: 0, terms: qs };
    const m = await ix.meta();
    const best = new Map(); // page * 65536 + section → score per query term
    const lists = await Promise.all(qs.map((t) => matches(ix, m, t)));
    lists.forEach((found, qi) => {
      for (const [postings, w] of found) {
        let p = 0;
        for (let k = 0; k + 2 < postings.length; k += 3) {
          p += postings[k];
          const key = p * 65536 + postings[k + 1];
          let s = best.get(key);
          if (!s) { s = new Array(qs.length).fill(0); best.set(key, s); }
          s[qi] = Math.max(s[qi], postings[k + 2] * w);
        }
      }
    });
    // The section shown is the one with most of the query's terms, then the best.
    const pages = new Map();
    for (const key of [...best.keys()].sort((a, b) => a - b)) {
      const s = best.get(key), pg = Math.floor(key / 65536), sec = key % 65536;
      let score = 0, cover = 0;
      for (const v of s) { score += v; if (v > 0) cover++; }
      let h = pages.get(pg);
      if (!h) {
        h = { page: pg, sec, secCover: cover, secScore: score, top: score, rest: 0, terms: s.map(() => false) };
        pages.set(pg, h);
      } else {
        if (score > h.top) { h.rest += h.top; h.top = score; } else h.rest += score;
        if (cover > h.secCover || (cover === h.secCover && score > h.secScore)) {
          h.sec = sec; h.secCover = cover; h.secScore = score;
        }
      }
      s.forEach((v, qi) => { h.terms[qi] = h.terms[qi] || v > 0; });
    }
    const hits = [...pages.values()];
    for (const h of hits) {
      h.coverage = h.terms.filter(Boolean).length;
      h.score = h.top + otherWeight * h.rest;
    }
    hits.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.page - b.page);
    const results = await Promise.all(hits.slice(0, limit).map(async (h) => {
      const p = await page(ix, m, h.page);
      const s = p.sections[h.sec] || ["", "", ""];
      return { url: p.url, title: p.title, standIn: p.standIn, heading: s[0], anchor: s[1], text: s[2],
        score: h.score, coverage: h.coverage };
    }));
    return { results, total: hits.length, terms: qs };
  }

  // The excerpt: some 150 characters of the section's text around the first match, with
  // every match marked. Matching is on the normalised text, mapped back to the original.
  function excerpt(text, qs) {
    let norm = "";
    const from = []; // code unit of norm → code unit of text
    for (let i = 0; i < text.length;) {
      const c = String.fromCodePoint(text.codePointAt(i));
      const n = normalize(c);
      for (let k = 0; k < n.length; k++) from.push(i);
      norm += n;
      i += c.length;
    }
    from.push(text.length);
    const spans = [];
    for (const t of qs) {
      for (let at = norm.indexOf(t); at >= 0; at = norm.indexOf(t, at + 1)) {
        let end = at + t.length;
        if (!unspaced(t[0])) while (end < norm.length && wordRe.test(norm[end])) end++;
        spans.push([from[at], from[end]]);
      }
    }
    spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const first = spans.length ? spans[0][0] : 0;
    let start = Math.max(0, first - 50);
    let stop = Math.min(text.length, start + 160);
    if (start > 0) { const sp = text.lastIndexOf(" ", start + 10); if (sp > start - 15 && sp < first) start = sp + 1; }
    const frag = document.createDocumentFragment();
    if (start > 0) frag.append("…");
    let at = start;
    for (const [a, b] of spans) {
      if (a < at || a >= stop) continue;
      frag.append(text.slice(at, a));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(a, Math.min(b, stop));
      frag.append(mark);
      at = Math.min(b, stop);
    }
    frag.append(text.slice(at, stop));
    if (stop < text.length) frag.append("…");
    return frag;
  }

  // The combobox.
  let generation = 0, active = -1;
  // A query whose index could not be fetched (the host was down, a deploy was swapping
  // files) is tried again by itself, 2, 4, 8, 16 and 32 s later, and when the browser
  // comes back online, until the reader types something else.
  let retry = 0, retries = 0;
  const options = () => [...list.querySelectorAll("[role=option]")];
  function open(yes) {
    panel.hidden = !yes;
    input.setAttribute("aria-expanded", yes ? "true" : "false");
    if (!yes) select(-1);
  }
  function select(i) {
    const opts = options();
    active = i;
    opts.forEach((o, k) => o.setAttribute("aria-selected", k === i ? "true" : "false"));
    if (i >= 0 && opts[i]) {
      input.setAttribute("aria-activedescendant", opts[i].id);
      opts[i].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }
  function say(n) {
    const d = box.dataset;
    if (n === 0) return d.none;
    let rule = "other";
    try { rule = new Intl.PluralRules(document.documentElement.lang).select(n); } catch (e) { /* keep other */ }
    return (rule === "one" ? d.countOne : d.countMany).replace("{n}", n.toLocaleString(document.documentElement.lang));
  }
  function show(found) {
    list.replaceChildren();
    found.results.forEach((r, i) => {
      const li = document.createElement("li");
      li.id = "search-result-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      const a = document.createElement("a");
      a.href = new URL(r.url, siteRoot).href + (r.anchor ? "#" + encodeURIComponent(r.anchor) : "");
      a.tabIndex = -1;
      const title = document.createElement("span");
      title.className = "search-title";
      title.textContent = r.title;
      a.append(title);
      if (r.standIn) {
        const mark = document.createElement("span");
        mark.className = "search-mark";
        mark.textContent = " " + box.dataset.untranslated;
        a.append(mark);
      }
      if (r.heading) {
        const h = document.createElement("span");
        h.className = "search-heading";
        h.textContent = " › " + r.heading;
        a.append(h);
      }
      const ex = document.createElement("span");
      ex.className = "search-excerpt";
      ex.append(excerpt(r.text || "", found.terms));
      a.append(ex);
      li.append(a);
      list.append(li);
    });
    if (found.results.length === 0) {
      const li = document.createElement("li");
      li.className = "search-empty";
      li.setAttribute("role", "presentation");
      li.textContent = box.dataset.none;
      list.append(li);
    }
    status.textContent = say(found.total);
    active = -1;
    open(true);
  }
  async function run(again) {
    const q = input.value.slice(0, 1000);
    const mine = ++generation;
    if (!again) {
      clearTimeout(retry);
      retries = 0;
    }
    if (q.trim() === "") {
      list.replaceChildren();
      status.textContent = "";
      open(false);
      return;
    }
    let found;
    try {
      found = await search(q, shown);
    } catch (e) {
      found = null;
    }
    if (mine !== generation) return; // a later keystroke won
    if (!found) {
      list.replaceChildren();
      status.textContent = box.dataset.failed;
      if (retries < 5) {
        retry = setTimeout(() => { if (mine === generation) run(true); }, 2000 * 2 ** retries++);
      }
      return;
    }
    show(found);
  }
  input.addEventListener("input", () => run(false));
  window.addEventListener("online", () => {
    if (status.textContent === box.dataset.failed) run(false);
  });
  input.addEventListener("focus", () => {
    own.meta().catch(() => {});
    if (input.value.trim() !== "" && list.children.length > 0) open(true);
  });
  input.addEventListener("keydown", (ev) => {
    const opts = options();
    switch (ev.key) {
      case "ArrowDown":
        ev.preventDefault();
        if (panel.hidden) { if (opts.length) open(true); return; }
        if (opts.length) select(active + 1 < opts.length ? active + 1 : 0);
        break;
      case "ArrowUp":
        ev.preventDefault();
        if (opts.length) select(active > 0 ? active - 1 : opts.length - 1);
        break;
      case "Enter": {
        const o = opts[active >= 0 ? active : 0];
        if (o && !panel.hidden) {
          ev.preventDefault();
          location.href = o.querySelector("a").href;
        }
        break;
      }
      case "Escape":
        if (!panel.hidden) { ev.preventDefault(); open(false); }
        else if (input.value) { ev.preventDefault(); input.value = ""; run(false); }
        break;
    }
  });
  list.addEventListener("mousedown", (ev) => ev.preventDefault()); // keep the focus in the box
  box.addEventListener("focusout", (ev) => {
    if (!box.contains(ev.relatedTarget)) open(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    ev.preventDefault();
    input.focus();
  });

  // For the tests, and for a site's own scripts: the same search, without the box.
  // search(q, limit, index) asks another index (its index.bin's URL) than the page's own.
  window.docsite = Object.assign(window.docsite || {}, {
    terms,
    search(q, limit, index) {
      let ix = own;
      if (index) {
        const url = new URL(index, document.baseURI).href;
        if (!others.has(url)) others.set(url, openIndex(url));
        ix = others.get(url);
      }
      return search(q, limit || shown, ix);
    },
  });
})();
