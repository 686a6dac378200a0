/* The floor console's multi-day and satellite cards (issue 14), nested in pokertd.floor:
   - Clock tab, "End of day": every player still in with his count (the last recorded,
     editable) and a bag number (numbered 1, 2, ... in seat order, or typed), then end_day;
     the roll-up with its difference and the printable bag list; "Start day N" (redraw).
   - Money tab, satellites: the seats and cash by place, and "Pay seat" per winner.
   Both read their own staff routes (/api/tournaments/{tid}/day, …/satellite); the floor's
   `run`, `say`, `players()` and `tid` come from the console's scope. No inline scripts (CSP). */
(function () {
  "use strict";
  const t = (msgid, params) => window.pokertd.t(msgid, params);
  const OUT = ["busted", "out", "eliminated", "forfeited", "disqualified", "alternate", "registered"];

  async function getJson(path) {
    const r = await fetch(window.pokertd.url(path), { credentials: "same-origin" });
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.message) || t("The server did not answer; try again."));
    return data;
  }

  window.pokertdDayCard = function () {
    return {
      dd: null, dcounts: {}, dbags: {}, dauto: true, dnote: "", dopen: false,
      async loadDay() {
        try { this.dd = await getJson("/api/tournaments/" + this.tid + "/day"); } catch (e) { this.dd = null; }
      },
      /** x-effect: read again after every change shown on the Clock tab. */
      dayEffect() { void this.v.seq; if (this.tab === "clock") this.loadDay(); },
      stillIn() {
        return this.players().filter((p) => !OUT.includes(p.status) && p.entry_id)
          .slice().sort((a, b) => ((a.table ?? 999) - (b.table ?? 999)) || ((a.seat ?? 99) - (b.seat ?? 99)));
      },
      openEnd() {
        this.dcounts = {}; this.dbags = {};
        for (const p of this.stillIn()) this.dcounts[p.entry_id] = p.stack != null ? String(p.stack) : "";
        this.dnote = ""; this.dopen = true;
      },
      countedTotal() {
        return this.stillIn().reduce((sum, p) => sum + (window.pokertdMoney.parseChips(this.dcounts[p.entry_id]) || 0), 0);
      },
      async endDay() {
        const counts = [], bags = [];
        for (const p of this.stillIn()) {
          const raw = String(this.dcounts[p.entry_id] ?? "").trim();
          const n = window.pokertdMoney.parseChips(raw);
          if (raw === "" || !(n > 0)) { this.say(t("%(name)s: give the chip count for the bag (a number above 0).", { name: p.name }), true); return; }
          counts.push([p.name, n]);
          const bag = String(this.dbags[p.entry_id] ?? "").trim();
          if (!this.dauto && bag) bags.push([p.name, bag]);
        }
        const body = { day: this.dd.day, counts, bags };
        if (this.dnote.trim()) body.note = this.dnote.trim();
        if (await this.run("end_day", body)) { this.dopen = false; await this.loadDay(); }
      },
      async startNext() {
        if (await this.run("start_day", { day: this.dd.day + 1 })) await this.loadDay();
      },
      diffText(r) {
        if (!r) return "";
        const d = r.difference;
        if (d === 0) return t("balanced");
        return d > 0 ? t("+%(chips)s more than in play", { chips: this.fmt(d) }) : t("−%(chips)s fewer than in play", { chips: this.fmt(-d) });
      },
    };
  };

  window.pokertdSatellite = function () {
    return {
      sat: null, satBusy: false,
      async loadSat() {
        try { this.sat = await getJson("/api/tournaments/" + this.tid + "/satellite"); } catch (e) { this.sat = null; }
      },
      /** x-effect: read again after every change shown on the Money tab. */
      satEffect() { void this.v.seq; if (this.tab === "money") this.loadSat(); },
      /** The winners the server says may be paid now (place order), then those paid. */
      winners() { return (this.sat && this.sat.winners) || []; },
      /** A winner's place; players still in when the seats are reached share the places
       *  ("1st–3rd" for three seats won by the last three), none of them finished 3rd. */
      placeText(w) {
        const same = this.winners().filter((x) => x.place === w.place).length;
        return same > 1 ? this.ordinal(w.place - same + 1) + "–" + this.ordinal(w.place) : this.ordinal(w.place);
      },
      async paySeat(w) {
        if (this.satBusy || !w.name) return;
        this.satBusy = true;
        try {
          const out = await window.pokertd.post("/api/tournaments/" + this.tid + "/pay-seat", { player: w.name });
          const target = this.sat.target_name || out.target_event;
          this.say(out.seat
            ? (out.cash_cents
              ? t("%(name)s has a seat in %(event)s and %(amount)s cash.", { name: out.name, event: target, amount: this.money(out.cash_cents) })
              : t("%(name)s has a seat in %(event)s.", { name: out.name, event: target }))
            : t("%(name)s is paid %(amount)s cash.", { name: out.name, amount: this.money(out.cash_cents) }), false);
          await this.loadSat();
        } catch (e) { this.say(e.message, true); }
        finally { this.satBusy = false; }
      },
    };
  };
  window.pokertd.component("pokertdDayCard", window.pokertdDayCard);
  window.pokertd.component("pokertdSatellite", window.pokertdSatellite);
})();
