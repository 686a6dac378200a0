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
      /* a qualifier's starting stack: a chip count (static/money.js) */
      chips(n) { return window.pokertdMoney.chips(n); },
      t(msgid, params) { return window.pokertd.t(msgid, params); },
      tn(singular, plural, n, params) { return window.pokertd.tn(singular, plural, n, params); },
      /** 1st, 2nd… in English; each English form is a msgid ("1.º" in Spanish, "1." in German). */
      ordinal(n) {
        const forms = [this.t("%(n)sth", { n }), this.t("%(n)sst", { n }), this.t("%(n)snd", { n }), this.t("%(n)srd", { n })];
        const v = n % 100;
        return forms[(v - 20) % 10] || forms[v] || forms[0];
      },
      /** An imported night's date ("2026-03-04") as the venue writes dates (money.js). */
      day(iso) {
        if (!iso) return "";
        const m = window.pokertdMoney;
        return m ? m.date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso + "T12:00:00" : iso) : iso;
      },
      pageOf() { return this.t("page %(page)s of %(pages)s", { page: this.page + 1, pages: this.pages() }); },
      voidText(r) { return this.tn("%(n)s void", "%(n)s void", r.void); },
      stackText() { return this.t("Championship stack: %(formula)s", { formula: (this.d.qualification || {}).stack_formula || "" }); },
      eventsTitle() { return this.tn("%(n)s event", "%(n)s events", this.d.events.length); },
      eventText(e) {
        if (e.cancelled) return this.t("cancelled · no points");
        if (e.imported) return this.tn("%(date)s · imported · %(n)s result", "%(date)s · imported · %(n)s results", e.entrants, { date: this.day(e.date) });
        if (e.finished) return this.tn("%(n)s entry", "%(n)s entries", e.entrants);
        return this.tn("%(n)s entry · playing", "%(n)s entries · playing", e.entrants);
      },
      ruleText() {
        const q = this.d.qualification || {};
        const points = q.min_points != null ? this.fmt(q.min_points) : null;
        if (q.top && points != null) return this.t("Qualify: the top %(top)s and everyone with %(points)s points or more.", { top: q.top, points });
        if (q.top) return this.t("Qualify: the top %(top)s.", { top: q.top });
        if (points != null) return this.t("Qualify: everyone with %(points)s points or more.", { points });
        return "";
      },
      schemeText() {
        const s = this.d.scheme || {};
        const parts = [s.kind === "fixed"
          ? this.t("Points: %(table)s by place", { table: (s.table || []).map((x) => this.fmt(x)).join(", ") })
          : this.t("Points: formula %(formula)s", { formula: s.expression || s.formula || "" })];
        if (s.knockout_points) parts.push(this.t("%(points)s a knockout", { points: this.fmt(s.knockout_points) }));
        if (s.attendance_points) parts.push(this.t("%(points)s for playing", { points: this.fmt(s.attendance_points) }));
        if (this.d.best_n) parts.push(this.tn("best %(n)s result counts", "best %(n)s results count", this.d.best_n));
        parts.push(this.d.tie_break === "most_events" ? this.t("ties: most events, then best finishes") : this.t("ties: best finishes"));
        return parts.join(" · ");
      },
    };
  };
  window.pokertd.component("pokertdStandings", window.pokertdStandings);
})();
