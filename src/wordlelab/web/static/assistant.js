// Assistant page: the history lives here (and in the URL hash); every change asks
// POST /api/suggest for the whole state, so a reload or a shared link restores it.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    words: $("words"), strategy: $("strategy"), top: $("top"), mode: $("mode"),
    options: $("options"), customBox: $("custom-box"),
    board: $("board"), solved: $("solved"), entry: $("entry"), guess: $("guess"), pattern: $("pattern"),
    entryTiles: $("entry-tiles"), add: $("add"), undo: $("undo"), reset: $("reset"), busy: $("busy"),
    error: $("error"), sugg: document.querySelector("#sugg tbody"), suggTitle: $("sugg-title"), suggOwn: $("sugg-own"),
    split: $("split"), splitTitle: $("split-title"), splitNote: $("split-note"),
    candCount: $("cand-count"), candNoun: $("cand-noun"), cands: $("cands"),
    widened: $("widened"), exclude: $("exclude"), excludeCount: $("exclude-count"),
  };
  let history = [];      // [{guess, pattern: "00120"}]
  let length = 5;
  let marks = [0, 0, 0, 0, 0];
  let solved = false;
  let requestNo = 0;
  let strategies = {};   // name -> /api/meta entry (with its constructor options)
  let limits = null;     // /api/meta limits
  let custom = null;     // the "use my own word list" controls (WL.customBox)

  // labels for options whose name says too little; others show the name with spaces
  const OPTION_LABELS = { candidates_only: "guess only candidates" };

  // the figures of a split, each in a column of its own; a strategy whose score is none
  // of them (a letter score, a word frequency...) gets one more column, under its label
  const FIGURES = ["entropy", "expected", "parts", "largest"];

  const LOCAL_MARKS = { 0: 0, 1: 1, 2: 2, b: 0, x: 0, w: 0, ".": 0, "-": 0, _: 0, y: 1, g: 2 };

  // -- strategy options: one control per constructor option of the chosen strategy ----------
  function renderOptions(values) {
    const opts = (strategies[ui.strategy.value] || {}).options || [];
    ui.options.replaceChildren(...opts.map((o) => {
      const label = OPTION_LABELS[o.name] || o.name.replace(/_/g, " ");
      const given = values && values[o.name] !== undefined ? values[o.name] : o.default;
      if (o.type === "bool") {
        const box = WL.el("input", { type: "checkbox", "data-option": o.name, checked: given === true || given === "1" });
        box.addEventListener("change", () => refresh(history));
        return WL.el("label", { class: "check" }, box, " " + label);
      }
      const input = WL.el("input", {
        type: o.type === "str" ? "text" : "number", "data-option": o.name, class: "option",
        step: o.type === "float" ? "any" : o.type === "int" ? "1" : null,
        min: o.minimum === undefined ? null : String(o.minimum),
        placeholder: o.default === null ? "default" : String(o.default),
        value: given === null || given === undefined ? "" : String(given),
      });
      input.addEventListener("change", () => refresh(history));
      return WL.el("label", {}, label, input);
    }));
    ui.options.hidden = !opts.length;
  }

  /** The options that differ from their defaults, typed as the server expects. */
  function optionValues() {
    const out = {};
    const opts = (strategies[ui.strategy.value] || {}).options || [];
    for (const o of opts) {
      const input = ui.options.querySelector(`[data-option="${o.name}"]`);
      if (!input) continue;
      let v;
      if (o.type === "bool") v = input.checked;
      else if (input.value.trim() === "") continue;
      else if (o.type === "str") v = input.value.trim();
      else v = Number(input.value);
      if (v !== o.default) out[o.name] = v;
    }
    return out;
  }

  function body(hist) {
    return {
      ...WL.listChoice(ui.words, custom, limits), strategy: ui.strategy.value, options: optionValues(), mode: ui.mode.value,
      history: hist, top: Number(ui.top.value), show: 300, exclude: WL.excludedWords(ui.exclude.value, limits),
    };
  }

  function historyText(hist) {
    return hist.map((m) => `${m.guess}:${m.pattern}`).join(",");
  }

  function saveHash() {
    const p = new URLSearchParams();
    p.set("w", ui.words.value);
    p.set("s", ui.strategy.value);
    const opts = Object.entries(optionValues());
    if (opts.length) p.set("o", opts.map(([k, v]) => `${k}:${v === true ? 1 : v === false ? 0 : v}`).join(","));
    if (ui.mode.value !== "normal") p.set("mode", ui.mode.value);
    if (history.length) p.set("h", historyText(history));
    window.history.replaceState(null, "", "#" + p.toString());
  }

  function readHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    const h = (p.get("h") || "").split(",").filter(Boolean).map((part) => {
      const [guess, pattern] = part.split(":");
      return { guess, pattern: pattern || "" };
    });
    const options = {};
    for (const part of (p.get("o") || "").split(",").filter(Boolean)) {
      const [k, v] = part.split(":");
      options[k] = v;
    }
    return { words: p.get("w"), strategy: p.get("s"), options, mode: p.get("mode") || (p.get("hard") === "1" ? "hard" : "normal"), history: h };
  }

  // -- entry row ---------------------------------------------------------------------------
  function renderEntry() {
    const word = ui.guess.value.toLowerCase();
    ui.entryTiles.replaceChildren();
    for (let i = 0; i < length; i++) {
      const ch = word[i] || "";
      const t = WL.el("button", {
        type: "button", class: `tile m${marks[i]}`, "data-pos": i,
        "aria-label": `letter ${i + 1}${ch ? " " + ch.toUpperCase() : ""}: ${["grey", "yellow", "green"][marks[i]]}; click to change`,
        onclick: () => cycle(i),
      }, ch);
      ui.entryTiles.append(t);
    }
  }

  function cycle(i) {
    marks[i] = (marks[i] + 1) % 3;
    ui.pattern.value = marks.join("");
    renderEntry();
    ui.entryTiles.children[i].focus();
  }

  function syncMarksFromPattern() {
    const text = ui.pattern.value.trim().toLowerCase();
    const parsed = Array.from(text).map((c) => LOCAL_MARKS[c]);
    if (parsed.length === length && parsed.every((m) => m !== undefined)) {
      marks = parsed;
      renderEntry();
    }
  }

  function clearEntry() {
    ui.guess.value = "";
    ui.pattern.value = "";
    marks = new Array(length).fill(0);
    renderEntry();
  }

  // -- talking to the server --------------------------------------------------------------
  async function refresh(hist) {
    const mine = ++requestNo;
    ui.busy.hidden = false;
    try {
      const data = await WL.api("/api/suggest", body(hist));
      if (mine !== requestNo) return false;
      WL.clearError(ui.error);
      history = data.history.map((s) => ({ guess: s.guess, pattern: s.pattern }));
      render(data);
      saveHash();
      return true;
    } catch (err) {
      if (mine === requestNo) WL.showError(ui.error, err);
      return false;
    } finally {
      if (mine === requestNo) ui.busy.hidden = true;
    }
  }

  async function addGuess() {
    if (solved) return;
    const word = ui.guess.value.trim().toLowerCase();
    if (!word) {
      WL.showError(ui.error, "type the word you played first");
      ui.guess.focus();
      return;
    }
    const pattern = ui.pattern.value.trim() || marks.join("");
    const ok = await refresh([...history, { guess: word, pattern }]);
    if (ok) {
      clearEntry();
      ui.guess.focus();
    }
  }

  // -- rendering ---------------------------------------------------------------------------
  function render(data) {
    if (data.length !== length) {
      length = data.length;
      ui.guess.maxLength = length;
      marks = new Array(length).fill(0);
    }
    ui.board.replaceChildren(...data.history.map((s) => WL.tiles(s.guess, s.marks)));
    if (!data.history.length) {
      ui.board.append(WL.el("p", { class: "hint" }, "No guesses yet: the table shows the best openers."));
    }
    solved = data.solved;
    ui.solved.hidden = !solved;
    ui.solved.textContent = solved
      ? `Solved in ${WL.plural(data.history.length, "guess", "guesses")}! Press Undo or New puzzle.` : "";
    for (const b of [ui.add, ui.guess, ui.pattern]) b.disabled = solved;
    ui.undo.disabled = !data.history.length;
    renderEntry();

    ui.suggTitle.textContent = `Best next guesses (${data.strategy}${data.mode && data.mode !== "normal" ? `, ${data.mode} mode` : ""})`;
    const own = data.score_label && !FIGURES.includes(data.score_label) ? data.score_label : null;
    ui.suggOwn.hidden = !own;
    ui.suggOwn.textContent = own || "";
    ui.sugg.replaceChildren(...data.suggestions.map((s, i) => WL.el("tr", { class: i === 0 ? "top" : null },
      WL.el("td", { class: "num" }, i + 1),
      WL.el("td", { class: "word" }, s.guess),
      own ? WL.el("td", { class: "num" }, WL.fmt(s.score, 3)) : null,
      WL.el("td", { class: "num" }, WL.fmt(s.entropy, 3)),
      WL.el("td", { class: "num" }, WL.fmt(s.expected, 2)),
      WL.el("td", { class: "num" }, WL.fmt(s.parts, 0)),
      WL.el("td", { class: "num" }, WL.fmt(s.largest, 0)),
      WL.el("td", {}, s.candidate ? WL.el("span", { class: "badge", title: "could be the answer" }, "could win") : ""),
      WL.el("td", { class: "actions" },
        WL.el("button", { class: "small", type: "button", title: "type this word as your next guess",
          onclick: () => { ui.guess.value = s.guess; renderEntry(); ui.guess.focus(); } }, "use"),
        " ",
        WL.el("a", { href: explainHref(s.guess), title: "partition table of this guess" }, "explain")),
    )));
    if (data.solved) {
      ui.sugg.append(WL.el("tr", {}, WL.el("td", { colspan: own ? 9 : 8 }, "Solved: nothing to suggest.")));
    }

    ui.widened.hidden = !data.widened;
    ui.widened.textContent = data.notice || "";
    ui.excludeCount.textContent = data.excluded ? `(${WL.plural(data.excluded, "word")})` : "";
    ui.candCount.textContent = data.candidates;
    ui.candNoun.textContent = data.candidates === 1 ? "candidate" : "candidates";
    const likely = (data.likely || []).map((l) => WL.el("span", { class: "likely", title: "probability by word frequency" },
      `${l.word} ${(100 * l.probability).toFixed(1)}%`));
    const seen = new Set((data.likely || []).map((l) => l.word));
    const shown = [...likely, ...data.candidate_words.filter((w) => !seen.has(w)).map((w) => WL.el("span", {}, w))];
    if (data.widened) shown.unshift(WL.el("p", { class: "hint" }, "Allowed words that fit, the most likely first:"));
    if (data.candidates > data.candidate_words.length) {
      shown.push(WL.el("span", { class: "more" }, `… and ${data.candidates - data.candidate_words.length} more`));
    }
    ui.cands.replaceChildren(...shown);

    ui.split.replaceChildren();
    ui.splitNote.textContent = "";
    if (data.split) {
      const sp = data.split;
      ui.splitTitle.textContent = `How ${sp.guess.toUpperCase()} splits the ${WL.plural(data.candidates, "candidate")}`;
      const items = sp.buckets.map((b) => ({
        label: b.pattern, value: b.count, marks: WL.patternMarks(b.pattern), title: b.pattern,
        color: b.pattern === "2".repeat(length) ? "#538d4e" : "#2f6fde",
      }));
      ui.split.append(WL.barChart(items, { title: `split of ${sp.guess}`, height: 180, word: sp.guess }));
      ui.splitNote.textContent = `${WL.plural(sp.buckets.length + sp.other_buckets, "colour pattern")} possible; ` +
        "each bar is the candidates left after one pattern (its colours in the tiles under it, first letter on top)" +
        (sp.other_buckets ? `; ${WL.plural(sp.other_buckets, "smaller pattern")} with ` +
          `${WL.plural(sp.other_count, "candidate")} not drawn.` : ".");
    } else {
      ui.splitTitle.textContent = "How the best guess splits the candidates";
    }
  }

  function explainHref(word) {
    const p = new URLSearchParams({ w: ui.words.value, g: word });
    if (ui.mode.value !== "normal") p.set("mode", ui.mode.value);
    if (custom.customOn.checked) p.set("c", "1");  // the explain page reads the same stored list
    if (history.length) p.set("h", historyText(history));
    return "/explain?" + p.toString();
  }

  // -- events -------------------------------------------------------------------------------
  ui.guess.addEventListener("input", () => {
    const clean = ui.guess.value.replace(/[^a-zA-Z]/g, "").slice(0, length);
    if (clean !== ui.guess.value) ui.guess.value = clean;
    renderEntry();
  });
  ui.pattern.addEventListener("input", syncMarksFromPattern);
  // Enter adds the guess wherever focus is in the guess form (the word, the colours, a
  // tile: a tile is a button, and Enter would otherwise click it); Space flips a tile.
  // The Add / Undo / New puzzle buttons keep their own Enter.
  ui.entry.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || e.target.closest(".row-actions")) return;
    e.preventDefault();
    addGuess();
  });
  ui.add.addEventListener("click", addGuess);
  ui.undo.addEventListener("click", () => refresh(history.slice(0, -1)));
  ui.reset.addEventListener("click", () => { clearEntry(); refresh([]); });
  ui.strategy.addEventListener("change", () => renderOptions());
  ui.exclude.addEventListener("change", () => { WL.saveExcluded(ui.exclude.value); refresh(history); });
  for (const s of [ui.words, ui.strategy, ui.top, ui.mode]) {
    s.addEventListener("change", () => refresh(history));
  }

  async function start() {
    const h = readHash();
    try {
      const m = await WL.fillSettings({ words: ui.words, strategy: ui.strategy, wordsValue: h.words, strategyValue: h.strategy, daily: true });
      strategies = Object.fromEntries(m.strategies.map((s) => [s.name, s]));
      limits = m.limits;
      custom = WL.customBox(ui.customBox, limits);
      custom.customOn.addEventListener("change", () => refresh(history));
      for (const box of [custom.customAnswers, custom.customAllowed]) {
        box.addEventListener("change", () => { if (custom.customOn.checked) refresh(history); });
      }
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    ui.mode.value = ["normal", "hard", "ultra"].includes(h.mode) ? h.mode : "normal";
    ui.exclude.value = WL.loadExcluded();
    if (ui.exclude.value.trim()) ui.exclude.closest("details").open = true;
    renderOptions(h.options);
    renderEntry();
    await refresh(h.history);
    ui.guess.focus();
  }
  start();
})();
