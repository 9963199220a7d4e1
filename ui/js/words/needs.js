// New puzzle by technique's words (issue 30), English and Chinese; the families' and levels' names are
// the trainer's (words/practise.js).

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "label.needs": "Must use",
    "needs.none": "Any technique",
    "needs.option": "{name} ({level})",
    "notice.too_rare": "No puzzle that needs {name} turned up in {seconds} s: it is too rare on generated "
      + "puzzles. Try another technique, or try again.",
  },
  zh: {
    "label.needs": "必须用到",
    "needs.none": "任意技巧",
    "needs.option": "{name}（{level}）",
    "notice.too_rare": "在 {seconds} 秒内没有找到需要“{name}”的题目：这种技巧在生成的题目中太少见。"
      + "请换一种技巧，或再试一次。",
  },
});
