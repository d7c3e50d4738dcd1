// Explain page: the partition table of one guess for a state (POST /api/explain).
// The state comes from the form or from the URL (?w=original&h=salet:00120&g=crony&mode=ultra; the older hard=1 still reads as hard),
// which is how the assistant's "explain" links arrive here.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    widened: $("widened"), words: $("words"), mode: $("mode"), history: $("history"), guess: $("guess"), go: $("go"),
    error: $("error"), out: $("out"), title: $("title"), stats: $("stats"), chart: $("chart"),
    parts: document.querySelector("#parts tbody"), customBox: $("custom-box"),
  };
  let limits = null;  // /api/meta limits
  let custom = null;  // the "use my own word list" controls (WL.customBox)

  function parseHistory(text) {
    return text.split(/[,;\n]+/).map((s) => s.trim()).filter(Boolean).map((part) => {
      const m = part.match(/^([^\s:=]+)\s*[\s:=]\s*(.+)$/);
      if (!m) throw new Error(`"${part}": write each guess as word:colours, e.g. salet:00120`);
      return { guess: m[1], pattern: m[2] };
    });
  }

  async function explain() {
    let history;
    try {
      history = parseHistory(ui.history.value);
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    const guess = ui.guess.value.trim().toLowerCase();
    if (!guess) {
      WL.showError(ui.error, "type the guess to explain (for example salet)");
      return;
    }
    try {
      const data = await WL.api("/api/explain", {
        ...WL.listChoice(ui.words, custom, limits), mode: ui.mode.value, history, guess, show: 80,
        exclude: WL.excludedWords(WL.loadExcluded(), limits),  // the Assistant's, kept in this browser
      });
      WL.clearError(ui.error);
      render(data);
      const p = new URLSearchParams({ w: ui.words.value, g: guess });
      if (ui.mode.value !== "normal") p.set("mode", ui.mode.value);
      if (custom.customOn.checked) p.set("c", "1");
      if (history.length) p.set("h", history.map((m) => `${m.guess}:${m.pattern}`).join(","));
      window.history.replaceState(null, "", "?" + p.toString());
    } catch (err) {
      WL.showError(ui.error, err);
    }
  }

  function stat(value, label) {
    return WL.el("div", { class: "stat" }, WL.el("b", {}, value), WL.el("span", {}, label));
  }

  function render(d) {
    ui.out.hidden = false;
    const after = d.history.length ? ` after ${d.history.map((s) => s.guess.toUpperCase()).join(", ")}` : "";
    ui.title.textContent = `${d.guess.toUpperCase()} over the ${WL.plural(d.candidates, "candidate")}${after}`;
    ui.widened.hidden = !d.widened;
    ui.widened.textContent = d.notice || "";
    ui.stats.replaceChildren(
      stat(d.candidates, d.candidates === 1 ? "candidate" : "candidates"),
      stat(d.stats.parts, d.stats.parts === 1 ? "colour pattern" : "colour patterns"),
      stat(d.stats.largest, "biggest group"),
      stat(WL.fmt(d.stats.expected, 2), "expected left"),
      stat(WL.fmt(d.stats.entropy, 3), "entropy (bits)"),
      stat(d.guess_is_candidate ? "yes" : "no", "could be the answer"),
    );
    const win = "2".repeat(d.guess.length);
    const items = d.buckets.slice(0, 40).map((b) => ({
      label: b.pattern, value: b.count, marks: b.marks, color: b.pattern === win ? "#538d4e" : "#2f6fde",
    }));
    ui.chart.replaceChildren(WL.barChart(items, { title: `partition of ${d.guess}`, height: 170, word: d.guess }));
    ui.parts.replaceChildren(...d.buckets.map((b, i) => WL.el("tr", {},
      WL.el("td", { class: "num" }, i + 1),
      WL.el("td", {}, WL.tiles(d.guess, b.marks, true)),
      WL.el("td", { class: "num" }, b.count),
      WL.el("td", { class: "num" }, `${((100 * b.count) / d.candidates).toFixed(1)}%`),
      WL.el("td", {}, WL.el("div", { class: "words" },
        b.words.map((w) => WL.el("span", {}, w)),
        b.more ? WL.el("span", { class: "more" }, `… and ${b.more} more`) : null)),
    )));
  }

  ui.go.addEventListener("click", explain);
  for (const input of [ui.history, ui.guess]) {
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); explain(); } });
  }

  async function start() {
    const q = new URLSearchParams(location.search);
    try {
      const m = await WL.fillSettings({ words: ui.words, wordsValue: q.get("w"), daily: true });
      limits = m.limits;
      custom = WL.customBox(ui.customBox, limits);
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    const mode = q.get("mode") || (q.get("hard") === "1" ? "hard" : "normal");
    ui.mode.value = ["normal", "hard", "ultra"].includes(mode) ? mode : "normal";
    custom.customOn.checked = q.get("c") === "1";  // "c=1": the list stored by customBox
    if (custom.customOn.checked) ui.customBox.open = true;
    ui.history.value = (q.get("h") || "").split(",").filter(Boolean).join(", ");
    ui.guess.value = q.get("g") || "";
    if (ui.guess.value) explain();
    else ui.guess.focus();
  }
  start();
})();
