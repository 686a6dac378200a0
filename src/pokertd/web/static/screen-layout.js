/* pokertd wall screens (issue 27, point 3): a layout of panels on a grid, drawn for any
   screen size, and the named screen that follows the screens page without a reload: its
   assignment comes by push (GET /api/screens/<name>/stream, event "show"), each event's
   figures over the event's own stream; it asks GET /api/screens/<name>/show every 3 s only
   while its stream is down. Offline it works as the TV does (static/live-offline.js,
   docs/screens-offline.md): the clock counts on through the levels ahead, "reconnecting…"
   shows, a reconnection catches up with a snapshot, and the last assignment, views and
   lists are kept for a reload without network (the service worker keeps the page).

   window.pokertdLayout.render(root, layout, source) draws a layout (pokertd.tournament.
   layouts: columns × rows, panels with a kind and a rectangle, styles per level/break) into
   root; source gives each panel its figures (event(i): the i-th event's live model,
   lobby(), seating(i), league(key, season), imageUrl(name)). The editor's preview and the
   TV use the same code, so what the director sees is what the room sees.

   Text is sized to its panel (CSS container units, static/screen.css) and then shrunk
   step by step while it does not fit (fitPanel), never below FLOOR_VH of the screen's
   height: a list that does not fit at that size turns pages instead of shrinking.
   No inline styles in the page (CSP): every style is set through el.style. */
