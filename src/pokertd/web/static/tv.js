/* pokertd TV clock (issue 12): the pre-start screen, the running clock, the end screen.
   Built on pokertd.display (static/app.js: SSE, countdown, formatting). Adds what a room
   needs: paged payouts that always fit, chips in play, the floor's announcement, tones and
   spoken levels after one tap ("Enable sound": browsers block sound until someone touches
   the page), and the director's layout and sound settings (SetDisplay). */
(function () {
  "use strict";
  const PAGE_SECONDS = 8;
  const CUE_SECONDS = 12;  // the spoken words stay up long enough to read twice
  const CHIP_COLOURS = {
    white: "#f4f4f4", black: "#1b1b1b", purple: "#7d3cc8", yellow: "#f2c500", red: "#d22b2b",
    green: "#1f9d55", blue: "#2563eb", orange: "#f08a24", pink: "#ef6fa8", grey: "#8a8a8a",
    gray: "#8a8a8a", brown: "#8b5a2b", lavender: "#b9a2e8", burgundy: "#7b1e32",
  };

  function pager() { return { rows: 10, per: 10, page: 0, pages: 1 }; }

  /** Rows of height `rowPx` that fit in `el`, times its number of columns (CSS --pay-cols). */
  function fit(el, p, count) {
    if (!el) return;
    if (!el.clientHeight) {
      // Hidden (the end screen before it shows): nothing to measure. Show one page rather
      // than a page of one row that the pager would then turn through (the final results
      // started at 2nd); the next refit, once it shows, measures for real.
      p.per = Math.max(1, count); p.rows = p.per; p.pages = 1; p.page = 0;
      return;
    }
    const styles = getComputedStyle(el);
    const cols = Math.max(1, parseInt(styles.getPropertyValue("--pay-cols"), 10) || 1);
    const raw = styles.getPropertyValue("--row-px").trim();  // custom properties stay unresolved
    const n = parseFloat(raw) || 4.6;
    const rowPx = Math.max(1, raw.endsWith("vh") || !raw ? (window.innerHeight * n) / 100 : n);
    const rows = Math.max(1, Math.floor((el.clientHeight + 1) / rowPx));
    p.per = rows * cols;
    // A list that needs more than one column but fits on one page is shared evenly between
    // the columns (14 results: 7 and 7, not 13 and a lone 14th).
    p.rows = count > rows && count <= p.per ? Math.ceil(count / cols) : rows;
    p.pages = Math.max(1, Math.ceil(count / p.per));
    if (p.page >= p.pages) p.page = 0;
  }

  window.pokertdTv = function (tid, layoutParam) {
    const base = window.pokertd.display(tid, "public", false);
    const parentApply = base.apply;
    return Object.assign(base, {
      layoutParam: layoutParam || "",
      pager: pager(), rpager: pager(),
      needsSound: false, audio: null, lastSpoken: null, warnedKey: null,
      cue: "", cueTimer: null,  // the words of the last tone/speech, on screen (WCAG 1.2)
      start() {
        this.apply(JSON.parse(document.getElementById("initial-view").textContent || "{}"));
        this.connect();
        this.unlockCheck();
        setInterval(() => this.tick(), 250);
        setInterval(() => this.turnPages(), PAGE_SECONDS * 1000);
        window.addEventListener("resize", () => this.refit());
        setTimeout(() => this.refit(), 50);
      },
      apply(view) {
        parentApply.call(this, view);
        this.$nextTick && this.$nextTick(() => this.refit());
        this.unlockCheck();
      },
      layout() {
        const set = (this.v.screens || {}).layout;
        return this.layoutParam || set || "clock";
      },
      screenClass() {
        const c = this.clock;
        return {
          ["layout-" + this.layout()]: true,
          flash: this.flashing,
          "on-break": !!c.on_break,
          paused: c.started && !c.running,
          prestart: !this.started(),
          ended: this.ended(),
        };
      },
      started() { return !!(this.clock && this.clock.started); },
      ended() { return !!(this.s && (this.s.finished || this.s.winner)) && !this.v.cancelled; },
      announcement() { return (this.v.screens || {}).announcement || ""; },
      // ---- mystery bounties (issue 26): the latest envelope drawn, the pool left ------
      mysteryLine() { const m = this.v.mystery; return m ? this.said(m.last_said, m.last) : ""; },
      mysteryLeft() {
        const m = this.v.mystery;
        if (!m) return "";
        const kinds = (m.left || []).map((k) => k.count + " × " + this.money(k.value)).join(", ");
        return m.left_count
          ? this.tn("%(n)s envelope left: %(kinds)s", "%(n)s envelopes left: %(kinds)s", m.left_count, { kinds: kinds })
          : this.t("no envelopes left");
      },
      mysteryWon() {
        return "\u00a0" + this.t("won a %(amount)s mystery bounty from", { amount: this.money((this.v.mystery || {}).last_value) }) + "\u00a0";
      },
      // ---- words with numbers (issue 27: whole sentences in the catalogue) ------------
      hfhWaiting() { return this.t("waiting for tables %(tables)s", { tables: (this.clock.hfh_waiting || []).join(", ") }); },
      minutes(n) { return this.t("%(n)s min", { n: n }); },
      anteLine(text) { return this.t("ante %(ante)s", { ante: text }); },
      // ---- a mixed event (issue 28): the game above its limits, stud's ante and bring-in
      shownLevel() { return this.clock.on_break ? this.clock.next_level : this.clock.level; },
      /** The game over the limits: its name, or by orbit the rotation's ("H·O·R·S·E"). */
      gameHead(l) { return !l ? "" : l.game ? this.gameName(l.game) : l.rotation || ""; },
      blindsLabel() {
        const l = this.shownLevel();
        if (l && l.games && !this.clock.on_break) return this.t("LIMITS · A GAME EACH ORBIT");
        if (this.fixedLimit(l)) return this.clock.on_break ? this.t("LIMITS AFTER THE BREAK") : this.t("LIMITS");
        return this.clock.on_break ? this.t("BLINDS AFTER THE BREAK") : this.t("BLINDS");
      },
      bigLine(l) { return this.named(l) ? this.limits(l) : this.blinds(l); },
      /** The line under the big numbers: a game's blinds or ante and bring-in, else the ante. */
      anteShown() {
        const l = this.shownLevel();
        if (this.named(l)) return this.gameNote(l);
        return !this.clock.on_break && l && l.ante ? this.anteLine(this.anteText(l)) : "";
      },
      firstLabel() {
        const l = this.firstLevel();
        return this.named(l) ? this.t("LEVEL 1 LIMITS") : this.t("LEVEL 1 BLINDS");
      },
      firstNote() {
        const l = this.firstLevel();
        if (this.named(l)) return this.gameNote(l);
        return l && l.ante ? this.anteLine(this.fmt(l.ante)) : "";
      },
      bbText() { return this.avgText(); },
      nextLine() {
        const l = this.clock.next_level || {};
        if (this.named(l)) {  // a mixed event: the game (when it changes), then its limits (issue 28)
          const note = this.gameNote(l), head = this.gameHead(l);
          const same = head === this.gameHead(this.clock.level);
          return (same ? "" : head + "\n") + this.limits(l) + (note ? " · " + note : "");
        }
        const blinds = this.blinds(this.clock.next_level);
        return this.sideAnte(l) ? this.t("%(blinds)s · ante %(ante)s", { blinds: blinds, ante: this.fmt(l.ante) }) : blinds;
      },
      moreOnPhone() { return this.t("+%(n)s more on your phone", { n: (this.v.results || {}).more || 0 }); },
      // ---- the pre-start screen -----------------------------------------------------
      firstLevel() {
        const st = this.v.structure;
        return (st && st.levels && st.levels[0]) || (this.clock && this.clock.level) || null;
      },
      levelLength() {
        const st = this.v.structure;
        if (!st) return "–";
        const m = st.level_minutes || [];
        return this.tn("%(n)s level of %(minutes)s min", "%(n)s levels of %(minutes)s min", st.level_count,
          { minutes: m.length === 1 ? m[0] : m.join("/") });
      },
      /** The structure names its games (a mixed or stud event): the table adds Game and Bring-in. */
      mixedStructure() { return ((this.v.structure || {}).levels || []).some((l) => this.named(l)); },
      structureRows() { return window.innerHeight < 800 ? 4 : 6; },
      structureNote() {
        const st = this.v.structure;
        if (!st) return "";
        const parts = [st.title];
        const b = (st.breaks || [])[0];
        if (b) parts.push(this.t("first break after level %(level)s (%(minutes)s min)", { level: b.after_level, minutes: b.minutes }));
        const m = (this.s.registration_note || "").match(/level (\d+)/);
        if (this.s.registration_open) parts.push(m ? this.t("late registration to the end of level %(level)s", { level: m[1] }) : this.t("registration open"));
        else parts.push(this.t("registration closed"));
        return parts.join(" · ");
      },
      // ---- registration: the API's own words -----------------------------------------
      regText() { return this.s.registration_open ? this.t("OPEN") : this.t("CLOSED"); },
      regNote() {
        if (this.s.registration_open && this.regIn != null && this.clock.started) return this.t("closes in %(time)s", { time: this.mmss(this.regIn) });
        const note = this.s.registration_note || "";
        const m = note.match(/level (\d+)/);
        if (this.s.registration_open && m) return this.t("late reg to level %(level)s", { level: m[1] });
        const r = this.v.registration || {};
        if (r.msgid) return this.t(r.msgid, r.params);  // the server's sentence, in this page's language
        return note.replace(/\(.*\)/, "").trim();
      },
      // ---- payouts and results, paged ------------------------------------------------
      paidText() {
        const n = (this.v.payouts || []).length;
        return n ? this.tn("%(n)s place paid", "%(n)s places paid", n) : this.t("Payouts");
      },
      pagePayouts() {
        const all = this.v.payouts || [], p = this.pager;
        return all.slice(p.page * p.per, p.page * p.per + p.per);
      },
      results() { return ((this.v.results || {}).rows || []).filter((r) => r.place); },
      pageResults() {
        const all = this.results().slice().sort((a, b) => a.place - b.place), p = this.rpager;
        return all.slice(p.page * p.per, p.page * p.per + p.per);
      },
      winnerName() { const r = this.results().find((x) => x.place === 1); return r ? r.name : ""; },
      // ---- a cancelled event (issue 26, SPOT-6.22): the reason and the total refunded --
      gone() { return this.v.cancelled || null; },
      goneReason() { const g = this.gone(); return g ? this.t("Cancelled: %(reason)s", { reason: g.reason }) : ""; },
      goneRefunds() {
        const g = this.gone();
        if (!g) return "";
        const kinds = (g.by_kind || []).map((k) => this.said(k.label_said, k.label) + " " + this.money(k.cents)).join(" · ");
        return kinds ? this.t("Everything paid is refunded at the cashier: %(kinds)s", { kinds: kinds })
          : this.t("Everything paid is refunded at the cashier.");
      },
      goneRules() { const g = this.gone(); return g ? (g.rule_ids || []).join(", ") : ""; },
      winnerPrize() { const r = this.results().find((x) => x.place === 1); return r && r.prize_cents ? this.money(r.prize_cents) : ""; },
      refit() {
        fit(this.$refs && this.$refs.payList, this.pager, (this.v.payouts || []).length);
        fit(this.$refs && this.$refs.resList, this.rpager, this.results().length);
      },
      turnPages() {
        this.refit();
        for (const p of [this.pager, this.rpager]) p.page = p.pages > 1 ? (p.page + 1) % p.pages : 0;
      },
      // ---- chips ---------------------------------------------------------------------
      chipColour(name) { return CHIP_COLOURS[(name || "").toLowerCase()] || (name || "#ccc"); },
      leaving(value) {
        const c = this.clock || {};
        const now = c.color_up || [];
        const next = (c.next_break && c.next_break.remove) || [];
        return now.includes(value) || next.includes(value);
      },
      colourUpText() {
        const c = this.clock || {};
        if ((c.color_up || []).length) return this.t("Colour up now: %(chips)s chips", { chips: c.color_up.map((x) => this.fmt(x)).join(", ") });
        const next = (c.next_break && c.next_break.remove) || [];
        if (next.length && !c.on_break) return this.t("Colour-up at the next break: %(chips)s", { chips: next.map((x) => this.fmt(x)).join(", ") });
        return "";
      },
      // ---- sound: tones and speech, after one tap ------------------------------------
      soundWanted() {
        const sc = this.v.screens || {};
        return sc.sound !== false || sc.speech !== false;
      },
      unlockCheck() {
        if (!this.soundWanted() || this.ended() || this.v.cancelled) { this.needsSound = false; return; }
        try {
          this.audio = this.audio || new (window.AudioContext || window.webkitAudioContext)();
          this.needsSound = this.audio.state !== "running";
        } catch (e) { this.needsSound = false; }
      },
      enableSound() {
        try { if (this.audio) this.audio.resume(); } catch (e) { /* no audio */ }
        try {
          if (window.speechSynthesis) window.speechSynthesis.speak(new SpeechSynthesisUtterance(""));
        } catch (e) { /* no speech */ }
        this.needsSound = false;
      },
      tone(times, freq) {
        const sc = this.v.screens || {};
        if (sc.sound === false || !this.audio) return;
        const ctx = this.audio;
        for (let i = 0; i < times; i++) {
          const o = ctx.createOscillator(), g = ctx.createGain();
          o.frequency.value = freq || 880;
          o.connect(g); g.connect(ctx.destination);
          const t = ctx.currentTime + i * 0.35;
          g.gain.setValueAtTime(0.0001, t);
          g.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
          g.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
          o.start(t); o.stop(t + 0.32);
        }
      },
      say(text) {
        this.showCue(text);
        const sc = this.v.screens || {};
        if (sc.speech === false || !window.speechSynthesis || !text) return;
        try {
          window.speechSynthesis.cancel();
          const u = new SpeechSynthesisUtterance(text);
          u.rate = 0.95;
          if (window.pokertd.lang() !== "xx") u.lang = window.pokertd.lang();  // the voice of the page's language
          window.speechSynthesis.speak(u);
        } catch (e) { /* no speech */ }
      },
      /** What the room hears, the room also reads: every tone comes with words (a level,
       *  a break, one minute left), shown for CUE_SECONDS whether or not sound is on. */
      showCue(text) {
        if (!text) return;
        this.cue = text;
        clearTimeout(this.cueTimer);
        this.cueTimer = setTimeout(() => { this.cue = ""; }, CUE_SECONDS * 1000);
      },
      spoken() {
        const c = this.clock || {};
        if (c.on_break) {
          const up = (c.color_up || []).map((x) => this.fmt(x)).join(", ");
          const words = this.tn("Break, %(n)s minute.", "Break, %(n)s minutes.", c.break_minutes);
          return up ? words + " " + this.t("Colour up the %(chips)s chips.", { chips: up }) : words;
        }
        const l = c.level || {};
        if (this.named(l)) {  // a mixed event (issue 28): the game, its limits, stud's ante and bring-in
          let said = this.t("Level %(level)s. %(game)s, %(small)s, %(big)s.", { level: l.level, game: l.game ? this.gameName(l.game) : l.rotation || "",
            small: this.fmt(this.fixedLimit(l) ? l.big_blind : l.small_blind), big: this.fmt(this.fixedLimit(l) ? 2 * l.big_blind : l.big_blind) });
          if (l.ante) said += " " + this.t("Ante %(ante)s.", { ante: this.fmt(l.ante) });
          if (l.bring_in) said += " " + this.t("Bring-in %(bring_in)s.", { bring_in: this.fmt(l.bring_in) });
          return said;
        }
        let text = this.t("Level %(level)s. Blinds %(small)s, %(big)s.", { level: l.level, small: this.fmt(l.small_blind), big: this.fmt(l.big_blind) });
        if (l.ante) text += " " + this.t("Ante %(ante)s.", { ante: this.fmt(l.ante) });
        return text;
      },
      tick() {
        const e = this.elapsed(), c = this.clock;
        this.left = c.seconds_left == null ? null : c.seconds_left - e;
        this.breakIn = c.next_break_in == null ? null : c.next_break_in - e;
        this.regIn = c.registration_closes_in == null ? null : c.registration_closes_in - e;
        if (this.ended()) { this.lastKey = "end"; return; }  // the winner is known: no more cues
        const key = (c.level && c.level.level) + (c.on_break ? "b" : "") + (c.started ? "s" : "");
        if (this.lastKey !== null && this.lastKey !== "end" && key !== this.lastKey && c.started) {
          this.tone(c.on_break ? 2 : 3, 660);
          this.say(this.spoken());
          this.flashing = true;
          setTimeout(() => { this.flashing = false; }, 3000);
        }
        this.lastKey = key;
        if (c.running && this.left != null && this.left <= 60 && this.left > 55 && this.warnedKey !== key) {
          this.warnedKey = key;
          this.tone(1, 990);
          this.say(c.on_break ? this.t("One minute left in the break.") : this.t("One minute left in this level."));
        }
      },
    });
  };
})();

