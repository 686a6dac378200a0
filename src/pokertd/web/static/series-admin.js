/* The series pages (staff): the index's "New series", and a series' admin page (events and
   flights, Day 2's preview and "Create Day 2", the cash report). Everything goes through
   /api/series (the server checks the role and the CSRF token); no inline scripts (CSP). */
(function () {
  "use strict";
  const t = (msgid, params) => window.pokertd.t(msgid, params);
  const tn = (singular, plural, n, params) => window.pokertd.tn(singular, plural, n, params);
  /* A series row's states (pokertd.web.series.STATES: the same English words as msgids). */
  const STATES = ["registering", "running", "finished", "cancelled", "carried to Day 2", "Day 2 formed"];

  async function get(path) {
    const r = await fetch(window.pokertd.url(path), { credentials: "same-origin" });
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.message) || t("The server did not answer; try again."));
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
      /* Day 2's chip counts, as the page writes chips (static/money.js) */
      fmt(n) { return window.pokertdMoney.chips(n); },
      t(msgid, params) { return t(msgid, params); },
      stateText(state) {
        const day = /^Day (\d+) (bagged|in play)$/.exec(state || "");
        if (day) return day[2] === "bagged" ? t("Day %(day)s bagged", { day: day[1] }) : t("Day %(day)s in play", { day: day[1] });
        return STATES.includes(state) ? t(state) : state;
      },
      flightOf(f) { return t("a flight of %(event)s", { event: f.name }); },
      flightedTitle(f) { return f.reentry ? t("%(event)s (re-entry: best stack carries)", { event: f.name }) : f.name; },
      day2Href(f) { return window.pokertd.url("/t/" + f.day2 + "/floor#clock"); },
      day2Link(f) { return t("open its console (%(tournament)s)", { tournament: f.day2 }); },
      surrenderedText(pv) {
        return tn("%(n)s smaller stack of a player who entered twice stays behind.",
          "%(n)s smaller stacks of players who entered twice stay behind.", pv.surrendered);
      },
      money(c) { return c == null ? "–" : window.pokertdMoney.format(c, null, null, null, true); },
      /** A Day 2 preview's flights in one line: "1A: 40 entries, $3,600.00 · 1B: ...". */
      flightsLine(pv) {
        return pv.flights.map((x) => tn("%(flight)s: %(n)s entry, %(amount)s", "%(flight)s: %(n)s entries, %(amount)s", x.entries,
          { flight: x.label, amount: this.money(x.prize_cents) })).join(" · ");
      },
      /** The flighted event a flight or Day 2 row belongs to (an event of its own: nothing). */
      flightOfEvent(e) { return e.role === "event" ? "" : this.eventName(e.event); },
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
          return t("%(event)s is played in flights: add its flights below.", { event: body.name });
        });
      },
      async addEvent() {
        const body = { tournament: this.ev.tournament, flight_of: this.ev.flight_of, label: this.ev.flight_of ? this.ev.label.trim() : "" };
        await this.send("/api/series/" + this.series + "/events", body, (out) => {
          this.data = out;  // the route answers with the series as it is now
          this.ev = { tournament: "", flight_of: this.ev.flight_of, label: "" };
          return t("Added to the series.");
        });
      },
      async remove(e) {
        await this.send("/api/series/" + this.series + "/events", { tournament: e.tournament, remove: true },
          () => t("%(event)s is no longer in the series.", { event: e.name }));
      },
      async createDay2(f) {
        await this.send("/api/series/" + this.series + "/day2", { event: f.event },
          (out) => tn("%(event)s is formed: %(n)s player, %(chips)s chips, prize pool %(amount)s. Start it from its console.",
            "%(event)s is formed: %(n)s players, %(chips)s chips, prize pool %(amount)s. Start it from its console.", out.players,
            { event: out.name, chips: this.fmt(out.chips), amount: this.money(out.carried_pool_cents) }));
      },
    };
  };
  window.pokertd.component("pokertdSeriesIndex", window.pokertdSeriesIndex);
  window.pokertd.component("pokertdSeriesAdmin", window.pokertdSeriesAdmin);
})();