(function () {
  "use strict";
  const FLOOR_VH = 2.3;        // the smallest text: 2.3 % of the screen's height (25 px at 1080p)
  const PAGE_SECONDS = 8;      // a list's page turns every 8 s
  const CHIP_COLOURS = {
    white: "#f4f4f4", black: "#1b1b1b", purple: "#7d3cc8", yellow: "#f2c500", red: "#d22b2b",
    green: "#1f9d55", blue: "#2563eb", orange: "#f08a24", pink: "#ef6fa8", grey: "#8a8a8a",
    gray: "#8a8a8a", brown: "#8b5a2b", lavender: "#b9a2e8", burgundy: "#7b1e32",
  };

  function h() { return window.pokertd.display("", "public", false); }
  const H = h();
  /* The wall's language: the page's catalogue (static/app.js; ?lang= or the venue's). */
  function t(msgid, params) { return window.pokertd.t(msgid, params); }
  function tn(singular, plural, n, params) { return window.pokertd.tn(singular, plural, n, params); }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  /* An image of a panel: the element already loaded for that address is moved into the
     panel drawn again (a new level, a resize), never fetched again: offline, without the
     service worker, the QR code and the sponsor's image stay. */
  const IMAGES = new Map();
  function image(src, cls, alt) {
    let img = IMAGES.get(src);
    if (!img || img.isConnected) {
      img = el("img", cls);
      img.src = src;
      if (!IMAGES.has(src)) IMAGES.set(src, img);
    }
    img.className = cls;
    img.alt = alt;
    return img;
  }

  /* The style for now: the break's on a break, else the level's, else the default (the
     same rule as pokertd.tournament.layouts.style_for). */
  function styleFor(layout, clock) {
    const styles = layout.styles || [];
    const fallback = styles.find((s) => s.when === "default") || { text: "#ffffff", background: "#0b1a2a", scale: 100, image: "" };
    const c = clock || {};
    const level = c.level && c.level.level;
    for (const s of styles) {
      if (c.on_break && s.when === "break") return s;
      if (!c.on_break && s.when === "level" && level != null && s.level === level) return s;
    }
    return fallback;
  }

  /* Seconds since the clock `m.clock` describes: an event's live model (pokertd.display)
     reckons them with the server's own periods ahead, so offline its clock turns to the next
     level or break at the right second (pokertdOffline.elapsed: it also switches m.clock);
     the editor's sample counts from when it was made. */
  function since(m) {
    const c = (m && m.clock) || {};
    if (m && typeof m.elapsed === "function") return m.elapsed();
    return c.running && m.receivedAt ? (performance.now() - m.receivedAt) / 1000 : 0;
  }
  function secondsLeft(m) {
    const e = since(m);  // first: it may turn m.clock to the period in force
    const c = (m && m.clock) || {};
    return c.seconds_left == null ? null : c.seconds_left - e;
  }
  function breakIn(m) {
    const e = since(m);
    const c = (m && m.clock) || {};
    return c.next_break_in == null ? null : c.next_break_in - e;
  }
  /* Which period of the clock a model shows (a level or a break): a panel is drawn again
     when it turns, pushed or not. */
  function period(m) {
    const c = (m && m.clock) || {};
    return [c.starts_at, c.level && c.level.level, !!c.on_break, c.running, c.started];
  }

  function eventIndex(panel) { return Math.max(1, parseInt((panel.options || {}).event || "1", 10)) - 1; }

  /* ---- one function per kind: fills the panel's body from the figures ---------------- */
  const KINDS = {
    title(body, m) {
      const v = (m && m.v) || {};
      body.appendChild(el("div", "t p-title", v.name || "—"));
    },
    clock(body, m) {
      since(m);  // the period in force first
      const c = (m && m.clock) || {};
      const over = m && m.s && (m.s.finished || m.s.winner);
      body.appendChild(el("div", "t p-label", c.on_break ? t("BREAK") : c.started ? t("LEVEL %(level)s", { level: (c.level || {}).level || "" }) : t("STARTING SOON")));
      const time = el("div", "t p-time", over ? "—" : H.mmss(secondsLeft(m)));
      time.dataset.live = "time";
      if (c.running && secondsLeft(m) != null && secondsLeft(m) <= 60) time.classList.add("warn");
      body.appendChild(time);
      let note = "";
      if (c.started && !c.running && !over) note = t("PAUSED");
      else if (c.next_break_in != null && !c.on_break) note = t("Next break in %(time)s", { time: H.mmss(breakIn(m)) });
      const n = el("div", "t p-note", note || " ");
      n.dataset.live = "break";
      body.appendChild(n);
    },
    blinds(body, m) {
      since(m);
      const c = (m && m.clock) || {};
      const st = (m && m.v && m.v.structure) || {};
      const now = c.on_break ? c.next_level : c.level || (st.levels || [])[0];
      body.appendChild(el("div", "t p-label", c.on_break ? t("BLINDS AFTER THE BREAK") : t("BLINDS")));
      body.appendChild(el("div", "t p-big", H.blinds(now)));
      if (now && H.sideAnte(now)) body.appendChild(el("div", "t p-note", t("ante %(ante)s", { ante: H.anteText(now) })));
      if (!c.on_break && c.next_level) {
        body.appendChild(el("div", "t p-label", t("NEXT LEVEL")));
        const nx = c.next_level;
        body.appendChild(el("div", "t p-mid", H.sideAnte(nx) ? t("%(blinds)s · ante %(ante)s", { blinds: H.blinds(nx), ante: H.fmt(nx.ante) }) : H.blinds(nx)));
      }
    },
    players(body, m) {
      const s = (m && m.s) || {};
      const bb = m && m.clock && m.clock.level && m.clock.level.big_blind;
      body.appendChild(el("div", "t p-label", t("PLAYERS")));
      body.appendChild(el("div", "t p-mid", H.or(s.alive, "–") + " / " + H.or(s.entries, "–")));
      body.appendChild(el("div", "t p-label", t("AVERAGE STACK")));
      const avg = s.average_stack;
      body.appendChild(el("div", "t p-mid", avg && bb ? t("%(stack)s · %(bb)s BB", { stack: H.fmt(avg), bb: H.fmt(Math.round(avg / bb)) }) : H.fmt(avg)));
    },
    chips(body, m) {
      body.appendChild(el("div", "t p-label", t("CHIPS")));
      const row = el("div", "p-chips");
      for (const c of ((m && m.v && m.v.chips) || [])) {
        const chip = el("span", "t p-chip");
        const dot = el("i");
        dot.style.background = CHIP_COLOURS[(c.color || "").toLowerCase()] || c.color || "#ccc";
        chip.appendChild(dot);
        chip.appendChild(el("span", "", H.fmt(c.value)));
        row.appendChild(chip);
      }
      body.appendChild(row);
    },
    payouts(body, m, panel, src, state) {
      const rows = ((m && m.v && m.v.payouts) || []).map((p) => [H.ordinal(p.place), H.money(p.amount)]);
      list(body, state, rows.length ? tn("%(n)s PLACE PAID", "%(n)s PLACES PAID", rows.length) : t("PAYOUTS"),
        rows, t("Payouts are shown once players have entered."));
    },
    seating(body, m, panel, src, state) {
      const tables = src.seating ? src.seating(eventIndex(panel)) : [];
      const rows = [];
      for (const tb of tables) for (const s of (tb.seats || [])) if (s.name) rows.push([s.name, t("T%(table)s · S%(seat)s", { table: tb.table, seat: s.seat })]);
      rows.sort((a, b) => a[0].localeCompare(b[0]));
      list(body, state, t("SEATING"), rows, t("Seats are shown once they are drawn."));
    },
    lobby(body, m, panel, src, state) {
      const boards = src.lobby ? src.lobby() : [];
      const rows = boards.map((b) => {
        const c = b.clock || {};
        let what = t("Soon");
        if (b.cancelled) what = t("Cancelled");
        else if (c.started) what = c.on_break ? t("Break") : t("L%(level)s · %(blinds)s", { level: c.level.level, blinds: H.blinds(c.level) });
        return [b.name, what];
      });
      list(body, state, t("EVENTS"), rows, t("No events to show."));
    },
    league(body, m, panel, src, state) {
      const o = panel.options || {};
      const data = src.league ? src.league(o.league || "", o.season || "") : null;
      const rows = ((data && data.rows) || []).map((r) => [t("%(rank)s. %(name)s", { rank: r.rank, name: r.name }), H.fmt(r.points)]);
      const title = data && data.league ? t("%(league)s · %(season)s", { league: data.league.name, season: data.season.name }) : t("LEAGUE");
      list(body, state, title, rows, o.league ? t("No standings yet.") : t("Choose a league for this panel."));
    },
    announcement(body, m, panel) {
      const text = (panel.options || {}).text || ((m && m.v && m.v.screens) || {}).announcement || "";
      body.appendChild(el("div", "t p-announce", text || " "));
    },
    sponsor(body, m, panel, src) {
      const o = panel.options || {};
      if (o.image) {
        body.appendChild(image(src.imageUrl(o.image), "p-img", o.caption || t("Sponsor")));
      }
      if (o.caption) body.appendChild(el("div", "t p-note", o.caption));
    },
    qr(body, m) {
      const tid = m && m.tid;
      if (tid) {
        body.appendChild(image(window.pokertd.url("/t/" + encodeURIComponent(tid) + "/qr.svg"), "p-img p-qr", t("QR code: the player view")));
      }
      body.appendChild(el("div", "t p-note", t("Scan: your seat on your phone")));
    },
  };

  /* A titled list, paged to the rows that fit at the panel's size (never below the floor). */
  function list(body, state, title, rows, empty) {
    body.appendChild(el("div", "t p-label", title));
    const box = el("div", "p-list");
    body.appendChild(box);
    if (!rows.length) { box.appendChild(el("div", "t p-note", empty)); return; }
    state.rows = rows;
    state.box = box;
    state.page = state.page || 0;
    fillList(state);
  }
  function fillList(state) {
    const box = state.box;
    if (!box) return;
    clear(box);
    // rows as tall as the panel allows for the list, from the floor up to 1.6 times it
    // (times the style's font scale): a short list in a tall panel reads from further away
    const floor = state.floorPx || window.innerHeight * FLOOR_VH / 100;
    const share = box.clientHeight / Math.max(1, state.rows.length) / 1.8;
    const font = Math.max(floor, Math.min(share, floor * 1.6 * (state.scale || 1)));
    box.style.setProperty("--row-font", font + "px");
    const rowPx = Math.max(font * 1.8, 1);
    const per = Math.max(1, Math.floor(box.clientHeight / rowPx) || 1);
    const pages = Math.max(1, Math.ceil(state.rows.length / per));
    if (state.page >= pages) state.page = 0;
    state.pages = pages;
    for (const [a, b] of state.rows.slice(state.page * per, state.page * per + per)) {
      const r = el("div", "p-row");
      r.appendChild(el("span", "t p-a", a));
      r.appendChild(el("span", "t p-b", b));
      box.appendChild(r);
    }
    // a long name first shrinks to the floor; only past that is it ended with "…" (its
    // whole text stays in the title)
    for (const a of box.querySelectorAll(".p-a")) {
      let px = font;
      while (a.scrollWidth > a.clientWidth + 1 && px > floor) {
        px = Math.max(floor, px * 0.92);
        a.style.fontSize = px + "px";
      }
      if (a.scrollWidth > a.clientWidth + 1) { a.classList.add("p-long"); a.title = a.textContent; }
    }
    if (pages > 1) box.appendChild(el("div", "t p-page", (state.page + 1) + " / " + pages));
  }

  /* Shrink a panel's text (the --fit factor) until nothing overflows, not below the floor. */
  function overflows(panel) {
    for (const e of panel.querySelectorAll(".t")) {
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) return true;
    }
    return panel.scrollHeight > panel.clientHeight + 1;
  }
  function fitPanel(panel, scale) {
    let fit = scale;
    panel.style.setProperty("--fit", String(fit));
    for (let i = 0; i < 24 && overflows(panel); i++) {
      fit *= 0.9;
      panel.style.setProperty("--fit", String(fit));
    }
  }

  /* Draw `layout` into `root` with the figures of `src`; returns {refresh, tick, turn}. */
  function render(root, layout, src) {
    clear(root);
    root.classList.add("sl-root");
    const grid = el("div", "sl-grid");
    grid.style.gridTemplateColumns = "repeat(" + layout.columns + ", 1fr)";
    grid.style.gridTemplateRows = "repeat(" + layout.rows + ", 1fr)";
    root.appendChild(grid);
    const cells = (layout.panels || []).map((p, i) => {
      const box = el("section", "sl-panel sl-" + p.kind);
      box.dataset.kind = p.kind;
      box.dataset.panel = String(i + 1);
      box.style.gridColumn = (p.col + 1) + " / span " + p.width;
      box.style.gridRow = (p.row + 1) + " / span " + p.height;
      const body = el("div", "sl-body");
      box.appendChild(body);
      grid.appendChild(box);
      return { p, box, body, state: {}, key: "" };
    });
    function main() { return src.event ? src.event(0) : null; }
    function paint(force) {
      const m = main();
      since(m);
      const st = styleFor(layout, m && m.clock);
      root.style.color = st.text;
      root.style.backgroundColor = st.background;
      root.style.backgroundImage = st.image ? "url(\"" + src.imageUrl(st.image) + "\")" : "none";
      const scale = (st.scale || 100) / 100;
      // the floor in pixels of this screen (the editor's preview is a small screen)
      const floorPx = (root.clientHeight || window.innerHeight) * FLOOR_VH / 100;
      root.style.setProperty("--floor", floorPx + "px");
      for (const c of cells) {
        const em = src.event ? src.event(eventIndex(c.p)) : null;
        since(em);
        const key = JSON.stringify([em && em.v && em.v.seq, em && em.tid, period(em), scale,
          src.version ? src.version() : 0, c.box.clientWidth, c.box.clientHeight]);
        if (!force && key === c.key) continue;
        c.key = key;
        clear(c.body);
        c.state.floorPx = floorPx;
        c.state.scale = scale;
        KINDS[c.p.kind](c.body, em, c.p, src, c.state);
        c.box.classList.toggle("sl-empty", !c.body.textContent.trim() && !c.body.querySelector("img"));
        fitPanel(c.box, scale);
        if (c.state.box) { fillList(c.state); fitPanel(c.box, scale); }
      }
    }
    function tick() {
      paint(false);  // a level or break that began since the last push is drawn whole
      for (const c of cells) {
        if (c.p.kind !== "clock") continue;
        const m = src.event ? src.event(eventIndex(c.p)) : null;
        const time = c.body.querySelector('[data-live="time"]');
        if (time && m && !(m.s && (m.s.finished || m.s.winner))) {
          const left = secondsLeft(m);
          time.textContent = H.mmss(left);
          time.classList.toggle("warn", !!(m.clock && m.clock.running && left != null && left <= 60));
        }
        const b = c.body.querySelector('[data-live="break"]');
        if (b && m && m.clock && m.clock.next_break_in != null && !m.clock.on_break && m.clock.running) {
          b.textContent = t("Next break in %(time)s", { time: H.mmss(breakIn(m)) });
        }
      }
    }
    function turn() {
      for (const c of cells) {
        if (c.state.pages > 1) { c.state.page = (c.state.page + 1) % c.state.pages; fillList(c.state); }
      }
    }
    paint(true);
    return { refresh: paint, tick, turn };
  }

  /* ---- the named screen: /screen/{name} ---------------------------------------------- */
  const POLL_SECONDS = 3;      // GET .../show, only while the screen's stream is down
  const SLOW_SECONDS = 20;     // the lobby, seating and league lists

  function screen(root, initial) {
    const P = window.pokertd;
    const off = window.pokertdOffline;  // static/live-offline.js
    const name = initial.screen;
    const KEY = "screen." + name;       // its assignment, kept for a reload offline
    const LISTS = "screen-lists." + name;
    let view = initial;
    let drawn = null;
    let models = [];
    let lobbyBoards = [];
    let seats = {};
    let leagues = {};
    let version = 0;
    // a page the service worker answered from its cache is older than the last assignment
    // pushed to this screen: the newer one wins (and the lists it last had)
    const last = off ? off.kept(KEY) : null;
    if (last && last.view && last.view.screen === name && (last.view.server_time || 0) >= (initial.server_time || 0)) view = last.view;
    const lists = off ? off.kept(LISTS) : null;
    if (lists && lists.view) ({ lobby: lobbyBoards = [], seats = {}, leagues = {} } = lists.view);

    function model(tid) {
      const d = P.display(tid, "public", false);
      d.receivedAt = 0;
      d.apply = function (v) {
        this.v = v || {}; this.clock = this.v.clock || {}; this.s = this.v.status || {};
        this.receivedAt = performance.now();
        if (drawn) drawn.refresh(false);
      };
      d.tick = function () { if (drawn) drawn.tick(); };
      d.connect();
      return d;
    }
    function wanted(layout) {
      let n = 0;
      for (const p of layout.panels) if (p.kind !== "lobby") n = Math.max(n, parseInt((p.options || {}).event || "1", 10));
      return n;
    }
    async function fetchJson(path) {
      const r = await fetch(P.url(path), { credentials: "same-origin" });
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }
    async function slow() {
      const kinds = new Set(view.layout.panels.map((p) => p.kind));
      try {
        if (kinds.has("lobby")) {
          const all = await fetchJson("/lobby.json");
          lobbyBoards = view.events.length ? all.filter((b) => view.events.includes(b.tournament)) : all;
        }
        for (const p of view.layout.panels) {
          if (p.kind === "seating") {
            const tid = view.events[eventIndex(p)];
            if (tid) {
              const full = await fetchJson("/api/tournaments/" + encodeURIComponent(tid));
              seats[tid] = full.tables_public || full.tables || [];
            }
          }
          if (p.kind === "league" && (p.options || {}).league) {
            const o = p.options;
            leagues[o.league + "/" + (o.season || "")] = await fetchJson(
              "/api/leagues/" + encodeURIComponent(o.league) + "/standings" + (o.season ? "?season=" + encodeURIComponent(o.season) : ""));
          }
        }
        version += 1;
        if (off) off.keep(LISTS, { lobby: lobbyBoards, seats, leagues });
        if (drawn) drawn.refresh(false);
      } catch (e) { /* keep the last figures */ }
    }
    const src = {
      event(i) { return models[i] || null; },
      lobby() { return lobbyBoards; },
      seating(i) { return seats[view.events[i]] || []; },
      league(k, s) { return leagues[k + "/" + s] || null; },
      imageUrl(n) { return P.url("/screen-images/" + encodeURIComponent(n)); },
      version() { return version; },
    };
    /* JSON with sorted keys: the page's first view (Jinja's tojson sorts them) and the
       stream's compare equal when they say the same. */
    function stable(x) {
      if (Array.isArray(x)) return "[" + x.map(stable).join(",") + "]";
      if (x && typeof x === "object") return "{" + Object.keys(x).sort().map((k) => JSON.stringify(k) + ":" + stable(x[k])).join(",") + "}";
      return JSON.stringify(x);
    }
    function apply(next) {
      const same = drawn && stable(next.layout) === stable(view.layout) && stable(next.events) === stable(view.events);
      view = next;
      if (off && next.server_time != null) off.keep(KEY, next);
      root.dataset.layout = view.layout.name;
      root.dataset.events = view.events.join(",");
      if (same) return;
      // the events it no longer shows: their streams closed for good
      for (const m of models) { if (off) off.unwatch(m); else if (m.es) m.es.close(); }
      models = [];
      const n = Math.min(wanted(view.layout), view.events.length);
      const waiting = document.getElementById("screen-waiting");
      if (waiting) waiting.hidden = view.events.length > 0;
      drawn = render(root.querySelector(".sl-stage"), view.layout, src);
      models = view.events.slice(0, Math.max(n, 1)).map(model);
      drawn.refresh(false);
      slow();
    }

    /* The screen's own stream: what it shows, pushed; watched like an event's stream
       ("reconnecting…", reopened when the browser gave up or comes back online). */
    const conn = {
      tid: "", audience: "public", connected: true, outdated: false, es: null,
      connect() {
        if (this.es) this.es.close();
        const es = new EventSource(P.url("/api/screens/" + encodeURIComponent(name) + "/stream"));
        es.addEventListener("hello", (ev) => {
          let hello = null;
          try { hello = JSON.parse(ev.data); } catch (e) { hello = null; }
          if (P.speaks(hello)) return;
          es.close();  // another version's messages are not read: the page reloads
          this.connected = false;
          this.outdated = true;
        });
        es.addEventListener("show", (ev) => {
          this.connected = true;
          root.dataset.connected = "1";
          apply(JSON.parse(ev.data));
        });
        es.onerror = () => { this.connected = false; root.dataset.connected = "0"; };
        es.onopen = () => { this.connected = true; };
        this.es = es;
        if (off) off.watch(this, es);
      },
    };
    async function poll() {
      if (conn.connected && navigator.onLine !== false) return;  // the stream says it all
      try {
        apply(await fetchJson("/api/screens/" + encodeURIComponent(name) + "/show"));
        root.dataset.connected = "1";
      } catch (e) { root.dataset.connected = "0"; }
    }
    conn.connect();  // first: its "reconnecting…" is the screen's
    apply(view);
    window.pokertdWall = { models: () => models, view: () => view, connection: conn };  // tests, devtools
    setInterval(poll, POLL_SECONDS * 1000);
    setInterval(slow, SLOW_SECONDS * 1000);
    setInterval(() => drawn && drawn.tick(), 250);
    setInterval(() => drawn && drawn.turn(), PAGE_SECONDS * 1000);
    window.addEventListener("resize", () => drawn && drawn.refresh(true));
  }

  window.pokertdLayout = { render, styleFor, screen, KINDS, FLOOR_VH };

  document.addEventListener("DOMContentLoaded", () => {
    const root = document.getElementById("screen");
    const data = document.getElementById("screen-view");
    if (root && data) screen(root, JSON.parse(data.textContent || "{}"));
  });
})();
