/* pokertd pages: live view models over SSE, countdowns computed on the client, cues, commands.
   The server sends the clock's seconds_left with its own time; the page counts down from the
   moment it received it, so a TV stays exact without polling. */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat("en-US");

  function csrf() {
    const m = document.cookie.match(/(?:^|; )pokertd_csrf=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  async function post(url, body) {
    const r = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) {
      const err = new Error((data && data.message) || r.statusText);
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

  function readInitial() {
    const el = document.getElementById("initial-view");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }

  const helpers = {
    fmt(n) { return n == null || n === "" ? "–" : nf.format(Math.round(Number(n))); },
    money(c) {
      if (c == null) return "–";
      return "$" + nf.format(Math.round(Number(c) / 100));
    },
    mmss(s) {
      if (s == null || isNaN(s)) return "–:––";
      s = Math.max(0, Math.floor(s));
      const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), x = s % 60;
      const mm = h ? String(m).padStart(2, "0") : String(m);
      return (h ? h + ":" : "") + mm + ":" + String(x).padStart(2, "0");
    },
    ordinal(n) {
      const s = ["th", "st", "nd", "rd"], v = n % 100;
      return n + (s[(v - 20) % 10] || s[v] || s[0]);
    },
    blinds(l) {
      if (!l) return "–";
      return nf.format(l.small_blind) + " / " + nf.format(l.big_blind);
    },
    anteText(l) {
      if (!l || !l.ante) return "";
      const kind = l.ante_type === "big_blind" || l.ante_type === "big_blind_ante" ? " (BB ante)" : "";
      return nf.format(l.ante) + kind;
    },
  };

  function display(tid, audience, cues) {
    return Object.assign({}, helpers, {
      tid, audience, cues,
      v: {}, clock: {}, s: {}, left: null, breakIn: null, regIn: null,
      connected: true, flashing: false, query: "", receivedAt: 0, lastKey: null, warned: false,
      start() {
        this.apply(readInitial());
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      connect() {
        const es = new EventSource(`/api/tournaments/${this.tid}/stream?audience=${this.audience}`);
        es.addEventListener("snapshot", (ev) => { this.connected = true; this.apply(JSON.parse(ev.data)); });
        es.onerror = () => { this.connected = false; };
        es.onopen = () => { this.connected = true; };
        this.es = es;
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
        return this.clock.running ? (performance.now() - this.receivedAt) / 1000 : 0;
      },
      tick() {
        const e = this.elapsed();
        const c = this.clock;
        this.left = c.seconds_left == null ? null : c.seconds_left - e;
        this.breakIn = c.next_break_in == null ? null : c.next_break_in - e;
        this.regIn = c.registration_closes_in == null ? null : c.registration_closes_in - e;
        const key = (c.level && c.level.level) + (c.on_break ? "b" : "") + (c.started ? "s" : "");
        if (this.lastKey !== null && key !== this.lastKey) this.cue(c.on_break ? 2 : 3, 660);
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
      stateText() {
        const c = this.clock;
        if (!c || c.started === undefined) return "";
        if (!c.started) return "Not started";
        if (!c.running) return "PAUSED";
        if (c.on_break) return "On break";
        return "";
      },
      avgBB() {
        const avg = this.s.average_stack, bb = this.clock.level && this.clock.level.big_blind;
        if (this.s.average_bb != null) return Math.round(this.s.average_bb);
        if (!avg || !bb) return null;
        return Math.round(avg / bb);
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
          fetch(`/api/tournaments/${this.tid}/players?q=${encodeURIComponent(q)}`)
            .then((r) => r.json()).then((rows) => { if (this.lastQuery === q) this.hits = rows.slice(0, 8); })
            .catch(() => {});
        }
        return this.hits;
      },
    });
  }

  function withCommands(base) {
    return Object.assign(base, {
      commands: [], message: "", isError: false,
      async loadCommands() {
        try { this.commands = await (await fetch("/api/commands")).json(); } catch (e) { this.commands = []; }
      },
      has(name) { return this.commands.some((c) => c.name === name); },
      say(text, isError) {
        this.message = text; this.isError = !!isError;
        clearTimeout(this._t);
        this._t = setTimeout(() => { this.message = ""; }, isError ? 8000 : 3000);
      },
      async run(name, body) {
        try {
          const out = await post(`/api/tournaments/${this.tid}/commands/${name}`, body);
          const ev = (out.events || []).map((e) => e.text).join("; ");
          this.say(ev || "Done", false);
          return out;
        } catch (e) {
          this.say(e.message, true);
          return null;
        }
      },
    });
  }

  function floor(tid) {
    const base = withCommands(display(tid, "staff", false));
    return Object.assign(base, {
      newName: "", receipt: "", ageOk: false, memberOk: false, generic: { name: "", values: {} },
      start() {
        this.apply(readInitial());
        this.loadCommands();
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      firstOf(...names) { return names.find((n) => this.has(n)); },
      clockButtons() {
        const c = this.clock, out = [];
        const add = (label, name, body, cls) => { if (this.has(name)) out.push({ name, label, body: body || {}, cls: cls || "" }); };
        if (!c.started) add("Start clock", "start_clock", {}, "primary");
        else if (c.running) add("Pause", "pause_clock");
        else add("Resume", "resume_clock", {}, "primary");
        add("◀ Level", "previous_level");
        add("Level ▶", "next_level");
        add("+1 min", "adjust_clock", { seconds: 60 });
        add("−1 min", "adjust_clock", { seconds: -60 });
        if (c.hand_for_hand) {
          const waiting = c.hfh_waiting || [];  // tables still playing the hand (FOX-HFH)
          add("Hand-for-hand hand done" + (waiting.length ? ` (waiting for tables: ${waiting.join(", ")})` : ""),
              "hand_for_hand_hand", {}, "primary");
          add("End hand-for-hand", "hand_for_hand", { on: false });
        } else add("Hand-for-hand", "hand_for_hand", { on: true });
        return out;
      },
      seatingButtons() {
        const out = [];
        const add = (label, name, body) => { if (this.has(name)) out.push({ name, label, body: body || {} }); };
        add("Draw seats", "draw_seats");
        add("Suggest moves", "suggest_moves");
        add("Final table redraw", "redraw");
        add("Close registration", "close_registration");
        return out;
      },
      isActive(p) { return !p.place && ["busted", "out", "eliminated", "forfeited", "disqualified", "alternate"].indexOf(p.status) < 0; },
      playerRows() {
        const q = this.query.trim().toLowerCase();
        const rows = this.players();
        return q ? rows.filter((p) => (p.name || "").toLowerCase().includes(q)) : rows.slice(0, 400);
      },
      async register() {
        const name = this.newName.trim();
        if (!name) return;
        const out = await this.run("register", { name, age_ok: this.ageOk, member_ok: this.memberOk });
        if (out) {
          this.newName = "";
          this.receipt = (out.events || []).map((e) => e.text).join("\n");
        }
      },
      async bust(p) {
        let eliminator = this.eliminatorPrompt ? prompt(`Bust ${p.name}. Eliminated by (name, optional):`, "") : "";
        if (eliminator === null) return;
        const body = { players: [p.name] };
        eliminator = (eliminator || "").trim();
        if (eliminator) body.eliminator = eliminator;
        await this.run("bust", body);
      },
      eliminatorPrompt: true,
      async undoRedo(name) {
        // Name the batch this screen shows ("Undo: Busted Bob Baker"): when another tablet
        // got there first, the server refuses it as stale instead of undoing one more.
        const next = name === "undo" ? this.v.undo_next : this.v.redo_next;
        if (!next) { this.say(name === "undo" ? "Nothing to undo." : "Nothing to redo.", true); return; }
        await this.run(name, { batch: next.batch });
      },
      async entry(kind, p) { await this.run(kind, { player: p.name }); },
      async confirmMove(m) {
        const body = { move_id: m.move_id };
        const tables = this.v.tables || [];
        if (!m.name && !m.entry_id) {
          const from = tables.find((t) => t.table === m.from_table) || {};
          const who = prompt(`Which player moves from table ${m.from_table}? (name)`, from.due_big_blind || "");
          if (!who) return;
          body.player = who;
        }
        if (m.to_seat == null) {
          const to = tables.find((t) => t.table === m.to_table) || { seats: [], seats_total: 10 };
          const taken = new Set((to.seats || []).map((s) => s.seat));
          let free = "";
          for (let s = 1; s <= (to.seats_total || 10); s++) if (!taken.has(s)) { free = String(s); break; }
          const seat = prompt(`Seat at table ${m.to_table}?`, free);
          if (!seat) return;
          body.seat = Number(seat);
        }
        await this.run("confirm_move", body);
      },
      async showPin(table) {
        try {
          const r = await (await fetch(`/api/tournaments/${this.tid}/tables/${table}/pin`)).json();
          this.say(`Table ${table} dealer PIN: ${r.pin}`, false);
        } catch (e) { this.say("Could not read the PIN", true); }
      },
      genericFields() {
        const c = this.commands.find((x) => x.name === this.generic.name);
        return c ? c.fields : [];
      },
      async runGeneric() {
        const body = {};
        for (const [k, v] of Object.entries(this.generic.values)) {
          if (v === "" || v == null) continue;
          try { body[k] = JSON.parse(v); } catch (e) { body[k] = v; }
        }
        await this.run(this.generic.name, body);
      },
    });
  }

  function dealer(tid, table) {
    const base = withCommands(display(tid, "staff", true));
    return Object.assign(base, {
      table,
      start() {
        this.apply(readInitial());
        this.loadCommands();
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      firstOf(...names) { return names.find((n) => this.has(n)); },
      myTable() { return (this.v.tables || []).find((t) => t.table === this.table) || {}; },
      async reportButton(seat) { await this.run("place_button", { table: this.table, seat }); },
      hfhWaiting() { return (this.clock.hfh_waiting || []).includes(this.table); },
      async handFinished() { await this.run("table_hand_finished", { table: String(this.table) }); },
      async bustSeat(seat) {
        if (!confirm(`Bust ${seat.name} (seat ${seat.seat})?`)) return;
        await this.run("bust", { players: [seat.name] });
      },
    });
  }

  window.pokertd = { display, floor, dealer, post, csrf, beep };
})();
