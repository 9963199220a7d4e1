// The words of sharing (issue 32), English and Chinese.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "btn.copyLink": "Copy link",
    "btn.openSudokuwiki": "Open in SudokuWiki",
    "btn.copyPuzzle": "Copy puzzle",
    "share.linkCopied": "SudokuWiki link copied: {text}",
    "share.puzzleCopied": "Puzzle copied: {text}",
    "share.notCopied": "The clipboard refused the text; here it is to copy by hand: {text}",
    "share.opened": "SudokuWiki opens in your browser.",
    "error.no_browser": "No web browser could be opened; use Copy link instead.",
    "error.no_puzzle": "There is no puzzle on the board.",
  },
  zh: {
    "btn.copyLink": "复制链接",
    "btn.openSudokuwiki": "在 SudokuWiki 中打开",
    "btn.copyPuzzle": "复制题目",
    "share.linkCopied": "已复制 SudokuWiki 链接：{text}",
    "share.puzzleCopied": "已复制题目：{text}",
    "share.notCopied": "剪贴板拒绝了这段文本；请手动复制：{text}",
    "share.opened": "已在浏览器中打开 SudokuWiki。",
    "error.no_browser": "无法打开网页浏览器；请改用“复制链接”。",
    "error.no_puzzle": "棋盘上没有题目。",
  },
});
