/* Leagues in the browser (issue 14): the index with the director's "New league" form (a
   live check of the points formula with example points) and one league's admin page
   (seasons, events, qualifiers with stacks, "Create championship", an event taken out of
   a season after a confirmation and put back, past nights imported from another tool's CSV
   with a preview and an undo). Writes go through
   window.pokertd.post (CSRF header); refusals are shown as the server's sentence.
   No inline scripts (CSP). */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat(window.pokertdMoney ? window.pokertdMoney.locale : "en-US", { maximumFractionDigits: 2 });
  const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 32);
  const num = (v) => (v === "" || v === null || v === undefined ? null : Number(v));

  function seasonForm() {
    return { name: "", key: "", best_n: "", tie_break: "best_finishes", top: "8", min_points: "",
      stack_formula: "5000 + 100 * points", round_to: 100, minimum: 1000, keyTouched: false };
  }

  function seasonBody(s) {
    return { key: s.key.trim(), name: s.name.trim(), best_n: num(s.best_n), tie_break: s.tie_break,
      top: num(s.top), min_points: num(s.min_points), stack_formula: s.stack_formula.trim(),
      round_to: Number(s.round_to) || 100, minimum: Number(s.minimum) || 1 };
  }

  const shared = {
    flash: "", flashError: false, busy: false,
    fmt(n) { return n == null ? "–" : nf.format(n); },
    enc(text) { return encodeURIComponent(text); },
    /** How many of a season's events count as events (its championship apart). */
    eventCount(s) { return s.events.filter((e) => !e.championship).length; },
    ordinal(n) { const s = ["th", "st", "nd", "rd"]; const v = n % 100; return n + (s[(v - 20) % 10] || s[v] || s[0]); },
    say(text, bad) { this.flash = text; this.flashError = !!bad; },
    autoSeasonKey() { this.s.key = slug(this.s.name); },
    async send(url, body, done) {
      this.busy = true;
      try { const out = await window.pokertd.post(url, body); await done(out); }
      catch (e) { this.say(e.message, true); }
      finally { this.busy = false; }
    },
  };

  window.pokertdLeagues = function () {
    return Object.assign({}, shared, {
      d: JSON.parse(document.getElementById("leagues-data").textContent || "{}"),
      f: { name: "", key: "", formula: "", table: "10, 7, 5, 3, 2, 1", knockout: 0, attendance: 0, paid: "" },
      s: seasonForm(), how: "sqrt", ex: { entrants: 20, buyin: 50 },
      chk: { ok: true, message: "", examples: [], stacks: [] },
      start() { if (this.d.director) this.check(); },
      autoKey() { this.f.key = slug(this.f.name); },
      points() {
        const f = this.f; const own = this.how === "own";
        return { kind: this.how === "fixed" ? "fixed" : "formula",
          table: this.how === "fixed" ? f.table.split(",").filter((x) => x.trim()).map(Number) : [],
          formula: own ? f.formula.trim() : this.how === "fixed" ? "sqrt" : this.how,
          paid_places: num(f.paid), knockout_points: Number(f.knockout) || 0, attendance_points: Number(f.attendance) || 0 };
      },
      async check() {
        const p = this.points();
        const q = new URLSearchParams({ kind: p.kind, table: this.f.table, formula: p.formula || (this.how === "own" ? " " : "sqrt"),
          knockout: p.knockout_points, attendance: p.attendance_points, entrants: this.ex.entrants || 20,
          buyin: this.ex.buyin || 0, stack_formula: this.s.stack_formula });
        if (p.paid_places) q.set("paid_places", p.paid_places);
        if (this.how === "own" && !this.f.formula.trim()) { this.chk = { ok: false, message: "Write the league's formula, e.g. entrants - place + 1.", examples: [], stacks: [] }; return; }
        try {
          const r = await fetch(window.pokertd.url("/api/leagues/check?" + q.toString()), { credentials: "same-origin" });
          const data = await r.json();
          this.chk = r.ok ? data : { ok: false, message: data.message || "That cannot be checked.", examples: [], stacks: [] };
        } catch (e) { /* keep the last answer */ }
      },
      create() {
        const body = { key: this.f.key.trim(), name: this.f.name.trim(), points: this.points(), season: seasonBody(this.s) };
        return this.send("/api/leagues", body, (out) => { location.href = window.pokertd.url("/leagues/" + encodeURIComponent(out.key) + "/admin"); });
      },
    });
  };

  window.pokertdLeagueAdmin = function () {
    return Object.assign({}, shared, {
      d: JSON.parse(document.getElementById("league-admin-data").textContent || "{}"),
      s: seasonForm(), pick: {}, champName: {}, removing: {}, hist: {},
      start() { for (const s of this.d.seasons) this.champName[s.key] = s.name + " Championship"; },
      base() { return "/api/leagues/" + encodeURIComponent(this.d.league.key); },
      async reload() {
        const r = await fetch(window.pokertd.url(this.base() + "/admin"), { credentials: "same-origin" });
        if (r.ok) { this.d = await r.json(); for (const s of this.d.seasons) if (!this.champName[s.key]) this.champName[s.key] = s.name + " Championship"; }
      },
      schemeText() {
        const s = this.d.scheme || {};
        let t = "Points: " + (s.kind === "fixed" ? (s.table || []).map((x) => this.fmt(x)).join(", ") + " by place" : "formula " + s.expression);
        if (s.paid_places) t += " · places 1 to " + s.paid_places;
        if (s.knockout_points) t += " · " + this.fmt(s.knockout_points) + " a knockout";
        if (s.attendance_points) t += " · " + this.fmt(s.attendance_points) + " for playing";
        return t;
      },
      seasonText(s) {
        const parts = [s.best_n ? "best " + s.best_n + " results count" : "every result counts",
          "ties: " + (s.tie_break === "most_events" ? "most events" : "best finishes")];
        const q = [];
        if (s.top) q.push("top " + s.top);
        if (s.min_points != null) q.push(this.fmt(s.min_points) + "+ points");
        parts.push("qualify: " + (q.join(" and ") || "nobody"));
        parts.push("stack " + s.stack_formula);
        return parts.join(" · ");
      },
      addEvent(s) {
        const tid = this.pick[s.key];
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events", { tournament: tid },
          async (out) => { this.pick[s.key] = ""; this.say(out.name + " counts toward " + s.name + "."); await this.reload(); });
      },
      askRemove(s, e) { this.removing[s.key] = e; },
      removeEvent(s) {
        const e = this.removing[s.key];
        if (!e) return null;
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events/remove", { tournament: e.tournament },
          async (out) => { this.removing[s.key] = null; this.say(out.name + " no longer counts toward " + s.name + ". Put it back below if that was a mistake."); await this.reload(); });
      },
      restoreEvent(s, r) {
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events/restore", { tournament: r.tournament },
          async (out) => { this.say(out.name + " counts toward " + s.name + " again."); await this.reload(); });
      },
      async postFile(path, data, name) {
        const q = new URLSearchParams({ source: name || "history.csv" });
        let r;
        try {
          r = await fetch(window.pokertd.url(path + "?" + q.toString()), {
            method: "POST", body: data, credentials: "same-origin",
            headers: { "Content-Type": "text/csv", "X-CSRF-Token": window.pokertd.csrf() },
          });
        } catch (e) { throw new Error("No answer from the server: check the connection and try again."); }
        let out = null;
        try { out = await r.json(); } catch (e) { out = null; }
        if (!r.ok) throw new Error((out && out.message) || "The server could not read the file (" + r.status + "): try again.");
        return out;
      },
      /** The preview's rows that do not import (the first 20), by line. */
      histRows(s) {
        const h = this.hist[s.key];
        return h && h.preview ? h.preview.rows.filter((x) => x.status !== "matched").slice(0, 20) : [];
      },
      histLine(r) {
        const like = r.player_name && r.status === "duplicate" ? " ~ " + r.player_name : "";
        return "Line " + r.line + ": " + (r.name || r.card || "(no name)") + like + " — " + r.reason;
      },
      histPath(s) { return this.base() + "/seasons/" + encodeURIComponent(s.key) + "/history-imports"; },
      async pickHistory(s, ev) {
        const f = ev.target.files && ev.target.files[0];
        if (!f) return;
        if (f.size > 5 * 1024 * 1024) { this.say(f.name + " is over 5 MB: split it in parts.", true); ev.target.value = ""; return; }
        this.busy = true; this.flash = "";
        try {
          const data = await f.arrayBuffer();
          const preview = await this.postFile(this.histPath(s) + "/preview", data, f.name);
          this.hist[s.key] = { data: data, name: f.name, preview: preview };
        } catch (e) { this.hist[s.key] = null; this.say(e.message, true); }
        finally { this.busy = false; }
      },
      async importHistory(s) {
        const h = this.hist[s.key];
        if (!h) return;
        this.busy = true;
        try {
          const out = await this.postFile(this.histPath(s), h.data, h.name);
          this.hist[s.key] = null;
          this.say("Imported " + out.import.rows + " results of " + out.events + " past nights into " + s.name + " (points as given, marked imported).");
          await this.reload();
        } catch (e) { this.say(e.message, true); }
        finally { this.busy = false; }
      },
      undoHistory(h) {
        return this.send("/api/history-imports/" + encodeURIComponent(h.id) + "/undo", {},
          async () => { this.say("Import of " + h.source + " undone: its " + h.rows + " results left the standings."); await this.reload(); });
      },
      addSeason() {
        return this.send(this.base() + "/seasons", seasonBody(this.s),
          async (out) => { this.s = seasonForm(); this.say("Season " + out.name + " added."); await this.reload(); });
      },
      championship(s) {
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/championship", { name: (this.champName[s.key] || "").trim() },
          async (out) => { this.say("Championship created with " + out.qualifiers.length + " players."); await this.reload(); });
      },
    });
  };
  window.pokertd.component("pokertdLeagues", window.pokertdLeagues);
  window.pokertd.component("pokertdLeagueAdmin", window.pokertdLeagueAdmin);
})();
