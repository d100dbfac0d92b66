// Keyboard: the theme's palette switch is a pair of radio buttons drawn 0 × 0; its Tab
// stop is the icon the reader sees, a label made a button (site_overrides/partials/
// palette.html). The theme switches on Enter, then puts the focus on its hidden radio;
// Space switches too, as on any button. Either way the focus goes to the icon then shown.
const shownIcon = (inside) => inside.closest(".md-header__option")?.querySelector("label[for]:not([hidden])");

document.addEventListener("keydown", (event) => {
  const label = event.target.closest?.(".md-header__option label[for]");
  if (!label || event.key !== " ") return;
  event.preventDefault();
  label.click();
  shownIcon(label)?.focus();
});

// After the theme's Enter (its own keydown handlers would click an icon focused sooner).
document.addEventListener("keyup", (event) => {
  if (event.key === "Enter" && event.target.matches?.(".md-header__option input.md-option")) shownIcon(event.target)?.focus();
});
