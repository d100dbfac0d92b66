// Keyboard: the theme's palette switch is a pair of radio buttons drawn 0 × 0; its Tab
// stop is the icon the reader sees, a label made a button (site_overrides/partials/
// palette.html). Enter and Space switch, as on any button, and the focus goes to the icon
// then shown (the theme shows the other palette's).
document.addEventListener("keydown", (event) => {
  const label = event.target.closest?.(".md-header__option label[for]");
  if (!label || !["Enter", " "].includes(event.key)) return;
  event.preventDefault();
  label.click();
  label.closest("form").querySelector("label[for]:not([hidden])")?.focus();
});
