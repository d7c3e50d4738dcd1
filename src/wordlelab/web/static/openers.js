// Openers page: a shipped opener table from GET /api/openers (sortable, searchable, paged),
// a histogram of its totals, and one opener's rank from GET /api/openers/rank; where that rank is
// only a lower bound, POST /api/openers/compute searches the exact total (kept by the server).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    words: $("words"), mode: $("mode"), word: $("word"), rank: $("rank"), rankOut: $("rank-out"),
    hist: $("hist"), histNote: $("hist-note"), error: $("error"), out: $("out"), title: $("title"),
    filter: $("filter"), exactOnly: $("exact-only"), count: $("count"), body: document.querySelector("#table tbody"),
    more: $("more"), computeBox: $("compute-box"), compute: $("compute"), computeNote: $("compute-note"),
  };
  const PAGE = 100;
  let table = null;   // the /api/openers answer, rows annotated with rank ranges
  let sortKey = "rank", sortDir = 1, shown = PAGE;

  const shownTotal = (r) => (r.total === null ? "impossible" : r.exact ? String(r.total) : `≥ ${r.total}`);

  /** Rank ranges as wordlelab.atlas computes them: lo = exact totals below + 1, hi = all that may tie. */
  function annotate(t) {
    const key = (r) => (r.total === null ? Infinity : r.total);
    const rows = t.rows.map(([word, total, isExact], i) => ({ word, total, exact: isExact, order: i }));
    const exact = rows.filter((r) => r.exact).map(key).sort((a, b) => a - b);
    const bounds = rows.filter((r) => !r.exact).map(key).sort((a, b) => a - b);
    const below = (arr, v, strict) => {  // how many values < v (strict) or <= v
      let lo = 0, hi = arr.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (strict ? arr[mid] < v : arr[mid] <= v) lo = mid + 1; else hi = mid; }
      return lo;
    };
    for (const r of rows) {
      const v = key(r);
      r.lo = below(exact, v, true) + 1;
      r.hi = r.exact ? below(exact, v, false) + below(bounds, v, false) : rows.length;
      r.rankText = !r.exact ? `≥ ${r.lo}` : r.lo === r.hi ? String(r.lo) : `${r.lo}-${r.hi}`;
    }
    t.rows = rows;
  }

  function sorted() {
    const q = ui.filter.value.trim().toLowerCase();
    let rows = table.rows;
    if (q) rows = rows.filter((r) => r.word.includes(q));
    if (ui.exactOnly.checked) rows = rows.filter((r) => r.exact && r.total !== null);
    const cmp = {
      rank: (a, b) => a.order - b.order,
      word: (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
      total: (a, b) => ((a.total ?? Infinity) - (b.total ?? Infinity)) || a.order - b.order,
    }[sortKey];
    return rows.slice().sort((a, b) => sortDir * cmp(a, b));
  }

  function renderTable() {
    const rows = sorted();
    const best = table.best.total;
    ui.body.replaceChildren(...rows.slice(0, shown).map((r) => WL.el("tr", { class: r.lo === 1 ? "top" : null },
      WL.el("td", {}, r.rankText),
      WL.el("td", { class: "word" }, r.word),
      WL.el("td", { class: "num" }, shownTotal(r)),
      WL.el("td", { class: "num" }, r.total === null ? "-" : (r.exact ? "" : "≥ ") + WL.fmt(r.total / table.answers, 4)),
      WL.el("td", { class: "num" }, r.total === null ? "-" : (r.exact ? "+" : "≥ +") + (r.total - best)))));
    ui.count.textContent = `${Math.min(shown, rows.length)} of ${rows.length} shown`;
    ui.more.hidden = shown >= rows.length;
    for (const b of document.querySelectorAll("button.sort")) {
      const on = b.dataset.key === sortKey;
      b.setAttribute("aria-sort", on ? (sortDir > 0 ? "ascending" : "descending") : "none");
      b.textContent = b.dataset.key === "word" ? "opener" : b.dataset.key;
      if (on) b.textContent += sortDir > 0 ? " ▲" : " ▼";
    }
  }

  /** One histogram of `totals` (numbers) in `bins` bars at most, on its own scale. */
  function histogram(totals, { color, what, title, id, width }) {
    const lo = Math.min(...totals), hi = Math.max(...totals);
    const step = Math.max(1, Math.ceil((hi - lo + 1) / 30));
    const bins = Math.ceil((hi - lo + 1) / step);
    const counts = Array(bins).fill(0);
    for (const t of totals) counts[Math.min(bins - 1, Math.floor((t - lo) / step))] += 1;
    const W = width, H = 170, left = 44, bottom = 40, top = 12;
    const bw = (W - left - 8) / bins;
    const maxV = Math.max(1, ...counts);
    const plotH = H - top - bottom;
    const root = WL.svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": title, id });
    root.append(WL.svg("line", { class: "axis", x1: left, y1: top + plotH, x2: W - 4, y2: top + plotH }));
    root.append(WL.svg("text", { x: left - 6, y: top + 8, "text-anchor": "end" }, String(maxV)));
    root.append(WL.svg("text", { x: left - 6, y: top + plotH, "text-anchor": "end" }, "0"));
    counts.forEach((v, i) => {
      if (!v) return;
      const from = lo + i * step, to = from + step - 1;
      const h = Math.max(1, (v / maxV) * plotH);
      const rect = WL.svg("rect", { x: left + i * bw + 0.5, y: top + plotH - h, width: Math.max(1, bw - 1), height: h,
        fill: color });
      rect.append(WL.svg("title", {}, `${from === to ? from : `${from}–${to}`}: ${WL.plural(v, "opener")} (${what})`));
      root.append(rect);
    });
    root.append(WL.svg("text", { x: left, y: H - 22, "text-anchor": "start" }, String(lo)));
    root.append(WL.svg("text", { x: W - 8, y: H - 22, "text-anchor": "end" }, String(hi)));
    root.append(WL.svg("text", { x: left + (W - left) / 2, y: H - 6, "text-anchor": "middle" },
      `total guesses over ${table.answers} answers${step > 1 ? ` (bars of ${step})` : ""}`));
    return root;
  }

  /** Exact totals and proven lower bounds in charts of their own: a bound is not a total
   *  (the true total may be any amount above it), and the few exact totals would be lost
   *  among thousands of bounds on one scale. */
  function drawHist() {
    const width = Math.min(560, ui.hist.clientWidth || 560);
    const exact = table.rows.filter((r) => r.total !== null && r.exact).map((r) => r.total);
    const bounds = table.rows.filter((r) => r.total !== null && !r.exact).map((r) => r.total);
    const parts = [];
    if (exact.length) {
      parts.push(WL.el("h3", { class: "chart-title" }, `Exact totals (${WL.plural(exact.length, "opener")})`),
        histogram(exact, { color: "#538d4e", what: "exact", title: "histogram of exact opener totals", id: "histogram",
          width }));
    }
    if (bounds.length) {
      parts.push(WL.el("h3", { class: "chart-title" }, `Proven lower bounds (${WL.plural(bounds.length, "opener")}): ` +
        "each needs at least this many"),
      histogram(bounds, { color: "#9aa5b1", what: "lower bound", title: "histogram of proven lower bounds",
        id: exact.length ? "bounds-histogram" : "histogram", width }));
    }
    ui.hist.replaceChildren(...parts);
    const impossible = table.rows.filter((r) => r.total === null).length;
    ui.histNote.textContent = `${table.exact} exact totals, ${table.rows.length - table.exact} lower bounds` +
      (impossible ? `; ${impossible} openers cannot find every answer within six guesses (not drawn)` : "") + ".";
  }

  async function load() {
    WL.clearError(ui.error);
    try {
      table = await WL.api(`/api/openers?words=${encodeURIComponent(ui.words.value)}&mode=${encodeURIComponent(ui.mode.value)}`);
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    annotate(table);
    shown = PAGE;
    ui.title.textContent = `${table.openers} openers · ${table.words} list · ${table.mode} mode · ` +
      `best ${table.best.word.toUpperCase()} (${table.best.total})`;
    ui.out.hidden = false;
    renderTable();
    drawHist();
    if (ui.word.value.trim()) await rank();
  }

  async function rank() {
    WL.clearError(ui.error);
    const word = ui.word.value.trim();
    if (!word) { WL.showError(ui.error, "type an opener to rank, e.g. crane"); return; }
    let r;
    try {
      r = await WL.api(`/api/openers/rank?words=${encodeURIComponent(ui.words.value)}` +
        `&mode=${encodeURIComponent(ui.mode.value)}&word=${encodeURIComponent(word)}`);
    } catch (err) {
      ui.rankOut.replaceChildren();
      ui.computeBox.hidden = true;
      WL.showError(ui.error, err);
      return;
    }
    const ge = r.exact ? "" : "≥ ";
    const stats = r.total === null
      ? [["rank", `${r.rank_lo}-${r.rank_hi}`], ["total", "impossible"]]
      : [["rank", r.exact ? r.rank : `≥ ${r.rank_lo}`], ["total", ge + r.total], ["mean", ge + WL.fmt(r.mean, 4)],
        ["gap to best", ge + "+" + r.gap]];
    const note = r.total === null
      ? "No tree opening with it finds every answer within six guesses."
      : !r.exact
        ? "A proven lower bound: a bounded search stopped once it was proven worse than the total " +
          "it was searched against."
        : r.rank_lo !== r.rank_hi ? `Tied: ranks ${r.rank_lo} to ${r.rank_hi} share this total (or may).` : "";
    ui.rankOut.replaceChildren(
      WL.el("p", { id: "rank-line" }, WL.el("b", {}, r.word.toUpperCase()), ` of ${r.openers} openers; the best is ` +
        `${r.best.toUpperCase()} (${r.best_total}).`),
      WL.el("div", { class: "stat-line" }, stats.map(([k, v]) =>
        WL.el("div", { class: "stat" }, WL.el("b", {}, String(v)), WL.el("span", {}, k)))),
      ...(note ? [WL.el("p", { class: "hint", id: "rank-note" }, note)] : []));
    ui.computeBox.hidden = r.exact;
    ui.compute.dataset.word = r.word;
  }

  /** The exact total of the opener ranked above, searched by the server within its time limit. */
  async function compute() {
    WL.clearError(ui.error);
    const word = ui.compute.dataset.word;
    const limit = (await WL.meta()).limits.timeout_s;
    const started = Date.now();
    const tick = () => {
      ui.computeNote.textContent = `searching ${word.toUpperCase()}… ${Math.round((Date.now() - started) / 1000)} s ` +
        `(the server stops at ${limit} s)`;
    };
    tick();
    const timer = setInterval(tick, 1000);
    ui.compute.disabled = true;
    try {
      await WL.api("/api/openers/compute", { word, words: ui.words.value, mode: ui.mode.value });
      // the timer stops as soon as the answer comes: a tick during the reload below
      // would put "searching…" back over the result
      clearInterval(timer);
      ui.computeNote.textContent = `${word.toUpperCase()}: exact total computed in ` +
        `${Math.round((Date.now() - started) / 1000)} s and kept by the server.`;
      ui.word.value = word;
      await load();
    } catch (err) {
      clearInterval(timer);
      if (err.kind === "TimeLimit") {
        ui.computeNote.textContent = `${word.toUpperCase()} needs more than the server's ${limit} s; in a terminal: ` +
          `wordlelab openers --rank ${word} --words ${ui.words.value} --mode ${ui.mode.value} --exact`;
      } else {
        ui.computeNote.textContent = "";
        WL.showError(ui.error, err);
      }
    } finally {
      clearInterval(timer);
      ui.compute.disabled = false;
    }
  }

  async function init() {
    const meta = await WL.meta();
    const first = await WL.api("/api/openers");
    const lists = [...new Set(first.tables.map((t) => t.words))];
    WL.fillSelect(ui.words, lists.map((w) => ({ value: w, label: w,
      title: (meta.lists.find((l) => l.name === w) || {}).description })), first.words);
    const modes = () => first.tables.filter((t) => t.words === ui.words.value).map((t) => ({ value: t.mode, label: t.mode }));
    WL.fillSelect(ui.mode, modes(), "normal");
    ui.words.addEventListener("change", () => { WL.fillSelect(ui.mode, modes(), ui.mode.value); load(); });
    ui.mode.addEventListener("change", load);
    ui.rank.addEventListener("click", rank);
    ui.compute.addEventListener("click", compute);
    ui.word.addEventListener("keydown", (e) => { if (e.key === "Enter") rank(); });
    ui.filter.addEventListener("input", () => { shown = PAGE; renderTable(); });
    ui.exactOnly.addEventListener("change", () => { shown = PAGE; renderTable(); });
    ui.more.addEventListener("click", () => { shown += PAGE * 5; renderTable(); });
    for (const b of document.querySelectorAll("button.sort")) {
      b.addEventListener("click", () => {
        if (sortKey === b.dataset.key) sortDir = -sortDir; else { sortKey = b.dataset.key; sortDir = 1; }
        renderTable();
      });
    }
    await load();
  }

  init().catch((err) => WL.showError(ui.error, err));
})();
