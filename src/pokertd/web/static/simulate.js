/* Simulate (/simulate, /t/<id>/simulate): the Alpine component `simulatePage`.
   The server is the truth: POST /api/sim (or /api/tournaments/<id>/sim) starts a job or
   answers 422 with every problem by field (context.fields) or 429 when busy; the page then
   polls GET /api/sim/<job> until the projection is there. Nothing typed is lost on a
   refusal: the form keeps its values and marks the fields at fault. */
(function () {
  "use strict";

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
      return { ok: false, status: 0, data: { message: "The server did not answer: check the connection and try again." } };
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
      ? (d.templates.find((t) => t.name === d.chosen) || d.templates[0])
      : null;
    return {
      d,
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
        ["late", "Late arrivals", "of the entries arrive after the start"],
        ["reentry", "Re-entries", "of busted players re-enter (when allowed)"],
        ["rebuy", "Rebuys", "of eligible players rebuy (rebuy events)"],
        ["addon", "Add-ons", "of players take the add-on (add-on events)"],
      ],
      timeFields: [
        ["seconds_per_action", "Seconds per action"],
        ["seconds_per_showdown", "Seconds per showdown"],
        ["seconds_per_deal", "Seconds per deal (shuffle, deal, blinds)"],
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
        return (this.d.templates || []).find((t) => t.name === this.f.template)
          || { capacity: 0, tables: 0, seats: 0, profile: "" };
      },
      templateChanged() {
        const cap = this.tpl().capacity;
        if (Number(this.f.entries) > cap) this.f.entries = cap;
      },
      bad(name) { return this.fields[name] || ""; },
      fmt(n) { return n == null ? "–" : Number(n).toLocaleString(window.pokertdMoney ? window.pokertdMoney.locale : "en-US"); },
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
        this.message = "Starting the simulation…";
        const r = await call(url, this.body());
        if (!r.ok) {
          this.running = false;
          const ctx = (r.data && r.data.context) || {};
          if (r.status === 422 && ctx.fields) {
            this.fields = ctx.fields;
            this.problems = ctx.problems || Object.values(ctx.fields);
            this.message = "";
            return;
          }
          this.failed = true;
          this.message = (r.data && r.data.message) || "The simulation could not start.";
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
          this.message = (r.data && r.data.message) || "The simulation was lost: start it again.";
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

      resultTitle() {
        const r = this.result;
        if (!r) return "";
        if (r.kind === "rest") return `The rest of tonight: ${r.runs} simulated finish${r.runs === 1 ? "" : "es"}`;
        return `${r.title}: ${this.fmt(r.players)} players, ${r.runs} simulated night${r.runs === 1 ? "" : "s"}`;
      },
      resultLine() {
        const r = this.result;
        if (!r) return "";
        const e = r.entries;
        const range = e.p10 === e.p90 ? "" : ` (${this.fmt(e.p10)}–${this.fmt(e.p90)})`;
        return `Median over the runs, 10th–90th percentile range below · ${r.profile} rules · ` +
          `${this.fmt(e.median)} entries${range} · ${this.fmt(r.hands)} hands · ` +
          `${this.fmt(r.paid_places)} paid · seeds ${r.seeds[0]}–${r.seeds[r.seeds.length - 1]}`;
      },
    };
  };
  window.pokertd.component("simulatePage", window.simulatePage);
})();
