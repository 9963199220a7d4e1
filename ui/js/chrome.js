// The window around the board: the tabs (Play, Learn, Watch: one mode's tools at a time), the header
// bar's Menu and the About dialog. The chosen tab is a setting, saved by Python like the others.

import * as i18n from "./i18n.js";
import * as store from "./store.js";
import { wireDialog } from "./widgets.js";

const $ = (id) => document.getElementById(id);

const TABS = ["play", "learn", "watch"];

export class Chrome {
  /** ctx: {changeSetting(name, value), focusBoard()}. */
  constructor(ctx) {
    this.ctx = ctx;
    this.wireTabs();
    this.wireMenu();
    this.wireAbout();
  }

  /** The tab shown: the one asked for (its state may be on its way), else the state's. */
  tab() {
    const s = store.state();
    return (s && TABS.includes(s.settings.tab) && s.settings.tab) || "play";
  }

  /** Show a tab and save the choice (no call when it is already the one shown). */
  choose(tab) {
    if (!store.state() || this.tab() === tab) return;
    this.ctx.changeSetting("tab", tab);
  }

  /** Draw the tabs from the state (called by main's render). */
  render() {
    const shown = this.tab();
    for (const name of TABS) {
      const tab = $(`tab-${name}`);
      const selected = name === shown;
      tab.setAttribute("aria-selected", selected ? "true" : "false");
      tab.tabIndex = selected ? 0 : -1;
      $(`panel-${name}`).hidden = !selected;
    }
    document.querySelector(".panel").dataset.tab = shown;
    $("explanation").hidden = shown === "play"; // the hint's words belong to Learn (and a run's to Watch)
    const s = store.state();
    $("about-version").textContent = s.app_version || "";
  }

  wireTabs() {
    const tabs = TABS.map((name) => $(`tab-${name}`));
    for (const tab of tabs) tab.addEventListener("click", () => this.choose(tab.dataset.tab));
    // arrow keys move between the tabs (the tablist is one stop for Tab), Home/End to the ends
    document.querySelector("[role=tablist]").addEventListener("keydown", (event) => {
      const at = tabs.indexOf(document.activeElement);
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 };
      if (at < 0 || !(event.key in moves)) return;
      event.preventDefault();
      const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
      next.focus();
      this.choose(next.dataset.tab);
    });
    // starting a run shows Watch; asking for a hint shows Learn
    for (const id of ["solve", "step"]) $(id).addEventListener("click", () => this.choose("watch"));
    $("hint").addEventListener("click", () => this.choose("learn"));
  }

  wireMenu() {
    const button = $("menu-button");
    const menu = $("menu");
    const items = () => [...menu.querySelectorAll("button, select, input")];
    // opened by a key (a click of detail 0), the menu's first item takes the focus
    button.addEventListener("click", (event) => this.openMenu(menu.hidden, event.detail === 0));
    menu.addEventListener("click", (event) => {
      if (event.target.closest("button")) this.openMenu(false, false);
    });
    menu.addEventListener("keydown", (event) => {
      const list = items();
      const at = list.indexOf(document.activeElement);
      if (event.key === "Escape") {
        event.preventDefault();
        this.openMenu(false);
        button.focus();
      } else if (["ArrowDown", "ArrowUp"].includes(event.key) && event.target.tagName !== "SELECT") {
        event.preventDefault();
        list[(at + (event.key === "ArrowDown" ? 1 : list.length - 1)) % list.length].focus();
      }
    });
    // a press anywhere else closes the menu
    document.addEventListener("pointerdown", (event) => {
      if (!menu.hidden && !event.target.closest(".menu-anchor")) this.openMenu(false, false);
    }, true);
  }

  /** Open or close the Menu; opening focuses its first item, closing (by a key) goes back to the board. */
  openMenu(open, focus = true) {
    const menu = $("menu");
    menu.hidden = !open;
    $("menu-button").setAttribute("aria-expanded", open ? "true" : "false");
    if (open && focus) menu.querySelector("button").focus();
  }

  wireAbout() {
    wireDialog("about", "about-dialog", "about-close", () => this.ctx.focusBoard());
  }
}
