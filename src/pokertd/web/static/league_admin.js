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
    /* a qualifier's starting stack: a chip count (static/money.js) */
    chips(n) { return window.pokertdMoney.chips(n); },
    enc(text) { return encodeURIComponent(text); },
    /** How many of a season's events count as events (its championship apart). */
    eventCount(s) { return s.events.filter((e) => !e.championship).length; },
    t(msgid, params) { return window.pokertd.t(msgid, params); },
    tn(singular, plural, n, params) { return window.pokertd.tn(singular, plural, n, params); },
    /** 1st, 2nd… in English; each English form is a msgid ("1.º" in Spanish, "1." in German). */
    ordinal(n) {
      const forms = [this.t("%(n)sth", { n }), this.t("%(n)sst", { n }), this.t("%(n)snd", { n }), this.t("%(n)srd", { n })];
      const v = n % 100;
      return forms[(v - 20) % 10] || forms[v] || forms[0];
    },
    ptsText(points) { return this.t("%(points)s pts", { points: this.fmt(points) }); },
    stackExample(x) { return this.t("%(points)s pts → %(stack)s", { points: this.fmt(x.points), stack: this.chips(x.stack) }); },
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
      checks: 0,
      start() { if (this.d.director) this.check(); },
      seasonsText(l) { return this.tn("%(n)s season", "%(n)s seasons", l.seasons.length); },
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
        if (this.how === "own" && !this.f.formula.trim()) { this.chk = { ok: false, message: this.t("Write the league's formula, e.g. %(example)s.", { example: "entrants - place + 1" }), examples: [], stacks: [] }; return; }
        // only the answer to the latest check is shown: an earlier one answered late (the
        // formula typed on, the example entrants changed) must not overwrite it
        const asked = ++this.checks;
        try {
          const r = await fetch(window.pokertd.url("/api/leagues/check?" + q.toString()), { credentials: "same-origin" });
          const data = await r.json();
          if (asked !== this.checks) return;
          this.chk = r.ok ? data : { ok: false, message: data.message || this.t("That cannot be checked."), examples: [], stacks: [] };
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
      start() { for (const s of this.d.seasons) this.champName[s.key] = this.champDefault(s); },
      champDefault(s) { return this.t("%(season)s Championship", { season: s.name }); },
      base() { return "/api/leagues/" + encodeURIComponent(this.d.league.key); },
      async reload() {
        const r = await fetch(window.pokertd.url(this.base() + "/admin"), { credentials: "same-origin" });
        if (r.ok) { this.d = await r.json(); for (const s of this.d.seasons) if (!this.champName[s.key]) this.champName[s.key] = this.champDefault(s); }
      },
      schemeText() {
        const s = this.d.scheme || {};
        const parts = [s.kind === "fixed"
          ? this.t("Points: %(table)s by place", { table: (s.table || []).map((x) => this.fmt(x)).join(", ") })
          : this.t("Points: formula %(formula)s", { formula: s.expression || "" })];
        if (s.paid_places) parts.push(this.t("places 1 to %(last)s", { last: s.paid_places }));
        if (s.knockout_points) parts.push(this.t("%(points)s a knockout", { points: this.fmt(s.knockout_points) }));
        if (s.attendance_points) parts.push(this.t("%(points)s for playing", { points: this.fmt(s.attendance_points) }));
        return parts.join(" · ");
      },
      seasonText(s) {
        const parts = [s.best_n ? this.tn("best %(n)s result counts", "best %(n)s results count", s.best_n) : this.t("every result counts"),
          s.tie_break === "most_events" ? this.t("ties: most events") : this.t("ties: best finishes")];
        const points = s.min_points != null ? this.fmt(s.min_points) : null;
        if (s.top && points != null) parts.push(this.t("qualify: top %(top)s and %(points)s+ points", { top: s.top, points }));
        else if (s.top) parts.push(this.t("qualify: top %(top)s", { top: s.top }));
        else if (points != null) parts.push(this.t("qualify: %(points)s+ points", { points }));
        else parts.push(this.t("qualify: nobody"));
        parts.push(this.t("stack %(formula)s", { formula: s.stack_formula }));
        return parts.join(" · ");
      },
      eventsTitle(s) { return this.t("Events (%(n)s)", { n: this.eventCount(s) }); },
      takeOutLabel(s, e) { return this.t("Take %(event)s out of %(season)s", { event: e.name, season: s.name }); },
      removeQuestion(s) {
        const e = this.removing[s.key];
        return e ? this.t("Take %(event)s out of %(season)s? Its points leave the standings. You can put it back.", { event: e.name, season: s.name }) : "";
      },
      removedText(r) { return this.t("%(event)s (by %(staff)s)", { event: r.name, staff: r.by }); },
      histSummary(s) {
        const p = (this.hist[s.key] || {}).preview;
        if (!p) return "";
        const c = p.counts || {};
        const events = this.tn("%(n)s event", "%(n)s events", p.events || 0);
        const matched = this.tn("%(n)s matched (%(events)s)", "%(n)s matched (%(events)s)", c.matched || 0, { events });
        const duplicates = this.tn("%(n)s likely duplicate", "%(n)s likely duplicates", c.duplicate || 0);
        const unknown = this.tn("%(n)s unknown player", "%(n)s unknown players", c.unknown || 0);
        const bad = this.tn("%(n)s with problems", "%(n)s with problems", c.bad || 0);
        return this.t("%(matched)s, %(duplicates)s, %(unknown)s, %(bad)s.", { matched, duplicates, unknown, bad });
      },
      histButton(s) {
        const n = ((this.hist[s.key] || {}).preview || {}).to_add || 0;
        return this.tn("Import %(n)s result", "Import %(n)s results", n);
      },
      historyText(h) {
        return h.active
          ? this.tn("%(source)s: %(n)s result by %(staff)s", "%(source)s: %(n)s results by %(staff)s", h.rows, { source: h.source, staff: h.by })
          : this.tn("%(source)s: %(n)s result by %(staff)s (undone)", "%(source)s: %(n)s results by %(staff)s (undone)", h.rows, { source: h.source, staff: h.by });
      },
      copiesText(s) {
        return this.t("Copies the rules of %(template)s (from %(event)s); stacks from season points.", { template: s.championship.template, event: s.championship.copies });
      },
      champButton(s) {
        return this.tn("Create championship (%(n)s player)", "Create championship (%(n)s players)", s.championship.qualifiers.length);
      },
      addEvent(s) {
        const tid = this.pick[s.key];
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events", { tournament: tid },
          async (out) => { this.pick[s.key] = ""; this.say(this.t("%(event)s counts toward %(season)s.", { event: out.name, season: s.name })); await this.reload(); });
      },
      askRemove(s, e) { this.removing[s.key] = e; },
      removeEvent(s) {
        const e = this.removing[s.key];
        if (!e) return null;
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events/remove", { tournament: e.tournament },
          async (out) => { this.removing[s.key] = null; this.say(this.t("%(event)s no longer counts toward %(season)s. Put it back below if that was a mistake.", { event: out.name, season: s.name })); await this.reload(); });
      },
      restoreEvent(s, r) {
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/events/restore", { tournament: r.tournament },
          async (out) => { this.say(this.t("%(event)s counts toward %(season)s again.", { event: out.name, season: s.name })); await this.reload(); });
      },
      async postFile(path, data, name) {
        const q = new URLSearchParams({ source: name || "history.csv" });
        let r;
        try {
          r = await fetch(window.pokertd.url(path + "?" + q.toString()), {
            method: "POST", body: data, credentials: "same-origin",
            headers: { "Content-Type": "text/csv", "X-CSRF-Token": window.pokertd.csrf() },
          });
        } catch (e) { throw new Error(this.t("No answer from the server: check the connection and try again.")); }
        let out = null;
        try { out = await r.json(); } catch (e) { out = null; }
        if (!r.ok) throw new Error((out && out.message) || this.t("The server could not read the file (%(status)s): try again.", { status: r.status }));
        return out;
      },
      /** The preview's rows that do not import (the first 20), by line. */
      histRows(s) {
        const h = this.hist[s.key];
        return h && h.preview ? h.preview.rows.filter((x) => x.status !== "matched").slice(0, 20) : [];
      },
      histLine(r) {
        const who = r.name || r.card || this.t("(no name)");
        return r.player_name && r.status === "duplicate"
          ? this.t("Line %(line)s: %(name)s ~ %(like)s — %(reason)s", { line: r.line, name: who, like: r.player_name, reason: r.reason })
          : this.t("Line %(line)s: %(name)s — %(reason)s", { line: r.line, name: who, reason: r.reason });
      },
      histPath(s) { return this.base() + "/seasons/" + encodeURIComponent(s.key) + "/history-imports"; },
      async pickHistory(s, ev) {
        const f = ev.target.files && ev.target.files[0];
        if (!f) return;
        if (f.size > 5 * 1024 * 1024) { this.say(this.t("%(file)s is over 5 MB: split it in parts.", { file: f.name }), true); ev.target.value = ""; return; }
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
          const nights = this.tn("%(n)s past night", "%(n)s past nights", out.events);
          this.say(this.tn("Imported %(n)s result into %(season)s: %(nights)s (points as given, marked imported).",
            "Imported %(n)s results into %(season)s: %(nights)s (points as given, marked imported).", out.import.rows,
            { nights, season: s.name }));
          await this.reload();
        } catch (e) { this.say(e.message, true); }
        finally { this.busy = false; }
      },
      undoHistory(h) {
        return this.send("/api/history-imports/" + encodeURIComponent(h.id) + "/undo", {},
          async () => { this.say(this.tn("Import of %(source)s undone: its %(n)s result left the standings.", "Import of %(source)s undone: its %(n)s results left the standings.", h.rows, { source: h.source })); await this.reload(); });
      },
      addSeason() {
        return this.send(this.base() + "/seasons", seasonBody(this.s),
          async (out) => { this.s = seasonForm(); this.say(this.t("Season %(season)s added.", { season: out.name })); await this.reload(); });
      },
      championship(s) {
        return this.send(this.base() + "/seasons/" + encodeURIComponent(s.key) + "/championship", { name: (this.champName[s.key] || "").trim() },
          async (out) => { this.say(this.tn("Championship created with %(n)s player.", "Championship created with %(n)s players.", out.qualifiers.length)); await this.reload(); });
      },
    });
  };
  window.pokertd.component("pokertdLeagues", window.pokertdLeagues);
  window.pokertd.component("pokertdLeagueAdmin", window.pokertdLeagueAdmin);
})();
