/* A series' lobby board (public): the /lobby board (tv.js) over the series' own events,
   refreshed from /api/series/{id}/lobby. No inline scripts (CSP). */
(function () {
  "use strict";
  window.pokertdSeriesLobby = function () {
    const cfg = JSON.parse(document.getElementById("series-config").textContent || "{}");
    const board = window.pokertdLobby();
    board.title = document.title.replace(/ — lobby$/, "");
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
