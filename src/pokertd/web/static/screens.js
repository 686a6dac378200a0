/* pokertd screens page and layout editor (issue 27, point 3). Plain DOM, no inline code
   (CSP): the screens page assigns each named TV a layout and its events; the editor builds
   a layout from form controls (every panel's column, row, width and height are number
   fields: usable with a keyboard alone; with a mouse, a pen or a finger a panel of the
   preview is also dragged to move it, or by its corner to resize it, on the grid's cells:
   pointer events, the fields follow), previews it with the TV's own renderer
   (static/screen-layout.js) and saves, exports and imports it. The server checks every
   layout (pokertd.tournament.layouts.check_layout) and says what is wrong. */
(function () {
  "use strict";
  const P = window.pokertd;  // static/app.js loads first
  const t = P.t, tn = P.tn;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (v != null) e.setAttribute(k, v);
    }
    if (text != null) e.textContent = text;
    return e;
  }
  function flash(id, text, error) {
    const f = document.getElementById(id);
    if (!f) return;
    f.textContent = text || "";
    f.classList.toggle("error", !!error);
  }
  async function postRaw(path, body, type) {
    let r;
    try {
      r = await fetch(P.url(path), {
        method: "POST", credentials: "same-origin", body,
        headers: { "Content-Type": type, "X-CSRF-Token": P.csrf() },
      });
    } catch (e) { throw new Error(t("No answer from the server: check the connection.")); }
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) throw new Error((data && data.message) || t("The server could not do it (%(status)s).", { status: r.status }));
    return data;
  }
  function readJson(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent || "{}") : null;
  }

  /* ---- the screens page -------------------------------------------------------------- */
  function screensPage(root) {
    const data = readJson("screens-data");
    const body = root.querySelector("#screens-list tbody");
    function row(s) {
      const tr = el("tr", { "data-screen": s.name });
      tr.appendChild(el("th", { scope: "row" }, s.name));
      tr.appendChild(el("td", { class: s.connected ? "on" : "off" }, s.connected ? t("connected") : t("not seen lately")));
      const layoutCell = el("td");
      const pick = el("select", { "aria-label": t("Layout of %(screen)s", { screen: s.name }), class: "screen-layout" });
      for (const name of data.layouts) {
        const o = el("option", { value: name }, name);
        if (name === s.layout) o.selected = true;
        pick.appendChild(o);
      }
      layoutCell.appendChild(pick);
      tr.appendChild(layoutCell);
      const evCell = el("td");
      const evs = el("select", { multiple: "", size: String(Math.min(5, Math.max(2, data.events.length))), "aria-label": t("Events of %(screen)s", { screen: s.name }), class: "screen-events" });
      const order = s.events.concat(data.events.map((e) => e.id).filter((id) => !s.events.includes(id)));
      for (const id of order) {
        const ev = data.events.find((e) => e.id === id);
        if (!ev) continue;
        const o = el("option", { value: ev.id }, t("%(event)s (%(id)s)", { event: ev.name, id: ev.id }));
        if (s.events.includes(ev.id)) o.selected = true;
        evs.appendChild(o);
      }
      evCell.appendChild(evs);
      tr.appendChild(evCell);
      const act = el("td", { class: "actions" });
      const apply = el("button", { type: "button", class: "primary screen-apply" }, t("Show on %(screen)s", { screen: s.name }));
      apply.addEventListener("click", async () => {
        const events = [...evs.selectedOptions].map((o) => o.value);
        try {
          const out = await P.post("/api/screens/" + encodeURIComponent(s.name) + "/assign", { layout: pick.value, events });
          flash("screens-flash", out.events.length
            ? t("%(screen)s: %(layout)s of %(events)s. The screen follows within seconds.", { screen: out.name, layout: out.layout, events: out.events.join(", ") })
            : t("%(screen)s: %(layout)s. The screen follows within seconds.", { screen: out.name, layout: out.layout }));
        } catch (e) { flash("screens-flash", e.message, true); }
      });
      act.appendChild(apply);
      const open = el("a", { href: P.url("/screen/" + encodeURIComponent(s.name)), target: "_blank" }, t("Open the screen"));
      act.appendChild(document.createTextNode(" "));
      act.appendChild(open);
      tr.appendChild(act);
      return tr;
    }
    function draw(list) {
      while (body.firstChild) body.removeChild(body.firstChild);
      for (const s of list) body.appendChild(row(s));
      document.getElementById("screens-none").hidden = list.length > 0;
    }
    draw(data.screens);
    async function refresh() {
      try {
        const list = await (await fetch(P.url("/api/screens"), { credentials: "same-origin" })).json();
        // only the connected column changes by itself; the pickers keep what staff chose
        for (const s of list) {
          const tr = body.querySelector(`tr[data-screen="${CSS.escape(s.name)}"]`);
          if (!tr) { body.appendChild(row(s)); continue; }
          const td = tr.children[1];
          td.textContent = s.connected ? t("connected") : t("not seen lately");
          td.className = s.connected ? "on" : "off";
        }
        document.getElementById("screens-none").hidden = list.length > 0;
      } catch (e) { /* keep what is shown */ }
    }
    setInterval(refresh, 5000);
    root.querySelector("#screen-add").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const name = document.getElementById("screen-add-name").value.trim();
      if (!name) return;
      if (!body.querySelector(`tr[data-screen="${CSS.escape(name)}"]`)) {
        body.appendChild(row({ name, layout: "clock", events: [], connected: false }));
      }
      document.getElementById("screens-none").hidden = true;
      flash("screens-flash", t("%(screen)s: choose its layout and events, then “Show on %(screen)s”.", { screen: name }));
    });
  }

  /* ---- the layout editor ------------------------------------------------------------- */
  const SAMPLE = {
    tid: "",
    receivedAt: 0,
    v: {
      name: "Friday Deepstack", seq: 1,
      payouts: [[1, 152000], [2, 98000], [3, 64000], [4, 42000], [5, 31000], [6, 24000], [7, 19000], [8, 15500]]
        .map(([place, amount]) => ({ place, amount })),
      chips: [{ value: 25, color: "green" }, { value: 100, color: "black" }, { value: 500, color: "purple" },
        { value: 1000, color: "yellow" }, { value: 5000, color: "red" }],
      screens: { announcement: "" },  // in the page's language: refresh() below
    },
    clock: {
      started: true, running: false, on_break: false, seconds_left: 1130, next_break_in: 3530,
      level: { level: 5, small_blind: 200, big_blind: 400, ante: 400, ante_type: "big_blind" },
      next_level: { level: 6, small_blind: 300, big_blind: 600, ante: 600 },
    },
    s: { alive: 37, entries: 60, average_stack: 32432 },
  };
  const SAMPLE_TABLES = [{ table: 1, seats: [{ seat: 1, name: "Ann Archer" }, { seat: 2, name: "Bob Bell" }, { seat: 3, name: "Cy Cole" }] },
    { table: 2, seats: [{ seat: 4, name: "Dee Dunn" }, { seat: 7, name: "Eve Ekman" }] }];
  const SAMPLE_LOBBY = [
    { tournament: "a", name: "Friday Deepstack", clock: { started: true, level: { level: 5, small_blind: 200, big_blind: 400 } } },
    { tournament: "b", name: "PLO Bounty", clock: { started: false } },
  ];

  function editorPage(root) {
    /* The editor's words for each panel option (pokertd.tournament.layouts.PANEL_OPTIONS). */
    const OPTION_LABELS = {
      event: t("Event no."), text: t("Text"), image: t("Image"), caption: t("Caption"), league: t("League"), season: t("Season"),
    };
    const data = readJson("editor-data");
    const model = data.model;
    let layouts = data.layouts;
    let images = data.images;
    let cur = null;
    const $ = (id) => document.getElementById(id);

    function copy(x) { return JSON.parse(JSON.stringify(x)); }
    function pickList() {
      const sel = $("ed-pick");
      while (sel.firstChild) sel.removeChild(sel.firstChild);
      for (const l of layouts) sel.appendChild(el("option", { value: l.name }, l.built_in ? t("%(layout)s (built-in)", { layout: l.name }) : l.name));
      sel.appendChild(el("option", { value: "" }, t("— a new layout —")));
    }
    function load(name) {
      const found = layouts.find((l) => l.name === name);
      cur = found ? copy(found) : { name: t("my layout"), columns: 12, rows: 8, panels: [{ kind: "clock", col: 0, row: 0, width: 8, height: 5, options: {} }], styles: [{ when: "default", level: 0, text: "#ffffff", background: "#0b1a2a", scale: 100, image: "" }] };
      if (cur.built_in) cur.name = t("%(layout)s copy", { layout: cur.name });  // a built-in is saved under a new name
      delete cur.built_in;
      $("ed-pick").value = found ? name : "";
      draw();
    }
    function num(label, value, min, max, on) {
      const lab = el("label", { class: "num" }, label + " ");
      const inp = el("input", { type: "number", min: String(min), max: String(max), value: String(value) });
      inp.addEventListener("change", () => { on(parseInt(inp.value, 10) || min); refresh(); });
      lab.appendChild(inp);
      return lab;
    }
    function text(label, value, on, attrs) {
      const lab = el("label", { class: "txt" }, label + " ");
      const inp = el("input", Object.assign({ value: value || "" }, attrs || {}));
      inp.addEventListener("change", () => { on(inp.value); refresh(); });
      lab.appendChild(inp);
      return lab;
    }
    function drawPanels() {
      const ol = $("ed-panels");
      while (ol.firstChild) ol.removeChild(ol.firstChild);
      cur.panels.forEach((p, i) => {
        const li = el("li", { class: "ed-panel", "data-panel": String(i + 1) });
        li.appendChild(el("b", {}, model.kinds[p.kind] ? t(model.kinds[p.kind]) : p.kind));
        const row = el("div", { class: "ed-row" });
        row.appendChild(num(t("Column"), p.col + 1, 1, cur.columns, (v) => { p.col = v - 1; }));
        row.appendChild(num(t("Row"), p.row + 1, 1, cur.rows, (v) => { p.row = v - 1; }));
        row.appendChild(num(t("Width"), p.width, 1, cur.columns, (v) => { p.width = v; }));
        row.appendChild(num(t("Height"), p.height, 1, cur.rows, (v) => { p.height = v; }));
        li.appendChild(row);
        const opts = row;
        for (const o of model.options[p.kind] || []) {
          if (o === "image") {
            const lab = el("label", { class: "txt" }, OPTION_LABELS.image + " ");
            const sel = el("select");
            sel.appendChild(el("option", { value: "" }, "—"));
            for (const im of images) {
              const opt = el("option", { value: im.name }, im.name);
              if (im.name === (p.options || {}).image) opt.selected = true;
              sel.appendChild(opt);
            }
            sel.addEventListener("change", () => { p.options = p.options || {}; p.options.image = sel.value; refresh(); });
            lab.appendChild(sel);
            opts.appendChild(lab);
          } else {
            opts.appendChild(text(OPTION_LABELS[o] || o, (p.options || {})[o],
              (v) => { p.options = p.options || {}; p.options[o] = v; }, { maxlength: "200" }));
          }
        }
        const del = el("button", { type: "button", class: "ed-remove" }, t("Remove panel %(n)s", { n: i + 1 }));
        del.addEventListener("click", () => { cur.panels.splice(i, 1); draw(); });
        li.appendChild(del);
        ol.appendChild(li);
      });
    }
    function drawStyles() {
      const ol = $("ed-styles");
      while (ol.firstChild) ol.removeChild(ol.firstChild);
      cur.styles = cur.styles || [];
      cur.styles.forEach((s, i) => {
        const li = el("li", { class: "ed-style" });
        const row = el("div", { class: "ed-row" });
        const lab = el("label", {}, t("When") + " ");
        const sel = el("select");
        for (const w of model.when) {
          const o = el("option", { value: w }, w === "default" ? t("always (default)") : w === "break" ? t("on a break") : t("during a level"));
          if (w === s.when) o.selected = true;
          sel.appendChild(o);
        }
        sel.addEventListener("change", () => { s.when = sel.value; if (s.when === "level" && !s.level) s.level = 1; if (s.when !== "level") s.level = 0; draw(); });
        lab.appendChild(sel);
        row.appendChild(lab);
        if (s.when === "level") row.appendChild(num(t("Level"), s.level || 1, 1, 1000, (v) => { s.level = v; }));
        row.appendChild(text(t("Text colour"), s.text, (v) => { s.text = v; }, { type: "color" }));
        row.appendChild(text(t("Background"), s.background, (v) => { s.background = v; }, { type: "color" }));
        row.appendChild(num(t("Font scale %"), s.scale || 100, 50, 200, (v) => { s.scale = v; }));
        const ilab = el("label", {}, t("Background image") + " ");
        const isel = el("select");
        isel.appendChild(el("option", { value: "" }, "—"));
        for (const im of images) {
          const o = el("option", { value: im.name }, im.name);
          if (im.name === s.image) o.selected = true;
          isel.appendChild(o);
        }
        isel.addEventListener("change", () => { s.image = isel.value; refresh(); });
        ilab.appendChild(isel);
        row.appendChild(ilab);
        li.appendChild(row);
        const del = el("button", { type: "button" }, t("Remove style %(n)s", { n: i + 1 }));
        del.addEventListener("click", () => { cur.styles.splice(i, 1); draw(); });
        li.appendChild(del);
        ol.appendChild(li);
      });
    }
    function drawImages() {
      const ul = $("ed-images");
      while (ul.firstChild) ul.removeChild(ul.firstChild);
      for (const im of images) ul.appendChild(el("li", {}, t("%(image)s: %(type)s, %(width)s × %(height)s, %(kb)s KB", {
        image: im.name, type: im.content_type.replace("image/", "").toUpperCase(), width: im.width, height: im.height, kb: Math.ceil(im.size / 1024) })));
      if (!images.length) ul.appendChild(el("li", { class: "muted" }, t("No images uploaded yet.")));
    }
    /* What is wrong on the grid now, in the server's words (the server checks again). */
    function problem() {
      const taken = {};
      for (let i = 0; i < cur.panels.length; i++) {
        const p = cur.panels[i];
        if (p.col + p.width > cur.columns || p.row + p.height > cur.rows) {
          return t("Panel %(n)s (%(kind)s) does not fit on the %(columns)s×%(rows)s grid.", { n: i + 1, kind: p.kind, columns: cur.columns, rows: cur.rows });
        }
        for (let r = p.row; r < p.row + p.height; r++) {
          for (let c = p.col; c < p.col + p.width; c++) {
            const k = c + "," + r;
            if (taken[k] != null) return t("Panel %(n)s (%(kind)s) overlaps panel %(other)s (%(other_kind)s) at column %(column)s, row %(row)s: move or shrink one of them.", {
              n: i + 1, kind: p.kind, other: taken[k] + 1, other_kind: cur.panels[taken[k]].kind, column: c + 1, row: r + 1 });
            taken[k] = i;
          }
        }
      }
      return "";
    }
    function refresh() {
      cur.name = $("ed-name").value.trim();
      cur.columns = Math.max(1, Math.min(model.grid_max, parseInt($("ed-cols").value, 10) || 1));
      cur.rows = Math.max(1, Math.min(model.grid_max, parseInt($("ed-rows").value, 10) || 1));
      const wrong = problem();
      flash("editor-problem", wrong, true);
      const m = copy(SAMPLE);
      m.v.screens.announcement = t("Dinner break after level 8: 45 minutes");
      m.clock.on_break = $("ed-break").checked;
      m.clock.level.level = parseInt($("ed-level").value, 10) || 1;
      const src = {
        event() { return m; },
        lobby() { return SAMPLE_LOBBY; },
        seating() { return SAMPLE_TABLES; },
        league() { return { league: { name: "Winter League" }, season: { name: "2026" }, rows: [{ rank: 1, name: "Ann Archer", points: 412 }, { rank: 2, name: "Bob Bell", points: 377 }] }; },
        imageUrl(n) { return P.url("/screen-images/" + encodeURIComponent(n)); },
      };
      if (!wrong) {
        window.pokertdLayout.render($("ed-preview"), cur, src);
        draggable();
      }
      $("ed-export").href = P.url("/api/screens/layouts/" + encodeURIComponent(cur.name) + "/export");
    }
    /* Drag a panel of the preview to move it, its corner to resize it: snapped to the
       grid's cells, kept on the grid; the number fields are written when it is dropped
       (they stay the keyboard's way to do the same). An overlap is named at once, as when
       the fields are typed. */
    function draggable() {
      const grid = $("ed-preview").querySelector(".sl-grid");
      if (!grid) return;
      for (const box of grid.querySelectorAll(".sl-panel")) {
        const i = parseInt(box.dataset.panel, 10) - 1;
        box.classList.add("ed-drag");
        box.title = t("Drag to move panel %(n)s, or its corner to resize it (its fields do the same).", { n: i + 1 });
        const corner = el("span", { class: "ed-resize", "aria-hidden": "true" });
        box.appendChild(corner);
        box.addEventListener("pointerdown", (ev) => drag(ev, box, i, ev.target === corner));
      }
    }
    function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }
    function drag(ev, box, i, resizing) {
      const p = cur.panels[i];
      if (!p || ev.button !== 0) return;
      ev.preventDefault();
      const grid = box.parentElement;
      const r = grid.getBoundingClientRect();
      const cs = getComputedStyle(grid);
      const pitchX = (r.width + (parseFloat(cs.columnGap) || 0)) / cur.columns;
      const pitchY = (r.height + (parseFloat(cs.rowGap) || 0)) / cur.rows;
      const from = { x: ev.clientX, y: ev.clientY, col: p.col, row: p.row, width: p.width, height: p.height };
      box.setPointerCapture(ev.pointerId);
      for (const other of grid.querySelectorAll(".ed-last")) other.classList.remove("ed-last");
      box.classList.add("ed-dragging", "ed-last");  // the panel in hand stays on top
      const move = (e) => {
        const dc = Math.round((e.clientX - from.x) / pitchX);
        const dr = Math.round((e.clientY - from.y) / pitchY);
        if (resizing) {
          p.width = clamp(from.width + dc, 1, cur.columns - p.col);
          p.height = clamp(from.height + dr, 1, cur.rows - p.row);
        } else {
          p.col = clamp(from.col + dc, 0, Math.max(0, cur.columns - p.width));
          p.row = clamp(from.row + dr, 0, Math.max(0, cur.rows - p.height));
        }
        box.style.gridColumn = (p.col + 1) + " / span " + p.width;
        box.style.gridRow = (p.row + 1) + " / span " + p.height;
        flash("editor-problem", problem(), true);
      };
      const end = () => {
        box.removeEventListener("pointermove", move);
        box.removeEventListener("pointerup", end);
        box.removeEventListener("pointercancel", end);
        box.classList.remove("ed-dragging");
        const moved = p.col !== from.col || p.row !== from.row || p.width !== from.width || p.height !== from.height;
        if (moved) {
          draw();
          flash("editor-flash", t("Panel %(n)s: column %(column)s, row %(row)s, %(width)s × %(height)s cells.", {
            n: i + 1, column: p.col + 1, row: p.row + 1, width: p.width, height: p.height }));
        }
      };
      box.addEventListener("pointermove", move);
      box.addEventListener("pointerup", end);
      box.addEventListener("pointercancel", end);
    }
    function draw() {
      $("ed-name").value = cur.name;
      $("ed-cols").value = cur.columns;
      $("ed-rows").value = cur.rows;
      drawPanels();
      drawStyles();
      drawImages();
      refresh();
    }
    async function reload(name) {
      layouts = await (await fetch(P.url("/api/screens/layouts"), { credentials: "same-origin" })).json();
      pickList();
      load(name);
    }

    const kindSel = $("ed-kind");
    for (const [k, label] of Object.entries(model.kinds)) kindSel.appendChild(el("option", { value: k }, t(label)));
    pickList();
    $("ed-pick").addEventListener("change", () => load($("ed-pick").value));
    for (const id of ["ed-name", "ed-cols", "ed-rows", "ed-break", "ed-level"]) $(id).addEventListener("change", () => { refresh(); if (id !== "ed-name") drawPanels(); });
    $("ed-add").addEventListener("click", () => {
      // the first free cell, one cell large: the director then moves and sizes it
      const used = new Set();
      for (const p of cur.panels) for (let r = p.row; r < p.row + p.height; r++) for (let c = p.col; c < p.col + p.width; c++) used.add(c + "," + r);
      let spot = null;
      for (let r = 0; r < cur.rows && !spot; r++) for (let c = 0; c < cur.columns && !spot; c++) if (!used.has(c + "," + r)) spot = [c, r];
      if (!spot) { flash("editor-flash", t("The grid is full: make a panel smaller or add columns or rows first."), true); return; }
      cur.panels.push({ kind: kindSel.value, col: spot[0], row: spot[1], width: 1, height: 1, options: {} });
      draw();
    });
    $("ed-add-style").addEventListener("click", () => {
      cur.styles.push({ when: "break", level: 0, text: "#000000", background: "#f2c500", scale: 100, image: "" });
      draw();
    });
    $("ed-save").addEventListener("click", async () => {
      refresh();
      try {
        const saved = await postRaw("/api/screens/layouts", JSON.stringify(cur), "application/json");
        flash("editor-flash", t("Saved layout %(layout)s: assign it to a screen on the Screens page.", { layout: saved.name }));
        await reload(saved.name);
      } catch (e) { flash("editor-flash", e.message, true); }
    });
    $("ed-delete").addEventListener("click", async () => {
      try {
        await P.post("/api/screens/layouts/" + encodeURIComponent(cur.name) + "/delete", {});
        flash("editor-flash", t("Deleted layout %(layout)s.", { layout: cur.name }));
        await reload("clock");
      } catch (e) { flash("editor-flash", e.message, true); }
    });
    $("ed-import").addEventListener("change", async () => {
      const file = $("ed-import").files[0];
      if (!file) return;
      try {
        const saved = await postRaw("/api/screens/layouts/import", await file.text(), "application/json");
        flash("editor-flash", t("Imported layout %(layout)s.", { layout: saved.name }));
        await reload(saved.name);
      } catch (e) { flash("editor-flash", e.message, true); }
      $("ed-import").value = "";
    });
    $("ed-upload").addEventListener("click", async () => {
      const file = $("ed-image-file").files[0];
      const name = $("ed-image-name").value.trim();
      if (!file || !name) { flash("editor-flash", t("Name the image and choose its file first."), true); return; }
      try {
        const im = await postRaw("/api/screens/images?name=" + encodeURIComponent(name), file, "application/octet-stream");
        images = await (await fetch(P.url("/api/screens/images"), { credentials: "same-origin" })).json();
        flash("editor-flash", t("Uploaded %(image)s (%(width)s × %(height)s).", { image: im.name, width: im.width, height: im.height }));
        draw();
      } catch (e) { flash("editor-flash", e.message, true); }
    });
    if (!data.director) {
      for (const id of ["ed-save", "ed-delete", "ed-upload", "ed-import"]) $(id).disabled = true;
      $("ed-preview-note").appendChild(el("span", {}, " · " + t("saving needs the director")));
    }
    load((layouts.find((l) => !l.built_in) || layouts[0]).name);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const screens = document.getElementById("screens-page");
    if (screens) screensPage(screens);
    const editor = document.getElementById("editor-page");
    if (editor) editorPage(editor);
  });
})();
