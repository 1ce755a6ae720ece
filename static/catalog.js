// catalog.js: sorting and filtering for the GPU catalog tables (templates/catalog).
// The tables arrive sorted and complete from the server; this only adds, when JavaScript runs,
// sort buttons in the column headers and GPU / provider / currency filters above offer tables.
// Hooks: table[data-catalog-table]; cells' data-sort (plain numbers for columns whose header has
// data-sort-type="number"); rows' data-gpu, data-provider, data-currency; and a hidden
// [data-catalog-filters=<table id>] element whose data-label-* attributes hold localized labels.
(function () {
  "use strict";

  function cellValue(row, col, numeric) {
    var cell = row.cells[col];
    if (!cell) return null;
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
    if (raw === "") return null;
    if (!numeric) return raw;
    var n = parseFloat(raw);
    return isNaN(n) ? null : n;
  }

  // compare puts empty values last in both directions; ties keep the server's order.
  function compare(a, b, numeric, dir) {
    if (a.v === null || b.v === null) {
      if (a.v === b.v) return a.i - b.i;
      return a.v === null ? 1 : -1;
    }
    var c = numeric ? a.v - b.v : a.v.localeCompare(b.v, document.documentElement.lang || undefined);
    return c !== 0 ? dir * c : a.i - b.i;
  }

  function sortBy(table, th, col) {
    var numeric = th.getAttribute("data-sort-type") === "number";
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    var body = table.tBodies[0];
    var rows = Array.prototype.map.call(body.rows, function (row) {
      return { row: row, i: Number(row.getAttribute("data-index")), v: cellValue(row, col, numeric) };
    });
    rows.sort(function (a, b) { return compare(a, b, numeric, dir); });
    rows.forEach(function (r) { body.appendChild(r.row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
  }

  function makeSortable(table, label) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row, i) { row.setAttribute("data-index", i); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      if (label) button.title = label;
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, th, col); });
    });
  }

  // options collects the distinct values of a row attribute, labelled by a cell's text.
  // Rows without a value (an offer that names no model) share one option, labelled
  // "model not stated" in the page's language rather than by one row's quoted text.
  function options(table, attr, col, unknown) {
    var seen = {}, list = [];
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var v = row.getAttribute(attr) || "-";
      if (seen[v]) return;
      seen[v] = true;
      if (v === "-" && unknown) {
        list.push({ value: v, label: unknown, lang: "" });
        return;
      }
      var cell = col < 0 ? null : row.cells[col];
      var marked = cell ? cell.querySelector("[lang]") : null;
      // A value quoted from the source in another language is labelled by that quote alone,
      // with its lang, since an option cannot mix languages.
      var label = marked ? marked.textContent : cell ? cell.textContent : v;
      list.push({ value: v, label: label.trim(), lang: marked ? marked.lang : "" });
    });
    list.sort(function (a, b) { return a.label.localeCompare(b.label); });
    return list;
  }

  function addFilters(table, box) {
    var filters = [
      { attr: "data-gpu", col: 1, label: box.getAttribute("data-label-gpu") },
      { attr: "data-provider", col: 0, label: box.getAttribute("data-label-provider") },
      { attr: "data-currency", col: -1, label: box.getAttribute("data-label-currency") }
    ];
    var selects = [];
    filters.forEach(function (f, n) {
      var opts = options(table, f.attr, f.col, box.getAttribute("data-label-unknown"));
      if (opts.length < 2) return;
      var id = table.id + "-filter-" + n;
      var label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = f.label + " ";
      var select = document.createElement("select");
      select.id = id;
      select.setAttribute("data-attr", f.attr);
      select.add(new Option(box.getAttribute("data-label-all"), ""));
      opts.forEach(function (o) {
        var opt = new Option(o.label, o.value);
        if (o.lang) opt.lang = o.lang;
        select.add(opt);
      });
      select.addEventListener("change", function () { applyFilters(table, selects); });
      label.appendChild(select);
      box.appendChild(label);
      selects.push(select);
    });
    if (selects.length > 0) box.hidden = false;
  }

  function applyFilters(table, selects) {
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      row.hidden = !selects.every(function (s) {
        return s.value === "" || (row.getAttribute(s.getAttribute("data-attr")) || "-") === s.value;
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table[data-catalog-table]"), function (table) {
    if (!table.tHead || !table.tBodies[0]) return;
    var box = table.id ? document.querySelector('[data-catalog-filters="' + table.id + '"]') : null;
    makeSortable(table, box ? box.getAttribute("data-label-sort") : "");
    if (box) addFilters(table, box);
  });

  // Side by side: with JavaScript, each row of a spec table gets a checkbox; with two or
  // three ticked, a table above shows them as columns, one metric a row. The page without
  // JavaScript is the full table, which compares every GPU already.
  function setupCompare(box) {
    var table = document.getElementById(box.getAttribute("data-catalog-compare"));
    if (!table) return;
    var heads = Array.prototype.map.call(table.tHead.rows[0].cells, function (h) { return h.textContent.trim(); });
    // The hint is the box's ::before (site.css), there from the first paint.
    var result = document.createElement("div");
    box.appendChild(result);
    box.hidden = false;
    function update() {
      var rows = Array.prototype.filter.call(table.tBodies[0].rows, function (r) {
        var c = r.querySelector("input.compare");
        return c && c.checked;
      }).slice(0, 3);
      result.textContent = "";
      if (rows.length < 2) return;
      var t = document.createElement("table");
      t.className = "catalog compared";
      var cap = t.createCaption();
      cap.textContent = box.getAttribute("data-label-title");
      var head = t.createTHead().insertRow();
      head.appendChild(document.createElement("td"));
      rows.forEach(function (r) {
        var th = document.createElement("th");
        th.scope = "col";
        th.textContent = r.cells[0].querySelector("a").textContent;
        head.appendChild(th);
      });
      var body = t.createTBody();
      for (var i = 1; i < heads.length; i++) {
        var tr = body.insertRow();
        var th = document.createElement("th");
        th.scope = "row";
        th.textContent = heads[i];
        tr.appendChild(th);
        rows.forEach(function (r) {
          var td = tr.insertCell();
          td.innerHTML = r.cells[i].innerHTML;
        });
      }
      var scroll = document.createElement("div");
      scroll.className = "table-scroll";
      scroll.setAttribute("role", "region");
      scroll.setAttribute("aria-label", box.getAttribute("data-label-title"));
      scroll.tabIndex = 0;
      scroll.appendChild(t);
      result.appendChild(scroll);
    }
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      var label = document.createElement("label");
      label.className = "compare";
      var input = document.createElement("input");
      input.type = "checkbox";
      input.className = "compare";
      input.addEventListener("change", function () {
        var ticked = table.querySelectorAll("input.compare:checked");
        if (ticked.length > 3) input.checked = false;
        update();
      });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + box.getAttribute("data-label-choose")));
      r.cells[0].appendChild(document.createElement("br"));
      r.cells[0].appendChild(label);
    });
    table.classList.add("compare-ready"); // the line kept for the checkboxes is theirs now
  }
  document.querySelectorAll("[data-catalog-compare]").forEach(setupCompare);
})();
