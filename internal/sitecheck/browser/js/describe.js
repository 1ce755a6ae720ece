// describe names an element for a report: up to three ancestors, each tag#id.class.
function describe(el) {
  const parts = [];
  for (let e = el; e && e.nodeType === 1 && parts.length < 3 && e !== document.body; e = e.parentElement) {
    let s = e.localName;
    if (e.id) s += "#" + e.id;
    else if (e.classList.length) s += "." + Array.from(e.classList).join(".");
    parts.unshift(s);
  }
  return parts.join(" > ");
}
