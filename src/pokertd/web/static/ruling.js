/* pokertd "Ruling" tool (floor console tab and dealer view): the floor types the betting
   round (to call, bet, pot, stack, big blind) and what the player said and pushed; the
   server rules by the tournament's own profile (POST /api/tournaments/{tid}/ruling, the
   same function as `pokertd ruling`) and the tool shows the sentence to read aloud, the
   amount, the chips to add or give back, the options and the venue's rule IDs. Read-only. */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat(window.pokertdMoney ? window.pokertdMoney.locale : "en-US");

  function ruling(tid) {
    const level = ((window.pokertd.readInitial() || {}).clock || {}).level || {};
    return {
      tid,
      f: { to_call: "", bet: "", last_raise: "", pot: "", stack: "", big_blind: level.big_blind || "",
           declared: "", chips: "", chips2: "", order: "words_first", raised: false, heads_up: false,
           out_of_turn: false, action_changed: false },
      result: null, error: "", busy: false,
      n(x) { return x == null || x === "" ? "–" : nf.format(Number(x)); },
      num(x) { const t = String(x).replace(/[,\s_]/g, ""); return t === "" ? null : Number(t); },
      body() {
        const f = this.f, out = {};
        for (const k of ["to_call", "bet", "last_raise", "pot", "stack", "big_blind"]) {
          const v = this.num(f[k]);
          if (v !== null) out[k] = v;
        }
        out.declared = f.declared.trim();
        out.chips = [f.chips, f.chips2].map((c) => c.trim()).filter((c) => c);
        for (const k of ["order", "raised", "heads_up", "out_of_turn", "action_changed"]) out[k] = f[k];
        return out;
      },
      async ask() {
        this.busy = true; this.error = "";
        try {
          this.result = await window.pokertd.post(`/api/tournaments/${this.tid}/ruling`, this.body());
        } catch (e) {
          this.result = null;
          this.error = e.message || "The ruling could not be made.";
        } finally { this.busy = false; }
      },
      clear() {
        Object.assign(this.f, { to_call: "", bet: "", last_raise: "", declared: "", chips: "", chips2: "",
                                out_of_turn: false, action_changed: false });
        this.result = null; this.error = "";
      },
      summary() {
        const r = this.result;
        if (!r) return "";
        if (["none", "floor", "choice"].includes(r.action)) return r.action === "choice" ? "Player's choice" : (r.action === "floor" ? "Floor decides" : "No action");
        let text = r.action.toUpperCase() + (r.action === "fold" || r.action === "check" ? "" : (r.at_least ? " at least " : " to ") + this.n(r.amount));
        if (r.chips_to_add) text += " · add " + this.n(r.chips_to_add);
        if (r.change) text += " · change " + this.n(r.change);
        return text;
      },
    };
  }

  window.pokertd.ruling = ruling;
  window.pokertd.component("pokertdRuling", ruling);
})();
