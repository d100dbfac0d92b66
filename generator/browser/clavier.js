// Keyboard: the theme's palette switch is a pair of radio buttons, so Tab lands on the
// checked one and only the arrow keys would switch. Enter and Space switch too, as on
// any button, and the focus stays on the switch.
document.addEventListener("keydown", (event) => {
  const option = event.target.closest?.("input.md-option");
  if (!option || !["Enter", " "].includes(event.key)) return;
  const label = option.nextElementSibling; // the label for the other palette
  const other = label && document.getElementById(label.htmlFor);
  if (!other) return;
  event.preventDefault();
  label.click();
  other.focus();
});
