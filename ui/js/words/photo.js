// The words of the photo feature: "Open image…", paste and drop, the "Review photo" dialog.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "btn.openImage": "Open image…",
    "btn.cancel": "Cancel",
    "photo.title": "Review photo",
    "photo.picture": "The photo, the grid found outlined",
    "photo.grid": "Read puzzle",
    "photo.reading": "Reading the photo…",
    "photo.help": "Check the read puzzle against the photo. Marked cells are unsure: select one and type "
      + "its digit (0 or Delete empties it).",
    "photo.unsureCount.one": "1 cell is marked unsure.",
    "photo.unsureCount.other": "{count} cells are marked unsure.",
    "photo.changed": "changed by the solver's check",
    "photo.cell": "row {row}, column {col}, {value}",
    "photo.empty": "empty",
    "photo.unsure": "unsure",
    "photo.drop": "Drop an image of a puzzle to read it",
    "msg.photoLoaded": "Loaded the puzzle from the photo: {clues} givens.",
    "error.not_image": "This file is not an image that can be read ({detail}).",
    "error.no_grid": "No Sudoku grid was found in the picture. Take the photo straight on, the whole grid "
      + "in view.",
    "error.photo_too_large": "The image is too large to read.",
    "error.photo_too_small": "The picture is too small to hold a readable grid.",
  },
  zh: {
    "btn.openImage": "打开图片…",
    "btn.cancel": "取消",
    "photo.title": "核对照片",
    "photo.picture": "照片，已框出找到的网格",
    "photo.grid": "读出的题目",
    "photo.reading": "正在读取照片…",
    "photo.help": "请对照照片检查读出的题目。标记的格子不确定：选中后输入数字（0 或 Delete 清空）。",
    "photo.unsureCount.one": "有 1 格标记为不确定。",
    "photo.unsureCount.other": "有 {count} 格标记为不确定。",
    "photo.changed": "已被求解器的检查改动",
    "photo.cell": "第{row}行第{col}列，{value}",
    "photo.empty": "空",
    "photo.unsure": "不确定",
    "photo.drop": "拖入一张数独图片即可读取",
    "msg.photoLoaded": "已从照片载入题目：{clues} 个已知数。",
    "error.not_image": "这个文件不是可读取的图片（{detail}）。",
    "error.no_grid": "图片中没有找到数独网格。请正对网格拍摄，并拍下整个网格。",
    "error.photo_too_large": "图片太大，无法读取。",
    "error.photo_too_small": "图片太小，无法看清网格。",
  },
});
