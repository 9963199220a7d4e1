#!/bin/sh
# Add Sudoku Studio to this user's application menu, pointing at this unpacked folder.
#   ./install-desktop-entry.sh           install (again, after moving the folder)
#   ./install-desktop-entry.sh --remove  take it out of the menu again
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/sudoku-studio.desktop"
png="$data/icons/hicolor/256x256/apps/sudoku-studio.png"
svg="$data/icons/hicolor/scalable/apps/sudoku-studio.svg"
mime="$data/mime/packages/sudoku-studio.xml"
if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry" "$png" "$svg" "$mime"
  command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$data/mime" || true
  echo "Sudoku Studio removed from the application menu"
  exit 0
fi
mkdir -p "$(dirname "$entry")" "$(dirname "$png")" "$(dirname "$svg")" "$(dirname "$mime")"
# the puzzle files it opens (.sdm, .sdk, .ss, f-puzzles JSON): double-clicked, they open in the app
cp "$here/share/mime/packages/sudoku-studio.xml" "$mime"
command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$data/mime" || true
cp "$here/sudoku-studio.png" "$png"
cp "$here/sudoku-studio.svg" "$svg"
# the menu needs the absolute path: the folder is usually not on PATH
sed "s|^Exec=sudoku-studio|Exec=\"$here/sudoku-studio\"|" "$here/sudoku-studio.desktop" > "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "Sudoku Studio added to the application menu ($entry)"
