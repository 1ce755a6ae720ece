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

// The sidebar is a <details> that is open in the page, so that it shows without
// JavaScript; on a narrow screen it is a menu, closed until the reader opens it.
(function () {
  "use strict";
  var menu = document.querySelector("details.sidebar");
  if (menu && window.matchMedia("(max-width: 55.99rem)").matches) { menu.open = false; }
})();
