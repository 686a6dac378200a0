/* pokertd screens that survive the Wi-Fi (issue 27; docs/screens-offline.md).

   Loaded on every page after app.js; pokertd.display (app.js) calls it from two places:
   connect() hands it each new stream (watch), and elapsed() asks it where the clock is.

   - The clock keeps running without the server: a pushed view carries the server's now
     (`server_time`), the clock as of then (`clock`, with `seconds_left`) and the clock as it
     will read at the start of each coming level and break (`clock_ahead`, each with
     `starts_at`, the server's epoch seconds; pokertd.app.screens.clock_ahead_part). The
     server's now is the view's `server_time` plus the time since the page received it, by
     the page's own monotonic clock: so the page turns to the next level or break at the
     right second even when no push comes, and a push, when it comes, replaces it all.
   - The connection: a lost stream shows a small "reconnecting…" (bottom left, never over
     the clock); the browser's own offline/online events close and reopen the stream, and a
     stream the browser gave up on is opened again every few seconds. A new stream starts
     with a whole view (a snapshot), so nothing older stays on screen.
   - The public screens (TV, player, lobby, a venue's wall screen /screen/<name>) keep their
     last view in localStorage (public data only: a staff view is never stored; keep/kept
     below, also for a wall screen's own assignment) and register the service worker
     (static/sw.js), so a reload without network shows the last state, "offline", and the
     clock running on.
   - Any stream a page opens can be watched (watch: its "reconnecting…", its reconnection,
     the browser's offline/online events), not only an event's: a wall screen watches its
     assignment's stream beside its events' ones, and stops watching (unwatch) an event's
     stream it closed for good when the floor assigned it another event.
   - A staff page with a stream (the floor console) refuses to act while its stream is
     lost or the browser is offline: pokertd.post() throws before sending anything (nothing
     is queued), the page says it is offline and its controls are greyed out; once back, the
     stream's snapshot re-reads the state. */
