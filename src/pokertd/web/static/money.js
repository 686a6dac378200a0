/* Money and times as the venue writes them (issue 27, docs/money.md): the page's
   <meta name="pokertd-money"> names the event's currency (ISO 4217), its minor units and the
   venue's locale (BCP 47); Intl writes them as CLDR says, as pokertd.money.format_money does
   on the server. Amounts arrive as integers of the minor unit (cents; yen for JPY). */
(function () {
  "use strict";
  const meta = document.querySelector('meta[name="pokertd-money"]');
  const data = meta ? meta.dataset : {};
  const currency = data.currency || "USD";
  const locale = data.locale || "en-US";
  const digits = data.digits == null || data.digits === "" ? 2 : Number(data.digits);
  const scale = Math.pow(10, digits);
  const pageDigits = digits;
  const cache = {};

  function formatter(cur, loc, places) {
    const key = cur + "|" + loc + "|" + places;
    if (!cache[key]) {
      cache[key] = new Intl.NumberFormat(loc, {
        style: "currency", currency: cur, minimumFractionDigits: places, maximumFractionDigits: places,
      });
    }
    return cache[key];
  }

  /* minor units -> text; whole amounts without a zero fraction ("310 €", but "310,40 €": a
     cashier pays exactly what the payout says), as format_money(trim=True); ``full`` keeps
     the zero fraction ("310,00 €"), as format_money. */
  function format(minor, cur, loc, places, full) {
    cur = cur || currency; loc = loc || locale;
    const p = places == null ? (cur === currency ? digits : 2) : places;
    const n = Math.round(Number(minor)), s = Math.pow(10, p);
    return formatter(cur, loc, n % s === 0 && !full ? 0 : p).format(n / s);
  }

  /* Typed money -> minor units, read as the venue writes it ("4.074,00" in German,
     "4,074.00" or "$4,074" in English, whole yen for JPY), as pokertd.money.parse_money
     does; null when it is not an amount (the caller says so), 0 for an empty field.
     ``places``: the minor units of another currency than the page's (the set-up form's
     chosen one: 0 for JPY); the page's by default. */
  const DEC = (1.5).toLocaleString(locale).replace(/\d/g, "");
  const GRP = (1234567).toLocaleString(locale).replace(/\d/g, "").charAt(0);
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  function parse(text, places) {
    const digits = places == null ? pageDigits : places, scale = Math.pow(10, digits);
    const typed = String(text == null ? "" : text).replace(/[\s\u00a0\u202f]/g, "");
    let t = typed.replace(/^[^\d.,']+|[^\d.,']+$/g, "");
    if (t === "") return typed === "" ? 0 : null;
    if (GRP && new RegExp("^\\d{1,3}(" + esc(GRP) + "\\d{3})+(" + esc(DEC) + "|$)").test(t)) t = t.split(GRP).join("");
    const frac = digits ? "(" + esc(DEC) + "\\d{1," + digits + "})?" : "";
    if (!new RegExp("^\\d+" + frac + "$").test(t)) return null;
    const [whole, part = ""] = t.split(DEC);
    return Number(whole) * scale + (digits ? Number((part + "000").slice(0, digits)) : 0);
  }
  /* Minor units as a plain typed amount ("1234,5" in German): what a form field shows
     (``places`` as for parse). */
  function plain(minor, places) {
    const digits = places == null ? pageDigits : places, scale = Math.pow(10, digits);
    const whole = Math.floor(minor / scale), frac = minor % scale;
    return frac ? whole + DEC + String(frac).padStart(digits, "0") : String(whole);
  }

  /* An ISO instant as the venue's locale writes a time of day or a date. */
  function time(iso) {
    return iso ? new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(new Date(iso)) : "";
  }
  function date(iso) {
    return iso ? new Intl.DateTimeFormat(locale, { year: "numeric", month: "numeric", day: "numeric" }).format(new Date(iso)) : "";
  }

  /* A chip count (1200) as the page writes numbers: the money's locale when the event or
     the venue chose one, else the page's language ("1.200" on a German page; "1200" but
     "12.000" in Spanish, as CLDR says): data-chips-locale, filled in by the server as
     pokertd.money.chips_locale. The one chip formatter of the page scripts; "–" for none. */
  const chipsLocale = data.chipsLocale || locale;
  let chipsFormat = null;
  function chips(n) {
    if (n == null || n === "" || isNaN(Number(n))) return "–";
    chipsFormat = chipsFormat || new Intl.NumberFormat(chipsLocale, { maximumFractionDigits: 0 });
    return chipsFormat.format(Math.round(Number(n)));
  }

  /* A typed chip count as a whole number: "31.200" on a German page, "31,200" or "31200"
     anywhere (a group mark only between groups of three digits), NaN for anything else
     ("31.2", "1,5"): chips are whole, so a floorperson's "31.200" is never 31.2. The one
     chip reader of the page scripts; null for an empty field. */
  const CHIP_GRP = (1234567).toLocaleString(chipsLocale).replace(/\d/g, "").charAt(0);
  function parseChips(text) {
    let t = String(text == null ? "" : text).replace(/[\s\u00a0\u202f']/g, "");
    if (t === "") return null;
    for (const g of new Set([CHIP_GRP, ","].filter(Boolean))) {
      if (new RegExp("^\\d{1,3}(" + esc(g) + "\\d{3})+$").test(t)) t = t.split(g).join("");
    }
    return /^\d+$/.test(t) ? Number(t) : NaN;
  }

  window.pokertdMoney = { currency, locale, chipsLocale, digits, scale, format, parse, plain, time, date, chips, parseChips };
})();
