// Material follows a link instantly (same document, so the calculators' Python keeps
// running) only to the pages listed in sitemap.xml, which MkDocs writes for the address
// the site was built for (site_url). Served anywhere else (another port, a subfolder),
// the theme would reload every page: its request for the list is answered with the list
// rewritten to the address this page came from. Loaded in <head>, before the theme.
(() => {
  const root = new URL("..", document.currentScript.src);
  const sitemap = new URL("sitemap.xml", root).href;
  let rewritten = null;

  function rewrite() {
    rewritten ??= fetch(sitemap)
      .then((reply) => reply.text())
      .then((text) => {
        const pages = [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
        // The home page has the shortest address: the one the site was built for.
        const built = pages.reduce((a, b) => (b.length < a.length ? b : a), pages[0] || "");
        if (!built || built === root.href) return null;
        const fixed = text.split(`<loc>${built}`).join(`<loc>${root.href}`);
        return URL.createObjectURL(new Blob([fixed], { type: "text/xml" }));
      })
      .catch(() => null);
    return rewritten;
  }

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.srdSitemap = new URL(url, location.href).href === sitemap ? method : null;
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!this.srdSitemap) return send.apply(this, args);
    rewrite().then((list) => {
      if (list) open.call(this, this.srdSitemap, list);
      send.apply(this, args);
    });
  };
})();
