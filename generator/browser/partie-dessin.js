// How the partie page draws: a container's children come from parts [{key, description,
// build, then?}], each drawn by `build()` (a node, several, or "" for none) from its
// description. A part described as at the last draw of that container keeps its nodes
// (moved if the order changed): only what changed is built again, so the browser styles
// and lays out only that, and what the reader opened or typed elsewhere stays. `then(node)`
// runs on the part's first node, built or kept: a container part draws its own parts there.
// What each container was drawn from is kept here, apart from the page's state.
import { describedAs, partsChanged } from "./lib/partie-vue.js";

const drawnFrom = new WeakMap(); // container -> [{key, text, nodes}], in order

const nodesOf = (built) => [built].flat().filter((node) => node !== "" && node != null).map((node) => (typeof node === "string" ? document.createTextNode(node) : node));

export function drawParts(container, parts) {
  const before = new Map((drawnFrom.get(container) || []).map((record) => [record.key, record]));
  const changed = partsChanged(new Map([...before].map(([key, record]) => [key, record.text])), parts);
  const after = parts.map((part) => {
    const kept = !changed.has(part.key) && before.get(part.key);
    const record = kept || { key: part.key, text: describedAs(part.description), nodes: nodesOf(part.build()) };
    if (kept) before.delete(part.key);
    if (part.then && record.nodes[0]) part.then(record.nodes[0]);
    return record;
  });
  for (const gone of before.values()) for (const node of gone.nodes) node.remove();
  // In place: a node already where it goes is not touched (moving one blurs it).
  let at = container.firstChild;
  for (const node of after.flatMap((record) => record.nodes)) {
    if (node === at) at = at.nextSibling;
    else container.insertBefore(node, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
  drawnFrom.set(container, after);
}

// A part that is always the same node (`build` makes it once), its own parts drawn by `then`.
export const holder = (key, build, then) => ({ key, description: "", build, then });

// A text that changes in place (a live region says the change; a new node might not be read).
export function textPart(key, build, text) {
  return holder(key, build, (node) => {
    if (node.textContent !== text) node.textContent = text;
  });
}
