// Added by `serve` only, never in the built site: the open page reloads itself when a
// rebuild changes it, and the sources' errors are shown over it until they are fixed.
// A classic script of its own, not a module of the site: it must show the errors even
// when the site's own scripts (assets/commun.js…) are broken or missing.
(() => {
  if (window.srdDirect) return; // instant navigation may run this script again
  window.srdDirect = true;
  const ENDPOINT = "/__serve/etat";
  let known = "";
  let panel = null;

  const here = () => location.pathname.replace(/index\.html$/, "");
  const plural = (n, one, many) => `${n} ${n > 1 ? many : one}`;

  const element = (tag, text, className) => {
    const node = document.createElement(tag);
    if (text) node.textContent = text;
    if (className) node.className = className;
    return node;
  };

  const show = (errors) => {
    hide();
    panel = element("aside", "", "srd-direct");
    panel.setAttribute("role", "alert");
    panel.setAttribute("aria-labelledby", "srd-direct-titre");
    const title = element("h2", `Le site n'a pas été reconstruit\u00a0: ${plural(errors.length, "erreur", "erreurs")}`);
    title.id = "srd-direct-titre";
    const list = element("ul");
    for (const error of errors) {
      const item = element("li");
      item.append(element("code", `${error.fichier}:${error.ligne}`), `\u00a0: ${error.message}`);
      list.append(item);
    }
    const note = element(
      "p",
      "La page ci-dessous est celle de la dernière construction réussie. Cet encadré disparaît de lui-même dès que les erreurs sont corrigées.",
    );
    const close = element("button", "Masquer");
    close.type = "button";
    close.addEventListener("click", hide);
    panel.append(title, list, note, close);
    document.body.append(panel);
  };

  const hide = () => {
    panel?.remove();
    panel = null;
  };

  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const follow = async () => {
    let delay = 0;
    for (;;) {
      try {
        const response = await fetch(`${ENDPOINT}?depuis=${encodeURIComponent(known)}`, { cache: "no-store" });
        const answer = await response.json();
        const first = known === "";
        const changed = answer.etat !== known;
        known = answer.etat;
        if (!changed) continue; // the wait timed out: ask again
        if (answer.erreurs.length) show(answer.erreurs);
        else hide();
        if (!first && (answer.modifiees.includes("*") || answer.modifiees.includes(here()))) {
          location.reload();
          return;
        }
        delay = 0;
      } catch {
        delay = Math.min(5000, delay + 500); // `serve` restarting, or stopped
        await pause(delay);
      }
    }
  };
  follow();
})();
