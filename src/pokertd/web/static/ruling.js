/* pokertd "Ruling" tool (floor console tab and dealer view): the floor types the betting
   round (to call, bet, pot, stack, big blind) and what the player said and pushed; the
   server rules by the tournament's own profile (POST /api/tournaments/{tid}/ruling, the
   same function as `pokertd ruling`) and the tool shows the sentence to read aloud, the
   amount, the chips to add or give back, the options and the venue's rule IDs. Read-only. */
(function () {
  "use strict";
  /* bets and stacks are chip counts: the page's chip formatter (static/money.js) */
  const nf = { format: (x) => (window.pokertdMoney ? window.pokertdMoney.chips(x) : String(x)) };
  const t = window.pokertd.t;
  /* The ruled action's word, as the floor says it aloud (each a msgid). */
  const ACTIONS = {
    fold: () => t("FOLD"), check: () => t("CHECK"), call: () => t("CALL"), bet: () => t("BET"),
    raise: () => t("RAISE"), "all-in": () => t("ALL-IN"),
  };

  function ruling(tid) {
    const level = ((window.pokertd.readInitial() || {}).clock || {}).level || {};
    return {
      tid,
      f: { to_call: "", bet: "", last_raise: "", pot: "", stack: "", big_blind: level.big_blind || "",
           declared: "", chips: "", chips2: "", order: "words_first", raised: false, heads_up: false,
           out_of_turn: false, action_changed: false },
      result: null, error: "", busy: false,
      t(msgid, params) { return t(msgid, params); },
      n(x) { return x == null || x === "" ? "–" : nf.format(Number(x)); },
      /* The ruling's sentence (or an option's) in the page's language: the server sends it
         as sentences ({msgid, params}, joined by a space; a parameter may be a phrase said
         the same way), chip amounts as numbers written here like the rest of the panel; the
         English sentence when it sent none. */
      say(x) {
        if (!x) return "";
        const parts = x.said || [];
        if (!parts.length) return x.sentence || "";
        const one = (s) => {
          const params = {};
          for (const k in s.params || {}) {
            const v = s.params[k];
            params[k] = typeof v === "number" ? this.n(v) : v && typeof v === "object" ? one(v) : v;
          }
          return window.pokertd.said(Object.assign({}, s, { params: params }), s.text);
        };
        return parts.map(one).join(" ");
      },
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
          this.error = e.message || t("The ruling could not be made.");
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
        if (r.action === "choice") return t("Player's choice");
        if (r.action === "floor") return t("Floor decides");
        if (r.action === "none") return t("No action");
        const act = ACTIONS[r.action] ? ACTIONS[r.action]() : r.action.toUpperCase();
        const parts = [r.action === "fold" || r.action === "check" ? act
          : (r.at_least ? t("%(action)s at least %(amount)s", { action: act, amount: this.n(r.amount) })
            : t("%(action)s to %(amount)s", { action: act, amount: this.n(r.amount) }))];
        if (r.chips_to_add) parts.push(t("add %(amount)s", { amount: this.n(r.chips_to_add) }));
        if (r.change) parts.push(t("change %(amount)s", { amount: this.n(r.change) }));
        return parts.join(" · ");
      },
    };
  }

  window.pokertd.ruling = ruling;
  window.pokertd.component("pokertdRuling", ruling);
})();
