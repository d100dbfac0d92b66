// A table wider than the page scrolls in its own box (Material's `.md-typeset__scrollwrap`):
// such a box must be reachable and scrollable by keyboard, and say what it holds.
// Re-bound on each page Material's instant navigation shows.

// « Tableau 2 : Atout, Condition » — numbered, since two tables may share their columns.
function labelOf(box, number) {
  const table = box.querySelector("table");
  const caption = table?.caption?.textContent.trim();
  const headers = [...(table?.tHead?.rows[0]?.cells || [])].map((cell) => cell.textContent.trim());
  const what = caption || headers.filter(Boolean).slice(0, 3).join(", ");
  return what ? `Tableau ${number} : ${what}` : `Tableau ${number}`;
}

function bindScrollBoxes() {
  const boxes = document.querySelectorAll(".md-typeset__scrollwrap");
  boxes.forEach((box, index) => {
    if (box.hasAttribute("tabindex")) return;
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", labelOf(box, index + 1));
  });
}

if (globalThis.document$) {
  // After Material's own subscriber has wrapped the tables of the page.
  globalThis.document$.subscribe(() => requestAnimationFrame(bindScrollBoxes));
} else {
  bindScrollBoxes();
}
