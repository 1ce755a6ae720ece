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
  const typoWeight = 0.5, typoLength = 5, typoPrefix = 3, maxSubs = 3;

  // Terms: as internal/search/tokens.go.
  const scriptRe = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  const punctRe = /[\p{P}\p{S}]/u;
  const wordRe = /[\p{L}\p{Nd}\p{M}\p{Nl}]/u;
  const markRe = /\p{M}/u;
  const unspaced = (c) => c === "ー" || c === "々" || c === "ｰ" ||
    (c.codePointAt(0) >= 0x0e00 && scriptRe.test(c) && !punctRe.test(c));
  const normalize = (s) => s.normalize("NFKC").toLowerCase().replace(/ς/g, "σ");
  // tokens are the terms of text with the offset of each in the normalised text.
  function tokens(text) {
    const s = normalize(text), out = [];
    let word = "", wordAt = 0, run = [], at = 0;
    const endWord = () => { if (word) out.push({ t: word, at: wordAt }); word = ""; };
    const endRun = () => {
      if (run.length === 1) out.push({ t: run[0].c, at: run[0].at });
      for (let i = 0; i + 1 < run.length; i++) out.push({ t: run[i].c + run[i + 1].c, at: run[i].at });
      run = [];
    };
    for (const c of s) {
      if (unspaced(c)) { endWord(); run.push({ c, at }); }
      else if (run.length > 0 && markRe.test(c)) { /* a mark on an unspaced letter */ }
      else if (wordRe.test(c)) { endRun(); if (!word) wordAt = at; word += c; }
      else { endWord(); endRun(); }
      at += c.length;
    }
    endWord();
    endRun();
    return out;
  }
  const terms = (text) => tokens(text).map((k) => k.t);
  // A pair of unspaced characters: its postings say where it is in the section.
  const isPair = (t) => t.length > 1 && unspaced(String.fromCodePoint(t.codePointAt(0))) &&
    [...t].length > 1;
  // The query's distinct terms and its runs of pairs (their numbers): queryTerms in query.go.
  function queryTerms(q) {
    const qs = [], runs = [];
    let run = [], last = null;
    for (const k of tokens(q)) {
      let i = qs.indexOf(k.t);
      if (i < 0 && qs.length < maxTerms) { i = qs.length; qs.push(k.t); }
      const pair = i >= 0 && isPair(k.t);
      if (run.length > 0 && !(pair && k.at === last.at + String.fromCodePoint(last.t.codePointAt(0)).length)) {
        runs.push(run);
        run = [];
      }
      if (pair) run.push(i);
      last = k;
    }
    if (run.length > 0) runs.push(run);
    return { qs, runs };
  }
  // Whether a run's places in a section follow one another: Adjacent in prepare.go.
  function adjacent(places) {
    if (places.length === 0) return false;
    return places[0].some((p) => places.slice(1).every((ps, i) => ps.includes(p + i + 1)));
  }
  // The places of the pair posting whose places start at postings[k], added to places;
  // the index after them: ReadPlaces in files.go.
  function readPlaces(postings, k, places) {
    let at = 0;
    for (let i = 0; k < postings.length; i++) {
      const v = postings[k++];
      if (v >= 0) { places.push(i === 0 ? v : at + v); return k; }
      at = i === 0 ? -v - 1 : at - v;
      places.push(at);
    }
    return k;
  }
  const typoWord = (t) => /^\p{Script=Latin}+$/u.test(t) && [...t].length >= typoLength;
  // Whether a and b are one edit apart: oneEdit in query.go.
  function oneEdit(a, b) {
    let x = [...a], y = [...b];
    if (x.length < y.length) [x, y] = [y, x];
    if (x.length - y.length > 1) return false;
    let i = 0;
    while (i < y.length && x[i] === y[i]) i++;
    if (i === y.length) return x.length !== y.length;
    const same = (p, q) => x.slice(p).join("") === y.slice(q).join("");
    if (x.length > y.length) return same(i + 1, i);
    if (same(i + 1, i + 1)) return true;
    return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && same(i + 2, i + 2);
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
          if (m.v !== 4) throw new Error("index version " + m.v);
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

  // scan calls fn with the index's terms from t on: Index.scan in query.go.
  async function scan(ix, m, t, fn) {
    const sh = m.shardFirst;
    const i = Math.max(lowerBound(sh.length, (k) => compare(sh[k], t) > 0) - 1, 0);
    for (let k = i; k < sh.length && k < i + maxShards; k++) {
      if (k > i && !sh[k].startsWith(t)) break;
      const entries = await ix.load("s-" + hashAt(m.shards, k) + ".bin");
      const from = lowerBound(entries.length, (j) => compare(entries[j][0], t) >= 0);
      for (let j = from; j < entries.length; j++) if (!fn(entries[j])) return;
    }
  }

  // The index terms query term t matches: [term, postings, weight].
  async function matches(ix, m, t) {
    const found = [];
    await scan(ix, m, t, (e) => {
      if (!e[0].startsWith(t) || found.length === maxExpand) return false;
      found.push([e[0], e[1], e[0] === t ? 1 : prefixWeight]);
      return true;
    });
    if (found.length > 0 || !typoWord(t)) return found;
    const prefix = [...t].slice(0, typoPrefix).join("");
    await scan(ix, m, prefix, (e) => {
      if (!e[0].startsWith(prefix) || found.length === maxExpand) return false;
      if (oneEdit(e[0], t)) found.push([e[0], e[1], typoWeight]);
      return true;
    });
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
    const { qs, runs } = queryTerms(q);
    if (qs.length === 0) return { results: [], total: 0, terms: qs, runs };
    const m = await ix.meta();
    const best = new Map(); // page * 65536 + section → score per query term
    const places = new Map(); // the same → a pair's places per query term
    const lists = await Promise.all(qs.map((t) => matches(ix, m, t)));
    lists.forEach((found, qi) => {
      for (const [term, postings, w] of found) {
        const pair = isPair(term);
        let p = 0;
        for (let k = 0; k + 2 < postings.length;) {
          p += postings[k];
          const key = p * 65536 + postings[k + 1];
          let s = best.get(key);
          if (!s) { s = new Array(qs.length).fill(0); best.set(key, s); }
          s[qi] = Math.max(s[qi], postings[k + 2] * w);
          k += 3;
          if (!pair) continue;
          if (runs.length === 0) { while (postings[k++] < 0); continue; } // its places
          let pl = places.get(key);
          if (!pl) { pl = qs.map(() => []); places.set(key, pl); }
          k = readPlaces(postings, k, pl[qi]);
        }
      }
    });
    // A pair counts in a section only where a run of the query it is in is there whole.
    for (const [key, pl] of places) {
      const s = best.get(key), kept = qs.map(() => false), inRun = qs.map(() => false);
      for (const r of runs) {
        r.forEach((qi) => { inRun[qi] = true; });
        if (adjacent(r.map((qi) => pl[qi]))) r.forEach((qi) => { kept[qi] = true; });
      }
      s.forEach((v, qi) => { if (inRun[qi] && !kept[qi]) s[qi] = 0; });
    }
    const pages = new Map();
    for (const key of [...best.keys()].sort((a, b) => a - b)) {
      const s = best.get(key), pg = Math.floor(key / 65536), sec = key % 65536;
      let score = 0, cover = 0;
      for (const v of s) { score += v; if (v > 0) cover++; }
      if (cover === 0) continue;
      let h = pages.get(pg);
      if (!h) {
        h = { page: pg, secs: [], top: score, rest: 0, terms: s.map(() => false) };
        pages.set(pg, h);
      } else if (score > h.top) { h.rest += h.top; h.top = score; } else h.rest += score;
      h.secs.push({ n: sec, cover, score });
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
      // the section with most of the query's terms first, then the best, then the first
      const secs = h.secs.map((s, i) => [s, i]).sort(([a, i], [b, j]) => b.cover - a.cover || b.score - a.score || i - j)
        .map(([s]) => s).slice(0, 1 + maxSubs).filter((s) => s.n < p.sections.length);
      const r = { url: p.url, title: p.title, standIn: p.standIn, heading: "", anchor: "", text: "",
        score: h.score, coverage: h.coverage, subs: [] };
      secs.forEach((s, i) => {
        const t = p.sections[s.n];
        if (i === 0) Object.assign(r, { heading: t[0], anchor: t[1], text: excerptText(p.sections, s.n) });
        else r.subs.push({ heading: t[0], anchor: t[1], text: t[2] });
      });
      return r;
    }));
    // What the excerpts mark: each run whole, the other terms, the words typos found.
    const marks = qs.filter((t, qi) => !runs.some((r) => r.length > 1 && r.includes(qi)));
    for (const r of runs) {
      if (r.length > 1) marks.push(r.map((qi, i) => i === 0 ? qs[qi] : [...qs[qi]].slice(1).join("")).join(""));
    }
    lists.forEach((found) => found.forEach(([term, , w]) => { if (w === typoWeight) marks.push(term); }));
    return { results, total: hits.length, terms: qs, marks };
  }

  // The text of section n for its excerpt, or the next's (then the last before) that has
  // some: excerptText in query.go.
  function excerptText(secs, n) {
    for (let i = n; i < secs.length; i++) if (secs[i][2]) return secs[i][2];
    for (let i = n - 1; i >= 0; i--) if (secs[i][2]) return secs[i][2];
    return "";
  }

  // The excerpt: some 160 characters of the section's text where most of the query's
  // terms are (then where they come first), with every match marked. Matching is on the
  // normalised text, mapped back to the original.
  const normalized = new Map(); // character → its normal form, for the excerpts
  function excerpt(text, qs) {
    let norm = "";
    const from = []; // code unit of norm → code unit of text
    for (let i = 0; i < text.length;) {
      const c = String.fromCodePoint(text.codePointAt(i));
      let n = normalized.get(c);
      if (n === undefined) {
        n = normalize(c);
        if (normalized.size < 5000) normalized.set(c, n);
      }
      for (let k = 0; k < n.length; k++) from.push(i);
      norm += n;
      i += c.length;
    }
    from.push(text.length);
    const spans = [];
    qs.forEach((t, ti) => {
      for (let at = norm.indexOf(t); at >= 0 && spans.length < 500; at = norm.indexOf(t, at + 1)) {
        let end = at + t.length;
        if (!unspaced(t[0])) while (end < norm.length && wordRe.test(norm[end])) end++;
        spans.push([from[at], from[end], ti]);
      }
    });
    spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    // the passage: the span from which the next 110 characters hold the most terms
    let first = spans.length ? spans[0][0] : 0, most = 0, distinct = 0;
    const count = qs.map(() => 0);
    for (let i = 0, j = 0; i < spans.length; i++) { // spans[i..j) in the window
      for (; j < spans.length && spans[j][0] < spans[i][0] + 110; j++) if (count[spans[j][2]]++ === 0) distinct++;
      if (distinct > most) { most = distinct; first = spans[i][0]; }
      if (--count[spans[i][2]] === 0) distinct--;
    }
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
    else if (!panel.style.getPropertyValue("--search-top")) place(); // focused before the script ran
  }
  // The panel is fixed to the viewport (site.css): its top is just under the box, read
  // when the box gets the focus and when the page scrolls or is resized, not as results
  // come (which would lay the page out again before they are shown).
  function place() {
    panel.style.setProperty("--search-top", Math.max(0, input.getBoundingClientRect().bottom + 4) + "px");
  }
  window.addEventListener("resize", place, { passive: true });
  window.addEventListener("scroll", () => { if (!panel.hidden) place(); }, { passive: true });
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
  const span = (cls, text) => {
    const e = document.createElement("span");
    e.className = cls;
    if (text) e.textContent = text;
    return e;
  };
  // The results in list: a page, then the other sections of it that match, each an
  // option; a page whose title another result has shows where it is (its URL's folders).
  function render(list, found, idPrefix, options) {
    list.replaceChildren();
    const titles = new Map();
    for (const r of found.results) titles.set(r.title, (titles.get(r.title) || 0) + 1);
    let n = 0;
    const option = (r, anchor, cls) => {
      const li = document.createElement("li");
      li.id = idPrefix + n++;
      if (options) {
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
      }
      if (cls) li.className = cls;
      const a = document.createElement("a");
      a.href = new URL(r.url, siteRoot).href + (anchor ? "#" + encodeURIComponent(anchor) : "");
      a.tabIndex = -1;
      li.append(a);
      list.append(li);
      return a;
    };
    for (const r of found.results) {
      const a = option(r, r.anchor, "");
      a.append(span("search-title", r.title));
      if (r.standIn) a.append(span("search-mark", " " + box.dataset.untranslated));
      if (titles.get(r.title) > 1) {
        a.append(span("search-path", " " + r.url.split("/").filter(Boolean).slice(1, -1).join(" › ")));
      }
      if (r.heading) a.append(span("search-heading", " › " + r.heading));
      a.append(span("search-excerpt"));
      a.lastChild.append(excerpt(r.text || "", found.marks));
      for (const sub of r.subs) {
        const b = option(r, sub.anchor, "search-sub");
        b.append(span("search-heading", sub.heading || r.title));
        b.append(span("search-excerpt"));
        b.lastChild.append(excerpt(sub.text || "", found.marks));
      }
    }
  }
  // The results page with all of query q's results.
  const resultsURL = (q) => {
    const u = new URL(box.dataset.results, document.baseURI);
    u.search = "?q=" + encodeURIComponent(q);
    return u.href;
  };
  function show(found, q) {
    render(list, found, "search-result-", true);
    if (found.results.length > 0 && box.dataset.results) { // the last option: all of them
      const li = document.createElement("li");
      li.id = "search-result-all";
      li.className = "search-all";
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      const a = document.createElement("a");
      a.href = resultsURL(q);
      a.tabIndex = -1;
      a.textContent = say(found.total) + " →";
      li.append(a);
      list.append(li);
    }
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
    show(found, q);
  }
  input.addEventListener("input", () => run(false));
  window.addEventListener("online", () => {
    if (status.textContent === box.dataset.failed) run(false);
  });
  input.addEventListener("focus", () => {
    place();
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

  // The results page (route.SearchIn), or a page of the site's own at its path: all that
  // the query in its ?q= finds, listed in <main>.
  function resultsPage() {
    if (!box.dataset.results || new URL(box.dataset.results, document.baseURI).pathname !== location.pathname) return;
    const main = document.querySelector("main");
    if (!main) return;
    const q = (new URLSearchParams(location.search).get("q") || "").slice(0, 1000);
    let out = main.querySelector(".search-page-results"), said = main.querySelector(".search-page-status");
    if (!out || !said) {
      said = document.createElement("p");
      said.className = "search-page-status";
      said.setAttribute("role", "status");
      out = document.createElement("ol");
      out.className = "search-page-results";
      main.append(said, out);
    }
    const field = main.querySelector("input[name=q]");
    if (field) field.value = q;
    if (q.trim() === "") return;
    search(q, 100).then((found) => {
      render(out, found, "search-page-result-", false);
      said.textContent = say(found.total);
    }, () => { said.textContent = box.dataset.failed; });
  }
  resultsPage();

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
