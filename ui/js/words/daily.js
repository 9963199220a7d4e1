// The words of the daily puzzle (issue 32), English and Chinese.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "btn.daily": "Daily puzzle",
    "btn.dailyToday": "Play today's puzzle",
    "btn.prevMonth": "Previous month",
    "btn.nextMonth": "Next month",
    "label.streak": "Streak",
    "daily.streak.one": "Streak: {count} day",
    "daily.streak.other": "Streak: {count} days",
    "daily.solvedDays.one": "{count} daily puzzle solved in all.",
    "daily.solvedDays.other": "{count} daily puzzles solved in all.",
    "daily.day": "{date}",
    "daily.daySolved": "{date}, solved",
    "daily.level": "Level: {level}, the Difficulty chosen (Any plays Medium).",
    "daily.making": "Making the daily puzzle of {date}…",
    "notice.daily_puzzle": "The daily puzzle of {date}.",
    "error.future_day": "That day's puzzle is not out yet.",
  },
  zh: {
    "btn.daily": "每日一题",
    "btn.dailyToday": "玩今天的题",
    "btn.prevMonth": "上个月",
    "btn.nextMonth": "下个月",
    "label.streak": "连续天数",
    "daily.streak.other": "连续完成：{count} 天",
    "daily.solvedDays.other": "共完成 {count} 道每日一题。",
    "daily.day": "{date}",
    "daily.daySolved": "{date}，已完成",
    "daily.level": "难度：{level}，按所选难度（“任意”时为中等）。",
    "daily.making": "正在生成 {date} 的每日一题…",
    "notice.daily_puzzle": "{date} 的每日一题。",
    "error.future_day": "那一天的题目还没有发布。",
  },
});
