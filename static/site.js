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

// Sidebar sections fold with their buttons; the folded sections' paths are kept in
// localStorage, so a section stays folded on every page. The script in <head> hid them
// before the first paint with a style of its own; the classes take over from it here.
(function () {
  "use strict";
  var KEY = "docsite-folded";
  var folded = [];
  try { folded = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { /* storage off */ }
  function set(li, button, fold) {
    li.classList.toggle("folded", fold);
    button.setAttribute("aria-expanded", fold ? "false" : "true");
  }
  document.querySelectorAll(".sidebar li[data-path] > button.fold").forEach(function (button) {
    var li = button.parentElement, path = li.getAttribute("data-path");
    set(li, button, folded.indexOf(path) >= 0);
    button.addEventListener("click", function () {
      var fold = !li.classList.contains("folded");
      folded = folded.filter(function (p) { return p !== path; });
      if (fold) { folded.push(path); }
      try { localStorage.setItem(KEY, JSON.stringify(folded)); } catch (e) { /* this page only */ }
      set(li, button, fold);
    });
  });
  var early = document.getElementById("folded");
  if (early) { early.remove(); }
})();
