/* The player database page (staff): search as you type (former names too), a player's
   history, rename (history kept), merge with a confirmation and undo. Everything goes through /api/players (the server checks the role
   and the CSRF token); no inline scripts (CSP). */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat("en-US");
  window.pokertdPlayers = function () {
    const cfg = JSON.parse(document.getElementById("players-config").textContent || "{}");
    return {
      director: !!cfg.director,
      q: "", results: [], searching: false, seq: 0,
      mq: "", dupes: [], pending: null, renaming: false, newName: "",
      profile: null, flash: "", flashError: false,
      start() {
        const fromUrl = new URLSearchParams(location.search).get("id") || cfg.open;
        if (fromUrl) this.open(fromUrl);
        const box = document.getElementById("player-search");
        if (box) box.focus();
      },
      say(text, bad) { this.flash = text; this.flashError = !!bad; },
      async get(path) {
        const r = await fetch(window.pokertd.url(path), { credentials: "same-origin" });
        let data = null;
        try { data = await r.json(); } catch (e) { data = null; }
        if (!r.ok) throw new Error((data && data.message) || "The server did not answer; try again.");
        return data;
      },
      async find(text) {
        return this.get("/api/players?limit=20&q=" + encodeURIComponent(text));
      },
      async search() {
        const text = this.q.trim();
        const mine = ++this.seq;
        if (!text) { this.results = []; return; }
        this.searching = true;
        try {
          const rows = await this.find(text);
          if (mine === this.seq) this.results = rows;
        } catch (e) { this.say(e.message, true); }
        finally { if (mine === this.seq) this.searching = false; }
      },
      async searchDup() {
        const text = this.mq.trim();
        if (!text) { this.dupes = []; return; }
        try {
          const me = this.profile && this.profile.player.id;
          this.dupes = (await this.find(text)).filter((p) => p.id !== me);
        } catch (e) { this.say(e.message, true); }
      },
      async open(id) {
        try {
          this.profile = await this.get("/api/players/" + encodeURIComponent(id));
          this.pending = null; this.mq = ""; this.dupes = []; this.renaming = false;
          history.replaceState(null, "", window.pokertd.url("/players?id=" + encodeURIComponent(this.profile.player.id)));
        } catch (e) { this.say(e.message, true); }
      },
      h() { return this.profile ? this.profile.history : { rows: [] }; },
      askMerge(p) { this.pending = p; },
      async merge() {
        const dup = this.pending;
        if (!dup || !this.profile) return;
        const into = this.profile.player.id;
        try {
          const out = await window.pokertd.post("/api/players/" + encodeURIComponent(dup.id) + "/merge", { into });
          this.profile = out.player;
          this.pending = null; this.mq = ""; this.dupes = [];
          this.say(dup.name + " was merged into " + this.profile.player.name + ".");
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      async unmerge(id) {
        try {
          const out = await window.pokertd.post("/api/players/" + encodeURIComponent(id) + "/unmerge", {});
          const keep = this.profile && this.profile.player.id !== id ? this.profile.player.id : id;
          this.say(out.player.player.name + " stands on their own again.");
          await this.open(keep);
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      startRename() { this.newName = this.profile ? this.profile.player.name : ""; this.renaming = true; },
      async rename() {
        if (!this.profile) return;
        const was = this.profile.player.name;
        try {
          const out = await window.pokertd.post(
            "/api/players/" + encodeURIComponent(this.profile.player.id) + "/rename", { name: this.newName });
          this.profile = out.player; this.renaming = false;
          this.say(was + " is now " + this.profile.player.name + ". Past events keep their names; searching " + was + " still finds them.");
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      async confirmKind(kind) {
        if (!this.profile) return;
        try {
          this.profile = await window.pokertd.post(
            "/api/players/" + encodeURIComponent(this.profile.player.id) + "/confirm", { kind });
          this.say((kind === "age" ? "Age" : "Membership") + " confirmed for " + this.profile.player.name + ".");
        } catch (e) { this.say(e.message, true); }
      },
      nameOf(id) { return (this.profile && this.profile.names[id]) || id; },
      money(cents) {
        if (cents == null) return "–";
        const neg = cents < 0; const c = Math.abs(cents);
        return (neg ? "-$" : "$") + nf.format(Math.floor(c / 100)) + (c % 100 ? "." + String(c % 100).padStart(2, "0") : "");
      },
      ordinal(n) {
        const s = ["th", "st", "nd", "rd"]; const v = n % 100;
        return n + (s[(v - 20) % 10] || s[v] || s[0]);
      },
      day(iso) { return iso ? String(iso).slice(0, 10) : ""; },
      when(iso) { return iso ? String(iso).slice(0, 16).replace("T", " ") : ""; },
    };
  };
  window.pokertd.component("pokertdPlayers", window.pokertdPlayers);
})();
