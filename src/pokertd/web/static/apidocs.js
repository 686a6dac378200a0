// The API reference's search box (/docs): hides the operations and schemas whose method,
// path, summary, role or tag do not contain every word typed. Plain script, no inline code.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("ad-search");
  const count = document.getElementById("ad-count");
  const none = document.getElementById("ad-none");
  if (!box) return;
  const items = Array.from(document.querySelectorAll("[data-search]"));
  const sections = Array.from(document.querySelectorAll(".ad-tag"));
  const total = items.filter((el) => !el.classList.contains("ad-schema")).length;
  box.addEventListener("input", () => {
    const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const el of items) {
      const text = el.dataset.search || "";
      const match = words.every((w) => text.includes(w));
      el.hidden = !match;
      if (match && !el.classList.contains("ad-schema")) shown += 1;
    }
    for (const section of sections) {
      section.hidden = !section.querySelector("[data-search]:not([hidden])");
    }
    const tn = window.pokertd.tn;
    count.textContent = words.length
      ? tn("%(shown)s of %(num)s operation", "%(shown)s of %(num)s operations", total, { shown: shown, num: total })
      : tn("%(num)s operation", "%(num)s operations", total, { num: total });
    none.hidden = shown > 0 || !words.length;
  });
});
