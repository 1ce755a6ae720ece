// Language switcher: remember an explicit choice (the root page honours it) and keep the
// current section: section anchors are the same in every language.
(function () {
  "use strict";
  var KEY = "docsite-lang";
  document.querySelectorAll("nav.lang-switch a[hreflang]").forEach(function (a) {
    a.addEventListener("click", function () {
      try { localStorage.setItem(KEY, a.hreflang); } catch (e) { /* storage off */ }
      if (location.hash && a.href.indexOf("#") < 0) { a.href += location.hash; }
    });
  });
})();

// The language menu of a site of many languages closes on Escape (focus back on its
// button) and on a click or focus outside it.
(function () {
  "use strict";
  var menu = document.querySelector("details.lang-menu");
  if (!menu) { return; }
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  ["click", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (menu.open && !menu.contains(e.target)) { menu.open = false; }
    });
  });
})();

// The theme toggle cycles auto → dark → light → auto. The choice is kept in
// localStorage and put on <html data-theme> (the inline script in <head> does it on
// every page before the first paint); auto removes both.
(function () {
  "use strict";
  var KEY = "docsite-theme";
  var button = document.querySelector("button.theme-toggle");
  if (!button) { return; }
  var root = document.documentElement;
  function show() {
    var t = root.dataset.theme;
    button.setAttribute("aria-pressed", t === "dark" ? "true" : t === "light" ? "false" : "mixed");
  }
  show();
  button.addEventListener("click", function () {
    var t = root.dataset.theme;
    var next = !t ? "dark" : t === "dark" ? "light" : "";
    try {
      if (next) { localStorage.setItem(KEY, next); } else { localStorage.removeItem(KEY); }
    } catch (e) { /* storage off: the choice lasts for this page */ }
    if (next) { root.dataset.theme = next; } else { delete root.dataset.theme; }
    show();
  });
})();

// The sidebar and the page's contents are <details> closed in the page (a phone shows
// the article first); the style sheet shows their contents on wide screens whatever their
// state. Where a browser does not support that (::details-content), open them there.
(function () {
  "use strict";
  if (CSS.supports("selector(::details-content)")) { return; }
  [[".has-sidebar details.sidebar", "(min-width: 56rem)"], [".has-menu details.sidebar", "(min-width: 90rem)"], [".has-sidebar .toc details", "(min-width: 75rem)"]].forEach(function (w) {
    var d = document.querySelector(w[0]);
    if (d && window.matchMedia(w[1]).matches) { d.open = true; }
  });
})();

// The contents rail marks the section in view: the last of the page's headings listed in
// the contents whose top has passed the upper third of the window, or the first one.
(function () {
  "use strict";
  var links = document.querySelectorAll(".toc a[href^='#']");
  if (!links.length || !("IntersectionObserver" in window)) { return; }
  var entries = [];
  links.forEach(function (a) {
    var h = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    if (h) { entries.push({ link: a, heading: h }); }
  });
  var current = null;
  function mark() {
    var line = window.innerHeight / 3, pick = entries[0];
    entries.forEach(function (e) {
      if (e.heading.getBoundingClientRect().top <= line) { pick = e; }
    });
    if (!pick || pick === current) { return; }
    if (current) { current.link.removeAttribute("aria-current"); }
    pick.link.setAttribute("aria-current", "location");
    current = pick;
  }
  // Each heading crossing the window's upper third (or leaving it) may change the
  // section in view; the observer says when, mark finds which.
  var seen = new IntersectionObserver(mark, { rootMargin: "0px 0px -66% 0px" });
  entries.forEach(function (e) { seen.observe(e.heading); });
})();