/* The lobby board: four events a page, pages turning every 10 s, clocks counting locally. */
(function () {
  "use strict";
  const PER_PAGE = 4;
  window.pokertdLobby = function () {
    const h = window.pokertd.display("", "public", false);
    return {
      fmt: h.fmt, money: h.money, mmss: h.mmss, blinds: h.blinds, or: h.or, t: h.t, tn: h.tn,
      boards: [], page: 0, receivedAt: 0, now: 0,
      start() {
        this.load(JSON.parse(document.getElementById("initial-view").textContent || "[]"));
        setInterval(() => { this.now = performance.now(); }, 250);
        setInterval(() => { this.page = (this.page + 1) % this.pages(); }, 10000);
        setInterval(() => this.refresh(), 15000);
      },
      signupUrl(b) { return window.pokertd.url("/t/" + b.tournament + "/signup"); },
      load(boards, fresh) {
        this.boards = boards || [];
        // figures kept by the service worker count on from when they were made (issue 27)
        const off = window.pokertdOffline, first = this.boards[0];
        const age = off && first ? off.ageOf(first.server_time, !!fresh) : 0;
        this.now = performance.now(); this.receivedAt = this.now - age * 1000;
        if (this.page >= this.pages()) this.page = 0;
      },
      async refresh() {
        const off = window.pokertdOffline;
        try {
          const r = await fetch(window.pokertd.url("/lobby.json"));
          const fresh = !r.headers.get("X-Pokertd-Offline");  // not the worker's kept copy
          this.load(await r.json(), fresh);
          if (off) off.lobbyFresh(fresh);
        } catch (e) { if (off) off.lobbyFresh(false); /* keep the last figures */ }
      },
      pages() { return Math.max(1, Math.ceil(this.boards.length / PER_PAGE)); },
      pageOf() { return this.t("page %(page)s of %(pages)s", { page: this.page + 1, pages: this.pages() }); },
      cancelledText(b) { return this.t("Cancelled: %(reason)s", { reason: (b.cancelled || {}).reason || "" }); },
      playersText(b) { return this.t("Players %(alive)s / %(entries)s", { alive: this.or((b.status || {}).alive, "–"), entries: this.or((b.status || {}).entries, "–") }); },
      poolText(b) { return this.t("Prize pool %(amount)s", { amount: this.money((b.status || {}).prize_pool_cents) }); },
      regText(b) { return (b.status || {}).registration_open ? this.t("Registration open") : this.t("Registration closed"); },
      paidText(b) { return this.tn("%(n)s place paid", "%(n)s places paid", b.payouts); },
      signupText(b) { return this.t("Sign up: %(url)s", { url: this.signupUrl(b) }); },
      shown() { return this.boards.slice(this.page * PER_PAGE, this.page * PER_PAGE + PER_PAGE); },
      timeText(b) {
        const c = b.clock;
        if (!c || !c.started) return this.t("Soon");
        const e = c.running ? (this.now - this.receivedAt) / 1000 : 0;
        return this.mmss(c.seconds_left - e);
      },
      levelText(b) {
        const c = b.clock;
        if (!c || !c.started) {
          const first = b.structure && b.structure.levels && b.structure.levels[0];
          return first ? this.t("Level %(level)s · %(blinds)s", { level: 1, blinds: this.blinds(first) }) : "";
        }
        if (c.on_break) return this.t("Break");
        const text = this.t("Level %(level)s · %(blinds)s", { level: c.level.level, blinds: this.blinds(c.level) });
        return c.running ? text : this.t("%(level)s · paused", { level: text });
      },
    };
  };
  window.pokertd.component("pokertdTv", window.pokertdTv);
  window.pokertd.component("pokertdLobby", window.pokertdLobby);
})();
