// Registers the service worker that keeps the whole site available offline (sw.js, at
// the root of the site, wherever the site is served from).
if ("serviceWorker" in navigator) {
  const root = new URL("../", import.meta.url);
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).catch(() => {});
  // A new build took over: reload, so this page and its scripts come from one build.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
}
