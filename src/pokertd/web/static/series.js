/* A series' lobby board (public): the /lobby board (tv.js) over the series' own events,
   refreshed from /api/series/{id}/lobby. No inline scripts (CSP). */
(function () {
  "use strict";
  const STATES = ["registering", "running", "finished", "cancelled", "carried to Day 2", "Day 2 formed"];
  window.pokertdSeriesLobby = function () {
    const cfg = JSON.parse(document.getElementById("series-config").textContent || "{}");
    const board = window.pokertdLobby();
    board.title = cfg.name || "";
    /* A series row's state in the page's language (pokertd.web.series.STATES: the same
       English words as msgids). */
    board.stateText = function (state) {
      const day = /^Day (\d+) (bagged|in play)$/.exec(state || "");
      if (day) return day[2] === "bagged" ? this.t("Day %(day)s bagged", { day: day[1] }) : this.t("Day %(day)s in play", { day: day[1] });
      return STATES.includes(state) ? this.t(state) : state;
    };
    /* The card's big line: cancelled, finished, a Day's state, else the clock. */
    board.seriesTime = function (b) {
      if (b.state === "cancelled") return this.t("Cancelled");
      if (b.status && b.status.finished) return this.t("Finished");
      if (b.state && b.state.indexOf("Day") >= 0) {
        const text = this.stateText(b.state);
        return text.charAt(0).toUpperCase() + text.slice(1);
      }
      return this.timeText(b);
    };
    board.refresh = async function () {
      try {
        const r = await fetch(window.pokertd.url("/api/series/" + encodeURIComponent(cfg.series) + "/lobby"));
        if (r.ok) {
          const data = await r.json();
          this.title = data.series.name;
          this.load(data.boards);
        }
      } catch (e) { /* keep the last figures */ }
    };
    return board;
  };
  window.pokertd.component("pokertdSeriesLobby", window.pokertdSeriesLobby);
})();
