/* The series pages (staff): the index's "New series", and a series' admin page (events and
   flights, Day 2's preview and "Create Day 2", the cash report). Everything goes through
   /api/series (the server checks the role and the CSRF token); no inline scripts (CSP). */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat(window.pokertdMoney ? window.pokertdMoney.locale : "en-US");

  async function get(path) {
    const r = await fetch(window.pokertd.url(path), { credentials: "same-origin" });
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.message) || "The server did not answer; try again.");
    return data;
  }

  window.pokertdSeriesIndex = function () {
    return {
      name: "", id: "", flash: "", flashError: false,
      async create() {
        try {
          const out = await window.pokertd.post("/api/series", { id: this.id.trim(), name: this.name.trim() });
          location.href = window.pokertd.url("/series/" + encodeURIComponent(out.id) + "/admin");
        } catch (e) { this.flash = e.message; this.flashError = true; }
      },
    };
  };

  window.pokertdSeriesAdmin = function () {
    const cfg = JSON.parse(document.getElementById("series-admin").textContent || "{}");
    return {
      series: cfg.series, data: cfg.data, tournaments: cfg.tournaments || [], director: !!cfg.director,
      cash: null, preview: {}, flash: "", flashError: false, busy: false,
      fl: { name: "", event: "", reentry: false },
      ev: { tournament: "", flight_of: "", label: "" },
      start() { this.refresh(); },
      say(text, bad) { this.flash = text; this.flashError = !!bad; },
      fmt(n) { return n == null ? "–" : nf.format(n); },
      money(c) { return c == null ? "–" : window.pokertdMoney.format(c, null, null, null, true); },
      /** A Day 2 preview's flights in one line: "1A: 40 entries, $3,600.00 · 1B: ...". */
      flightsLine(pv) {
        return pv.flights.map((x) => x.label + ": " + x.entries + " entries, " + this.money(x.prize_cents)).join(" · ");
      },
      eventName(key) { const f = this.data.flighted.find((x) => x.event === key); return f ? f.name : key; },
      freeTournaments() {
        const used = new Set(this.data.events.map((e) => e.tournament));
        return this.tournaments.filter((t) => !used.has(t.id));
      },
      async refresh() {
        try {
          this.data = await get("/api/series/" + this.series + "/events");
          this.cash = await get("/api/series/" + this.series + "/cash");
          const out = {};
          for (const f of this.data.flighted) {
            if (!f.day2) out[f.event] = await get("/api/series/" + this.series + "/day2?event=" + encodeURIComponent(f.event));
          }
          this.preview = out;
        } catch (e) { this.say(e.message, true); }
      },
      async send(url, body, done) {
        if (this.busy) return null;
        this.busy = true;
        let out = null;
        try {
          out = await window.pokertd.post(url, body);
          if (done) this.say(done(out), false);
        } catch (e) { this.say(e.message, true); }
        finally { this.busy = false; }
        if (out) await this.refresh();
        return out;
      },
      async addFlighted() {
        const body = { event: this.fl.event.trim(), name: this.fl.name.trim(), reentry: this.fl.reentry };
        await this.send("/api/series/" + this.series + "/flighted", body, () => {
          this.fl = { name: "", event: "", reentry: false };
          return body.name + " is played in flights: add its flights below.";
        });
      },
      async addEvent() {
        const body = { tournament: this.ev.tournament, flight_of: this.ev.flight_of, label: this.ev.flight_of ? this.ev.label.trim() : "" };
        await this.send("/api/series/" + this.series + "/events", body, (out) => {
          this.data = out;  // the route answers with the series as it is now
          this.ev = { tournament: "", flight_of: this.ev.flight_of, label: "" };
          return "Added to the series.";
        });
      },
      async remove(e) {
        await this.send("/api/series/" + this.series + "/events", { tournament: e.tournament, remove: true },
          () => e.name + " is no longer in the series.");
      },
      async createDay2(f) {
        await this.send("/api/series/" + this.series + "/day2", { event: f.event },
          (out) => out.name + " is formed: " + out.players + " players, " + this.fmt(out.chips) + " chips, prize pool " + this.money(out.carried_pool_cents) + ". Start it from its console.");
      },
    };
  };
  window.pokertd.component("pokertdSeriesIndex", window.pokertdSeriesIndex);
  window.pokertd.component("pokertdSeriesAdmin", window.pokertdSeriesAdmin);
})();
