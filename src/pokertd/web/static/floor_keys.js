/* pokertd floor console by keyboard alone (issue 27, point 5; WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7).
   Every control is already a button, a link or a field (Tab reaches it); this adds what a
   keyboard needs beyond that, without touching the console's own component (floor.js):
   - a seat sheet (bust, chips, button) and the chip-count sheet are dialogs: focus moves
     into them when they open, Tab stays inside, Escape closes them, and focus goes back
     to the seat that opened them (or the first player's seat of that table once it is empty);
   - Escape also closes the "cancel the event" question and a move being picked;
   - the tabs follow the ARIA tabs pattern: Left/Right (Home/End) move between them;
   - shortcuts, when no field has the focus: "/" the map search, "m" the moves prompt's
     confirm, "u" the Undo button (on the Log tab), "?" the list of keys on the page. */
(function () {
  "use strict";
  const FOCUSABLE =
    'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), ' +
    'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  const DIALOGS = ["#seat-sheet", "#chips-sheet"];

  function shown(el) {
    return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }
  function focusables(root) {
    return [...root.querySelectorAll(FOCUSABLE)].filter(shown);
  }
  function component() {
    const el = document.querySelector(".console[x-data]");
    return el && window.Alpine ? window.Alpine.$data(el) : null;
  }
  function openDialog() {
    return DIALOGS.map((s) => document.querySelector(s)).find(shown) || null;
  }
  function typing(el) {
    return !!el && (el.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName));
  }

  // ---- dialogs: focus in on open, back to the opener on close -----------------------------
  let opener = null, wasOpen = null;
  function watchDialogs() {
    const now = openDialog();
    if (now && now !== wasOpen) {
      opener = wasOpen ? opener : document.activeElement;
      const first = focusables(now)[0];
      if (first) first.focus();
    } else if (!now && wasOpen) {
      backToOpener();
    }
    wasOpen = now;
  }
  let rescue = null;  // the seat the focus went back to, until the map has redrawn it
  function backToOpener() {
    const o = opener;
    opener = null;
    if (o && o.isConnected && !o.disabled && shown(o)) { o.focus(); rescue = o; return; }
    nextSeat(o);
  }
  /** The seat is empty now (a bust): the focus goes to the first player's seat at that
   *  table, else to the map. The map may redraw after the sheet closed (the push comes
   *  later), disabling the seat that has the focus: then this runs again. */
  function nextSeat(o) {
    rescue = null;
    const box = o && o.closest ? o.closest(".table-box") : null;
    const next = (box && focusables(box).find((b) => b.classList.contains("seat"))) ||
      focusables(document.getElementById("table-map") || document.body)[0];
    if (next) next.focus();
  }
  function focusLost() {
    if (!rescue) return;
    const a = document.activeElement;
    if (rescue.disabled && (!a || a === document.body || a === rescue)) nextSeat(rescue);
  }

  function close(c) {
    if (document.querySelector("#seat-sheet") && shown(document.querySelector("#seat-sheet"))) c.sheet = null;
    else if (shown(document.querySelector("#chips-sheet"))) c.chipsFor = null;
    else if (c.cancelOpen) c.cancelOpen = false;
    else if (c.moving) c.moving = null;
    else return false;
    return true;
  }

  function onKey(e) {
    rescue = null;  // the person moved on
    const c = component();
    if (!c) return;
    const dialog = openDialog();
    if (e.key === "Escape") {
      if (close(c)) e.preventDefault();
      return;
    }
    if (e.key === "Tab" && dialog) {  // stay inside the open sheet
      const items = focusables(dialog);
      if (!items.length) return;
      const i = items.indexOf(document.activeElement);
      const to = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : (i === items.length - 1 || i < 0 ? 0 : i + 1);
      items[to].focus();
      e.preventDefault();
      return;
    }
    const tab = e.target && e.target.closest ? e.target.closest('[role="tab"]') : null;
    if (tab && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
      const tabs = [...document.querySelectorAll('.tabs [role="tab"]')];
      const i = tabs.indexOf(tab);
      const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: tabs.length - 1 }[e.key];
      const next = tabs[(to + tabs.length) % tabs.length];
      next.focus();
      next.click();
      e.preventDefault();
      return;
    }
    if (dialog || typing(e.target) || e.ctrlKey || e.altKey || e.metaKey) return;
    if (e.key === "/") {
      const search = document.getElementById("map-search");
      if (c.tab !== "tables") c.show("tables");
      setTimeout(() => search && search.focus(), 0);
      e.preventDefault();
    } else if (e.key === "m") {
      const b = document.getElementById("confirm-due");
      if (shown(b)) { b.focus(); e.preventDefault(); }
    } else if (e.key === "u") {
      if (c.tab !== "log") c.show("log");
      setTimeout(() => { const u = document.getElementById("undo"); if (u) u.focus(); }, 0);
      e.preventDefault();
    } else if (e.key === "?") {
      const help = document.getElementById("keys-help");
      if (help) { help.open = !help.open; help.querySelector("summary").focus(); }
      e.preventDefault();
    }
  }

  document.addEventListener("keydown", onKey);
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => { watchDialogs(); focusLost(); }).observe(document.body, {
      attributes: true, attributeFilter: ["style", "disabled"], subtree: true,
    });
  });
})();
