// docsite serve's live-reload client. Served pages load it; built sites never contain it.
// It keeps one EventSource open while the tab is visible (a hidden tab gives its
// connection back: browsers allow only six per host over HTTP/1.1), reloads the page
// after a good build and shows a failed build's errors over the page until the next one.
(() => {
  "use strict";
  const gen = document.currentScript ? document.currentScript.dataset.gen || "" : "";
  const overlayId = "docsite-build-errors";
  let stream = null;

  function open() {
    if (stream) return;
    stream = new EventSource("/_docsite/events?gen=" + encodeURIComponent(gen));
    stream.addEventListener("reload", () => {
      close();
      location.reload();
    });
    stream.addEventListener("build-error", (e) => showErrors(JSON.parse(e.data)));
    stream.addEventListener("build-ok", hideErrors);
  }

  function close() {
    if (stream) {
      stream.close();
      stream = null;
    }
  }

  function hideErrors() {
    const old = document.getElementById(overlayId);
    if (old) old.remove();
  }

  // showErrors builds the overlay with textContent only: error text never becomes markup.
  function showErrors(lines) {
    hideErrors();
    const box = document.createElement("div");
    box.id = overlayId;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;" +
      "max-height:50vh;overflow:auto;margin:0;padding:1em 1.25em;background:#2b0b0e;" +
      "color:#ffd7d7;border-top:4px solid #e5484d;font:14px/1.5 ui-monospace,monospace;" +
      "white-space:pre-wrap;box-shadow:0 -4px 16px rgba(0,0,0,.4)";
    const title = document.createElement("strong");
    title.textContent = "Build failed: still showing the last good build.";
    box.append(title);
    for (const line of lines) {
      const p = document.createElement("div");
      p.textContent = line;
      box.append(p);
    }
    (document.body || document.documentElement).append(box);
  }

  document.addEventListener("visibilitychange", () => (document.hidden ? close() : open()));
  if (!document.hidden) open();
})();
