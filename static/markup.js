// docsite's markdown components, progressively: without this script the page reads the
// same (tabs are sections with headings, code has no copy button).
(function () {
  "use strict";

  // Copy buttons, labelled in the page's language from the code block's data attributes.
  document.querySelectorAll(".code-block").forEach(function (block) {
    var code = block.querySelector("pre code");
    if (!code || !navigator.clipboard) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = block.dataset.copy || "Copy";
    button.addEventListener("click", function () {
      var copy = code.cloneNode(true);
      copy.querySelectorAll(".ln").forEach(function (n) { n.remove(); });
      navigator.clipboard.writeText(copy.textContent).then(function () {
        button.textContent = block.dataset.copied || "Copied";
        setTimeout(function () { button.textContent = block.dataset.copy || "Copy"; }, 2000);
      });
    });
    block.appendChild(button);
  });

  // Tabs (WAI-ARIA tab pattern): each .tabs group of <section class="tab"> with a heading
  // becomes a tab list; arrow keys, Home and End move between tabs. Groups with the same
  // data-sync key show the tab of the same title, and remember it for the next page.
  var groups = [];
  var uid = 0;
  document.querySelectorAll(".tabs").forEach(function (group) {
    var panels = Array.prototype.filter.call(group.children, function (c) { return c.classList.contains("tab"); });
    if (panels.length === 0) { return; }
    var list = document.createElement("div");
    list.setAttribute("role", "tablist");
    var tabs = panels.map(function (panel) {
      var n = ++uid;
      var title = panel.querySelector(".tab-title");
      var tab = document.createElement("button");
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.id = "tab-" + n;
      tab.textContent = title ? title.textContent : String(n);
      panel.id = panel.id || "tabpanel-" + n;
      panel.setAttribute("role", "tabpanel");
      panel.tabIndex = 0;
      panel.setAttribute("aria-labelledby", tab.id);
      tab.setAttribute("aria-controls", panel.id);
      list.appendChild(tab);
      return tab;
    });
    group.insertBefore(list, group.firstChild);
    group.classList.add("tabs-ready");
    var g = { el: group, tabs: tabs, panels: panels, sync: group.dataset.sync || "" };
    groups.push(g);
    tabs.forEach(function (tab, i) {
      tab.addEventListener("click", function () { choose(g, i, true); });
      tab.addEventListener("keydown", function (e) {
        var j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
        if (j === undefined) { return; }
        e.preventDefault();
        j = (j + tabs.length) % tabs.length;
        choose(g, j, true);
        tabs[j].focus();
      });
    });
    var saved = "";
    try { saved = g.sync ? localStorage.getItem("docsite-tab-" + g.sync) || "" : ""; } catch (e) { /* storage off */ }
    var k = tabs.findIndex(function (t) { return t.textContent === saved; });
    if (k < 0) { k = tabs.findIndex(function (t) { return t.textContent === group.dataset.default; }); }
    choose(g, k < 0 ? 0 : k, false);
  });

  function choose(g, i, user) {
    g.tabs.forEach(function (tab, j) {
      tab.setAttribute("aria-selected", String(i === j));
      tab.tabIndex = i === j ? 0 : -1;
      g.panels[j].hidden = i !== j;
    });
    if (!user || !g.sync) { return; }
    var label = g.tabs[i].textContent;
    try { localStorage.setItem("docsite-tab-" + g.sync, label); } catch (e) { /* storage off */ }
    groups.forEach(function (o) {
      if (o === g || o.sync !== g.sync) { return; }
      var k = o.tabs.findIndex(function (t) { return t.textContent === label; });
      if (k >= 0) { choose(o, k, false); }
    });
  }
})();
