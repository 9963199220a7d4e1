// The hint ladder's words (ui/js/learn.js words a hint from its codes), English and Chinese; a step's
// own words at the last level are the engine's, carried with the step.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "hint.sep": ", ",
    "hint.wrong": "{cell} is not {digit}.",
    "hint.notes": "Your notes in {cell} lack {digit}.",
    "hint.none": "No logical step is left on this board.",
    "hint.guess1": "Logic alone cannot go on from here.",
    "hint.guess2": "The next step can only be a digit taken from the solution (a guess).",
    "hint.lookUnit": "Look at {unit}.",
    "hint.lookDigit": "Look at the {digit}s.",
    "hint.technique": "There is a {name} here.",
    "hint.cellsOne": "Look at {cells}, candidate {digits}.",
    "hint.cellsMany": "Look at {cells}, candidates {digits}.",
  },
  zh: {
    "hint.sep": "、",
    "hint.wrong": "{cell} 不是 {digit}。",
    "hint.notes": "你在 {cell} 的笔记里缺少 {digit}。",
    "hint.none": "这个盘面上已没有逻辑步骤。",
    "hint.guess1": "这里仅靠逻辑已无法继续。",
    "hint.guess2": "下一步只能从答案中取一个数字（猜测）。",
    "hint.lookUnit": "看{unit}。",
    "hint.lookDigit": "看数字 {digit}。",
    "hint.technique": "这里有一个{name}。",
    "hint.cellsOne": "关注 {cells}，候选数 {digits}。",
    "hint.cellsMany": "关注 {cells}，候选数 {digits}。",
  },
});
