// The words of Print… (issue 32), English and Chinese.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "btn.print": "Print…",
    "print.title": "Print",
    "print.what": "What to print",
    "print.puzzle": "This puzzle",
    "print.set": "The whole set",
    "print.perPage": "Puzzles per page",
    "print.solutions": "Solutions on the last pages",
    "print.heading": "Title",
    "print.paper": "Paper",
    "print.paperAuto": "As the system's region",
    "print.save": "Save as PDF…",
    "print.working": "Making the PDF…",
    "print.saved": "Saved {name}: print it from your PDF viewer.",
    "error.print": "This cannot be printed: {message}",
  },
  zh: {
    "btn.print": "打印…",
    "print.title": "打印",
    "print.what": "打印内容",
    "print.puzzle": "这道题",
    "print.set": "整组题目",
    "print.perPage": "每页题数",
    "print.solutions": "在最后几页附上答案",
    "print.heading": "标题",
    "print.paper": "纸张",
    "print.paperAuto": "按系统地区",
    "print.save": "另存为 PDF…",
    "print.working": "正在生成 PDF…",
    "print.saved": "已保存 {name}：请在 PDF 阅读器中打印。",
    "error.print": "无法打印：{message}",
  },
});
