/* The league standings board (public): one season, pages of rows turning every 12 s on a
   large screen (everything on one scrolling page on a phone), figures refreshed every 30 s
   from /api/leagues/{key}/standings. No inline scripts (CSP). */
(function () {
  "use strict";
  const ROWS = 15;
  const nf = new Intl.NumberFormat(window.pokertdMoney ? window.pokertdMoney.locale : "en-US", { maximumFractionDigits: 2 });
  window.pokertdStandings = function () {
    return {
      d: JSON.parse(document.getElementById("initial-standings").textContent || "{}"),
      page: 0, per: 0,
      start() {
        this.measure();
        window.addEventListener("resize", () => this.measure());
        setInterval(() => { this.page = (this.page + 1) % this.pages(); }, 12000);
        setInterval(() => this.refresh(), 30000);
      },
      measure() {
        // Paged on a wide screen (a TV, a tablet held flat); one long list on a phone.
        if (window.innerWidth < 760) { this.per = 0; this.page = 0; return; }
        this.per = ROWS;  // rows are sized in vh (league.css): ROWS always fit the screen
        if (this.page >= this.pages()) this.page = 0;
      },
      pages() { return this.per ? Math.max(1, Math.ceil(this.d.rows.length / this.per)) : 1; },
      shown() { return this.per ? this.d.rows.slice(this.page * this.per, (this.page + 1) * this.per) : this.d.rows; },
      async refresh() {
        const url = "/api/leagues/" + encodeURIComponent(this.d.league.key) + "/standings?season=" + encodeURIComponent(this.d.season.key);
        try {
          const r = await fetch(window.pokertd.url(url));
          if (r.ok) { this.d = await r.json(); if (this.page >= this.pages()) this.page = 0; }
        } catch (e) { /* keep the last figures */ }
      },
      pick(key) {
        location.search = "?season=" + encodeURIComponent(key);
      },
      fmt(n) { return n == null ? "–" : nf.format(n); },
      ordinal(n) {
        const s = ["th", "st", "nd", "rd"]; const v = n % 100;
        return n + (s[(v - 20) % 10] || s[v] || s[0]);
      },
      ruleText() {
        const q = this.d.qualification || {};
        const parts = [];
        if (q.top) parts.push("the top " + q.top);
        if (q.min_points != null) parts.push("everyone with " + this.fmt(q.min_points) + " points or more");
        return parts.length ? "Qualify: " + parts.join(" and ") + "." : "";
      },
      schemeText() {
        const s = this.d.scheme || {};
        let how = "Points: ";
        if (s.kind === "fixed") how += (s.table || []).map((x) => this.fmt(x)).join(", ") + " by place";
        else how += "formula " + (s.expression || s.formula || "");
        if (s.knockout_points) how += " · " + this.fmt(s.knockout_points) + " a knockout";
        if (s.attendance_points) how += " · " + this.fmt(s.attendance_points) + " for playing";
        if (this.d.best_n) how += " · best " + this.d.best_n + " results count";
        how += " · ties: " + (this.d.tie_break === "most_events" ? "most events, then best finishes" : "best finishes");
        return how;
      },
    };
  };
  window.pokertd.component("pokertdStandings", window.pokertdStandings);
})();
