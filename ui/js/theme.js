// Light and dark themes: "system" follows prefers-color-scheme (in CSS), "light"/"dark" force one.

const THEMES = ["system", "light", "dark"];

/** Apply a theme name to the page (unknown names mean "system"). */
export function applyTheme(theme) {
  document.documentElement.dataset.theme = THEMES.includes(theme) ? theme : "system";
}

/** Return "dark" or "light": what the page shows now. */
export function shownTheme() {
  const theme = document.documentElement.dataset.theme;
  if (theme === "light" || theme === "dark") return theme;
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
