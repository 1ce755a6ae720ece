// The root 404.html is what a static host serves for any missing address, and it is in
// the site's default language. When the address is inside another language's folder,
// this script sends the reader on to that language's own page (<lang>/404.html), whose
// text, home link and search are in that language. Without JavaScript the page lists
// every language's home, each in its own name.
(function () {
  "use strict";
  var links = document.querySelectorAll("ul[data-not-found] a[hreflang]");
  var here = location.pathname;
  for (var i = 0; i < links.length; i++) {
    var home = links[i].pathname; // the language's home: "/<base>/<lang>/"
    var page = home + "404.html";
    if (here.indexOf(home) === 0 && here !== page && links[i].hreflang !== document.documentElement.lang) {
      location.replace(page);
      return;
    }
  }
})();
