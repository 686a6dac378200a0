/* pokertd dealer view (phone, one table): the clock, the next level, every seat of the table
   (empty ones too) and the dealer's few commands. The view comes from the dealer audience
   (web/snapshot.py `dealer`): the clock and this table only, no entry or card numbers. */
(function () {
  "use strict";

  function dealer(tid, table) {
    const base = window.pokertd.withCommands(window.pokertd.display(tid, "staff", true));
    return Object.assign(base, {
      table,
      start() {
        this.apply(window.pokertd.readInitial());
        this.loadCommands();
        this.connect();
        setInterval(() => this.tick(), 250);
      },
      myTable() { return (this.v.tables || []).find((t) => t.table === this.table) || {}; },
      /* Every seat of the table in order, the empty ones as {seat, name: null}. */
      seats() {
        const t = this.myTable();
        const taken = new Map((t.seats || []).map((s) => [s.seat, s]));
        const total = Math.max(t.seats_total || 0, ...(t.seats || []).map((s) => s.seat));
        const out = [];
        for (let n = 1; n <= total; n++) out.push(taken.get(n) || { seat: n, name: null });
        return out;
      },
      emptyCount() { return this.seats().filter((s) => !s.name).length; },
      role(seat) {
        const t = this.myTable();
        if (!seat.name) return "";
        if (seat.seat === t.button) return "D";
        if (this.stud(this.clock.level)) return "";  // a stud level posts no blinds (issue 28)
        if (seat.seat === t.small_blind) return "SB";
        if (seat.seat === t.big_blind) return "BB";
        return "";
      },
      levelText(l) {
        if (!l) return "–";
        const level = { level: l.level, blinds: this.blinds(l) };
        return this.sideAnte(l) ? this.t("Level %(level)s · %(blinds)s · ante %(ante)s", Object.assign(level, { ante: this.fmt(l.ante) }))
          : this.t("Level %(level)s · %(blinds)s", level);
      },
      nextText() {
        const c = this.clock;
        if (!c || !c.next_level) return "";
        if (c.on_break) return this.t("%(level)s after the break", { level: this.levelText(c.next_level) });
        const br = c.next_break;
        if (br && br.after_level === (c.level || {}).level) return this.t("Break (%(minutes)s min), then %(level)s", { minutes: br.minutes, level: this.levelText(c.next_level) });
        return this.levelText(c.next_level);
      },
      // ---- words with numbers (issue 27) ----------------------------------------------
      cancelledText() { return this.t("Cancelled: %(reason)s", { reason: (this.v.cancelled || {}).reason || "" }); },
      overText() { return this.s.winner ? this.t("The tournament is over: %(winner)s won.", { winner: this.s.winner }) : this.t("The tournament is over."); },
      reportedText() { return this.t("Reported — waiting for tables: %(tables)s", { tables: (this.clock.hfh_waiting || []).join(", ") || "–" }); },
      emptyText() { return this.tn("%(n)s empty seat", "%(n)s empty seats", this.emptyCount()); },
      penaltyText(seat) {
        const n = seat.penalty_hands_left;
        return seat.on_penalty ? this.tn(" · penalty: %(n)s hand left (deal in, post, kill the hand)", " · penalty: %(n)s hands left (deal in, post, kill the hand)", n)
          : this.tn(" · penalty: %(n)s hand left (from the next hand)", " · penalty: %(n)s hands left (from the next hand)", n);
      },
      async reportButton(seat) { await this.run("place_button", { table: this.table, seat }); },
      hfhWaiting() { return (this.clock.hfh_waiting || []).includes(this.table); },
      async handFinished() { await this.run("table_hand_finished", { table: String(this.table) }); },
      async bustSeat(seat) {
        if (!confirm(this.t("Bust %(name)s (seat %(seat)s)?", { name: seat.name, seat: seat.seat }))) return;
        await this.run("bust", { players: [seat.name] });
      },
    });
  }

  window.pokertd.dealer = dealer;
  window.pokertd.component("pokertdDealer", dealer);
})();