// Sidebar sections fold and unfold with buttons this script gives them (the page marks
// each section with its path, data-path). A section on the way to the page has its
// entries in the page; any other is a link, and its button folded: its entries
// come from the language's tree file (the nav's data-tree: fetched once, on the first
// unfold, and cached by the browser). The reader's choices are kept in localStorage by
// the sections' paths, folded and unfolded, so a section stays as the reader left it on
// every page. The script in <head> hid the folded sections before the first paint, and
// the list while a section the reader unfolded is still to be filled in from the tree
// file; the classes take over from it here, and it goes once the list is complete.
(function () {
  "use strict";
  var FOLDED = "docsite-folded", OPENED = "docsite-opened", KEEP = 50;
  var nav = document.querySelector(".sidebar nav[data-tree]");
  var early = document.getElementById("folded");
  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { return []; }
  }
  var folded = read(FOLDED), opened = read(OPENED);
  function keep(path, open) {
    folded = folded.filter(function (p) { return p !== path; });
    opened = opened.filter(function (p) { return p !== path; });
    (open ? opened : folded).push(path);
    try {
      localStorage.setItem(FOLDED, JSON.stringify(folded.slice(-KEEP)));
      localStorage.setItem(OPENED, JSON.stringify(opened.slice(-KEEP)));
    } catch (e) { /* storage off: this page only */ }
  }
  // The tree file, once: its nodes by site path, each with its own.
  var loading = null;
  function tree() {
    if (!loading) {
      if (!nav) { return Promise.reject(new Error("no tree file")); }
      var url = new URL(nav.getAttribute("data-tree"), document.baseURI);
      loading = fetch(url).then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      }).then(function (t) {
        t.url = url;
        t.byPath = {};
        (function walk(nodes, parent) {
          nodes.forEach(function (n) {
            n.path = n.u.charAt(0) === "/" ? n.u : parent + n.u;
            t.byPath[n.path] = n;
            if (n.c) { walk(n.c, n.path); }
          });
        })(t.nodes, t.home);
        return t;
      });
    }
    return loading;
  }
  function mark(a, text, lang) {
    var small = document.createElement("small");
    small.className = "mark";
    small.textContent = text;
    if (lang) { small.lang = lang; }
    a.append(" ", small);
  }
  // list is the entries of node n as the page would have them, its sections folded.
  function list(t, n) {
    var ul = document.createElement("ul");
    n.c.forEach(function (c) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = new URL(t.base + c.path.slice(1), t.url).href;
      a.textContent = c.t;
      if (c.l) { a.lang = c.l; }
      if (c.f) { mark(a, t.standIn, t.lang); }
      if (c.d) { mark(a, t.draft); }
      li.append(a);
      if (c.c) {
        li.setAttribute("data-path", c.path);
        wire(li);
      }
      ul.append(li);
    });
    return ul;
  }
  function set(li, button, fold) {
    li.classList.toggle("folded", fold);
    button.setAttribute("aria-expanded", fold ? "false" : "true");
  }
  // unfold fills in section li from the tree file, and the sections in it the reader
  // left unfolded; where the file cannot be had, the section's link is the way to its
  // entries.
  function unfold(li, button, follow) {
    return tree().then(function (t) {
      var n = t.byPath[li.getAttribute("data-path")];
      if (!n || !n.c) { throw new Error("not in the tree"); }
      if (!li.querySelector(":scope > ul")) { li.append(list(t, n)); }
      set(li, button, false);
    }).catch(function () {
      if (follow) { location.href = li.querySelector("a").href; }
    });
  }
  function restore(li, button) {
    var path = li.getAttribute("data-path");
    if (li.querySelector(":scope > ul")) {
      set(li, button, folded.indexOf(path) >= 0);
      return null;
    }
    set(li, button, true);
    return opened.indexOf(path) >= 0 ? unfold(li, button, false) : null;
  }
  // wire gives section li its button, in the state the reader left it.
  var pending = [];
  function wire(li) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "fold";
    button.setAttribute("aria-label", li.querySelector(":scope > a").textContent);
    li.insertBefore(button, li.querySelector(":scope > ul"));
    var p = restore(li, button);
    if (p) { pending.push(p); }
    button.addEventListener("click", function () {
      var fold = button.getAttribute("aria-expanded") === "true";
      keep(li.getAttribute("data-path"), !fold);
      if (!fold && !li.querySelector(":scope > ul")) {
        unfold(li, button, true);
      } else {
        set(li, button, fold);
      }
    });
  }
  document.querySelectorAll(".sidebar li[data-path]").forEach(wire);
  // The sections unfolded here may hold more of them (pending grows as they are filled
  // in): the list is shown when none is left, or after a second at most.
  var done = 0;
  (function wait() {
    if (done === pending.length) {
      if (early) { early.remove(); }
      return;
    }
    var upTo = pending.length;
    Promise.all(pending.slice(done, upTo)).then(function () { done = upTo; wait(); });
  })();
  if (early) { setTimeout(function () { early.remove(); }, 1000); }
})();
