// lang reports text whose computed language cannot be right for its script, the body-text
// font of each computed language, the language switcher's links and the page's hreflang alternates.
(() => {
  const kana = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
  const han = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  const hangul = /[\u1100-\u11ff\uac00-\ud7af]/;
  const expected = (text) => {
    if (kana.test(text)) return ["ja"];
    if (hangul.test(text)) return ["ko"];
    if (han.test(text)) return ["zh", "ja"];
    return null;
  };
  const primary = (lang) => lang.toLowerCase().split("-")[0];
  const bodyText = "p, li, td, th, dd, dt, figcaption, blockquote, caption";
  const mislabelled = [];
  const fonts = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("script, style, noscript, template")) continue;
    const holder = el.closest("[lang]");
    const lang = holder ? holder.lang : "";
    const want = expected(text);
    if (!lang) mislabelled.push({ element: describe(el), text: text.slice(0, 40), lang: "", want: want || [] });
    else if (want && !want.includes(primary(lang))) mislabelled.push({ element: describe(el), text: text.slice(0, 40), lang, want });
    if (lang && el.closest(bodyText) && !el.closest("pre, code, kbd, samp")) {
      const family = getComputedStyle(el).fontFamily;
      fonts.set(lang + "\n" + family, { lang, family });
    }
  }
  const abs = (a) => a.href;
  return {
    lang: document.documentElement.lang,
    mislabelled: mislabelled.slice(0, 10),
    fonts: Array.from(fonts.values()),
    switcher: Array.from(document.querySelectorAll("nav.lang-switch a[hreflang]")).map((a) => ({ href: abs(a), hreflang: a.hreflang })),
    alternates: Array.from(document.querySelectorAll("link[rel~=alternate][hreflang]")).map((a) => a.hreflang).filter((h) => h !== "x-default"),
  };
})()
