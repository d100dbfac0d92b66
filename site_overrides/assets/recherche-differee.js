// Material asks for the whole search index as soon as a page loads, and most readers never
// search. This holds that one request until the reader reaches for the search: a focus or
// a click in the search box, or its keyboard shortcuts (s, f, /). Loaded in <head>,
// before the theme's bundle, which makes the request with XMLHttpRequest.
(() => {
  let release;
  const wanted = new Promise((resolve) => (release = resolve));
  const inSearch = (target) => target && target.closest && target.closest(".md-search, [for='__search']");
  addEventListener("focusin", (event) => inSearch(event.target) && release(), true);
  addEventListener("pointerdown", (event) => inSearch(event.target) && release(), true);
  addEventListener("keydown", (event) => ["s", "S", "f", "F", "/"].includes(event.key) && release(), true);

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.srdSearchIndex = String(url).endsWith("search/search_index.json");
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!this.srdSearchIndex) return send.apply(this, args);
    wanted.then(() => send.apply(this, args));
  };
})();
