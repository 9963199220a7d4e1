// The daily puzzle (issue 32): "Daily puzzle" in the Menu opens a calendar of the month (the days whose
// puzzle was solved are marked, today too), the streak, and plays today's puzzle or a past day's.
// Which days were solved, today and the streak come from Python (the state's `daily`).

import { api } from "./api.js";
import * as i18n from "./i18n.js";
import * as store from "./store.js";
import "./words/daily.js";

const $ = (id) => document.getElementById(id);

const iso = (year, month, day) =>
  `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

class Daily {
  constructor() {
    this.month = null; // [year, month 0-11] shown
  }

  mount(ctx) {
    this.ctx = ctx;
    const dialog = $("daily-dialog");
    $("daily").addEventListener("click", () => {
      const [year, month] = store.state().daily.today.split("-").map(Number);
      this.month = [year, month - 1];
      this.draw();
      dialog.showModal();
      $("daily-today").focus();
    });
    $("daily-prev").addEventListener("click", () => this.turn(-1));
    $("daily-next").addEventListener("click", () => this.turn(1));
    $("daily-today").addEventListener("click", () => this.play(""));
    $("daily-calendar").addEventListener("click", (event) => {
      const day = event.target.closest("button[data-date]");
      if (day && !day.disabled) this.play(day.dataset.date);
    });
    $("daily-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => ctx.focusBoard());
  }

  accepted() {
    if ($("daily-dialog").open) this.draw();
  }

  render(state) {
    // the Statistics dialog tells the streak too
    const { streak, solved } = state.daily;
    const text = `${i18n.t("btn.daily")}: ${i18n.plural("daily.streak", streak)} · ${i18n.plural("daily.solvedDays", solved.length)}`;
    if ($("stats-daily").textContent !== text) $("stats-daily").textContent = text;
  }

  turn(delta) {
    const [year, month] = this.month;
    const next = new Date(year, month + delta, 1);
    this.month = [next.getFullYear(), next.getMonth()];
    this.draw();
  }

  async play(date) {
    $("daily-dialog").close();
    const { answer, state } = await store.act(() => api.dailyPuzzle(date));
    if (!answer.ok || !state.busy) return; // as New puzzle: it may be made already
    const day = date || store.state().daily.today;
    this.ctx.say(() => i18n.t("daily.making", { date: this.dateWords(day) }));
  }

  dateWords(text) {
    const [year, month, day] = text.split("-").map(Number);
    const lang = i18n.language() === "zh" ? "zh-CN" : "en-GB";
    return new Date(year, month - 1, day).toLocaleDateString(lang, { day: "numeric", month: "long", year: "numeric" });
  }

  draw() {
    const { daily, settings } = store.state();
    const { today, streak, solved } = daily;
    const done = new Set(solved);
    $("daily-streak").textContent = i18n.plural("daily.streak", streak);
    const level = settings.difficulty;
    const levelWords = i18n.t(`level.${level === "any" || !level ? "medium" : level}`);
    $("daily-level").textContent = `${i18n.t("daily.level", { level: levelWords })} ${i18n.plural("daily.solvedDays", done.size)}`;
    const [year, month] = this.month;
    const lang = i18n.language() === "zh" ? "zh-CN" : "en-GB";
    $("daily-month-name").textContent = new Date(year, month, 1).toLocaleDateString(lang, { month: "long", year: "numeric" });
    const grid = $("daily-calendar");
    grid.textContent = "";
    for (let d = 0; d < 7; d++) { // the weekdays' initials, Monday first (the labels name each day in full)
      const head = document.createElement("span");
      head.className = "weekday";
      head.setAttribute("aria-hidden", "true");
      head.textContent = new Date(2024, 0, 1 + d).toLocaleDateString(lang, { weekday: "narrow" });
      grid.appendChild(head);
    }
    const first = (new Date(year, month, 1).getDay() + 6) % 7; // weeks start on Monday
    for (let i = 0; i < first; i++) grid.appendChild(document.createElement("span"));
    const days = new Date(year, month + 1, 0).getDate();
    for (let day = 1; day <= days; day++) {
      const date = iso(year, month, day);
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.date = date;
      button.textContent = String(day);
      const words = this.dateWords(date);
      button.setAttribute("aria-label", i18n.t(done.has(date) ? "daily.daySolved" : "daily.day", { date: words }));
      button.classList.toggle("solved", done.has(date));
      if (date === today) button.setAttribute("aria-current", "date");
      button.disabled = date > today;
      grid.appendChild(button);
    }
    $("daily-next").disabled = iso(year, month, days) >= today;
  }
}

export const daily = new Daily();