(function () {
  "use strict";
  const P = window.pokertd;
  const watched = [];
  const STORE = "pokertd.last-view.";
  const SCREENS = /^\/t\/[^/]+\/(tv|player)$|^\/lobby$|^\/screen\/[^/]+$/;
  const RETRY_MS = 3000;
  /* The page's language (static/app.js loads first; docs/languages.md). */
  const t = (msgid) => (window.pokertd && window.pokertd.t ? window.pokertd.t(msgid) : msgid);
  const OFFLINE_REFUSAL = () => t("Offline: nothing was sent. This console acts again once the connection is back.");

  function rootPath() {
    const meta = document.querySelector('meta[name="root-path"]');
    return meta ? meta.content : "";
  }

  /** The public screen this page is ("/t/<id>/tv", "/t/<id>/player", "/lobby"), or "". */
  function screenPath() {
    const path = location.pathname.slice(rootPath().length);
    return SCREENS.test(path) ? path : "";
  }

  /** The server's now (epoch seconds) as this page reckons it: the view's server_time plus
   *  the time since it was received, by the page's monotonic clock. */
  function serverNow(d) {
    return (d.v.server_time || 0) + (performance.now() - d.receivedAt) / 1000;
  }

  /** The last `clock_ahead` period that has started by the server instant `at`, or null
   *  (the view's own clock is still in force). */
  function periodAt(view, at) {
    let found = null;
    for (const p of (view && view.clock_ahead) || []) {
      if (p.starts_at <= at) found = p;
      else break;
    }
    return found;
  }

  /** Seconds into the clock shown since the instant it describes; turns `d.clock` to the
   *  period in force first (a level or break that began since the last push). */
  function elapsed(d) {
    const v = d.v || {};
    if (v.server_time == null || !v.clock) {
      return d.clock && d.clock.running ? (performance.now() - d.receivedAt) / 1000 : 0;
    }
    const at = serverNow(d);
    const p = v.clock.running ? periodAt(v, at) : null;
    const from = p ? p.starts_at : undefined;
    if (!d.clock || d.clock.starts_at !== from) {
      // the pushed clock's own extras (hand-for-hand tables, notes) stay; the period's
      // figures (level, blinds, break, countdowns) are the server's for that instant
      d.clock = p ? Object.assign({}, v.clock, p) : v.clock;
    }
    const c = d.clock;
    return c.running ? at - (p ? p.starts_at : v.server_time) : 0;
  }

  function isOffline(d) { return !d.connected || navigator.onLine === false; }

  /** Whether a staff page must refuse to act now (its stream lost, or the browser offline). */
  function refusing() { return watched.some(isOffline); }

  function storeKey(d) { return d.tid + "." + d.audience; }

  /** Keep a public view under `key` for a reload without network, with the wall-clock
   *  instant it was received (`receivedAt`, the page's monotonic clock; now if none). */
  function keep(key, view, receivedAt) {
    const age = receivedAt == null ? 0 : performance.now() - receivedAt;
    try {
      localStorage.setItem(STORE + key, JSON.stringify({ wall: Date.now() - age, view }));
    } catch (e) { /* private mode or full: the page still works while open */ }
  }

  /** What keep() kept under `key`: {wall, view}, or null. */
  function kept(key) {
    try { return JSON.parse(localStorage.getItem(STORE + key) || "null"); } catch (e) { return null; }
  }

  function save(d) {
    if (d.audience !== "public" || !d.tid || !d.v || d.v.server_time == null) return;
    keep(storeKey(d), d.v, d.receivedAt);
  }

  /** Show the last stored view when it is newer than the page's own (a page the service
   *  worker served from its cache while offline), counting its clock on from then. */
  function restore(d) {
    if (d.audience !== "public" || !d.tid) return;
    const saved = kept(storeKey(d));
    if (!saved || !saved.view || saved.view.server_time == null) return;
    const v = d.v || {};
    if (v.tournament && saved.view.tournament !== v.tournament) return;
    if (v.server_time != null && saved.view.server_time <= v.server_time) return;
    d.apply(saved.view);
    d.receivedAt = performance.now() - Math.max(0, Date.now() - saved.wall);
    d.tick();
  }

  // ---- the lobby board: its own polling, the same offline rules -----------------------
  const SKEW = "pokertd.clock-skew";
  /** How old (seconds) a view made at the server's `serverTime` is now. `fresh`: it just
   *  came from the server (not from the service worker's cache): 0, and the difference
   *  between this machine's clock and the server's is kept for the next views that are not
   *  fresh (a lobby reloaded offline counts on from its last figures, not from their start). */
  function ageOf(serverTime, fresh) {
    if (serverTime == null) return 0;
    const wall = Date.now() / 1000;
    if (fresh) {
      try { localStorage.setItem(SKEW, String(wall - serverTime)); } catch (e) { /* none */ }
      return 0;
    }
    let skew = null;
    try { skew = localStorage.getItem(SKEW); } catch (e) { skew = null; }
    return skew == null ? 0 : Math.max(0, wall - Number(skew) - serverTime);
  }
  let lobbyStale = false;
  /** The lobby tells whether its last figures came from the server (false: the network
   *  failed or the service worker answered from its cache). */
  function lobbyFresh(fresh) { lobbyStale = !fresh; paintLobby(); }

  // ---- the small status line -------------------------------------------------------
  let badge = null;
  function statusText(d) {
    if (!isOffline(d)) return "";
    if (d.audience !== "public") return t("Offline: this console does nothing until the connection is back (nothing is queued).");
    return navigator.onLine === false ? t("offline · reconnecting…") : t("reconnecting…");
  }
  function paint() {
    const d = watched.find(isOffline) || watched[0];
    if (!d) return;
    if (!badge) {
      badge = document.createElement("div");
      badge.id = "live-conn";
      badge.className = "live-conn" + (d.audience === "public" ? "" : " live-conn-staff");
      badge.setAttribute("role", "status");
      badge.hidden = true;
      document.body.appendChild(badge);
    }
    const text = d.outdated ? "" : statusText(d);
    if (badge.textContent !== text) badge.textContent = text;
    badge.hidden = !text;
    document.body.classList.toggle("pokertd-offline", !!text && d.audience !== "public");
  }

  function paintLobby() {
    if (screenPath() !== "/lobby") return;
    if (!badge) {
      badge = document.createElement("div");
      badge.id = "live-conn";
      badge.className = "live-conn live-conn-lobby";
      badge.setAttribute("role", "status");
      document.body.appendChild(badge);
    }
    const text = navigator.onLine === false || lobbyStale ? t("offline · last figures") : "";
    if (badge.textContent !== text) badge.textContent = text;
    badge.hidden = !text;
  }

  function reconnect(d) {
    if (d.outdated || navigator.onLine === false) return;
    d.lastRetry = Date.now();
    d.connect();
  }

  /** Called by pokertd.display's connect() with each new stream of component `d`. */
  function watch(d, es) {
    if (!watched.includes(d)) {
      watched.push(d);
      restore(d);
      d.watching = setInterval(() => {
        // a stream the browser gave up on (an error page from a proxy, a closed one):
        // open it again; the browser retries a merely dropped one by itself
        if (d.es && d.es.readyState === 2 && !d.outdated && Date.now() - (d.lastRetry || 0) >= RETRY_MS) reconnect(d);
        paint();
      }, 500);
    }
    const stored = () => save(d);
    es.addEventListener("snapshot", stored);
    es.addEventListener("patch", stored);
    paint();
  }

  /** Stop watching `d` (a stream its page closed for good): never reopened, never painted. */
  function unwatch(d) {
    const i = watched.indexOf(d);
    if (i >= 0) watched.splice(i, 1);
    clearInterval(d.watching);
    if (d.es) d.es.close();
    paint();
  }

  window.addEventListener("offline", paintLobby);
  window.addEventListener("online", paintLobby);
  window.addEventListener("offline", () => {
    for (const d of watched) {
      d.connected = false;
      if (d.es) d.es.close();  // no patch from before the cut is applied after it
    }
    paint();
  });
  window.addEventListener("online", () => {
    for (const d of watched) reconnect(d);
    paint();
  });

  // ---- the service worker of the public screens ----------------------------------------
  function register() {
    const path = screenPath();
    if (!path || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    const root = rootPath();
    navigator.serviceWorker.addEventListener("message", (ev) => {
      if (ev.data && ev.data.kept) window.pokertdOfflineKept = ev.data.kept;
    });
    navigator.serviceWorker.register(root + "/sw.js", { scope: root + path }).then((reg) => {
      const ask = (worker) => {
        const urls = [location.href];
        document.querySelectorAll("script[src]").forEach((el) => urls.push(el.src));
        document.querySelectorAll("link[rel=stylesheet], link[rel~=icon]").forEach((el) => urls.push(el.href));
        document.querySelectorAll("img[src]").forEach((el) => urls.push(el.src));
        document.querySelectorAll("[style*='url(']").forEach((el) => {  // a wall's background
          const m = /url\(["']?([^"')]+)/.exec(el.style.backgroundImage || "");
          if (m) urls.push(new URL(m[1], location.href).href);
        });
        if (path === "/lobby") urls.push(new URL(root + "/lobby.json", location.href).href);
        worker.postMessage({ keep: urls });
      };
      const w = reg.active || reg.waiting || reg.installing;
      if (!w) return;
      if (w.state === "activated") { ask(w); return; }
      w.addEventListener("statechange", () => { if (w.state === "activated") ask(w); });
    }).catch(() => { /* no worker: the page still works while open */ });
  }
  // once the page is up and a few seconds idle: the worker's first fetches never compete
  // with the page's own loading and first pushes
  const REGISTER_AFTER_MS = 5000;
  const later = () => setTimeout(register, REGISTER_AFTER_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { if (screenPath() === "/lobby") paintLobby(); });
  } else if (screenPath() === "/lobby") paintLobby();

  window.pokertdOffline = {
    elapsed, watch, unwatch, keep, kept, refusing, periodAt, serverNow, ageOf, lobbyFresh, OFFLINE_REFUSAL,
  };
})();
