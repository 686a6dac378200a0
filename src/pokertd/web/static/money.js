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
     cashier pays exactly what the payout says), as format_money(trim=True). */
  function format(minor, cur, loc, places) {
    cur = cur || currency; loc = loc || locale;
    const p = places == null ? (cur === currency ? digits : 2) : places;
    const n = Math.round(Number(minor)), s = Math.pow(10, p);
    return formatter(cur, loc, n % s === 0 ? 0 : p).format(n / s);
  }

  /* An ISO instant as the venue's locale writes a time of day or a date. */
  function time(iso) {
    return iso ? new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(new Date(iso)) : "";
  }
  function date(iso) {
    return iso ? new Intl.DateTimeFormat(locale, { year: "numeric", month: "numeric", day: "numeric" }).format(new Date(iso)) : "";
  }

  window.pokertdMoney = { currency, locale, digits, scale, format, time, date };
})();
