/* pokertd player view (phone): the clock, next break, registration, every payout, and
   "my seat" for the player who picked themself by name.

   The public push carries no seat list (it stays small for hundreds of phones); it carries
   `seating_rev`, a number that changes whenever anybody's table or seat changes. When it
   changes, this page asks the players API for its own player only (after a short random
   delay so that a room of phones does not ask in the same millisecond) and, when the table
   or seat differs from the one it last showed, raises the "your table moved" banner.
   The chosen player and the seat last shown are kept in localStorage per tournament; the
   personal sign-up page's link chooses its player itself (#name=..&entry=..&player=..).

   Slips (issue 26): the push also carries `slips_rev`, which changes whenever a slip (a
   move, a table break, a redraw, a clock call) or an "I'm here" is recorded. When it
   changes, the phone asks for its own player's slips and shows the current ones at the top:
   where to go, why, the venue's rule ID, and an "I'm here" tap (a public, CSRF-checked,
   rate-limited POST for the player this phone claims; the floor console sees it). */
(function () {
  "use strict";

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function save(key, value) {
    try {
      if (value == null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* private mode: the page still works while open */ }
  }

  function player(tid) {
    const base = window.pokertd.display(tid, "public", false);
    const baseApply = base.apply;
    return Object.assign(base, {
      me: null, mine: null, seen: null, moved: null, lastRev: null, meTimer: null,
      slips: [], slipRev: null, slipTimer: null, slipBusy: false, slipError: "",
      meKey: `pokertd.me.${tid}`, seenKey: `pokertd.seat.${tid}`,
      start() {
        this.me = load(this.meKey);
        this.seen = load(this.seenKey);
        this.fromLink();
        this.apply(window.pokertd.readInitial());
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      apply(view) {
        baseApply.call(this, view);
        // a new seat anywhere, or the end of the night (a timed finish moves nobody): ask
        // for this phone's player again, for the seat or the place and prize
        const rev = String(this.v.seating_rev) + (this.ended() ? ":end" : "");
        if (this.me && rev !== this.lastRev) {
          const first = this.lastRev === null;
          this.lastRev = rev;
          clearTimeout(this.meTimer);
          this.meTimer = setTimeout(() => this.refreshMe(), first ? 0 : Math.random() * 1500);
        }
        const srev = String(this.v.slips_rev);
        if (this.me && this.me.player && srev !== this.slipRev) {
          const first = this.slipRev === null;
          this.slipRev = srev;
          clearTimeout(this.slipTimer);
          this.slipTimer = setTimeout(() => this.refreshSlips(), first ? 0 : Math.random() * 1500);
        }
      },
      async refreshSlips() {
        const me = this.me;
        if (!me || !me.player) return;
        let rows = [];
        try {
          const r = await fetch(window.pokertd.url(`/api/tournaments/${this.tid}/slips?player=${encodeURIComponent(me.player)}`));
          if (!r.ok) return;
          rows = await r.json();
        } catch (e) { return; }
        if (this.me !== me) return;
        this.slips = rows;
        // a move slip newer than the seat shown: ask for the seat now (no banner: the slip says it)
        const move = rows.find((s) => s.moves && s.current);
        const p = this.mine;
        if (move && (!p || p.table !== move.table || p.seat !== move.seat)) this.refreshMe();
      },
      /** The slips to show: the current ones (not moved on from), newest first, at most 3. */
      openSlips() {
        return (this.slips || []).filter((s) => s.current).slice(0, 3);
      },
      slipClass(s) { return "slip-" + s.kind + (s.acknowledged ? " done" : ""); },
      hereLabel(s) { return s.moves ? this.t("I’m here") : this.t("Seen"); },
      /** The "table moved" banner, unless a move slip says it already (with its rule). */
      movedShown() {
        const m = this.moved;
        return !!m && !this.openSlips().some((s) => s.moves && s.table === m.to.table && s.seat === m.to.seat);
      },
      slipTitle(s) {
        const title = {
          balance: "Balancing move", break: "Table breaks", floor: "The floor moved you",
          final_table: "Final table", redraw: "Redraw", clock: "Clock called", penalty: "Penalty",
        }[s.kind] || "Slip";
        // the same words as in the catalogue (listed for the extractor just below)
        return this.t(title);
      },
      slipTitles() {
        return [this.t("Balancing move"), this.t("Table breaks"), this.t("The floor moved you"), this.t("Final table"),
          this.t("Redraw"), this.t("Clock called"), this.t("Penalty"), this.t("Slip")];
      },
      slipPlace(s) {
        if (!s.table) return "";
        return s.seat ? this.t("Table %(table)s · Seat %(seat)s", { table: s.table, seat: s.seat }) : this.t("Table %(table)s", { table: s.table });
      },
      slipFrom(s) {
        if (!s.from_table) return "";
        return s.from_seat ? this.t("From table %(table)s seat %(seat)s", { table: s.from_table, seat: s.from_seat })
          : this.t("From table %(table)s", { table: s.from_table });
      },
      slipDone(s) {
        if (!s.acknowledged) return "";
        return s.moves ? this.t("You said you are here. The floor has been told.") : this.t("Seen.");
      },
      async imHere(s) {
        if (this.slipBusy || !this.me || !this.me.player) return;
        this.slipBusy = true; this.slipError = "";
        try {
          const done = await window.pokertd.post(`/api/tournaments/${this.tid}/slips/${s.slip}/here`, { player: this.me.player });
          this.slips = this.slips.map((x) => (x.slip === done.slip ? done : x));
          if (done.moves) this.moved = null;  // the slip said it: no banner after it
        } catch (e) {
          this.slipError = e.message;
        } finally {
          this.slipBusy = false;
        }
      },
      fromLink() {
        // The personal sign-up page links here with who this is after "#" (name, entry,
        // player: never sent to the server): that phone needs no search and "This is me".
        const given = new URLSearchParams(window.location.hash.slice(1));
        const name = given.get("name");
        if (!name) return;
        const me = { name: name, entry: given.get("entry") || null, player: given.get("player") || null };
        if (!this.me || this.me.entry !== me.entry || this.me.name !== me.name) {
          this.me = me; save(this.meKey, me);
          this.seen = null; save(this.seenKey, null);  // no "moved" banner against another's seat
        }
        window.history.replaceState(null, "", window.pokertd.url(`/t/${this.tid}/player`));
      },
      pick(p) {
        this.me = { name: p.name, entry: p.entry_id || null, player: p.player_id || null };
        save(this.meKey, this.me);
        this.seen = p.table ? { table: p.table, seat: p.seat } : null;
        save(this.seenKey, this.seen);
        this.mine = p; this.moved = null; this.query = "";
        this.lastRev = this.v.seating_rev;
        this.slips = []; this.slipError = "";
        this.slipRev = String(this.v.slips_rev);
        this.refreshSlips();
      },
      forget() {
        this.me = null; this.mine = null; this.seen = null; this.moved = null;
        this.slips = []; this.slipRev = null; this.slipError = "";
        save(this.meKey, null); save(this.seenKey, null);
      },
      async refreshMe() {
        const me = this.me;
        if (!me || (me.name || "").length < 2) return;
        let rows = [];
        try {
          const r = await fetch(window.pokertd.url(`/api/tournaments/${this.tid}/players?q=${encodeURIComponent(me.name)}`));
          if (!r.ok) return;
          rows = await r.json();
        } catch (e) { return; }
        const row = rows.find((p) => me.entry && p.entry_id === me.entry)
          || rows.find((p) => p.name === me.name);
        if (!row || this.me !== me) return;
        this.mine = row;
        if (!me.player && row.player_id) {  // picked before slips: remember the player id
          me.player = row.player_id; save(this.meKey, me);
          this.slipRev = String(this.v.slips_rev); this.refreshSlips();
        }
        const now = row.table ? { table: row.table, seat: row.seat } : null;
        const was = this.seen;
        if (now && was && (now.table !== was.table || now.seat !== was.seat)) {
          this.moved = { from: was, to: now };
          try { if (navigator.vibrate) navigator.vibrate([200, 100, 200]); } catch (e) { /* none */ }
        }
        if (now) { this.seen = now; save(this.seenKey, now); }
      },
      movedText() {
        const m = this.moved;
        if (!m) return "";
        const to = { table: m.to.table, seat: m.to.seat };
        return m.to.table === m.from.table ? this.t("Your new seat: table %(table)s, seat %(seat)s", to)
          : this.t("Your table moved: table %(table)s, seat %(seat)s", to);
      },
      movedFrom() {
        const m = this.moved;
        return m ? this.t("You were at table %(table)s, seat %(seat)s. Take your chips with you.", { table: m.from.table, seat: m.from.seat }) : "";
      },
      /** This phone's player's row of the results (the push's, else the players API's). */
      myResult() {
        const me = this.me;
        if (!me) return null;
        const rows = (this.v.results && this.v.results.rows) || [];
        const row = rows.find((r) => me.entry && r.entry_id === me.entry) || rows.find((r) => r.name === me.name);
        if (row) return { place: row.place, prize_cents: row.prize_cents, note: row.note };
        const p = this.mine;
        return p && p.place ? { place: p.place, prize_cents: p.prize_cents, note: p.prize_note } : null;
      },
      isMine(r) { const me = this.me; return !!me && ((me.entry && r.entry_id === me.entry) || r.name === me.name); },
      myPrize() {
        const r = this.myResult();
        if (!r || !r.prize_cents) return "";
        const deal = (r.note || "").startsWith("deal");
        return deal ? this.t("Prize %(amount)s (deal)", { amount: this.money(r.prize_cents) }) : this.t("Prize %(amount)s", { amount: this.money(r.prize_cents) });
      },
      // ---- a cancelled event (issue 26, SPOT-6.22): the reason and this player's refund ----
      gone() { return this.v.cancelled || null; },
      goneReason() { const g = this.gone(); return g ? this.t("Cancelled: %(reason)s", { reason: g.reason }) : ""; },
      myRefund() {
        const g = this.gone();
        const me = this.me;
        if (!g || !me) return "";
        const row = (g.players || []).find((p) => p.name === me.name);
        if (!row) return "";
        return this.t("You get back %(amount)s at the cashier", { amount: this.money(row.refund_cents) });
      },
      winnerRow() { return ((this.v.results && this.v.results.rows) || []).find((r) => r.place === 1) || null; },
      winnerName() { const r = this.winnerRow(); return this.s.winner || (r ? r.name : ""); },
      winnerPrize() { const r = this.winnerRow(); return r && r.prize_cents ? this.money(r.prize_cents) : ""; },
      myPlace() {
        const p = this.mine;
        if (this.ended()) {
          const r = this.myResult();
          if (!r) return p ? this.t("Finished") : "";
          return r.place === 1 ? this.t("Winner · 1st") : this.t("Finished %(place)s", { place: this.ordinal(r.place) });
        }
        if (!p) return "";
        if (p.table) return this.t("Table %(table)s, seat %(seat)s", { table: p.table, seat: p.seat });
        if (p.place) return this.t("Finished %(place)s", { place: this.ordinal(p.place) });
        return this.t("Not seated yet");
      },
      breakText() {
        const c = this.clock;
        if (!c || !c.started) {
          if (c && c.next_break_in != null) return this.t("First break after level %(level)s", { level: (c.next_break || {}).after_level });
          return "";
        }
        if (c.on_break) return this.t("On break: play resumes in %(time)s", { time: this.mmss(this.left) });
        if (this.breakIn == null) return this.t("No more breaks scheduled");
        const nb = c.next_break || {};
        const time = this.mmss(this.breakIn);
        return nb.minutes ? this.t("Next break in %(time)s (%(minutes)s min)", { time: time, minutes: nb.minutes })
          : this.t("Next break in %(time)s", { time: time });
      },
      regState() { return (this.v.registration || {}).state || (this.s.registration_open ? "open" : "closed"); },
      regText() {
        const r = this.v.registration || {};
        if (r.msgid) return this.t(r.msgid, r.params);  // the server's sentence, in this page's language
        return r.text || (this.s.registration_open ? this.t("Registration open.") : this.t("Registration is closed."));
      },
      regCountdown() {
        if (this.regState() === "closed" || this.regIn == null || !this.clock.started) return "";
        return this.t("Closes in %(time)s", { time: this.mmss(this.regIn) });
      },
      payouts() { return this.v.payouts || []; },
      // ---- words with numbers for the page (issue 27) ---------------------------------
      levelLine() {
        return this.clock.on_break ? this.t("Break") : this.t("Level %(level)s", { level: this.or((this.clock.level || {}).level, "–") });
      },
      anteLine(l) { return this.t("· ante %(ante)s", { ante: this.fmt((l || {}).ante) }); },
      bbText() { return "(" + this.avgText() + ")"; },
      placesPaid() { return this.tn("%(n)s place paid", "%(n)s places paid", this.payouts().length); },
      seatOf(p) { return this.t("Table %(table)s, seat %(seat)s", { table: p.table, seat: p.seat }); },
      finishedOf(p) {
        const place = this.ordinal(p.place);
        return p.prize_cents ? this.t("Finished %(place)s · %(amount)s", { place: place, amount: this.money(p.prize_cents) })
          : this.t("Finished %(place)s", { place: place });
      },
      bountyOf(p) { return this.t("Bounty %(amount)s", { amount: this.money(p.bounty) }); },
      resultPrize(r) {
        if (!r.prize_cents) return "";
        const deal = r.note === "deal" || (r.note || "").startsWith("deal ");
        return deal ? this.t("%(amount)s (deal)", { amount: this.money(r.prize_cents) }) : this.money(r.prize_cents);
      },
      allResults() {
        const rows = ((this.v.results && this.v.results.rows) || []).length, more = (this.v.results || {}).more || 0;
        return this.t("All %(all)s results (%(more)s more)", { all: rows + more, more: more });
      },
    });
  }

  window.pokertd.player = player;
  window.pokertd.component("pokertdPlayer", player);
})();
