/* Simulate (/simulate, /t/<id>/simulate): the Alpine component `simulatePage`.
   The server is the truth: POST /api/sim (or /api/tournaments/<id>/sim) starts a job or
   answers 422 with every problem by field (context.fields) or 429 when busy; the page then
   polls GET /api/sim/<job> until the projection is there. Nothing typed is lost on a
   refusal: the form keeps its values and marks the fields at fault. */
(function () {
  "use strict";
  const t = (msgid, params) => window.pokertd.t(msgid, params);
  const tn = (singular, plural, n, params) => window.pokertd.tn(singular, plural, n, params);
  const said = (x, fallback) => window.pokertd.said(x, fallback);
  /* The server's sentences (English texts) in the page's language, from their
     {text, msgid, params} twins when the server sent them. */
  const saidAll = (sentences, texts) => (texts || []).map((text, i) => said((sentences || [])[i], text));

  function csrf() {
    const m = document.cookie.match(/(?:^|; )pokertd_csrf=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  async function call(url, body) {
    const init = body === undefined
      ? { headers: { Accept: "application/json" } }
      : {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf() },
          body: JSON.stringify(body),
        };
    let r;
    try { r = await fetch(window.pokertd.url(url), init); } catch (e) {
      return { ok: false, status: 0, data: { message: t("The server did not answer: check the connection and try again.") } };
    }
    let data = {};
    try { data = await r.json(); } catch (e) { data = {}; }
    return { ok: r.ok, status: r.status, data };
  }

  /* "" -> null (the server names the empty field); else a number (NaN -> null). */
  function num(v) {
    if (v === "" || v == null) return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }

  window.simulatePage = function () {
    const el = document.getElementById("simulate-data");
    const d = JSON.parse(el ? el.textContent : "{}");
    const first = d.mode === "night"
      ? (d.templates.find((x) => x.name === d.chosen) || d.templates[0])
      : null;
    return {
      d,
      t, tn,  // the page's language, for the template's x-text (static/app.js)
      f: {
        template: first ? first.name : "",
        entries: d.entries || 120,
        profile: "",
        runs: d.runs || 5,
        seed: 1,
        rates: { ...d.rates },
        time: { ...d.time },
      },
      rateFields: [
        ["late", t("Late arrivals"), t("of the entries arrive after the start")],
        ["reentry", t("Re-entries"), t("of busted players re-enter (when allowed)")],
        ["rebuy", t("Rebuys"), t("of eligible players rebuy (rebuy events)")],
        ["addon", t("Add-ons"), t("of players take the add-on (add-on events)")],
      ],
      timeFields: [
        ["seconds_per_action", t("Seconds per action")],
        ["seconds_per_showdown", t("Seconds per showdown")],
        ["seconds_per_deal", t("Seconds per deal (shuffle, deal, blinds)")],
      ],
      fields: {},
      problems: [],
      running: false,
      failed: false,
      message: "",
      progress: 0,
      job: null,
      result: null,
      timer: null,

      tpl() {
        return (this.d.templates || []).find((x) => x.name === this.f.template)
          || { capacity: 0, tables: 0, seats: 0, profile: "" };
      },
      templateChanged() {
        const cap = this.tpl().capacity;
        if (Number(this.f.entries) > cap) this.f.entries = cap;
      },
      bad(name) { return this.fields[name] || ""; },
      fmt(n) { return n == null ? "–" : Number(n).toLocaleString(window.pokertdMoney ? window.pokertdMoney.locale : "en-US"); },
      /* A level's words in two lines for a phone: "1,200/2,400" over "BBA 2,400"; a mixed
         event's "Limit hold'em" over "100/200 (blinds 50/100)" (issue 28). */
      blindsSplit(text) {
        const s = String(text), at = /^\d/.test(s) ? s.indexOf(" ") : s.search(/\d/);
        return at > 0 ? [s.slice(0, at).trim(), s.slice(at).trim()] : [s, ""];
      },
      /* "200,000/400,000" -> "200K/400K" (a phone's narrow column); smaller amounts as they are. */
      short(text) {
        return String(text).replace(/\d{1,3}(?:,\d{3})+/g, (m) => {
          const n = Number(m.replace(/,/g, ""));
          if (n >= 1000000 && n % 100000 === 0) return (n / 1000000) + "M";
          if (n >= 10000 && n % 1000 === 0) return (n / 1000) + "K";
          return m;
        });
      },

      body() {
        const rates = {}, time = { mode: this.f.time.mode };
        for (const [k] of this.rateFields) rates[k] = num(this.f.rates[k]);
        if (this.f.time.mode === "hands") time.hands_per_hour = num(this.f.time.hands_per_hour);
        else for (const [k] of this.timeFields) time[k] = num(this.f.time[k]);
        const out = { runs: num(this.f.runs), seed: num(this.f.seed), rates, time };
        if (this.d.mode === "night") {
          out.template = this.f.template;
          out.entries = num(this.f.entries);
          out.profile = this.f.profile || null;
        }
        return out;
      },

      async start() {
        if (this.running) return;
        this.fields = {}; this.problems = []; this.failed = false;
        const url = this.d.mode === "rest" ? `/api/tournaments/${this.d.tid}/sim` : "/api/sim";
        this.running = true; this.progress = 0;
        this.message = t("Starting the simulation…");
        const r = await call(url, this.body());
        if (!r.ok) {
          this.running = false;
          const ctx = (r.data && r.data.context) || {};
          if (r.status === 422 && ctx.fields) {
            const twins = ctx.fields_said || {};
            this.fields = Object.fromEntries(
              Object.entries(ctx.fields).map(([k, text]) => [k, said(twins[k], text)]));
            this.problems = Object.values(this.fields);
            this.message = "";
            return;
          }
          this.failed = true;
          this.message = (r.data && r.data.message) || t("The simulation could not start.");
          return;
        }
        this.result = null;
        this.follow(r.data);
      },

      follow(job) {
        this.job = job.job;
        this.show(job);
        if (job.state === "running") this.timer = setTimeout(() => this.poll(), 600);
      },

      async poll() {
        const r = await call(`/api/sim/${encodeURIComponent(this.job)}`);
        if (!r.ok) {
          this.running = false; this.failed = true;
          this.message = (r.data && r.data.message) || t("The simulation was lost: start it again.");
          return;
        }
        this.follow(r.data);
      },

      show(job) {
        this.progress = job.progress;
        this.message = job.message;
        if (job.state === "running") { this.running = true; return; }
        this.running = false;
        if (job.state === "failed") { this.failed = true; return; }
        this.failed = false;
        this.message = "";
        this.result = job.result;
        this.$nextTick(() => {
          const at = document.getElementById("sim-result");
          if (at && at.scrollIntoView) at.scrollIntoView({ behavior: "smooth", block: "start" });
        });
      },

      /* The self-checks and notes of the result in the page's language. */
      checks() { return this.result ? saidAll(this.result.checks_said, this.result.checks) : []; },
      notes() { return this.result ? saidAll(this.result.notes_said, this.result.notes) : []; },

      resultTitle() {
        const r = this.result;
        if (!r) return "";
        if (r.kind === "rest") return tn("The rest of tonight: %(n)s simulated finish", "The rest of tonight: %(n)s simulated finishes", r.runs);
        return tn("%(title)s: %(players)s players, %(n)s simulated night", "%(title)s: %(players)s players, %(n)s simulated nights", r.runs,
          { title: r.title, players: this.fmt(r.players) });
      },
      resultLine() {
        const r = this.result;
        if (!r) return "";
        const e = r.entries;
        const params = {
          profile: r.profile, entries: this.fmt(e.median), low: this.fmt(e.p10), high: this.fmt(e.p90),
          hands: this.fmt(r.hands), paid: this.fmt(r.paid_places), first: r.seeds[0], last: r.seeds[r.seeds.length - 1],
        };
        return e.p10 === e.p90
          ? t("Median over the runs, 10th–90th percentile range below · %(profile)s rules · %(entries)s entries · %(hands)s hands · %(paid)s paid · seeds %(first)s–%(last)s", params)
          : t("Median over the runs, 10th–90th percentile range below · %(profile)s rules · %(entries)s entries (%(low)s–%(high)s) · %(hands)s hands · %(paid)s paid · seeds %(first)s–%(last)s", params);
      },
      /* A span of clock time in the page's language: "4 h 05 min", "35 min" (the server's
         pokertd.web.sim.clock_text in English). */
      duration(seconds) {
        if (seconds == null) return "—";
        const minutes = Math.round(seconds / 60), h = Math.floor(minutes / 60), m = minutes % 60;
        return h ? t("%(hours)s h %(minutes)s min", { hours: h, minutes: String(m).padStart(2, "0") }) : t("%(n)s min", { n: m });
      },
      /* A figure's main text: the median (or, for the rest of tonight, how long from now). */
      figureText(g) {
        const rest = this.result && this.result.kind === "rest";
        if (g.median == null) return rest ? t("already passed, or not before the end") : t("not reached in any run");
        if (!rest) return this.duration(g.median);
        return g.median <= 0 ? t("now") : t("in %(time)s", { time: this.duration(g.median) });
      },
      /* A figure's 10th–90th percentile range: times of day for the rest of tonight. */
      rangeText(g) {
        if (g.clock) return t("%(low)s to %(high)s", { low: g.clock_p10, high: g.clock_p90 });
        return t("%(low)s to %(high)s", { low: this.duration(g.p10), high: this.duration(g.p90) });
      },
    };
  };
  window.pokertd.component("simulatePage", window.simulatePage);
})();
