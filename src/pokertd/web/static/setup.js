/* Event set-up (/new): the Alpine component `eventSetup`. The server is the truth: every
   problem comes back from POST /api/structures/project (structure) and from
   POST /api/tournaments or /api/templates (everything, 422 with context.problems). The
   checks here only give quick hints while typing. Money is typed in dollars, sent in cents. */
(function () {
  "use strict";
  const t = (msgid, params) => window.pokertd.t(msgid, params);
  const tn = (one, many, n, params) => window.pokertd.tn(one, many, n, params);

  function csrf() {
    const m = document.cookie.match(/(?:^|; )pokertd_csrf=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  async function send(path, body) {
    const r = await fetch(window.pokertd.url(path), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await r.json(); } catch (e) { data = {}; }
    return { ok: r.ok, status: r.status, data };
  }

  /* Money is typed as the venue writes it (static/money.js: "1.042,50" in German, "1,042.50"
     in English, whole yen for JPY) and sent in minor units, as pokertd.money.parse_money reads it. */
  const M = window.pokertdMoney;
  /* The stud games (issue 28): their levels need a bring-in below the small bet. */
  const STUD_GAMES = ["stud", "stud8", "razz"];
  /* "42", "$1,042.50" -> minor units of a currency with ``places`` decimals (the one
     chosen for the event: 0 for JPY); null when it is not money. */
  function cents(text, places) { return M.parse(text, places); }
  function dollars(c) { return M.plain(c); }
  function num(v) { const n = Number(v); return Number.isFinite(n) ? Math.trunc(n) : NaN; }
  function optNum(v) { return v === "" || v == null ? null : num(v); }
  function price(p) {
    return { prize_pool: dollars(p.prize_pool || 0), house_fee: dollars(p.house_fee || 0),
             entry_fee: dollars(p.entry_fee || 0), bounty: dollars(p.bounty || 0) };
  }

  function blank() {
    return {
      title: "", game: "NLH", profile: "tda",
      buy_in: { prize_pool: "100", house_fee: "10", entry_fee: "10", bounty: "0" },
      starting_stack: 20000, tables: 5, seats_per_table: 9, late_reg: 6, field_cap: "",
      reentry: false, reentry_max: "", rebuy_on: false,
      rebuy: { price: { prize_pool: "0", house_fee: "0", entry_fee: "0", bounty: "0" }, chips: 20000, max_per_player: "", minutes: "" },
      addon_on: false,
      addon: { price: { prize_pool: "0", house_fee: "0", entry_fee: "0", bounty: "0" }, chips: 20000, at_level: 4 },
      guarantee: "0", bounty_kind: "fixed", payout_table: "", notes: "", preset: "",
      currency: venue.currency, locale: venue.locale,
    };
  }
  /* The venue's currency and locale: the choices a new form starts with (set by the page). */
  const venue = { currency: M.currency, locale: "" };

  window.eventSetup = function () {
    const boot = JSON.parse(document.getElementById("setup-data").textContent);
    venue.currency = boot.venue_currency || M.currency;
    venue.locale = boot.venue_locale || "";
    return {
      templates: boot.templates, presets: boot.presets,
      currencies: boot.currencies || [], locales: boot.locales || [],
      source: boot.chosen || "", name: "", f: blank(), levels: [],
      projection: null, problems: [], message: "", saveName: "", saved: "", busy: false,
      timer: null, ready: false,
      /** The decimals of the currency chosen for the event (0 for JPY): typed amounts are
       *  read, and sent in minor units, in that currency. */
      places() {
        const c = this.currencies.find((x) => x.code === this.f.currency);
        return c ? c.digits : M.digits;
      },
      t(msgid, params) { return t(msgid, params); },
      /* A level row's controls named for a screen reader ("Level 3 small blind"). */
      ariaSb(i) { return t("Level %(level)s small blind", { level: i + 1 }); },
      ariaBb(i) { return t("Level %(level)s big blind", { level: i + 1 }); },
      ariaAnte(i) { return t("Level %(level)s ante", { level: i + 1 }); },
      ariaKind(i) { return t("Level %(level)s ante kind", { level: i + 1 }); },
      ariaMinutes(i) { return t("Level %(level)s minutes", { level: i + 1 }); },
      ariaBreak(i) { return t("Level %(level)s break after (minutes)", { level: i + 1 }); },
      ariaColour(i) { return t("Level %(level)s colour up", { level: i + 1 }); },
      ariaRemove(i) { return t("Remove level %(level)s", { level: i + 1 }); },

      /* The form takes input only once it is settled: filled (a template fetched) and its
         first projection back. Until then the fieldset and "Create the event" are disabled
         and say "Getting the form ready…": a first tap used to do nothing (before the
         script had bound it, or with the form still empty while a template was fetched),
         or miss a button the arriving projection had just pushed down (issue 23). */
      async settle(step) {
        this.ready = false;
        try {
          await step();
          clearTimeout(this.timer);
          await this.project();
        } finally {
          this.ready = true;
        }
      },
      init() {
        return this.settle(() => (this.source ? this.fetchTemplate() : this.scratch()));
      },
      load() { return this.settle(() => this.fetchTemplate()); },
      scratch() {
        this.f = blank();
        this.levels = [[100, 200, 0, 20], [200, 400, 0, 20], [300, 600, 0, 20],
                       [400, 800, 0, 20], [500, 1000, 0, 20], [600, 1200, 0, 20]].map(
          ([sb, bb, ante, min], i) => ({ sb, bb, ante, kind: "none", minutes: min, brk: i === 3 ? 10 : 0, remove: "", game: "", bring_in: 0 }));
        this.problems = []; this.message = "";
        this.reproject();
      },
      async fetchTemplate() {
        if (!this.source) { this.scratch(); return; }
        const r = await fetch(window.pokertd.url(`/api/templates/${encodeURIComponent(this.source)}`));
        if (!r.ok) { this.message = t("That template could not be read."); return; }
        const e = (await r.json()).event;
        this.fill(e);
      },
      fill(e) {
        const f = blank();
        f.currency = this.f.currency; f.locale = this.f.locale;  // the director's choice stays
        Object.assign(f, {
          title: e.title, game: e.game, profile: e.profile, buy_in: price(e.buy_in),
          starting_stack: e.starting_stack, tables: e.tables, seats_per_table: e.seats_per_table,
          late_reg: e.late_reg_close_after_level == null ? "" : e.late_reg_close_after_level,
          field_cap: e.field_cap == null ? "" : e.field_cap, reentry: e.reentry,
          reentry_max: e.reentry_max == null ? "" : e.reentry_max,
          guarantee: dollars(e.guarantee), bounty_kind: e.bounty_kind,
          payout_table: e.payout_table || "", notes: e.notes || "", preset: e.structure.preset || "",
        });
        if (e.rebuy) { f.rebuy_on = true; f.rebuy = { price: price(e.rebuy.price), chips: e.rebuy.chips,
          max_per_player: e.rebuy.max_per_player == null ? "" : e.rebuy.max_per_player,
          minutes: e.rebuy.minutes == null ? "" : e.rebuy.minutes }; }
        if (e.addon) { f.addon_on = true; f.addon = { price: price(e.addon.price), chips: e.addon.chips, at_level: e.addon.at_level }; }
        this.f = f;
        this.setLevels(e.structure);
        this.problems = []; this.message = "";
        this.reproject();
      },
      setLevels(s) {
        const brk = {};
        for (const b of s.breaks) brk[b.after_level] = b;
        this.levels = s.levels.map((lv, i) => ({
          sb: lv.small_blind, bb: lv.big_blind, ante: lv.ante, kind: lv.ante_type || "none",
          minutes: lv.minutes, brk: brk[i + 1] ? brk[i + 1].minutes : 0,
          remove: brk[i + 1] ? brk[i + 1].remove.join(", ") : "",
          game: lv.game || "", bring_in: lv.bring_in || 0 }));  // a mixed event's game (issue 28)
      },
      async loadPreset() {
        if (!this.f.preset) return;
        const r = await fetch(window.pokertd.url(`/api/structures/${encodeURIComponent(this.f.preset)}`));
        if (!r.ok) return;
        const s = await r.json();
        this.setLevels(s);
        if (s.registration_closes_after_level != null) this.f.late_reg = s.registration_closes_after_level;
        this.reproject();
      },
      addLevel() {
        const last = this.levels[this.levels.length - 1];
        const row = last ? { ...last, sb: last.sb * 2, bb: last.bb * 2, ante: last.ante ? last.ante * 2 : 0, brk: 0, remove: "",
                             bring_in: last.bring_in ? last.bring_in * 2 : 0 }
                         : { sb: 100, bb: 200, ante: 0, kind: "none", minutes: 20, brk: 0, remove: "", game: "", bring_in: 0 };
        this.levels.push(row);
        this.reproject();
      },
      removeLevel(i) { this.levels.splice(i, 1); this.reproject(); },
      /* Quick hints for one row (the server's problems are the truth). */
      rowHint(i) {
        const lv = this.levels[i], prev = this.levels[i - 1];
        const sb = num(lv.sb), bb = num(lv.bb);
        if (!(sb > 0 && bb > 0)) return t("Blinds must be positive.");
        if (sb > bb) return t("The small blind is above the big blind.");
        if (prev && (sb < num(prev.sb) || bb < num(prev.bb))) return t("Blinds are lower than the level before.");
        if (!(num(lv.minutes) > 0)) return t("The level needs minutes.");
        const stud = STUD_GAMES.indexOf(lv.game) >= 0;
        if (num(lv.ante) > 0 && lv.kind === "none" && !stud) return t("Choose the ante kind.");
        if (stud && !(num(lv.bring_in) > 0)) return t("A stud level needs a bring-in.");
        if (stud && num(lv.bring_in) >= bb) return t("The bring-in must be less than the small bet (the big blind).");
        return "";
      },
      /** The structure names its games (a mixed or stud event): the table shows Game and Bring-in. */
      mixed() { return this.levels.some((lv) => lv.game); },
      ariaGame(i) { return t("Level %(level)s game", { level: i + 1 }); },
      ariaBringIn(i) { return t("Level %(level)s bring-in", { level: i + 1 }); },
      structure() {
        const breaks = [];
        this.levels.forEach((lv, i) => {
          const remove = String(lv.remove || "").split(/[ ,]+/).filter(Boolean).map(num);
          if (num(lv.brk) > 0 || remove.length) breaks.push({ after_level: i + 1, minutes: num(lv.brk) || 0, remove });
        });
        return {
          preset: this.f.preset || null,
          levels: this.levels.map((lv) => Object.assign({ small_blind: num(lv.sb), big_blind: num(lv.bb), ante: num(lv.ante) || 0,
            ante_type: num(lv.ante) > 0 ? lv.kind : "none", minutes: num(lv.minutes) },
            lv.game ? { game: lv.game } : {}, num(lv.bring_in) > 0 ? { bring_in: num(lv.bring_in) } : {})),
          breaks,
        };
      },
      reproject() {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.project(), 250);
      },
      async project() {
        let r;
        try {
          r = await send("/api/structures/project", {
            structure: this.structure(), starting_stack: num(this.f.starting_stack) || 1,
            entries: Math.max(2, (num(this.f.tables) || 1) * (num(this.f.seats_per_table) || 2)),
          });
        } catch (e) {
          r = { ok: false, data: { message: t("The structure could not be checked: the server did not answer.") } };
        }
        this.projection = r.ok ? r.data : { problems: [r.data.message || t("The structure could not be checked.")] };
      },
      get duration() {
        const p = this.projection;
        if (!p || p.minutes == null) return "";
        const h = Math.floor(p.minutes / 60), m = p.minutes % 60;
        const text = tn("%(n)s level, %(hours)s h %(minutes)s min with breaks", "%(n)s levels, %(hours)s h %(minutes)s min with breaks",
          p.levels, { hours: h, minutes: String(m).padStart(2, "0") });
        return text + (p.end_note ? ` · ${p.end_note}` : "");
      },
      get total() {
        const b = this.f.buy_in, places = this.places();
        const parts = [b.prize_pool, b.house_fee, b.entry_fee, b.bounty].map((x) => cents(x, places));
        return parts.some((c) => c === null) ? "—" : M.format(parts.reduce((a, c) => a + c, 0), this.f.currency, null, places, true);
      },
      priceOf(p, what) {
        const out = {}, bad = [];
        for (const k of ["prize_pool", "house_fee", "entry_fee", "bounty"]) {
          const c = cents(p[k], this.places());
          if (c === null) bad.push(t("%(what)s: “%(text)s” is not an amount of money (write it like %(example)s)", { what, text: p[k], example: M.plain(this.places() ? 4250 : 42, this.places()) }));
          out[k] = c || 0;
        }
        return [out, bad];
      },
      definition() {
        const f = this.f, bad = [];
        const [buy_in, b1] = this.priceOf(f.buy_in, t("buy-in"));
        const guarantee = cents(f.guarantee, this.places());
        if (guarantee === null) bad.push(t("the guarantee is not an amount of money"));
        const event = {
          title: f.title.trim() || this.name.trim(), game: f.game, profile: f.profile, buy_in,
          starting_stack: num(f.starting_stack), structure: this.structure(),
          tables: num(f.tables), seats_per_table: num(f.seats_per_table),
          late_reg_close_after_level: optNum(f.late_reg), reentry: !!f.reentry,
          reentry_max: f.reentry ? optNum(f.reentry_max) : null,
          guarantee: guarantee || 0, field_cap: optNum(f.field_cap),
          bounty_kind: f.bounty_kind, payout_table: f.payout_table || null, notes: f.notes,
        };
        bad.push(...b1);
        if (f.rebuy_on) {
          const [p, b2] = this.priceOf(f.rebuy.price, t("rebuy price")); bad.push(...b2);
          event.rebuy = { price: p, chips: num(f.rebuy.chips), max_per_player: optNum(f.rebuy.max_per_player), minutes: optNum(f.rebuy.minutes) };
        }
        if (f.addon_on) {
          const [p, b3] = this.priceOf(f.addon.price, t("add-on price")); bad.push(...b3);
          event.addon = { price: p, chips: num(f.addon.chips), at_level: num(f.addon.at_level) };
        }
        return [event, bad];
      },
      refused(r) {
        const listed = (r.data.context && r.data.context.problems) || [];
        this.problems = listed.length ? listed : [r.data.message || t("Refused (%(status)s).", { status: r.status })];
        this.message = "";
        this.$nextTick(() => { const el = document.getElementById("setup-problems"); if (el) el.scrollIntoView({ block: "center" }); });
      },
      async createEvent() {
        const [event, bad] = this.definition();
        if (!this.name.trim()) bad.unshift(t("the tournament needs a name"));
        if (bad.length) { this.problems = bad; return; }
        this.busy = true;
        const body = { name: this.name.trim(), event, currency: this.f.currency };
        if (this.f.locale) body.locale = this.f.locale;
        const r = await send("/api/tournaments", body);
        this.busy = false;
        if (r.ok) { window.location.href = window.pokertd.url(`/t/${r.data.tournament}/floor`); return; }
        this.refused(r);
      },
      async saveTemplate() {
        const [event, bad] = this.definition();
        if (!/^[a-z0-9_]{2,40}$/.test(this.saveName)) bad.unshift(t("the template name needs 2 to 40 lower-case letters, digits or _"));
        if (bad.length) { this.problems = bad; return; }
        this.busy = true;
        const r = await send("/api/templates", { name: this.saveName, event });
        this.busy = false;
        if (!r.ok) { this.refused(r); return; }
        this.problems = [];
        this.message = t("Saved as the template “%(title)s” (%(name)s).", { title: r.data.title, name: r.data.template });
        if (!this.templates.some((t) => t.name === r.data.template)) {
          this.templates.push({ name: r.data.template, title: r.data.title, saved: true });
        }
      },
    };
  };
  window.pokertd.component("eventSetup", window.eventSetup);
})();
