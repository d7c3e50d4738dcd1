// Compare page: benchmark results from files (read in the browser) or from
// POST /api/compare, drawn as a summary table, a bar chart of means and a histogram.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    words: $("words"), sample: $("sample"), mode: $("mode"), strategies: $("strategies"),
    customOn: $("custom-on"), customAnswers: $("custom-answers"), customAllowed: $("custom-allowed"),
    run: $("run"), busy: $("busy"), limitNote: $("limit-note"), files: $("files"), clear: $("clear"),
    error: $("error"), out: $("out"), summary: document.querySelector("#summary tbody"),
    charts: $("charts"), means: $("means"), hist: $("hist"), legend: $("legend"),
  };
  let runs = [];   // [{source, r}] with r a Results.to_dict(), source a file name or "run here"

  /** Every benchmark result object inside parsed JSON (any nesting). */
  function findResults(data, out = []) {
    if (Array.isArray(data)) {
      data.forEach((x) => findResults(x, out));
    } else if (data && typeof data === "object") {
      if (data.histogram && typeof data.histogram === "object" && ("mean" in data || "strategy" in data)) {
        out.push(data);
      } else {
        Object.values(data).forEach((x) => findResults(x, out));
      }
    }
    return out;
  }

  /** A result's game mode ("normal", "hard", ...): its `mode`; files written before results had one field say `hard`. */
  function modeOf(r) {
    return typeof r.mode === "string" && r.mode ? r.mode : r.hard ? "hard" : "normal";
  }

  /** The colour rule a result was played under (files from before `rule` was saved: official). */
  function ruleOf(r) {
    return typeof r.rule === "string" && r.rule ? r.rule : "official";
  }

  function add(results, source) {
    for (const r of results) runs.push({ source, r });
    render();
  }

  async function loadFiles() {
    WL.clearError(ui.error);
    for (const file of ui.files.files) {
      try {
        const results = findResults(JSON.parse(await file.text()));
        if (!results.length) throw new Error("no benchmark results in it (expected objects with 'histogram' and 'mean')");
        add(results, file.name);
      } catch (err) {
        WL.showError(ui.error, `${file.name}: ${err.message}`);
      }
    }
    ui.files.value = "";
  }

  async function runHere() {
    const strategies = Array.from(ui.strategies.querySelectorAll("input:checked")).map((c) => c.value);
    if (!strategies.length) {
      WL.showError(ui.error, "tick at least one strategy");
      return;
    }
    const body = { strategies, mode: ui.mode.value };
    const answers = WL.parseWordText(ui.customAnswers.value);
    if (ui.customOn.checked && answers.length) {
      body.custom = { answers, allowed: WL.parseWordText(ui.customAllowed.value) };
    } else {
      body.words = ui.words.value;
      if (ui.sample.value) body.sample = Number(ui.sample.value);
    }
    ui.run.disabled = true;
    ui.busy.hidden = false;
    try {
      const data = await WL.api("/api/compare", body);
      WL.clearError(ui.error);
      add(data.results, "run here");
    } catch (err) {
      WL.showError(ui.error, err);
    } finally {
      ui.run.disabled = false;
      ui.busy.hidden = true;
    }
  }

  function pct(x) {
    return x === null || x === undefined ? "-" : `${(100 * x).toFixed(1)}%`;
  }

  function render() {
    ui.out.hidden = ui.charts.hidden = runs.length === 0;
    ui.summary.replaceChildren(...runs.map((run, k) => WL.el("tr", {},
      WL.el("td", {}, swatch(k)),
      WL.el("td", {}, run.r.strategy),
      WL.el("td", {}, run.r.words),
      WL.el("td", {}, modeOf(run.r)),
      WL.el("td", { title: ruleOf(run.r) === "official" ? "the game's colour rule"
        : "not the game's colour rule: figures are not comparable with official-rule runs" }, ruleOf(run.r)),
      WL.el("td", { class: "num" }, run.r.games),
      WL.el("td", { class: "num" }, WL.fmt(run.r.mean, 4)),
      WL.el("td", { class: "num" }, WL.fmt(run.r.std, 3)),
      WL.el("td", { class: "num" }, run.r.max),
      WL.el("td", { class: "num" }, pct(run.r.win_rate)),
      WL.el("td", { class: "num" }, run.r.busts),
      WL.el("td", { class: "word" }, run.r.opening || ""),
    )));
    if (!runs.length) return;
    const color = (k) => WL.SERIES_COLORS[k % WL.SERIES_COLORS.length];
    const labels = shortLabels();
    // a phone's card is narrower than the drawing: fit it (labels go above the bars)
    const width = Math.min(760, ui.means.clientWidth || 760);
    ui.means.replaceChildren(WL.hbars(runs.map((run, k) => ({
      label: labels[k], value: run.r.mean, color: color(k),
    })), { format: (v) => WL.fmt(v, 3), labelWidth: 260, width, min: meanBase(), title: "mean guesses" }));
    const cats = [];
    for (const run of runs) for (const key of Object.keys(run.r.histogram)) if (!cats.includes(key)) cats.push(key);
    cats.sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.length - b.length);
    const series = runs.map((run, k) => {
      const total = Object.values(run.r.histogram).reduce((a, b) => a + b, 0) || 1;
      return { name: labels[k], color: color(k), values: cats.map((c) => (run.r.histogram[c] || 0) / total) };
    });
    ui.legend.replaceChildren(WL.legend(series));
    ui.hist.replaceChildren(WL.groupedBars(cats, series, {
      width: Math.min(ui.hist.clientWidth || 760, 2000), format: (v) => `${Math.round(100 * v)}%`, xTitle: "guesses", title: "histogram of guesses",
    }));
  }

  /** Where the bars of means start: a little below the lowest mean (a round tenth), so
   *  3.46 and 3.60 look as different as they are; 0 for a single run. */
  function meanBase() {
    const means = runs.map((run) => run.r.mean).filter((m) => typeof m === "number" && isFinite(m));
    if (means.length < 2) return 0;
    const lo = Math.min(...means), hi = Math.max(...means);
    const base = Math.floor((lo - Math.max(0.6 * (hi - lo), 0.05)) * 10) / 10;
    return base >= 1 ? base : 0;
  }

  /** Run labels: the strategy, then only what tells the runs apart (list, mode, colour rule,
   *  number of games; the file as a last resort), numbered only if two are still alike. */
  function shortLabels() {
    const parts = runs.map((run) => [run.r.strategy || "?", run.r.words || "?", modeOf(run.r),
      `${ruleOf(run.r)} rule`, `${WL.plural(run.r.games, "game")}`]);
    const keep = parts[0].map((_, i) => i).filter((i) => i === 0 || new Set(parts.map((p) => p[i])).size > 1);
    const labels = parts.map((p) => keep.map((i) => p[i]).join(" · "));
    const count = (list, x) => list.filter((y) => y === x).length;
    const named = labels.map((l, k) => (count(labels, l) > 1 ? `${l} · ${runs[k].source}` : l));
    const seen = {};
    return named.map((l) => {
      seen[l] = (seen[l] || 0) + 1;
      return count(named, l) > 1 ? `${l} (${seen[l]})` : l;
    });
  }

  function swatch(k) {
    const i = WL.el("i", { class: "swatch" });
    i.style.display = "inline-block";
    i.style.width = i.style.height = "0.8rem";
    i.style.borderRadius = "2px";
    i.style.background = WL.SERIES_COLORS[k % WL.SERIES_COLORS.length];
    return i;
  }

  ui.files.addEventListener("change", loadFiles);
  window.addEventListener("resize", () => { if (runs.length) render(); });
  ui.run.addEventListener("click", runHere);
  ui.clear.addEventListener("click", () => { runs = []; WL.clearError(ui.error); render(); });

  async function start() {
    let m;
    try {
      m = await WL.fillSettings({ words: ui.words });
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    ui.strategies.replaceChildren(...m.strategies.map((s) => WL.el("label", { title: s.description },
      WL.el("input", { type: "checkbox", value: s.name,
        checked: ["entropy", "minimax"].includes(s.name) }), s.name)));
    ui.limitNote.textContent = `Limits: ${m.limits.compare_max_games} games per run ` +
      `(strategies × answers), ${m.limits.timeout_s} s per request.`;
  }
  start();
})();
