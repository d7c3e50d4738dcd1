// wordlelab web: helpers shared by every page (API calls, tiles, selects, SVG charts).
// Plain browser JavaScript, no libraries, nothing loaded from the internet.
"use strict";

const WL = (() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const MARK_COLORS = ["#787c7e", "#c9b458", "#538d4e"];
  const SERIES_COLORS = ["#2f6fde", "#538d4e", "#c9b458", "#d9534f", "#8e44ad", "#16a2b8"];

  /** POST body as JSON (or GET when body is undefined); throws Error(message) on 4xx/5xx. */
  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    let res;
    try {
      res = await fetch(path, opts);
    } catch (e) {
      throw new Error("cannot reach the wordlelab server (is `wordlelab web` still running?)");
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error((data && data.error) || `the server answered HTTP ${res.status}`);
      err.status = res.status;
      err.kind = data && data.kind;
      throw err;
    }
    return data;
  }

  let metaPromise = null;
  /** /api/meta, fetched once per page. */
  function meta() {
    if (!metaPromise) metaPromise = api("/api/meta");
    return metaPromise;
  }

  /** el("div", {class: "x", onclick: f}, child, "text", ...) */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
    for (const c of children) if (c) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return node;
  }

  /** A row of coloured tiles: marks are 0 grey, 1 yellow, 2 green (null: empty tile). */
  function tiles(word, marks, mini) {
    const row = el("div", { class: "tiles" + (mini ? " mini" : "") });
    const n = Math.max((word || "").length, (marks || []).length);
    for (let i = 0; i < n; i++) {
      const m = marks ? marks[i] : null;
      const ch = word ? word[i] || "" : "";
      const cls = m === null || m === undefined ? (ch ? "filled" : "empty") : `m${m}`;
      row.append(el("span", { class: `tile ${cls}`, "aria-label": markName(ch, m) }, ch));
    }
    return row;
  }

  function markName(ch, m) {
    const names = ["grey", "yellow", "green"];
    return (ch ? ch.toUpperCase() + " " : "") + (m === null || m === undefined ? "" : names[m]);
  }

  function patternMarks(pattern) {
    return Array.from(pattern, (d) => Number(d));
  }

  // share-grid squares (feedback.py's emoji and high-contrast palettes) -> marks
  const EMOJI_MARKS = { "\u2b1b": 0, "\u2b1c": 0, "\u{1f7e8}": 1, "\u{1f7e6}": 1, "\u{1f7e9}": 2, "\u{1f7e7}": 2 };
  const EMOJI_RUN = /((?:[\u2b1b\u2b1c\u{1f7e8}\u{1f7e6}\u{1f7e9}\u{1f7e7}]\ufe0f?)+)/u;

  /** A run of emoji squares as small coloured tiles, so it shows without an emoji font;
   * the emoji stay in the text (visually hidden) for screen readers and copying. */
  function emojiTiles(run) {
    const marks = Array.from(run.replace(/\ufe0f/g, ""), (c) => EMOJI_MARKS[c]);
    const row = tiles("", marks, true);
    row.classList.add("inline");
    row.setAttribute("aria-hidden", "true");
    row.title = run;
    return el("span", { class: "emoji-pattern" }, row, el("span", { class: "sr-only" }, run));
  }

  /** Show an error message; share-grid emoji in it are drawn as tiles (see emojiTiles). */
  function showError(box, err) {
    const text = err instanceof Error ? err.message : String(err);
    box.replaceChildren(...text.split(EMOJI_RUN).map((part, i) => (i % 2 ? emojiTiles(part) : part)));
    box.hidden = false;
  }

  function clearError(box) {
    box.textContent = "";
    box.hidden = true;
  }

  function fillSelect(select, items, value) {
    select.replaceChildren(...items.map((it) =>
      el("option", { value: it.value, title: it.title || null }, it.label)));
    if (value !== undefined && items.some((it) => it.value === value)) select.value = value;
  }

  /** Fill the shared "words" and "strategy" selects from /api/meta; `daily` picks the
   * current answer pool by default (the pages a daily player uses), else the library's list. */
  async function fillSettings({ words, strategy, wordsValue, strategyValue, daily }) {
    const m = await meta();
    if (words) {
      fillSelect(words, m.lists.map((l) => ({ value: l.name, label: l.name, title: l.description })),
        wordsValue || (daily ? m.daily_list : m.default_list));
    }
    if (strategy) {
      fillSelect(strategy, m.strategies.map((s) => ({ value: s.name, label: s.name, title: s.description })),
        strategyValue || m.default_strategy);
    }
    return m;
  }

  const EXCLUDE_KEY = "wordlelab.exclude";

  /** The words a player keeps out of the answers (kept in this browser), as typed. */
  function loadExcluded() {
    try { return localStorage.getItem(EXCLUDE_KEY) || ""; } catch (e) { return ""; }
  }

  function saveExcluded(text) {
    try { localStorage.setItem(EXCLUDE_KEY, text); } catch (e) { /* storage off: kept for this page only */ }
  }

  /** The excluded words of a textarea as a request sends them; throws an Error saying what
   * to fix when there are more than the server takes. */
  function excludedWords(text, limits) {
    const words = parseWordText(text);
    const most = limits && limits.max_exclude;
    if (most && words.length > most) {
      throw new Error(`${words.length} words to exclude; the most is ${most}: remove some`);
    }
    return words;
  }

  /** Parse a textarea of words (spaces, commas or new lines) into a list. */
  function parseWordText(text) {
    return text.split(/[\s,;]+/).map((w) => w.trim().toLowerCase()).filter(Boolean);
  }

  const CUSTOM_KEY = "wordlelab.custom-list";

  /**
   * Fill a page's empty <details> with the "use my own word list" controls and return them
   * ({customOn, customAnswers, customAllowed, customCount}).  The count of words against the
   * server's limits follows the typing; the text is kept in localStorage, so the Assistant,
   * Play and Explain pages share one list.  `note` is shown beside the tick box.
   */
  function customBox(details, limits, note) {
    const ui = {
      customAnswers: el("textarea", { id: "custom-answers", placeholder: "cigar rebut sissy ...",
        spellcheck: "false" }),
      customAllowed: el("textarea", { id: "custom-allowed", spellcheck: "false" }),
      customOn: el("input", { type: "checkbox", id: "custom-on" }),
      customCount: el("p", { class: "hint custom-count", id: "custom-count", "aria-live": "polite" }),
    };
    details.replaceChildren(
      el("summary", {}, "Use my own word list"),
      el("label", { class: "field" }, "Possible answers (one word a line or separated by spaces)",
        ui.customAnswers),
      el("label", { class: "field" }, "Allowed guesses (optional; the answers are always allowed)",
        ui.customAllowed),
      ui.customCount,
      el("label", { class: "check" }, ui.customOn, ` use this list${note ? " " + note : ""}`),
    );
    try {
      const saved = JSON.parse(localStorage.getItem(CUSTOM_KEY) || "null");
      if (saved && !ui.customAnswers.value && !ui.customAllowed.value) {
        ui.customAnswers.value = saved.answers || "";
        ui.customAllowed.value = saved.allowed || "";
      }
    } catch (e) { /* storage off or unreadable: start empty */ }
    const update = () => {
      const a = parseWordText(ui.customAnswers.value).length;
      const g = parseWordText(ui.customAllowed.value).length;
      ui.customCount.textContent = `${plural(a, "answer")} (at most ${limits.max_custom_answers}), ` +
        `${plural(g, "allowed guess", "allowed guesses")} (at most ${limits.max_custom_allowed})`;
      ui.customCount.classList.toggle("over", a > limits.max_custom_answers || g > limits.max_custom_allowed);
    };
    for (const box of [ui.customAnswers, ui.customAllowed]) {
      box.addEventListener("input", () => {
        update();
        try {
          localStorage.setItem(CUSTOM_KEY, JSON.stringify(
            { answers: ui.customAnswers.value, allowed: ui.customAllowed.value }));
        } catch (e) { /* storage full or off: the list still works on this page */ }
      });
    }
    update();
    return ui;
  }

  /**
   * What a request sends for its word list: {custom: {answers, allowed}} when the customBox is
   * ticked, else {words: <built-in name>}.  Throws an Error saying what to fix when the
   * ticked list is empty or over the server's limits (the server checks them too).
   */
  function listChoice(words, ui, limits) {
    if (!ui.customOn.checked) return { words: words.value };
    const answers = parseWordText(ui.customAnswers.value);
    const allowed = parseWordText(ui.customAllowed.value);
    if (!answers.length) {
      throw new Error("your word list is empty: paste the possible answers, or untick \"use this list\"");
    }
    if (answers.length > limits.max_custom_answers) {
      throw new Error(`your word list has ${answers.length} answers; at most ` +
        `${limits.max_custom_answers} are allowed`);
    }
    if (allowed.length > limits.max_custom_allowed) {
      throw new Error(`your word list has ${allowed.length} allowed guesses; at most ` +
        `${limits.max_custom_allowed} are allowed`);
    }
    return { custom: { answers, allowed } };
  }

  /** "1 candidate", "2 candidates": a count with its noun (`many` defaults to one + "s"). */
  function plural(n, one, many) {
    return `${n} ${Number(n) === 1 ? one : many || one + "s"}`;
  }

  function fmt(x, digits) {
    if (x === null || x === undefined || Number.isNaN(x)) return "-";
    return Number(x).toFixed(digits);
  }

  // -- charts (inline SVG) -------------------------------------------------------------

  /**
   * Vertical bars: items [{label, value, marks?}].  An item's marks are drawn under its bar as
   * a column of coloured tiles, first letter on top, with the letters of `opts.word` in them.
   */
  function barChart(items, opts = {}) {
    const slot = opts.slot || Math.max(22, Math.min(44, Math.floor(760 / Math.max(items.length, 1))));
    const letters = Math.max(0, ...items.map((it) => (it.marks ? it.marks.length : 0)));
    // a tile as wide as the bar (at most 20 px), so its colour and letter can be read
    const tile = Math.max(6, Math.min(20, Math.floor(slot * 0.76), Math.floor(140 / Math.max(letters, 1))));
    const top = 18, bottom = letters ? 8 + letters * (tile + 2) : 34, left = 34;
    const h = (opts.height || 170) + (letters ? bottom - 30 : 0);
    const w = left + slot * items.length + 10;
    const maxV = Math.max(1, ...items.map((it) => it.value));
    const plotH = h - top - bottom;
    const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img",
      "aria-label": opts.title || "bar chart", class: letters ? "with-tiles" : null });
    root.append(svg("line", { class: "axis", x1: left, y1: top + plotH, x2: w - 4, y2: top + plotH }));
    root.append(svg("text", { x: left - 6, y: top + 4, "text-anchor": "end" }, String(maxV)));
    root.append(svg("text", { x: left - 6, y: top + plotH, "text-anchor": "end" }, "0"));
    items.forEach((it, i) => {
      const bh = Math.max(it.value > 0 ? 1 : 0, (it.value / maxV) * plotH);
      const x = left + i * slot + slot * 0.12;
      const bw = slot * 0.76;
      const bar = svg("rect", { x, y: top + plotH - bh, width: bw, height: bh, rx: 2,
        fill: it.color || opts.color || "#2f6fde" });
      bar.append(svg("title", {}, `${it.title || it.label}: ${it.value}`));
      root.append(bar);
      if (opts.values !== false) {
        root.append(svg("text", { class: "value", x: x + bw / 2, y: top + plotH - bh - 4,
          "text-anchor": "middle" }, String(it.value)));
      }
      if (it.marks) {
        const x0 = x + (bw - tile) / 2;
        it.marks.forEach((m, j) => {
          const y = top + plotH + 6 + j * (tile + 2);
          root.append(svg("rect", { x: x0, y, width: tile, height: tile, rx: 2, fill: MARK_COLORS[m] }));
          const ch = (opts.word || "")[j];
          if (ch && tile >= 11) {
            root.append(svg("text", { class: tile >= 16 ? "tile-letter big" : "tile-letter", x: x0 + tile / 2,
              y: y + tile / 2, "text-anchor": "middle", "dominant-baseline": "central" }, ch.toUpperCase()));
          }
        });
      } else {
        root.append(svg("text", { x: x + bw / 2, y: top + plotH + 14, "text-anchor": "middle" },
          it.label));
      }
    });
    return root;
  }

  /** Grouped vertical bars: categories ["1".."7+"], series [{name, values}]. */
  function groupedBars(categories, series, opts = {}) {
    const h = opts.height || 220;
    const top = 18, bottom = 36, left = 44;
    // `width`: at most this wide (a phone's card), else each group as wide as its bars need
    const fit = opts.width ? Math.floor((opts.width - left - 10) / Math.max(categories.length, 1)) : Infinity;
    const groupW = Math.max(24, Math.min(fit, Math.max(60, Math.min(140, 24 * series.length + 30))));
    const w = left + groupW * categories.length + 10;
    const all = series.flatMap((s) => s.values);
    const maxV = Math.max(1e-9, ...all);
    const plotH = h - top - bottom;
    const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img",
      "aria-label": opts.title || "histogram" });
    root.append(svg("line", { class: "axis", x1: left, y1: top + plotH, x2: w - 4, y2: top + plotH }));
    const fmtV = opts.format || ((v) => String(v));
    root.append(svg("text", { x: left - 6, y: top + 4, "text-anchor": "end" }, fmtV(maxV)));
    root.append(svg("text", { x: left - 6, y: top + plotH, "text-anchor": "end" }, fmtV(0)));
    const bw = (groupW - 12) / series.length;
    categories.forEach((cat, i) => {
      const gx = left + i * groupW + 6;
      series.forEach((s, k) => {
        const v = s.values[i] || 0;
        const bh = Math.max(v > 0 ? 1 : 0, (v / maxV) * plotH);
        const rect = svg("rect", { x: gx + k * bw, y: top + plotH - bh, width: Math.max(1, bw - 2),
          height: bh, rx: 1.5, fill: s.color || SERIES_COLORS[k % SERIES_COLORS.length] });
        rect.append(svg("title", {}, `${s.name}, ${cat}: ${fmtV(v)}`));
        root.append(rect);
      });
      root.append(svg("text", { x: gx + (groupW - 12) / 2, y: top + plotH + 15,
        "text-anchor": "middle" }, cat));
    });
    if (opts.xTitle) {
      root.append(svg("text", { x: left + (w - left) / 2, y: h - 4, "text-anchor": "middle" },
        opts.xTitle));
    }
    return root;
  }

  /** Horizontal bars: items [{label, value, color?}]; the value printed with `format`.
   *  `width`: the drawing's width (narrower than 480 px: each label above its bar, so a phone
   *  shows the whole chart); `min`: where the bars start (default 0), written under the
   *  axis, so close values (3.46 and 3.60 guesses) look as different as they are. */
  function hbars(items, opts = {}) {
    const w = opts.width || 560, narrow = w < 480;
    const rowH = narrow ? 38 : 24, left = narrow ? 0 : opts.labelWidth || 150, right = 60;
    const base = opts.min || 0;
    const h = rowH * items.length + 8 + (base ? 16 : 0);
    const maxV = opts.max || Math.max(1e-9, ...items.map((it) => it.value || 0));
    const span = Math.max(1e-9, maxV - base);
    const fmtV = opts.format || ((v) => String(v));
    const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img",
      "aria-label": opts.title || "bar chart" });
    items.forEach((it, i) => {
      const y = 4 + i * rowH, barY = narrow ? y + 17 : y + 3;
      const bw = Math.max(1, (((it.value || 0) - base) / span) * (w - left - right));
      root.append(narrow
        ? svg("text", { x: 0, y: y + 11 }, it.label)
        : svg("text", { x: left - 8, y: y + 15, "text-anchor": "end" }, it.label));
      const rect = svg("rect", { x: left, y: barY, width: bw, height: 16, rx: 2,
        fill: it.color || SERIES_COLORS[i % SERIES_COLORS.length] });
      rect.append(svg("title", {}, `${it.label}: ${fmtV(it.value)}`));
      root.append(rect);
      root.append(svg("text", { class: "value", x: left + bw + 6, y: barY + 12 }, fmtV(it.value)));
    });
    if (base) {
      const y = 4 + rowH * items.length;
      root.append(svg("line", { class: "axis", x1: left, y1: 2, x2: left, y2: y + 2 }));
      root.append(svg("text", { x: left, y: y + 14, "text-anchor": narrow ? "start" : "middle" }, `${fmtV(base)} (bars start here)`));
    }
    return root;
  }

  function legend(series) {
    return el("div", { class: "legend" }, series.map((s, k) => el("span", {},
      swatch(s.color || SERIES_COLORS[k % SERIES_COLORS.length]), s.name)));
  }

  function swatch(color) {
    const i = el("i", {});
    i.style.background = color;  // CSSOM, allowed by the page's CSP
    return i;
  }

  /** Mark the current page's link in the top navigation. */
  function markNav() {
    for (const a of document.querySelectorAll("header.top nav a")) {
      if (a.getAttribute("href") === location.pathname) a.setAttribute("aria-current", "page");
    }
  }
  document.addEventListener("DOMContentLoaded", markNav);

  // -- phones: tables whose rows stack, and a cue on every box that scrolls sideways --------
  /** Give each cell of a `table.stack` its column's heading (data-label): on a phone its
   *  rows stack, each value after its heading, so no column is off-screen. */
  function labelColumns(table) {
    const heads = table.tHead ? Array.from(table.tHead.rows[0].cells).filter((th) => !th.hidden) : [];
    const names = heads.map((th) => th.textContent.trim());
    for (const row of table.tBodies[0] ? table.tBodies[0].rows : []) {
      if (row.cells.length !== names.length) continue;  // a message row spanning the columns
      Array.from(row.cells).forEach((td, i) => { if (names[i]) td.dataset.label = names[i]; });
    }
  }
  /** Mark a `.scroll-x` box or a `.chart` whose content is wider than it (class
   *  `overflowing`): the stylesheet then shows that it scrolls sideways. */
  function markOverflow() {
    for (const t of document.querySelectorAll("table.stack")) labelColumns(t);
    for (const box of document.querySelectorAll(".scroll-x, .chart")) {
      box.classList.toggle("overflowing", box.scrollWidth > box.clientWidth + 1);
    }
  }
  let pending = false;
  function layoutSoon() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; markOverflow(); });
  }
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(layoutSoon).observe(document.body, { childList: true, subtree: true, attributes: true,
      attributeFilter: ["hidden"] });
    window.addEventListener("resize", layoutSoon);
    layoutSoon();
  });

  return {
    api, meta, el, svg, tiles, patternMarks, showError, clearError, fillSelect, fillSettings,
    loadExcluded, saveExcluded, excludedWords,
    parseWordText, customBox, listChoice, plural, fmt, barChart, groupedBars, hbars, legend, SERIES_COLORS, MARK_COLORS,
  };
})();
