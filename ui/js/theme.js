// Light and dark themes: "system" follows prefers-color-scheme, "light"/"dark" force one.
// The page's colours key on one attribute, data-scheme ("light" or "dark"), resolved here, so the
// dark palette is written once in CSS whichever way it was chosen.

const THEMES = ["system", "light", "dark"];
const systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

/** Return "dark" or "light": what the page shows now. */
export function shownTheme() {
  const theme = document.documentElement.dataset.theme;
  if (theme === "light" || theme === "dark") return theme;
  return systemDark && systemDark.matches ? "dark" : "light";
}

function showScheme() {
  document.documentElement.dataset.scheme = shownTheme();
}

/** Apply a theme name to the page (unknown names mean "system"). */
export function applyTheme(theme) {
  document.documentElement.dataset.theme = THEMES.includes(theme) ? theme : "system";
  showScheme();
}

showScheme();
if (systemDark) systemDark.addEventListener("change", showScheme);
