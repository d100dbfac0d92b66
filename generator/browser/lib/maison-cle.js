// The key of a house rule, « system/kind/id » (an amendment keeps its official entity's id,
// so its key is the official one). Alone in its module: maison-stock.js, loaded on every
// page, needs only this of the rules' logic (lib/maison-regles.js).
export const entryKey = (entry) => `${entry.systeme}/${entry.genre}/${entry.entite?.id}`;
