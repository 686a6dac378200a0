/* The player database page (staff): search as you type (former names too), a player's
   history, rename (history kept), merge with a confirmation and undo, and a CSV import
   (columns, preview, import, undo). Everything goes through /api/players (the server checks the role
   and the CSRF token); no inline scripts (CSP). */
(function () {
  "use strict";
  const t = (msgid, params) => window.pokertd.t(msgid, params);
  const tn = (singular, plural, n, params) => window.pokertd.tn(singular, plural, n, params);
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
        if (!r.ok) throw new Error((data && data.message) || t("The server did not answer; try again."));
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
          this.say(t("%(duplicate)s was merged into %(player)s.", { duplicate: dup.name, player: this.profile.player.name }));
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      async unmerge(id) {
        try {
          const out = await window.pokertd.post("/api/players/" + encodeURIComponent(id) + "/unmerge", {});
          const keep = this.profile && this.profile.player.id !== id ? this.profile.player.id : id;
          this.say(t("%(player)s stands on their own again.", { player: out.player.player.name }));
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
          this.say(t("%(old)s is now %(new)s. Past events keep their names; searching %(old)s still finds them.", { old: was, new: this.profile.player.name }));
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      async confirmKind(kind) {
        if (!this.profile) return;
        try {
          this.profile = await window.pokertd.post(
            "/api/players/" + encodeURIComponent(this.profile.player.id) + "/confirm", { kind });
          this.say(kind === "age" ? t("Age confirmed for %(player)s.", { player: this.profile.player.name })
            : t("Membership confirmed for %(player)s.", { player: this.profile.player.name }));
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
        return { name: t("Name"), first_name: t("First name"), last_name: t("Last name"), nickname: t("Nickname"),
          card: t("Card / member number"), email: t("Mail address (private)"), joined: t("Joined date"),
          ignore: t("(not imported)") }[f] || f;
      },
      mapText() {
        if (!this.imp) return "";
        const m = this.imp.mapping;
        return Object.keys(m).map((c) => c + " → " + this.fieldName(m[c])).join(", ");
      },
      columnsText() { return t("Columns: %(columns)s", { columns: this.mapText() }); },
      exactTitle() { return tn("%(n)s already in the database: left as it is", "%(n)s already in the database: left as they are", this.rowsOf("exact").length); },
      exactLine(r) { return t("line %(line)s: %(name)s = %(match)s (%(reason)s)", { line: r.line, name: r.name, match: r.match.name, reason: this.said(r.match.reason_said, r.match.reason) }); },
      /* A row's problem or a match's reason, sent as a sentence, in the page's language. */
      said(x, fallback) { return window.pokertd.said(x, fallback); },
      newTitle() {
        const shown = this.rowsOf("new").length, all = this.counts().new;
        return shown < all ? tn("New players (the first %(shown)s of %(n)s)", "New players (the first %(shown)s of %(n)s)", all, { shown }) : t("New players");
      },
      newLine(r) {
        const p = { line: r.line, name: r.name, card: r.card };
        if (r.card && r.email) return t("line %(line)s: %(name)s, card %(card)s, mail address given", p);
        if (r.card) return t("line %(line)s: %(name)s, card %(card)s", p);
        if (r.email) return t("line %(line)s: %(name)s, mail address given", p);
        return t("line %(line)s: %(name)s", p);
      },
      addDupesText() { return tn("Also add the %(n)s likely duplicate as a new player", "Also add the %(n)s likely duplicates as new players", this.counts().duplicate); },
      importButton() { return this.imp && this.imp.to_add ? tn("Import %(n)s player", "Import %(n)s players", this.imp.to_add) : t("Nothing to import"); },
      importLine(i) {
        const p = { source: i.source, staff: i.staff, when: this.when(i.at), undoer: i.undone_by, undone: this.when(i.undone_at) };
        return i.undone_at
          ? tn("%(source)s: %(n)s player by %(staff)s, %(when)s; undone by %(undoer)s, %(undone)s", "%(source)s: %(n)s players by %(staff)s, %(when)s; undone by %(undoer)s, %(undone)s", i.added, p)
          : tn("%(source)s: %(n)s player by %(staff)s, %(when)s", "%(source)s: %(n)s players by %(staff)s, %(when)s", i.added, p);
      },
      noName() { return t("(no name)"); },
      noMatch() { return t("Nobody matches “%(text)s”.", { text: this.q.trim() }); },
      formerly(names) { return t("formerly %(names)s", { names: (names || []).join(", ") }); },
      cardText(card) { return card ? t("card %(card)s", { card }) : ""; },
      noCard() { return t("no card"); },
      cardAndId(p) { return p.card ? t("card %(card)s · %(id)s", { card: p.card, id: p.id }) : p.id; },
      profileCard() { const c = this.profile.player.card; return c ? t("Card %(card)s", { card: c }) : t("No card"); },
      idText(id) { return t("id %(id)s", { id }); },
      addedText() { return t("added %(date)s by %(staff)s", { date: this.day(this.profile.player.created_at), staff: this.profile.player.created_by }); },
      asName(name) { return t("as %(name)s", { name }); },
      statusText(status) {
        return { alive: t("alive"), busted: t("busted"), forfeited: t("forfeited"), disqualified: t("disqualified"),
          registered: t("registered") }[status] || status;
      },
      confirmedText(c) {
        const p = { staff: c.staff, when: this.when(c.at), note: c.note };
        if (c.kind === "age") return c.note ? t("Age confirmed by %(staff)s, %(when)s — %(note)s", p) : t("Age confirmed by %(staff)s, %(when)s", p);
        return c.note ? t("Membership confirmed by %(staff)s, %(when)s — %(note)s", p) : t("Membership confirmed by %(staff)s, %(when)s", p);
      },
      mergeQuestion() {
        if (!this.pending || !this.profile) return "";
        return t("Merge %(duplicate)s into %(player)s? Every result of %(duplicate)s will count for %(player)s. You can undo this.",
          { duplicate: this.pending.name, player: this.profile.player.name });
      },
      renameLine(r) { return t("%(old)s renamed %(new)s by %(staff)s, %(when)s", { old: r.old_name, new: r.new_name, staff: r.staff, when: this.when(r.at) }); },
      mergeLine(m) {
        const p = { duplicate: this.nameOf(m.from_id), player: this.nameOf(m.into_id), staff: m.staff, when: this.when(m.at),
          undoer: m.undone_by, undone: this.when(m.undone_at) };
        return m.undone_at ? t("%(duplicate)s merged into %(player)s by %(staff)s, %(when)s; undone by %(undoer)s, %(undone)s", p)
          : t("%(duplicate)s merged into %(player)s by %(staff)s, %(when)s", p);
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
        } catch (e) { throw new Error(t("No answer from the server: check the connection and try again.")); }
        let data = null;
        try { data = await r.json(); } catch (e) { data = null; }
        if (!r.ok) throw new Error((data && data.message) || t("The server could not read the file (%(status)s): try again.", { status: r.status }));
        return data;
      },
      async pickFile(ev) {
        const f = ev.target.files && ev.target.files[0];
        if (!f) return;
        if (f.size > 5 * 1024 * 1024) {
          const mb = new Intl.NumberFormat(window.pokertdMoney.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(f.size / 1048576);
          this.say(t("%(file)s has %(size)s MB: an import reads at most 5 MB. Split it in parts.", { file: f.name, size: mb }), true);
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
        if (!d.active) return tn("Import %(id)s was undone: its %(n)s player is removed.", "Import %(id)s was undone: its %(n)s players are removed.", d.added, { id: d.id });
        const mails = tn("%(n)s mail address", "%(n)s mail addresses", d.emails);
        return tn("Imported %(n)s player (%(mails)s) from %(source)s as import %(id)s.", "Imported %(n)s players (%(mails)s) from %(source)s as import %(id)s.", d.added,
          { source: d.source, id: d.id, mails });
      },
      async loadImports() {
        try { this.imports = await this.get("/api/player-imports?limit=5"); } catch (e) { this.imports = []; }
      },
      async undoImport(id) {
        try {
          const out = await window.pokertd.post("/api/player-imports/" + encodeURIComponent(id) + "/undo", {});
          if (this.done && this.done.id === id) this.done = out;
          await this.loadImports();
          this.say(tn("Import %(id)s undone: its %(n)s player is removed.", "Import %(id)s undone: its %(n)s players are removed.", out.added, { id }));
          if (this.q.trim()) this.search();
        } catch (e) { this.say(e.message, true); }
      },
      nameOf(id) { return (this.profile && this.profile.names[id]) || id; },
      money(cents) { return cents == null ? "–" : window.pokertdMoney.format(cents); },
      t(msgid, params) { return t(msgid, params); },
      /** 1st, 2nd… in English; each English form is a msgid ("1.º" in Spanish, "1." in German). */
      ordinal(n) {
        const forms = [t("%(n)sth", { n }), t("%(n)sst", { n }), t("%(n)snd", { n }), t("%(n)srd", { n })];
        const v = n % 100;
        return forms[(v - 20) % 10] || forms[v] || forms[0];
      },
      /** A date (an event's, or an instant's day) as the venue writes dates (money.js);
       *  a bare "2026-03-04" is that day wherever the browser is. */
      day(iso) {
        if (!iso) return "";
        const text = String(iso);
        return window.pokertdMoney.date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? text + "T12:00:00" : text);
      },
      /** An instant as the venue writes a date and a time of day (money.js). */
      when(iso) { return iso ? t("%(date)s, %(time)s", { date: this.day(iso), time: window.pokertdMoney.time(iso) }) : ""; },
    };
  };
  window.pokertd.component("pokertdPlayers", window.pokertdPlayers);
})();
