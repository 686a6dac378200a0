/* pokertd pages: live view models over SSE, countdowns computed on the client, cues, commands.
   The server sends the clock's seconds_left with its own time; the page counts down from the
   moment it received it, so a TV stays exact without polling. */
(function () {
  "use strict";
  /* Chip counts (stacks, blinds, antes) as the page writes numbers (static/money.js). */
  const chips = (n) => (window.pokertdMoney ? window.pokertdMoney.chips(n) : String(n));

  /* The path prefix the app is served under ("" at the root; "/poker" behind a proxy that
     mounts it there): the page's <meta name="root-path">, filled in by the server. Every
     request and link a script makes goes through url(), so it carries the prefix. */
  function url(path) {
    const meta = document.querySelector('meta[name="root-path"]');
    return (meta ? meta.content : "") + path;
  }

  /* Languages (issue 27, docs/languages.md): the page's catalogue, which the server puts in
     <script id="i18n-catalogue"> (base.html): {lang, messages: {msgid: text or [plural
     forms]}}. t("Table %(table)s", {table: 4}) and tn("%(n)s player", "%(n)s players", n)
     give the page's language; a message missing from it stays in English. */
  let catalogue = null;
  function readCatalogue() {
    if (catalogue) return catalogue;
    const el = document.getElementById("i18n-catalogue");
    try { catalogue = el ? JSON.parse(el.textContent) : {}; } catch (e) { catalogue = {}; }
    catalogue.messages = catalogue.messages || {};
    catalogue.lang = catalogue.lang || "en";
    return catalogue;
  }
  function fill(text, params) {
    if (!params) return text;
    // "%%" is a percent sign, as in Python's (and Jinja's) formatting of the same msgid
    return text.replace(/%\((\w+)\)s|%%/g, (m, k) => (m === "%%" ? "%" : params[k] == null ? "" : String(params[k])));
  }
  function t(msgid, params) {
    const found = readCatalogue().messages[msgid];
    return fill(typeof found === "string" ? found : msgid, params);
  }
  /* The CLDR plural category of n in the page's language ("one", "many", "other"…); a
     plural message's forms come keyed by category (pokertd.i18n.catalogue_json). */
  function pluralCategory(n) {
    const lang = readCatalogue().lang;
    try { return new Intl.PluralRules(lang === "xx" ? "en" : lang).select(n); } catch (e) { return n === 1 ? "one" : "other"; }
  }
  function tn(singular, plural, n, params) {
    const found = readCatalogue().messages[singular];
    const cat = pluralCategory(n);
    const text = found && typeof found === "object" ? (found[cat] || found.other) : (cat === "one" ? singular : plural);
    return fill(text, Object.assign({ n: n }, params || {}));
  }
  function lang() { return readCatalogue().lang; }
  /* A sentence the server built ({text, msgid, params}, and plural, n for a count: a slip's
     reason, the payouts note, the last mystery bounty) in this page's language; a list of
     them joined by "; "; fallback (the English text) when the server sent none. */
  function said(x, fallback) {
    if (Array.isArray(x)) return x.length ? x.map((one) => said(one, "")).join("; ") : (fallback || "");
    if (!x || !x.msgid) return (x && x.text) || fallback || "";
    // a parameter that is itself a sentence ({text, msgid, params}) is said first; the
    // params it lists under "chips" are chip counts, sent as integers (Sentence.as_json)
    const params = {};
    for (const [k, v] of Object.entries(x.params || {})) params[k] = v && typeof v === "object" ? said(v, "") : v;
    (x.chips || []).forEach((k) => { if (params[k] != null) params[k] = chips(params[k]); });
    return x.plural ? tn(x.msgid, x.plural, x.n, params) : t(x.msgid, params);
  }

  /* A line without its bracketed codes (rule IDs, an entry's id), as the server's
     framework.without_codes takes them off a line the toast reads. */
  const CODE = "(?:[A-Z][A-Z0-9]*(?:-[A-Za-z0-9.]+)+|[A-Z]{1,4}[0-9][A-Za-z0-9.]*)";
  const CODES = new RegExp("\\s*[\\[(]" + CODE + "(?:,\\s*" + CODE + ")*[\\])]", "g");
  function withoutCodes(text) { return String(text || "").replace(CODES, ""); }

  function csrf() {
    const m = document.cookie.match(/(?:^|; )pokertd_csrf=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  /* POST JSON to a path of the app (url() adds the root path). */
  async function post(path, body) {
    // a live page whose stream is lost refuses before sending: nothing is queued
    // (static/live-offline.js, issue 27)
    const off = window.pokertdOffline;
    if (off && off.refusing()) throw new Error(off.OFFLINE_REFUSAL());
    let r;
    try {
      r = await fetch(url(path), {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf(), "X-Pokertd-Lang": lang() },
        body: JSON.stringify(body || {}),
        credentials: "same-origin",
      });
    } catch (e) {
      // the browser's own words ("Failed to fetch") mean nothing at the table
      throw new Error(t("No answer from the server: check the connection, then look at the log before trying again."));
    }
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) {
      const err = new Error((data && data.message) ||
        t("The server could not do it (%(status)s): try again in a moment.",
          { status: String(r.status) + (r.statusText ? " " + r.statusText : "") }));
      err.data = data;
      throw err;
    }
    return data;
  }

  let audioCtx = null;
  function beep(times, freq) {
    try {
      audioCtx = audioCtx || new (window.AudioContext || window.webkitAudioContext)();
      for (let i = 0; i < times; i++) {
        const o = audioCtx.createOscillator();
        const g = audioCtx.createGain();
        o.frequency.value = freq || 880;
        o.connect(g); g.connect(audioCtx.destination);
        const t = audioCtx.currentTime + i * 0.35;
        g.gain.setValueAtTime(0.0001, t);
        g.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
        o.start(t); o.stop(t + 0.32);
      }
    } catch (e) { /* no audio: the visual cue still shows */ }
  }

  /* The push protocol this script speaks (docs/web.md, "The push protocol"): the server's
     first event on every stream is `hello` with its version (pokertd.web.hub.PUSH_VERSION).
     A page left open while the server was upgraded reconnects to a server that may speak
     another version: it reloads, and so gets the scripts that speak it. */
  const PUSH_PROTOCOL = "pokertd-push";
  const PUSH_VERSION = 1;
  const RELOADED_FOR = "pokertd-push-reloaded-for";

  /* Whether this page speaks the protocol of a stream's hello; if not, reload the page, at
     most once per server version and tab (a browser that keeps serving the old script from
     its cache must not reload forever: the page then stays disconnected). */
  function speaks(hello) {
    if (hello && hello.protocol === PUSH_PROTOCOL && hello.version === PUSH_VERSION) return true;
    const seen = hello ? String(hello.protocol) + "/" + String(hello.version) : "?";
    let again = false;
    try {
      again = sessionStorage.getItem(RELOADED_FOR) === seen;
      sessionStorage.setItem(RELOADED_FOR, seen);
    } catch (e) { /* no storage: reload anyway */ }
    if (!again) location.reload();
    return false;
  }

  /* RFC 7386 MergePatch(target, patch) without changing target: changed objects are copied,
     unchanged ones shared (the server's twin is pokertd.web.hub.merge_apply). Our extension:
     {"@array": ops} on an array applies, in order, [i, d, items] (splice) and [i, patch]
     (merge into element i), so a bust sends one row of a long list, not the list. */
  function mergePatch(target, patch) {
    if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
    if (Array.isArray(target) && Object.prototype.hasOwnProperty.call(patch, "@array")) {
      const arr = target.slice();
      for (const op of patch["@array"]) {
        if (op.length === 3) arr.splice(op[0], op[1], ...op[2]);
        else arr[op[0]] = mergePatch(arr[op[0]], op[1]);
      }
      return arr;
    }
    const out = target !== null && typeof target === "object" && !Array.isArray(target)
      ? Object.assign({}, target) : {};
    for (const k of Object.keys(patch)) {
      if (patch[k] === null) delete out[k];
      else out[k] = mergePatch(out[k], patch[k]);
    }
    return out;
  }

  function readInitial() {
    const el = document.getElementById("initial-view");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }

  /* Mixed games (issue 28): a level that names its game (the engine's short code in
     "game"), or a rotation by orbit's level ("games", "rotation": its name), reads its game
     and limits. A fixed-limit game's big_blind is the small bet, the big bet twice it; a stud
     level's ante and bring-in belong to its reading. A single-game level reads as before. */
  const FIXED_LIMIT = ["flhe", "o8", "stud", "stud8", "razz", "27td"];
  const STUD = ["stud", "stud8", "razz"];
  function gameName(code) {
    const names = {
      nlhe: t("No-limit hold'em"), flhe: t("Limit hold'em"), plo: t("Pot-limit Omaha"),
      o8: t("Omaha hi-lo"), plo8: t("Pot-limit Omaha hi-lo"), stud: t("Seven card stud"),
      stud8: t("Stud hi-lo"), razz: t("Razz"), "27td": t("2-7 triple draw"),
      nl27sd: t("No-limit 2-7 single draw"),
    };
    return names[code] || code || "";
  }
  const named = (l) => !!l && (!!l.game || !!l.games);
  const fixedLimit = (l) => !!l && (FIXED_LIMIT.indexOf(l.game) >= 0 || !!l.games);
  const ownsAnte = (l) => !!l && (STUD.indexOf(l.game) >= 0 || !!l.games);
  /* A part of a game's reading never breaks inside ("bring-in 100"): lines break between
     the parts, at " · ". */
  const keep = (text) => text.replace(/ /g, "\u00a0");
  /** The level's limits: "400 / 800" (fixed limit: small bet / big bet), else the blinds. */
  function limits(l) {
    if (!l) return "–";
    if (fixedLimit(l)) return keep(chips(l.big_blind) + " / " + chips(2 * l.big_blind));
    return keep(chips(l.small_blind) + " / " + chips(l.big_blind));
  }
  /** What goes with a game's limits: a board or draw game's blinds, a stud level's ante and
   *  bring-in ("ante 100 · bring-in 100"); "" for a single-game level. */
  function gameNote(l) {
    if (!named(l)) return "";
    const parts = [];
    if (fixedLimit(l) && STUD.indexOf(l.game) < 0) parts.push(t("blinds %(blinds)s", { blinds: chips(l.small_blind) + " / " + chips(l.big_blind) }));
    if (ownsAnte(l) && l.ante) parts.push(t("ante %(ante)s", { ante: chips(l.ante) }));
    if (l.bring_in) parts.push(t("bring-in %(bring_in)s", { bring_in: chips(l.bring_in) }));
    return parts.map(keep).join(" · ");
  }
  /** The game's title: "Razz"; by orbit "H·O·R·S·E, a game each orbit"; "" for one game. */
  function gameTitle(l) {
    if (!l) return "";
    if (l.game) return gameName(l.game);
    if (l.games) return t("%(games)s, a game each orbit", { games: l.rotation || l.games.join("/") });
    return "";
  }

  const helpers = {
    gameName(code) { return gameName(code); },
    gameTitle(l) { return gameTitle(l); },
    gameNote(l) { return gameNote(l); },
    limits(l) { return limits(l); },
    /** Whether the level names its game (a mixed or stud event). */
    named(l) { return named(l); },
    /** Whether the level's game is fixed-limit (its big_blind the small bet). */
    fixedLimit(l) { return fixedLimit(l); },
    /** Whether the level deals a stud game (no blinds: its bring-in opens). */
    stud(l) { return !!l && STUD.indexOf(l.game) >= 0; },
    /** The ante a face writes after blinds(l): none when the level's reading has it (stud). */
    sideAnte(l) { return l && !ownsAnte(l) ? l.ante : 0; },
    /** The page's language: t(msgid, params), tn(singular, plural, n, params) (above). */
    t(msgid, params) { return t(msgid, params); },
    tn(singular, plural, n, params) { return tn(singular, plural, n, params); },
    said(x, fallback) { return said(x, fallback); },
    /** x, or d when x is null or undefined (JavaScript's x ?? d, which Alpine's CSP build
     *  does not read in a page's expressions). */
    or(x, d) { return x == null ? d : x; },
    /** A path of the app (the root path first) for a page's links. */
    url(path) { return url(path); },
    enc(text) { return encodeURIComponent(text); },
    printPage() { window.print(); },
    fmt(n) { return chips(n); },
    money(c) { return c == null ? "–" : window.pokertdMoney.format(c); },
    mmss(s) {
      if (s == null || isNaN(s)) return "–:––";
      s = Math.max(0, Math.floor(s));
      const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), x = s % 60;
      const mm = h ? String(m).padStart(2, "0") : String(m);
      return (h ? h + ":" : "") + mm + ":" + String(x).padStart(2, "0");
    },
    /** 1st, 2nd… in English; each English form is a msgid ("1.º" in Spanish, "1." in German). */
    ordinal(n) {
      const forms = [t("%(n)sth"), t("%(n)sst"), t("%(n)snd"), t("%(n)srd")], v = n % 100;
      return fill(forms[(v - 20) % 10] || forms[v] || forms[0], { n: n });
    },
    /** A results row's name; a player who re-entered finishes once per entry, so each of
     *  their rows says which entry it was ("Dan Dale (entry 1)": earlier entries bust
     *  first, so they hold the larger places). */
    resultName(r, rows) {
      const same = (rows || []).filter((x) => x.place && x.name === r.name);
      if (same.length < 2) return r.name;
      const order = same.slice().sort((a, b) => b.place - a.place);
      return t("%(name)s (entry %(entry)s)", { name: r.name, entry: order.findIndex((x) => x.entry_id === r.entry_id) + 1 });
    },
    blinds(l) {
      if (!l) return "–";
      if (!named(l)) return chips(l.small_blind) + " / " + chips(l.big_blind);
      const head = t("%(game)s %(limits)s", { game: l.game ? gameName(l.game) : l.rotation || "", limits: limits(l) });
      const note = gameNote(l);
      return note ? head + " · " + note : head;
    },
    anteText(l) {
      if (!l || !l.ante) return "";
      const kind = l.ante_type === "big_blind" || l.ante_type === "big_blind_ante" ? " " + t("(BB ante)") : "";
      return chips(l.ante) + kind;
    },
  };

  function display(tid, audience, cues) {
    return Object.assign({}, helpers, {
      tid, audience, cues,
      v: {}, clock: {}, s: {}, left: null, breakIn: null, regIn: null,
      connected: true, outdated: false, flashing: false, query: "", receivedAt: 0, lastKey: null, warned: false,
      start() {
        this.apply(readInitial());
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      /* The stream sends the whole view first ("snapshot"), then what changed ("patch":
         {base, seq, patch}, an RFC 7386 merge patch). The model lives here, outside Alpine's
         reactive data; a patch whose base is not the model's seq means something was missed:
         reconnect, and the server starts again with a snapshot. */
      connect() {
        if (this.es) this.es.close();
        // streamQuery(): what a page adds to its stream's address (the floor console: its
        // page of the map and its search, "&tables=1-24&q=ann"); nothing by default
        const more = this.streamQuery ? this.streamQuery() : "";
        const es = new EventSource(url(`/api/tournaments/${this.tid}/stream?audience=${this.audience}${more}`));
        let model = null;
        es.addEventListener("hello", (ev) => {
          let hello = null;
          try { hello = JSON.parse(ev.data); } catch (e) { hello = null; }
          if (speaks(hello)) return;
          es.close();  // another version's messages are not read: the page reloads
          this.connected = false;
          this.outdated = true;
        });
        es.addEventListener("snapshot", (ev) => {
          model = JSON.parse(ev.data);
          this.connected = true;
          this.apply(model);
        });
        es.addEventListener("patch", (ev) => {
          const p = JSON.parse(ev.data);
          if (!model || p.base !== model.seq) { this.connect(); return; }
          model = mergePatch(model, p.patch);
          this.connected = true;
          this.apply(model);
        });
        es.onerror = () => { this.connected = false; };
        es.onopen = () => { this.connected = true; };
        this.es = es;
        if (window.pokertdOffline) window.pokertdOffline.watch(this, es);  // issue 27
      },
      apply(view) {
        this.v = view || {};
        this.clock = this.v.clock || {};
        this.s = this.v.status || {};
        this.receivedAt = performance.now();
        window.pokertdLastSeq = this.v.seq;
        this.tick();
      },
      elapsed() {
        // the clock runs on through the levels and breaks ahead without a push (issue 27)
        if (window.pokertdOffline) return window.pokertdOffline.elapsed(this);
        return this.clock.running ? (performance.now() - this.receivedAt) / 1000 : 0;
      },
      tick() {
        const e = this.elapsed();
        const c = this.clock;
        this.left = c.seconds_left == null ? null : c.seconds_left - e;
        this.breakIn = c.next_break_in == null ? null : c.next_break_in - e;
        this.regIn = c.registration_closes_in == null ? null : c.registration_closes_in - e;
        if (this.ended()) { this.lastKey = "end"; return; }  // the night is over: no more cues
        const key = (c.level && c.level.level) + (c.on_break ? "b" : "") + (c.started ? "s" : "");
        if (this.lastKey !== null && this.lastKey !== "end" && key !== this.lastKey) this.cue(c.on_break ? 2 : 3, 660);
        this.lastKey = key;
        if (c.running && this.left != null) {
          if (this.left <= 60 && this.left > 55 && !this.warned) { this.warned = true; this.cue(1, 990); }
          if (this.left > 61) this.warned = false;
        }
      },
      cue(times, freq) {
        if (!this.cues) return;
        beep(times, freq);
        this.flashing = true;
        setTimeout(() => { this.flashing = false; }, 3000);
      },
      /** The night is over (a winner, or ended by chip count): screens show the end, not a clock. */
      ended() { return !!(this.s && (this.s.finished || this.s.winner)); },
      stateText() {
        const c = this.clock;
        if (!c || c.started === undefined || this.ended()) return "";  // over: no clock state
        if (!c.started) return t("Not started");
        if (!c.running) return t("PAUSED");
        if (c.on_break) return t("On break");
        return "";
      },
      avgBB() {
        const avg = this.s.average_stack, bb = this.clock.level && this.clock.level.big_blind;
        const depth = this.v.average || {};
        if (depth.average_bb != null) return Math.round(depth.average_bb);
        if (!avg || !bb) return null;
        return Math.round(avg / bb);
      },
      /** The average stack's depth as the view model words it ("42 BB"; "21 big bets" at a
          fixed-limit level, screens.average_depth), in this page's language. */
      avgText() {
        const depth = this.v.average || {};
        if (depth.average_said) return said(depth.average_said, "");
        return t("%(n)s BB", { n: chips(this.avgBB()) });
      },
      players() { return this.v.players || this.v.players_public || []; },
      hits: [], lastQuery: "", lastSeq: null,
      found() {
        const q = this.query.trim();
        if (q.length < 2) return [];
        if (this.audience !== "public") {
          return this.players().filter((p) => (p.name || "").toLowerCase().includes(q.toLowerCase())).slice(0, 8);
        }
        if (q !== this.lastQuery || this.v.seq !== this.lastSeq) {
          this.lastQuery = q; this.lastSeq = this.v.seq;
          fetch(url(`/api/tournaments/${this.tid}/players?q=${encodeURIComponent(q)}`))
            .then((r) => r.json()).then((rows) => { if (this.lastQuery === q) this.hits = rows.slice(0, 8); })
            .catch(() => {});
        }
        return this.hits;
      },
    });
  }

  function withCommands(base) {
    return Object.assign(base, {
      commands: [], message: "", isError: false, details: [],
      async loadCommands() {
        try { this.commands = await (await fetch(url("/api/commands"))).json(); } catch (e) { this.commands = []; }
      },
      has(name) { return this.commands.some((c) => c.name === name); },
      /** Show a message: one line per line of text; the details (each move, the rule IDs)
       *  wait behind a tap. It goes away by itself, unless the details are open. */
      say(text, isError, details) {
        this.message = text; this.isError = !!isError; this.details = details || [];
        this.holdToast(false);
      },
      holdToast(open) {
        clearTimeout(this._t);
        if (open) return;  // reading the details: stays until tapped
        const lines = (this.message || "").split("\n").length;
        this._t = setTimeout(() => { this.message = ""; this.details = []; },
          this.isError ? 8000 : 3000 + 1500 * (lines - 1) + (this.details.length ? 3000 : 0));
      },
      toastLines() { return (this.message || "").split("\n").filter(Boolean); },
      async run(name, body) {
        try {
          const out = await post(`/api/tournaments/${this.tid}/commands/${name}`, body);
          // The server's summary (the same words as the CLI): one line per table, the moves
          // and their rules in the details.
          const sum = out.summary || {};
          let lines = sum.lines || (out.events || []).map((e) => e.text);
          let details = sum.details || [];
          if (sum.said && sum.said.length === lines.length) lines = sum.said.map((s) => withoutCodes(said(s, "")));
          if (sum.details_said && sum.details_said.length === details.length) details = sum.details_said.map((s) => said(s, ""));
          this.say(lines.join("\n") || t("Done"), false, details);
          return out;
        } catch (e) {
          this.say(e.message, true);
          return null;
        }
      },
    });
  }

  // The floor console lives in static/floor.js (it extends display + withCommands).

  // The player and dealer views live in static/player.js and static/dealer.js.

  /* Alpine's CSP build (static/vendor/alpine-csp.min.js) runs no JavaScript written in the
     page: an x-data names a component registered here, and the x-… attributes hold only the
     expressions its small parser reads (names, calls, operators, literals; no arrow
     functions, no ?. or ??, no globals such as window or Math: docs/web.md). Each page's
     script registers its components with component(); app.js loads first and Alpine is
     deferred, so every one is registered on "alpine:init", before Alpine starts. */
  const components = {
    /** A print page's "Print" button (x-data="pokertdPrint"). */
    pokertdPrint: () => ({ printPage: helpers.printPage }),
  };
  function component(name, factory) { components[name] = factory; }
  document.addEventListener("alpine:init", () => {
    for (const [name, factory] of Object.entries(components)) window.Alpine.data(name, factory);
  });

  window.pokertd = {
    display, withCommands, readInitial, post, url, csrf, beep, mergePatch, component, t, tn, said, lang,
    speaks, PUSH_PROTOCOL, PUSH_VERSION,
  };
})();
