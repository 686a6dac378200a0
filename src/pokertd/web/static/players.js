/* The player database page (staff): search as you type (former names too), a player's
   history, rename (history kept), merge with a confirmation and undo, and a CSV import
   (columns, preview, import, undo). Everything goes through /api/players (the server checks the role
   and the CSRF token); no inline scripts (CSP). */
(function () {
  "use strict";
  const nf = new Intl.NumberFormat(window.pokertdMoney ? window.pokertdMoney.locale : "en-US");
  window.pokertdPlayers = function () {
    const cfg = JSON.parse(document.getElementById("players-config").textContent || "{}");
    return {
      director: !!cfg.director,
      q: "", results: [], searching: false, seq: 0,
      mq: "", dupes: [], pending: null, renaming: false, newName: "",
      profile: null, flash: "", flashError: false,
      importing: false, step: "file", busy: false, file: null, fileName: "", imp: null,
      mapping: {}, fields: [], addDupes: false, done: null, imports: [],
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
      /* Import: file -> columns -> preview -> done; the file stays in the page and is sent
         again (raw CSV body) with the mapping for each preview and for the import. */
      openImport() { this.importing = true; this.resetImport(); this.loadImports(); },
      closeImport() { this.importing = false; },
      resetImport() {
        this.step = "file"; this.file = null; this.imp = null; this.mapping = {};
        this.addDupes = false; this.done = null;
        const input = document.getElementById("import-file");
        if (input) input.value = "";
      },
      fieldName(f) {
        return { name: "Name", first_name: "First name", last_name: "Last name", nickname: "Nickname",
          card: "Card / member number", email: "Mail address (private)", joined: "Joined date",
          ignore: "(not imported)" }[f] || f;
      },
      mapText() {
        if (!this.imp) return "";
        const m = this.imp.mapping;
        return Object.keys(m).map((c) => c + " → " + this.fieldName(m[c])).join(", ");
      },
      counts() { return (this.imp && this.imp.counts) || { new: 0, exact: 0, duplicate: 0, bad: 0 }; },
      rowsOf(status) { return this.imp ? this.imp.rows.filter((r) => r.status === status) : []; },
      async upload(path, withMap) {
        const q = new URLSearchParams({ source: this.fileName || "players.csv" });
        if (this.addDupes) q.set("add_duplicates", "true");
        if (withMap) for (const c of Object.keys(this.mapping)) q.append("map", c + "=" + this.mapping[c]);
        let r;
        try {
          r = await fetch(window.pokertd.url(path + "?" + q.toString()), {
            method: "POST", body: this.file, credentials: "same-origin",
            headers: { "Content-Type": "text/csv", "X-CSRF-Token": window.pokertd.csrf() },
          });
        } catch (e) { throw new Error("No answer from the server: check the connection and try again."); }
        let data = null;
        try { data = await r.json(); } catch (e) { data = null; }
        if (!r.ok) throw new Error((data && data.message) || "The server could not read the file (" + r.status + "): try again.");
        return data;
      },
      async pickFile(ev) {
        const f = ev.target.files && ev.target.files[0];
        if (!f) return;
        if (f.size > 5 * 1024 * 1024) {
          this.say(f.name + " has " + (f.size / 1048576).toFixed(1) + " MB: an import reads at most 5 MB. Split it in parts.", true);
          ev.target.value = ""; return;
        }
        this.busy = true; this.flash = "";
        try {
          this.file = await f.arrayBuffer(); this.fileName = f.name;
          this.imp = await this.upload("/api/player-imports/preview", false);
          this.fields = this.imp.fields;
          const m = {};
          for (const c of this.imp.columns) m[c] = this.imp.mapping[c] || "ignore";
          this.mapping = m; this.step = "map";
        } catch (e) { this.say(e.message, true); this.file = null; ev.target.value = ""; }
        finally { this.busy = false; }
      },
      async preview() {
        if (!this.file) return;
        this.busy = true;
        try {
          this.imp = await this.upload("/api/player-imports/preview", true);
          this.step = "preview"; this.flash = "";
        } catch (e) { this.say(e.message, true); }
        finally { this.busy = false; }
      },
      async runImport() {
        if (!this.file) return;
        this.busy = true;
        try {
          const out = await this.upload("/api/player-imports", true);
          this.done = out.import; this.step = "done"; this.flash = "";
          await this.loadImports();
        } catch (e) { this.say(e.message, true); }
        finally { this.busy = false; }
      },
      doneText() {
        const d = this.done;
        if (!d) return "";
        if (!d.active) return "Import " + d.id + " was undone: its " + d.added + " players are removed.";
        return "Imported " + d.added + " players (" + d.emails + " mail addresses) from " + d.source + " as import " + d.id + ".";
      },
      async loadImports() {
        try { this.imports = await this.get("/api/player-imports?limit=5"); } catch (e) { this.imports = []; }
      },
      async undoImport(id) {
        try {
          const out = await window.pokertd.post("/api/player-imports/" + encodeURIComponent(id) + "/undo", {});
          if (this.done && this.done.id === id) this.done = out;
          await this.loadImports();
          this.say("Import " + id + " undone: its " + out.added + " players are removed.");
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      nameOf(id) { return (this.profile && this.profile.names[id]) || id; },
      money(cents) { return cents == null ? "–" : window.pokertdMoney.format(cents); },
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
