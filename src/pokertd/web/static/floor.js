/* pokertd floor console for a tablet: tabs by task (Tables | Players | Clock | Money | Log),
   the table map as home, a prompt that shows the moves the rules require after every bust.
   Built on pokertd.display / pokertd.withCommands from app.js (loaded first). */
(function () {
  "use strict";
  const P = window.pokertd;
  const OUT = ["busted", "out", "eliminated", "forfeited", "disqualified", "alternate", "registered"];
  const RANK = { public: 0, dealer: 1, floor: 2, director: 3 };

  function floor(tid) {
    const base = P.withCommands(P.display(tid, "staff", false));
    const baseApply = base.apply;
    return Object.assign(base, {
      tab: "tables", newName: "", newCard: "", receipt: "", ageOk: false, memberOk: false,
      picks: [], picked: null, pickSeq: 0, league: null,
      generic: { name: "", values: {} }, sheet: null, chipsFor: null, chipValues: {},
      chipNote: "", busy: false, moving: null, moveTarget: "", nowMs: Date.now(), wallAt: Date.now(),
      role: "floor", page: { first: 0, last: 0 }, searchQ: "", goTo: null,
      cancelOpen: false, cancelReason: "",
      apply(view) {
        // app.js's apply, plus the wall time the view arrived (minutes away count from it)
        baseApply.call(this, view);
        this.wallAt = Date.now();
        if (this.goTo !== null && (this.v.tables || []).some((t) => t.table === this.goTo)) {
          const n = this.goTo;
          this.goTo = null;
          setTimeout(() => {
            const el = document.getElementById("table-" + n);
            if (el) { el.scrollIntoView({ block: "center" }); el.classList.add("found"); setTimeout(() => el.classList.remove("found"), 2500); }
          }, 50);
        }
      },

      // ---- the page of the map and the search (issue 25: sized by the screen) ----------
      // The console's stream carries the counters, the prompts and only the tables of its
      // page (and the players seated there, and the search's hits): at 10,000 entries the
      // whole view is megabytes. Changing the page or the search opens the stream again.
      /** Tables on one page: what this screen shows without endless scrolling. */
      pageSize() { return (window.innerWidth || 1024) < 700 ? 12 : 24; },
      streamQuery() {
        const size = this.pageSize();
        const first = this.page.first || 1, last = this.page.first ? this.page.last : size;
        return `&tables=${first}-${last}` + (this.searchQ ? "&q=" + encodeURIComponent(this.searchQ) : "");
      },
      mapInfo() { return this.v.map || null; },
      /** Every table's number (the whole room), in order. */
      allTables() { return (this.v.map || {}).tables || this.tables().map((t) => t.table); },
      paged() { return this.allTables().length > this.tables().length; },
      /** The position (in allTables) of the first table of the page shown. */
      pageStart() {
        const all = this.allTables(), first = (this.v.map || {}).first || 0;
        const i = all.findIndex((n) => n >= first);
        return i < 0 ? 0 : i;
      },
      pageText() {
        const all = this.allTables(), shown = this.tables();
        if (!shown.length) return "";
        return P.t("Tables %(first)s–%(last)s of %(count)s", { first: shown[0].table, last: shown[shown.length - 1].table, count: this.fmt(all.length) });
      },
      /** The pages of the map as choices: [index, "Tables 1–24"]. */
      pages() {
        const all = this.allTables(), size = this.pageSize(), out = [];
        for (let i = 0; i < all.length; i += size) out.push({ start: i, label: P.t("Tables %(first)s–%(last)s", { first: all[i], last: all[Math.min(i + size, all.length) - 1] }) });
        return out;
      },
      isPage(p) { return p.start === Math.floor(this.pageStart() / this.pageSize()) * this.pageSize(); },
      openPage(start) {
        const all = this.allTables(), size = this.pageSize();
        if (!all.length) return;
        const i = Math.max(0, Math.min(Number(start) || 0, all.length - 1));
        this.page = { first: all[i], last: all[Math.min(i + size, all.length) - 1] };
        this.connect();
      },
      pageBy(delta) { this.openPage(this.pageStart() + delta * this.pageSize()); },
      hasPrev() { return this.pageStart() > 0; },
      hasNext() { return this.pageStart() + this.tables().length < this.allTables().length; },
      /** Show table ``n`` on the map: its page, scrolled to, marked a moment. */
      goTable(n) {
        this.show("tables");
        const all = this.allTables(), i = all.indexOf(Number(n));
        if (i < 0) { this.say(P.t("There is no table %(table)s.", { table: n }), true); return; }
        this.goTo = Number(n);
        if (this.tables().some((t) => t.table === Number(n))) { this.apply(this.v); return; }
        const size = this.pageSize();
        this.openPage(Math.floor(i / size) * size);
      },
      /** The search box changed (map or Players tab): ask the server for its hits. */
      searchChanged() {
        let q = this.query.trim();
        if (q.length < 2 && !/^[0-9]+$/.test(q)) q = "";
        if (q === this.searchQ) return;
        this.searchQ = q;
        this.connect();
      },
      searchHits() {
        const f = this.v.search || {};
        return this.searchQ && f.q === this.searchQ ? f : { players: [], tables: [] };
      },
      hitText(p) {
        return p.table ? P.t("%(name)s · table %(table)s seat %(seat)s", { name: p.name, table: p.table, seat: p.seat })
          : p.name + " · " + this.statusText(p);
      },
      pickHit(p) {
        if (p.table) this.goTable(p.table);
        else { this.show("players"); }
      },
      start() {
        const fromHash = (location.hash || "").slice(1);
        if (["tables", "players", "clock", "money", "log", "ruling"].includes(fromHash)) this.tab = fromHash;
        const el = document.querySelector(".console[data-role]");
        if (el) this.role = el.dataset.role;
        this.apply(P.readInitial());
        this.loadCommands();
        this.loadLeague();
        this.connect();
        setInterval(() => this.tick(), 250);
        setInterval(() => { this.nowMs = Date.now(); }, 15000);
      },
      show(tab) { this.tab = tab; history.replaceState(null, "", "#" + tab); window.scrollTo(0, 0); },
      offer(kind) { return !!(this.v.offers || {})[kind] && this.has(kind); },
      /** Whether this console's user may run the command (its least role, /api/commands):
       *  a director-only control shows as a sentence for the floor, not a button refused. */
      may(name) {
        const c = this.commands.find((x) => x.name === name);
        return !!c && (RANK[this.role] ?? 0) >= (RANK[c.role] ?? 3);
      },

      // ---- the end of the night ---------------------------------------------------------
      finishedText() { return this.s.winner ? P.t("Finished · winner %(winner)s", { winner: this.s.winner }) : P.t("Finished"); },
      survivors() { return this.players().filter((p) => p.status === "alive"); },
      async endByCount(counts) {
        // NJ-6b: every survivor's count; the core refuses a missing or non-positive one.
        const rows = this.survivors().map((p) => [p.name, String(counts[p.entry_id] ?? "").trim()]);
        const blank = rows.filter((r) => r[1] === "").map((r) => r[0]);
        if (blank.length) { this.say(P.t("Count every player still in: missing %(names)s.", { names: blank.join(", ") }), true); return; }
        if (!confirm(P.tn("End the event now? %(n)s player is ranked by this count.", "End the event now? %(n)s players are ranked by these counts.", rows.length))) return;
        this.busy = true;
        try { await this.run("end_by_chip_count", { counts: rows.map((r) => [r[0], window.pokertdMoney.parseChips(r[1])]) }); } finally { this.busy = false; }
      },

      // ---- a deal's heading in words (not the stored kind and status) ------------------
      dealTitle(view) {
        if (!view) return "";
        const kind = { icm: P.t("ICM"), chip: P.t("chip count"), floor: P.t("floor's split"), even: P.t("even split"),
          save: P.t("a save"), custom: P.t("custom amounts") }[view.kind] || view.kind || "";
        const status = { proposed: P.t("proposed — each player taps Accepts or Rejects"),
          binding: P.t("agreed by everyone: it binds"), rejected: P.t("rejected — play on") }[view.status] || view.status || "";
        return P.t("Deal by %(kind)s: %(status)s", { kind, status });
      },

      // ---- the bounty of a split pot (I4) -----------------------------------------------
      bountySplitRule() {
        const c = this.v.choices || {};
        return c.bounty_split === "closest_clockwise_from_button"
          ? P.t("The whole bounty goes to the winner closest clockwise from the button (%(rule)s): give the button's seat of that hand; the winners' seats come from the map.", { rule: c.bounty_rule })
          : P.t("The winners of the pot share the bounty equally (%(rule)s).", { rule: c.bounty_rule });
      },
      /** Where a player sits on the map ({table, seat}), or null. */
      seatOfName(name) {
        for (const t of this.tables()) for (const x of t.seats || []) if (x.name === name) return { table: t.table, seat: x.seat };
        return null;
      },
      /** The map's button at the table where the named winners sit (all at one table), or null. */
      buttonOf(names) {
        const seats = names.map((n) => (n || "").trim()).filter(Boolean).map((n) => this.seatOfName(n));
        if (!seats.length || seats.some((x) => !x) || new Set(seats.map((x) => x.table)).size !== 1) return null;
        const t = this.tableOf(seats[0].table);
        return t && t.button != null ? t.button : null;
      },
      async recordBountyWinners(f) {
        const winners = f.winners.map((x) => (x || "").trim()).filter(Boolean);
        const body = { player: f.player.trim(), winners };
        const seats = winners.map((n) => this.seatOfName(n));
        // the core orders the winners clockwise from the button (FOX-BTY4) from these seats
        if (winners.length > 1 && f.button && seats.every((x) => x)) {
          body.button_seat = Number(f.button);
          body.winner_seats = seats.map((x) => x.seat);
        }
        return await this.run("record_bounty_winners", body);
      },

      // ---- the money's venue rules: withholding, taxes at payment (H3, H10) -------------
      /** H3 (FOX-ADMIN): what the house withheld from the buy-ins before the places split. */
      // ---- Danger zone: cancel the event (issue 26, SPOT-6.22) -------------------------
      // The plan shown is the staff view's cancel_plan: the core's refund_plan, the same
      // function the cancel_event command records.
      openCancel() { this.cancelOpen = true; this.cancelReason = ""; },
      cancelTitle() {
        const p = this.v.cancel_plan || {};
        return P.tn("Cancel the event? Refund %(amount)s to %(n)s player", "Cancel the event? Refund %(amount)s to %(n)s players",
          p.players_count || 0, { amount: this.money(p.refunds_cents || 0) });
      },
      kindsText(kinds) { return (kinds || []).map((k) => P.said(k.label_said, k.label) + " " + this.money(k.cents)).join(" · "); },
      cancelKinds() { return this.kindsText((this.v.cancel_plan || {}).by_kind) || P.t("Nothing was paid: nothing to refund."); },
      cancelPrizes() {
        const p = this.v.cancel_plan || {};
        return p.prizes_paid_cents ? P.t("Prizes already paid (%(amount)s) stay paid and are netted.", { amount: this.money(p.prizes_paid_cents) }) : "";
      },
      cancelRows() { return (this.v.cancel_plan || {}).players || []; },
      cancelMore() {
        const p = this.v.cancel_plan || {};
        const n = (p.players_count || 0) - (p.players || []).length;
        return n > 0 ? P.t("+%(n)s more (pokertd cash after the cancel)", { n }) : "";
      },
      async confirmCancel() {
        if (this.busy) return;
        this.busy = true;
        try {
          // the log position of the refunds shown: refused as stale when the night moved since
          const body = { reason: this.cancelReason.trim(), shown_seq: this.v.seq };
          if (await this.run("cancel_event", body)) this.cancelOpen = false;
        } finally { this.busy = false; }
      },
      cancelledRefunds() {
        const g = this.v.cancelled;
        if (!g) return "";
        const amount = this.money(g.refunds_cents);
        const refunds = g.by_kind && g.by_kind.length
          ? P.t("Refunds %(amount)s (%(kinds)s)", { amount, kinds: this.kindsText(g.by_kind) })
          : P.t("Refunds %(amount)s", { amount });
        return g.prizes_paid_cents
          ? P.t("%(refunds)s; prizes paid %(prizes)s stay paid. Nothing more can be run but Undo.", { refunds, prizes: this.money(g.prizes_paid_cents) })
          : P.t("%(refunds)s. Nothing more can be run but Undo.", { refunds });
      },
      withheldText() {
        const w = this.v.withholding;
        if (!w || !this.s.withheld_cents) return "";
        return P.t("After %(amount)s withheld by the house (%(pct)s of the buy-ins, %(rule)s).", { amount: this.money(this.s.withheld_cents), pct: w.pct + "%", rule: w.rule });
      },
      /** Whether this event has prize money to pay (a free league night has none). */
      payable() { return (this.s.prize_pool_cents || 0) > 0 || (this.v.payouts || []).length > 0; },
      /** The night is over and every prize owed is paid (the core's money position). */
      allPaid() { const m = this.v.money || {}; return !!this.s.finished && m.owed > 0 && m.unpaid === 0; },
      allPaidText() {
        const res = this.v.results || {};
        // past the console's first finishers the server counts the prizes (prize_rows)
        const n = res.prize_rows != null ? res.prize_rows : (res.rows || []).filter((r) => r.prize_cents).length;
        return P.tn("Every prize is paid: %(n)s prize, %(amount)s.", "Every prize is paid: %(n)s prizes, %(amount)s.", n, { amount: this.money((this.v.money || {}).paid) });
      },
      /** FOX-PAY4: the venue withholds US tax from a foreign player's prize. */
      foreignTax() { return (this.v.choices || {}).foreign_tax || null; },
      foreignTaxText(treaty) {
        const t = this.foreignTax();
        if (!t) return "";
        return treaty
          ? P.t("Form 1042-S issued; no tax withheld with the treaty paperwork (%(rule)s).", { rule: t.rule })
          : P.t("Form 1042-S issued; %(pct)s US tax withheld from the prize (%(rule)s).", { pct: t.pct + "%", rule: t.rule });
      },

      // ---- the posted prize schedule (NJ-44d) -------------------------------------------
      sched() { return (this.v.choices || {}).schedule || {}; },
      scheduleDue() { const x = this.sched(); return !!(x.required && !x.posted && !this.s.finished); },
      /** Past 60 places paid the console lists the top ones and those about to be paid. */
      payoutsMoreText() {
        const m = this.v.payouts_more;
        if (!m) return "";
        return P.t("Showing %(shown)s of %(places)s places paid: the top places and the next to be paid (a dashed line marks a gap). Every place is on the Payout sheet.", { shown: this.fmt(m.shown), places: this.fmt(m.places) });
      },
      /** The amounts per place that posting shows (the core's payouts, never computed here). */
      scheduleLine() {
        const rows = this.v.payouts || [];
        if (!rows.length) return this.v.payouts_note ? P.t("Payouts: %(note)s.", { note: this.v.payouts_note }) : "";
        const shown = rows.slice(0, 12).map((p) => this.ordinal(p.place) + " " + this.money(p.amount));
        const paid = this.v.payouts_more ? this.v.payouts_more.places : rows.length;
        return paid > 12
          ? P.t("To be posted: %(places)s … (%(paid)s places paid)", { places: shown.join(" · "), paid: this.fmt(paid) })
          : P.t("To be posted: %(places)s", { places: shown.join(" · ") });
      },
      async postSchedule() {
        if (this.busy) return;
        this.busy = true;
        try { await this.run("post_payout_schedule", {}); } finally { this.busy = false; }
      },

      // ---- clock ------------------------------------------------------------------------
      clockButtons() {
        const c = this.clock, out = [];
        if (this.s.finished) return out;  // the night is over: no clock to run
        const add = (label, name, body, cls) => { if (this.has(name)) out.push({ name, label, body: body || {}, cls: cls || "" }); };
        if (!c.started) add(P.t("Start clock"), "start_clock", {}, "primary");
        else if (c.running) add(P.t("Pause"), "pause_clock");
        else add(P.t("Resume"), "resume_clock", {}, "primary");
        add(P.t("◀ Level"), "previous_level");
        add(P.t("Level ▶"), "next_level");
        add(P.t("+1 min"), "adjust_clock", { seconds: 60 });
        add(P.t("−1 min"), "adjust_clock", { seconds: -60 });
        if (this.s.finished) return out;  // the night is over: no hand-for-hand to run
        if (c.hand_for_hand) {
          const waiting = c.hfh_waiting || [];
          add(waiting.length ? P.t("Hand-for-hand hand done (waiting for tables: %(tables)s)", { tables: waiting.join(", ") }) : P.t("Hand-for-hand hand done"),
              "hand_for_hand_hand", {}, c.hfh_end_now ? "" : "primary");
          add(P.t("End hand-for-hand"), "hand_for_hand", { on: false }, c.hfh_end_now ? "primary" : "");
        } else add(P.t("Hand-for-hand"), "hand_for_hand", { on: true });
        return out;
      },
      mainClockButton() { return this.clockButtons()[0] || null; },

      // ---- table map --------------------------------------------------------------------
      tables() { return this.v.tables || []; },
      /** Player names for the name pickers, only on the tabs that have one (Players, Money). */
      pickNames() { return this.tab === "players" || this.tab === "money" ? this.players() : []; },
      /** Table ``n`` as the view has it: on the page, or named by a prompt (off the page). */
      tableOf(n) {
        return this.tables().find((t) => t.table === n) || (this.v.prompt_tables || []).find((t) => t.table === n) || null;
      },
      seatsOf(t) {
        const by = {};
        for (const s of t.seats || []) by[s.seat] = s;
        const out = [];
        for (let n = 1; n <= (t.seats_total || 10); n++) out.push(by[n] || { seat: n, name: null });
        return out;
      },
      tableClass(t) {
        const breaking = this.v.pending_break === t.table || (this.v.moves_due || {}).break_table === t.table;
        return {
          halted: !!t.halted,
          short: !t.halted && (t.short || 0) >= 2,
          breaking,
          "needs-button": this.buttonWanted() === t.table,
        };
      },
      seatClass(t, s) {
        return {
          empty: !s.name,
          button: s.seat === t.button,
          sb: s.seat === t.small_blind,
          bb: s.seat === t.big_blind,
          waits: !!s.waits,
          away: !!s.away_since,
          pickup: !!s.away_since && s.pickup_minutes != null && this.awayMins(s) >= s.pickup_minutes,
          target: !!this.moving && !s.name,
          "moving-from": !!this.moving && this.moving.table === t.table && this.moving.seat === s.seat,
        };
      },
      // ---- away / back, move by hand ----------------------------------------------------
      /** Whole minutes a seat's player has been away, counted on from the server's time. */
      awayMins(s) {
        if (!s || !s.away_since) return 0;
        const atBuild = (this.v.server_time || 0) - Date.parse(s.away_since) / 1000;
        return Math.max(0, Math.floor((atBuild + (this.nowMs - this.wallAt) / 1000) / 60));
      },
      awayLine(s) {
        if (!s || !s.away_since) return "";
        const m = this.awayMins(s);
        const rule = s.pickup_minutes != null && m >= s.pickup_minutes
          ? P.t("Chips may be picked up now: more than %(minutes)s minutes away.", { minutes: s.pickup_minutes }) : (s.away_rule || "");
        return P.t("Away %(minutes)s min. %(rule)s", { minutes: m, rule });
      },
      /** The tapped seat as the latest view has it (away or not). */
      sheetSeat() {
        const t = this.sheet && this.tableOf(this.sheet.table);
        return (t && (t.seats || []).find((x) => x.seat === this.sheet.seat && x.name === this.sheet.name)) || null;
      },
      async awaySheet(on) {
        if (await this.run(on ? "mark_absent" : "mark_present", { player: this.sheet.name })) this.sheet = null;
      },
      startMove() {
        this.moving = { name: this.sheet.name, table: this.sheet.table, seat: this.sheet.seat };
        this.moveTarget = "";
        this.sheet = null;
        this.show("tables");
      },
      emptySeats() {
        const out = [];
        for (const t of this.tables()) for (const s of this.seatsOf(t)) if (!s.name) out.push({ key: t.table + ":" + s.seat, label: P.t("Table %(table)s seat %(seat)s", { table: t.table, seat: s.seat }) });
        return out;
      },
      async moveTo(table, seat) {
        const who = this.moving;
        if (!who || this.busy) return;
        this.busy = true;
        try {
          if (await this.run("move_player", { player: who.name, table, seat })) this.moving = null;
        } finally { this.busy = false; }
      },
      async movePicked() {
        const [t, s] = (this.moveTarget || "").split(":").map(Number);
        if (!t || !s) { this.say(P.t("Pick the empty seat to move to, or tap it on the map."), true); return; }
        await this.moveTo(t, s);
      },
      seatTag(t, s) {
        if (s.seat === t.button) return "D";
        if (s.seat === t.small_blind) return "SB";
        if (s.seat === t.big_blind) return "BB";
        return "";
      },
      stackOf(s) {
        const p = this.players().find((x) => x.entry_id === s.entry_id);
        return p && p.stack != null ? p.stack : null;
      },
      tapSeat(t, s) {
        if (this.moving) {
          if (!s.name) this.moveTo(t.table, s.seat);
          else this.say(P.t("Tap an empty seat (dashed) to move %(name)s, or Cancel.", { name: this.moving.name }), true);
          return;
        }
        const want = this.buttonWanted();
        if (want === t.table && s.name) { this.run("place_button", { table: t.table, seat: s.seat }); return; }
        if (!s.name) return;
        this.sheet = { table: t.table, seat: s.seat, name: s.name, eliminator: "", chips: "", many: false, rows: [] };
      },
      bustFromList(p) {
        this.sheet = { table: p.table, seat: p.seat, name: p.name, eliminator: "", chips: "", many: false, rows: [] };
      },
      tableMates() {
        if (!this.sheet) return [];
        const t = this.tableOf(this.sheet.table);
        const here = t ? (t.seats || []).filter((s) => s.name && s.name !== this.sheet.name).map((s) => s.name) : [];
        return here;
      },
      async bustSheet() {
        const body = { players: [this.sheet.name] };
        const by = (this.sheet.eliminator || "").trim();
        if (by) body.eliminator = by;
        if (await this.run("bust", body)) this.sheet = null;
      },
      // ---- several players out in one hand (G3; SPOT-6.14 hand and blue chips) ---------
      byHand() { return !!(this.v.choices || {}).bust_by_hand; },
      sameHandRule() {
        const rule = (this.v.choices || {}).bust_rule || "G3";
        return this.byHand()
          ? P.t("Tick who is out and give their chips at the start of the hand: more chips place higher; equal stacks: the better hand (1 = best), then the most blue chips (%(rule)s).", { rule })
          : P.t("Tick who is out and give their chips at the start of the hand: more chips place higher; equal stacks share the places (%(rule)s).", { rule });
      },
      openSameHand() {
        const t = this.tableOf(this.sheet.table);
        const seated = t ? (t.seats || []).filter((x) => x.name) : [];
        const first = seated.filter((x) => x.name === this.sheet.name);
        this.sheet.rows = first.concat(seated.filter((x) => x.name !== this.sheet.name)).map((x) => (
          { name: x.name, out: x.name === this.sheet.name, stack: "", rank: "", blue: "", last: this.stackOf(x) }));
        this.sheet.many = true;
      },
      sameHandOut() { return this.sheet && this.sheet.many ? this.sheet.rows.filter((r) => r.out) : []; },
      async bustMany() {
        const out = this.sameHandOut();
        if (out.length < 2) { this.say(P.t("Tick at least two players out in this hand (one player: “Bust” above)."), true); return; }
        const body = { players: out.map((r) => r.name) };
        // Each list is all or nothing (the core ranks by what is given); a half-filled one
        // is sent back to the floor rather than guessed.
        // ``missing``: the whole sentence for a half-filled column, in the page's language
        const column = (key, missing) => {
          const raw = out.map((r) => String(r[key] ?? "").replace(/[,\s]/g, ""));
          if (raw.every((x) => x === "")) return null;
          if (raw.some((x) => x === "")) throw new Error(missing);
          return raw.map(Number);
        };
        try {
          const stacks = column("stack", P.t("Give the start-of-hand chips of every player ticked, or of none."));
          if (stacks) body.start_stacks = stacks;
          if (this.byHand()) {
            const ranks = column("rank", P.t("Give the hand rank of every player ticked, or of none."));
            const blues = column("blue", P.t("Give the blue chips of every player ticked, or of none."));
            if (ranks) body.hand_ranks = ranks;
            if (blues) body.blue_chips = blues;
          }
        } catch (e) { this.say(e.message, true); return; }
        const by = (this.sheet.eliminator || "").trim();
        if (by) body.eliminator = by;
        this.busy = true;
        try { if (await this.run("bust", body)) this.sheet = null; } finally { this.busy = false; }
      },
      async chipsSheet() {
        const n = window.pokertdMoney.parseChips(this.sheet.chips);
        if (!this.sheet.chips || !(n > 0)) { this.say(P.t("Give the chip count (a number above 0)."), true); return; }
        if (await this.run("record_chips", { counts: [[this.sheet.name, n]], note: this.levelNote() })) this.sheet = null;
      },
      async buttonSheet() {
        if (await this.run("place_button", { table: this.sheet.table, seat: this.sheet.seat })) this.sheet = null;
      },
      levelNote() {
        const l = this.clock.level && this.clock.level.level;
        return l ? P.t("end of level %(level)s", { level: l }) : "";
      },
      openChips(t) {
        this.chipsFor = t.table;
        this.chipValues = {};
        for (const s of t.seats || []) {
          const v = this.stackOf(s);
          this.chipValues[s.seat] = v != null ? String(v) : "";
        }
        this.chipNote = this.levelNote();
      },
      async saveChips() {
        const t = this.tableOf(this.chipsFor);
        if (!t) { this.chipsFor = null; return; }
        const counts = [];
        for (const s of t.seats || []) {
          const raw = String(this.chipValues[s.seat] ?? "").trim();
          if (raw === "") continue;
          const n = window.pokertdMoney.parseChips(raw);
          if (!(n > 0)) { this.say(P.t("Seat %(seat)s (%(name)s): give a number above 0, or bust the player.", { seat: s.seat, name: s.name }), true); return; }
          counts.push([s.name, n]);
        }
        if (!counts.length) { this.say(P.t("Give at least one chip count."), true); return; }
        if (await this.run("record_chips", { counts, note: this.chipNote.trim() })) this.chipsFor = null;
      },
      async breakTable(t) {
        if (!confirm(P.tn("Break table %(table)s? Its %(n)s player is given a new seat.", "Break table %(table)s? Its %(n)s players are given new seats.", t.players, { table: t.table }))) return;
        // The moves wait in the prompt at the top ("Confirm all"): bring it into view, the
        // table tapped may be far down the map.
        if (await this.run("break_table", { table: t.table })) window.scrollTo(0, 0);
      },
      async showPin(table) {
        try {
          const res = await fetch(P.url(`/api/tournaments/${this.tid}/tables/${table}/pin`));
          const r = await res.json();
          if (!res.ok || !r.pin) { this.say(r.message || P.t("No PIN for table %(table)s.", { table }), true); return; }
          // stays until tapped: the floor reads it out to the dealer
          this.say(P.t("Table %(table)s dealer PIN: %(pin)s (tap to close)", { table, pin: r.pin }), false);
          this.holdToast(true);
        } catch (e) { this.say(P.t("Could not get the PIN (no answer from the server): tap PIN again."), true); }
      },
      seatingButtons() {
        const out = [];
        if (this.s.finished) return out;  // the winner is known: nothing left to seat
        const add = (label, name, body, id) => { if (this.has(name)) out.push({ name, label, body: body || {}, id: id || name }); };
        // Offered while someone still in has no seat (before the draw, after a late entry):
        // once everybody sits it would only be refused (C1).
        // the whole room's figures (map), not only the page's tables and players
        const m = this.v.map;
        if (m ? m.unseated > 0 : this.players().some((p) => p.status === "alive" && p.table == null)) add(P.t("Draw seats"), "draw_seats");
        if (m ? m.buttons_missing > 0 : this.tables().some((t) => t.players >= 2 && t.button == null)) add(P.t("Draw buttons"), "draw_buttons");
        add(P.t("Suggest moves"), "suggest_moves");
        // "Final table redraw" is in the prompt above, shown only when the rules say the
        // final table is due (moves_due.final_table): not here, where it was always offered.
        if (this.s.registration_open) add(P.t("Close registration"), "close_registration");
        return out;
      },

      // ---- balancing prompt -------------------------------------------------------------
      pending() { return this.v.pending_moves || []; },
      /** The moves the rules require now; none once the event is won (no table to close). */
      due() { return this.s.finished ? null : this.v.moves_due || null; },
      /** The table whose button the console asks for (a move names the player due the big blind). */
      buttonWanted() {
        const need = (from) => { const t = this.tableOf(from); return t && t.button == null && t.players >= 2 ? from : null; };
        for (const m of this.pending()) if (!m.name && !m.entry_id) { const n = need(m.from_table); if (n) return n; }
        const d = this.due();
        if (d) for (const m of d.moves || []) if (!m.name) { const n = need(m.from_table); if (n) return n; }
        return null;
      },
      /** The rule IDs every move of ``moves`` cites, once ("" when they differ): the
       *  prompt shows them in its heading instead of the same IDs on every row. */
      sharedRules(moves) {
        const all = (moves || []).map((m) => (m.rule_ids || []).join(", "));
        return all.length > 1 && all.every((r) => r === all[0]) ? all[0] : "";
      },
      moveText(m) {
        const t = this.tableOf(m.from_table);
        const who = m.name || (t && t.due_big_blind) || P.t("the player due the big blind at table %(table)s", { table: m.from_table });
        const to = m.to_seat ? P.t("table %(table)s seat %(seat)s", { table: m.to_table, seat: m.to_seat }) : P.t("table %(table)s", { table: m.to_table });
        const from = m.from_seat ? P.t("table %(table)s seat %(seat)s", { table: m.from_table, seat: m.from_seat }) : P.t("table %(table)s", { table: m.from_table });
        return m.reason === "break_table"
          ? P.t("%(who)s: %(from)s → %(to)s (table breaks)", { who, from, to })
          : P.t("%(who)s: %(from)s → %(to)s (balance)", { who, from, to });
      },
      async confirmPending(ids, all) {
        if (this.busy) return;
        this.busy = true;
        try {
          // The waiting moves as this screen shows them (their token): the core fills a blank
          // as shown (the player due the big blind, the worst position) or, when a table
          // changed meanwhile, refuses as stale and the prompt shows the moves as they are now.
          const plan = this.v.pending_plan || undefined;
          if (all && plan) await this.run("confirm_plan", { plan });
          else await this.run("confirm_moves", { moves: ids, plan });
        } finally { this.busy = false; }
      },
      async confirmDue() {
        // The plan this prompt shows, named by its token, confirmed with one tap: one batch in
        // the log (Undo takes it back whole), each player in the seat read out. When the
        // tables changed since it was shown, the core refuses it as stale and the prompt
        // shows the new plan: read it again and confirm again.
        const d = this.due();
        if (!d || this.busy) return;
        this.busy = true;
        try {
          await this.run(d.final_table ? "redraw" : "confirm_plan", { plan: d.plan });
        } finally { this.busy = false; }
      },

      // ---- players ----------------------------------------------------------------------
      // League sign-outs (G5: SPOT-6.13): where this event counts toward a league and its
      // profile asks for them, eliminated players in the points get "Signed out" / "Late".
      async loadLeague() {
        try {
          const r = await fetch(P.url("/api/tournaments/" + encodeURIComponent(this.tid) + "/league"), { credentials: "same-origin" });
          this.league = r.ok ? await r.json() : null;
        } catch (e) { this.league = null; }
      },
      signoutMark(p) { return (this.league && this.league.marks[p.name]) || ""; },
      signoutOffer(p) {
        const lg = this.league;
        if (!lg || !lg.require_signout || !p.place || p.place < 2 || this.signoutMark(p)) return false;
        return lg.points_to == null || p.place <= lg.points_to;
      },
      async markSignout(p, late) {
        this.busy = true;
        try {
          this.league = await P.post("/api/tournaments/" + encodeURIComponent(this.tid) + "/league/" + (late ? "flags" : "signouts"), { player: p.name });
          this.say(late ? P.t("%(name)s: late sign-out, this event's points are void (%(rule)s).", { name: p.name, rule: this.league.rule })
            : P.t("%(name)s signed out: points credited.", { name: p.name }), false);
        } catch (e) { this.say(e.message, true); } finally { this.busy = false; }
      },
      async undoLate(p) {
        // SPOT-6.13: the flag is undone on its own (a sign-out after it is refused).
        this.busy = true;
        try {
          this.league = await P.post("/api/tournaments/" + encodeURIComponent(this.tid) + "/league/flags/undo", { player: p.name });
          this.say(P.t("%(name)s: late flag undone, this event's points count again.", { name: p.name }), false);
        } catch (e) { this.say(e.message, true); } finally { this.busy = false; }
      },
      /** A player's state in the list, in words ("playing", not the stored "alive"). */
      statusText(p) {
        if (p.place) return this.ordinal(p.place);
        if (p.status === "alive") return p.table == null ? P.t("playing, no seat yet") : P.t("playing");
        return { busted: P.t("out"), forfeited: P.t("forfeited (re-entered)"), disqualified: P.t("disqualified"),
          alternate: P.t("alternate list"), registered: P.t("registered, no seat yet") }[p.status] || p.status || "";
      },
      isActive(p) { return !p.place && OUT.indexOf(p.status) < 0; },
      /** The latest moves' slips (issue 26): who moved where, and whether the player said
       *  "I'm here" on his phone (his own claim: the floor still confirms moves). */
      movedSlips() { return (this.v.slips || []).filter((m) => m.moves && m.current).slice(0, 6); },
      playerRows() {
        // Rendered only while the Players tab shows: 200 hidden rows re-rendered on every
        // push cost a 500-player console most of its time (bench/web_console.py).
        if (this.tab !== "players") return [];
        const q = this.query.trim().toLowerCase();
        const rows = this.players();
        return q ? rows.filter((p) => (p.name || "").toLowerCase().includes(q) || String(p.member || "").toLowerCase().includes(q)).slice(0, 200) : rows.slice(0, 200);
      },
      // Search the player database as the name or card is typed (issue 14): picking a
      // player fills the form and registers that person (player_id); typing on forgets it.
      async findPlayers() {
        const pk = this.picked;
        if (pk && (this.newName.trim() !== pk.name || this.newCard.trim() !== (pk.card || ""))) this.picked = null;
        const text = (this.newCard.trim() && !this.newName.trim()) ? this.newCard.trim() : this.newName.trim();
        const mine = ++this.pickSeq;
        if (this.picked || text.length < 2) { this.picks = []; return; }
        try {
          const r = await fetch(P.url("/api/players?limit=6&q=" + encodeURIComponent(text)), { credentials: "same-origin" });
          const rows = r.ok ? await r.json() : [];
          if (mine === this.pickSeq) this.picks = rows;
        } catch (e) { if (mine === this.pickSeq) this.picks = []; }
      },
      pickPlayer(p) {
        this.picked = p; this.picks = [];
        this.newName = p.name; this.newCard = p.card || "";
      },
      async register() {
        const name = this.newName.trim();
        if (!name) { this.say(P.t("Type the player's name first."), true); return; }
        const card = this.newCard.trim();
        const body = { name, age_ok: this.ageOk, member_ok: this.memberOk };
        if (card) body.member = card;
        if (this.picked) body.player_id = this.picked.id;
        const out = await this.run("register", body);
        if (out) {
          // Clear only what was sent: the floor may already be typing the next player
          // while this answer was on its way (the new row shows first, pushed).
          if (this.newName.trim() === name && this.newCard.trim() === card) {
            this.newName = ""; this.newCard = ""; this.picked = null; this.picks = [];
          }
          this.receipt = (out.events || []).map((e) => e.text).join("\n");
        }
      },
      async entry(kind, p) { await this.run(kind, { player: p.name }); },

      // ---- the console's forms ----------------------------------------------------------
      // Alpine's CSP build reads no statements or arrow functions in the page: each form's
      // handler is a method here. Called from an element inside a card's own x-data (pen,
      // cu, endCounts, hh, bs), `this` is that element's scope, so this.pen is the card's.
      clearToast() { this.message = ""; this.details = []; },
      confirmAll() { return this.confirmPending(this.pending().map((m) => m.move_id), true); },
      async givePenalty() {
        const pen = this.pen;
        const body = { player: pen.player.trim(), kind: pen.kind, reason: pen.reason.trim(), rule: pen.rule.trim() };
        if (pen.kind === "missed_hands" || pen.kind === "missed_rounds") body.count = Number(pen.count);
        if (await this.run("give_penalty", body)) pen.reason = "";
      },
      /** Keep two players from one table (SPOT-2c3); the core resolves the names and refuses
       *  a bad pair in one sentence. */
      async keepApart() {
        const ka = this.ka;
        const players = [ka.a.trim(), ka.b.trim()];
        if (await this.run("keep_apart", { players, note: ka.note.trim() })) { ka.a = ""; ka.b = ""; ka.note = ""; }
      },
      my: { envelopes: "", stage: "level", level: "" },
      /** Post the mystery-bounty envelopes (issue 26): "1x5000 2x1000" as the CLI's
       *  --envelopes; [cents, count] pairs. The core checks the rest (I1) and refuses a bad
       *  post in one sentence, writing nothing. */
      async postMystery() {
        const my = this.my;
        const envelopes = [];
        for (const item of my.envelopes.replace(/;/g, " ").split(/\s+/).filter(Boolean)) {
          const m = /^(\d{1,4})x(.+)$/i.exec(item);
          const amount = m ? window.pokertdMoney.parse(m[2]) : null;
          if (!m || !amount) { this.say(P.t("%(item)s is not an envelope kind: write COUNTxAMOUNT separated by spaces, e.g. 1x5000 2x1000 10x200.", { item }), true); return; }
          envelopes.push([amount, Number(m[1])]);
        }
        const body = { envelopes };
        if (my.stage === "money") body.in_the_money = true;
        else body.from_level = Number(my.level) || 1;
        if (await this.run("post_mystery_bounties", body)) my.envelopes = "";
      },
      /** The keep-apart groups of the staff view (SPOT-2c3). */
      apartGroups() { return (this.v.keep_apart || {}).groups || []; },
      /** The colour-up card's table ({table, seats}) or undefined. */
      colorupTable() { return (this.v.tables || []).find((x) => String(x.table) === String(this.cu.table)); },
      colorupSeats() { return ((this.colorupTable() || {}).seats || []).filter((x) => x.name); },
      colorupCards() {
        return ((this.cu.result || {}).cards_dealt || []).map((c) => P.t("seat %(seat)s %(card)s", { seat: c[0], card: c[1] })).join(" · ") || P.t("none");
      },
      async colorUp() {
        const cu = this.cu;
        const t = this.colorupTable();
        if (!t) { this.say(P.t("Choose a table."), true); return; }
        const seated = (t.seats || []).filter((x) => x.name);
        let stacks = [];
        if (!cu.useLast) {
          stacks = seated.map((x) => [x.name, cu.stacks[x.seat]]);
          if (stacks.some((x) => x[1] === undefined || x[1] === "")) { this.say(P.t("Give every player's chips, or tick “use last counts”."), true); return; }
          stacks = stacks.map((x) => [x[0], window.pokertdMoney.parseChips(x[1])]);
        }
        const body = { table: String(t.table), stacks };
        if ((this.v.choices || {}).colorup_choice && cu.method) body.method = cu.method;  // TNPL-D2i: the TD's choice
        const out = await this.run("color_up", body);
        if (out) {
          const e = (out.events || []).find((x) => x.type === "colored_up");
          cu.result = e ? e.data.result : null;
          cu.text = e ? e.text : "";
        }
      },
      /** NJ-6b: the timed end's form filled with each survivor's last recorded count. */
      fillLastCounts() {
        for (const p of this.survivors()) if (p.stack != null) this.endCounts[p.entry_id] = String(p.stack);
      },
      clearAnnouncement() { this.note = ""; return this.run("announce", { text: "" }); },
      async recordHighHand() {
        const hh = this.hh;
        if (await this.run("record_high_hand", { player: hh.player.trim(), cards: hh.cards.trim() })) { hh.player = ""; hh.cards = ""; }
      },
      async recordBounty() {
        const bs = this.bs;
        if (await this.recordBountyWinners(bs)) { bs.player = ""; bs.winners = ["", ""]; bs.button = ""; }
      },
      /** A split pot's button, guessed from the map once the winners are named (FOX-BTY4). */
      guessButton() { if (!this.bs.button) this.bs.button = String(this.buttonOf(this.bs.winners) || ""); },

      // ---- log --------------------------------------------------------------------------
      async undoRedo(name) {
        // Name the batch this screen shows ("Undo: Busted Bob Baker"): when another tablet
        // got there first, the server refuses it as stale instead of undoing one more.
        const next = name === "undo" ? this.v.undo_next : this.v.redo_next;
        if (!next) { this.say(name === "undo" ? P.t("Nothing to undo.") : P.t("Nothing to redo."), true); return; }
        await this.run(name, { batch: next.batch });
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

  /** The Money tab's "Pay a prize" card: the finishers in the money, the receipts already
   *  printed, and the payment (FOX-PAY2-4 tax ID, FOX-PAY4 withholding) with its receipt. */
  function prizes() {
    return {
      payee: "", idOk: false, taxId: false, foreign: false, treaty: false, paid: {},
      async loadPaid() {
        try {
          const r = await fetch(P.url("/api/tournaments/" + this.tid + "/receipts"));
          const rows = r.ok ? await r.json() : [];
          this.paid = Object.fromEntries(rows.map((x) => [x.name, x.paid]));
        } catch (e) { this.paid = {}; }
      },
      paidEffect() { void this.v.seq; if (this.tab === "money" && this.has("pay_prize")) this.loadPaid(); },
      prizeRows() { return ((this.v.results || {}).rows || []).filter((r) => r.place && r.prize_cents); },
      async payPrize() {
        const name = this.payee.trim();
        const body = { player: name, id_checked: this.idOk };
        if ((this.v.choices || {}).tax_id) body.tax_id_taken = this.taxId;
        if (this.foreignTax()) { body.foreign = this.foreign; body.treaty_exempt = this.foreign && this.treaty; }
        if (await this.run("pay_prize", body)) {
          this.payee = ""; this.idOk = false; this.taxId = false; this.foreign = false; this.treaty = false;
          await this.loadPaid();
          window.open(P.url("/t/" + this.tid + "/print/receipts?player=" + encodeURIComponent(name)), "_blank");
        }
      },
    };
  }

  /** The Money tab's deal card: propose (ICM, chip chop, ...), each player accepts or
   *  rejects, a supervisor approves where the venue asks for it. */
  function deal() {
    return {
      deal: { kind: "icm", stacks: "", amounts: "", save: "", save_by: "icm", supervisor: "", view: null, warnings: [] },
      /** "Ann=60000, Bob=40000" as [[name, number], ...] (money: typed as the venue writes
       *  it, to minor units: static/money.js). */
      pairs(text, money) {
        return text.split(",").map((x) => x.trim()).filter(Boolean).map((x) => {
          const i = x.lastIndexOf("=");
          const n = x.slice(0, i).trim();
          const raw = x.slice(i + 1);
          return [n, money ? window.pokertdMoney.parse(raw) : window.pokertdMoney.parseChips(raw)];
        });
      },
      async load() {
        try {
          const r = await fetch(P.url("/api/tournaments/" + this.tid + "/deal"));
          this.deal.view = r.ok ? await r.json() : null;
        } catch (e) { this.deal.view = null; }
      },
      dealEffect() { void this.v.seq; if (this.has("propose_deal") && this.tab === "money") this.load(); },
      dealView() { return this.deal.view || {}; },
      async proposeDeal() {
        const d = this.deal;
        const body = { kind: d.kind };
        if (d.stacks.trim()) body.stacks = this.pairs(d.stacks, false);
        if (d.kind === "custom") body.amounts = this.pairs(d.amounts, true);
        if (d.kind === "save") { body.save = window.pokertdMoney.parse(d.save); body.save_by = d.save_by; }
        const out = await this.run("propose_deal", body);
        if (out) {
          await this.load();
          d.warnings = (out.events || []).flatMap((e) => (e.data && e.data.warnings) || []);
        }
      },
      async answerDeal(name, player) { if (await this.run(name, { player })) this.load(); },
      async approveDeal() {
        if (await this.run("approve_deal", { supervisor: this.deal.supervisor.trim() })) this.load();
      },
    };
  }

  P.floor = floor;
  window.pokertd.component("pokertdPrizes", prizes);
  window.pokertd.component("pokertdDeal", deal);
  window.pokertd.component("pokertdFloor", floor);
})();
