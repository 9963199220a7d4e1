// The words of the colours (issue 32), English and Chinese.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "btn.colours": "Colours",
    "btn.clearColours": "Clear colours",
    "pad.colours": "Colours",
    "keys.colours": "Colours on or off (then 1-8 colour the cell, Shift+1-9 that note in the last colour)",
    "colour.cell": "{label}, colour {colour}",
    "colour.notes": "{label}, coloured notes {notes}",
    "colour.note": "{digit} colour {colour}",
    "colour.key": "Colour {colour}",
    "colour.on": "Colours on: 1-8 colour the selected cell, Shift+1-9 that note in the last colour; V again to stop.",
    "colour.off": "Colours off.",
    "colour.painted": "Row {row}, column {col}: colour {colour}.",
    "colour.removed": "Row {row}, column {col}: colour taken off.",
    "colour.notepainted": "Row {row}, column {col}, note {digit}: colour {colour}.",
    "colour.noteremoved": "Row {row}, column {col}, note {digit}: colour taken off.",
    "colour.cleared": "Colours cleared.",
    "colour.none": "There are no colours to clear.",
    "colour.range": "Colours are 1 to {count}.",
  },
  zh: {
    "btn.colours": "着色",
    "btn.clearColours": "清除颜色",
    "pad.colours": "着色",
    "keys.colours": "着色模式开关（之后 1-8 给格子着色，Shift+1-9 用上次的颜色给该笔记着色）",
    "colour.cell": "{label}，颜色 {colour}",
    "colour.notes": "{label}，着色笔记 {notes}",
    "colour.note": "{digit} 颜色 {colour}",
    "colour.key": "颜色 {colour}",
    "colour.on": "着色模式：1-8 给所选格子着色，Shift+1-9 用上次的颜色给该笔记着色；再按 V 结束。",
    "colour.off": "已退出着色模式。",
    "colour.painted": "第{row}行第{col}列：颜色 {colour}。",
    "colour.removed": "第{row}行第{col}列：已去掉颜色。",
    "colour.notepainted": "第{row}行第{col}列，笔记 {digit}：颜色 {colour}。",
    "colour.noteremoved": "第{row}行第{col}列，笔记 {digit}：已去掉颜色。",
    "colour.cleared": "已清除所有颜色。",
    "colour.none": "没有可清除的颜色。",
    "colour.range": "颜色编号为 1 到 {count}。",
  },
});
