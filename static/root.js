// The site's root page lists its languages (that list works without JavaScript). This
// script sends the visitor on to the language they chose before, or else the best match
// for navigator.languages, or else the default (the first link).
(function () {
  "use strict";
  var KEY = "docsite-lang";
  var links = Array.prototype.slice.call(document.querySelectorAll("nav.lang-choice a[hreflang]"));
  if (links.length === 0) { return; }
  function find(pred) {
    for (var i = 0; i < links.length; i++) { if (pred(links[i].hreflang.toLowerCase())) { return links[i]; } }
    return null;
  }
  function primary(tag) { return tag.split("-")[0]; }
  links.forEach(function (a) {
    a.addEventListener("click", function () { try { localStorage.setItem(KEY, a.hreflang); } catch (e) { /* storage off */ } });
  });
  var saved = null;
  try { saved = localStorage.getItem(KEY); } catch (e) { /* storage off */ }
  var target = saved ? find(function (t) { return t === saved.toLowerCase(); }) : null;
  var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  for (var i = 0; !target && i < prefs.length; i++) {
    var want = String(prefs[i]).toLowerCase();
    target = find(function (t) { return t === want; }) ||
      find(function (t) { return primary(t) === primary(want); });
  }
  location.replace((target || links[0]).href);
})();
