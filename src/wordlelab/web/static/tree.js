// Tree page: open a decision tree (listed, uploaded or from an opener) through POST /api/tree,
// then browse it level by level, find one answer's path, and draw its shape as an SVG icicle.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    source: $("source"), open: $("open"), start: $("start"), words: $("words"), mode: $("mode"),
    openStart: $("open-start"), file: $("file"), uploadLimit: $("upload-limit"), busy: $("busy"),
    answer: $("answer"), find: $("find"), path: $("path"), error: $("error"), out: $("out"),
    title: $("title"), stats: $("stats"), tree: $("tree"), expand: $("expand"), collapse: $("collapse"),
    shapeCard: $("shape-card"), shape: $("shape"),
  };
  let data = null;        // the /api/tree answer
  let maxUpload = 480000; // characters (from /api/trees)
  let timeLimit = 20;     // seconds (from /api/meta)

  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const mean = (n) => (n.answers ? n.total / n.answers : 0);

  function figures(n) {
    if (n.answers === 1 && n.solved) return "1 answer · solved here";
    return `${plural(n.answers, "answer")} · mean ${WL.fmt(mean(n), 2)} (total ${n.total}) · worst ${n.worst}`;
  }

  /** Link parents, depths and ids once, so a path or a click can open any node. */
  function index(root) {
    let id = 0;
    const walk = (n, parent, depth) => {
      n.id = id++;
      n.parent = parent;
      n.depth = depth;
      n.open = false;
      for (const c of n.children) walk(c, n, depth + 1);
    };
    walk(root, null, 0);
  }

  function nodeLabel(n) {
    const parts = [];
    if (n.parent) {
      parts.push(WL.tiles(n.parent.guess, WL.patternMarks(n.pattern), true),
        WL.el("span", { class: "pat" }, n.pattern), WL.el("span", { class: "arrow" }, "→"));
    }
    parts.push(WL.el("b", { class: "guess" }, n.guess.toUpperCase()));
    parts.push(WL.el("span", { class: "fig" }, figures(n)));
    return parts;
  }

  function renderNode(n, highlight) {
    const kids = n.children.length;
    const li = WL.el("li", { role: "treeitem", "data-id": n.id, "aria-expanded": kids ? String(n.open) : null,
      class: highlight && highlight.has(n.id) ? "on-path" : null });
    const toggle = WL.el("button", { class: "toggle small", "aria-label": n.open ? "collapse" : "expand",
      disabled: kids === 0, onclick: () => { n.open = !n.open; render(highlight); } },
    kids === 0 ? "·" : n.open ? "−" : "+");
    li.append(WL.el("div", { class: "node" }, toggle, ...nodeLabel(n),
      kids ? WL.el("span", { class: "kids" }, plural(kids, "pattern")) : null));
    if (n.open && kids) {
      li.append(WL.el("ul", { role: "group" }, n.children.map((c) => renderNode(c, highlight))));
    }
    return li;
  }

  function render(highlight) {
    ui.tree.replaceChildren(renderNode(data.root, highlight));
  }

  function show(d) {
    data = d;
    index(d.root);
    d.root.open = true;
    ui.title.textContent = `${d.opener.toUpperCase()} · ${d.words} list · ${d.mode} mode`;
    const hist = Object.entries(d.histogram).map(([k, v]) => `${k}: ${v}`).join(", ");
    const stats = [
      ["answers", d.answers], ["total guesses", d.total], ["mean", WL.fmt(d.mean, 4)], ["worst", d.max],
      ["nodes", d.nodes], ["proven optimal", d.proven ? "yes" : "no"],
    ];
    ui.stats.replaceChildren(
      ...stats.map(([k, v]) => WL.el("div", { class: "stat" }, WL.el("b", {}, String(v)), WL.el("span", {}, k))),
      WL.el("p", { class: "hint", id: "verified" },
        `Verified: every answer replayed (${d.mode} mode, cap ${d.max_guesses ?? "none"}); games by guesses: ${hist}. ` +
        `Source: ${d.source}.`));
    ui.out.hidden = false;
    ui.path.replaceChildren();
    render();
    drawShape();
  }

  async function open(body) {
    WL.clearError(ui.error);
    ui.busy.hidden = false;
    try {
      show(await WL.api("/api/tree", body));
    } catch (err) {
      if (err.kind === "TimeLimit" && body.start) {
        err.message = `searching the tree that opens with ${body.start.toUpperCase()} takes longer than this ` +
          `server's ${timeLimit} s limit. Build it once in the terminal with ` +
          `\`wordlelab tree --start ${body.start}${body.mode === "normal" ? "" : body.mode === "hard" ? " --hard" : " --mode " + body.mode}\` ` +
          "(it is cached), then ask again.";
      }
      // the tree asked for is not shown: neither is the one before, which would read as its answer
      data = null;
      ui.out.hidden = ui.shapeCard.hidden = true;
      ui.path.replaceChildren();
      WL.showError(ui.error, err);
    } finally {
      ui.busy.hidden = true;
    }
  }

  async function upload() {
    const file = ui.file.files[0];
    if (!file) return;
    ui.file.value = "";
    if (file.size > maxUpload) {
      WL.showError(ui.error, `${file.name} is ${file.size} bytes; trees up to ${maxUpload} bytes can be uploaded ` +
        "(check bigger ones with `wordlelab verify-tree` and `wordlelab tree FILE`)");
      return;
    }
    await open({ text: await file.text(), filename: file.name.slice(0, 100) });
  }

  /** The node an answer reaches: the one whose guess is the answer and wins there. */
  function findAnswer(word) {
    const stack = [data.root];
    while (stack.length) {
      const n = stack.pop();
      if (n.guess === word && n.solved) return n;
      stack.push(...n.children);
    }
    return null;
  }

  function showPath() {
    WL.clearError(ui.error);
    if (!data) { WL.showError(ui.error, "open a tree first"); return; }
    const word = ui.answer.value.trim().toLowerCase();
    const hit = word ? findAnswer(word) : null;
    if (!hit) {
      WL.showError(ui.error, `${word ? `'${word}'` : "an empty word"} is not an answer this tree finds ` +
        `(the ${data.words} list has ${data.answers} answers)`);
      return;
    }
    const chain = [];
    for (let n = hit; n; n = n.parent) chain.unshift(n);
    for (const n of chain) n.open = true;
    const rows = chain.map((n, i) => {
      const next = chain[i + 1];
      const marks = next ? WL.patternMarks(next.pattern) : Array(word.length).fill(2);
      return WL.el("li", {}, WL.tiles(n.guess, marks, true), " ", WL.el("span", { class: "fig" }, figures(n)));
    });
    ui.path.replaceChildren(WL.el("p", {}, `${word.toUpperCase()}: found in ${chain.length} ${chain.length === 1 ? "guess" : "guesses"}`),
      WL.el("ol", { class: "path-list", id: "path-list" }, rows));
    render(new Set(chain.map((n) => n.id)));
    const target = ui.tree.querySelector(`li[data-id="${hit.id}"]`);
    if (target) target.scrollIntoView({ block: "center" });
  }

  // -- the icicle ----------------------------------------------------------------------
  const SHAPE_COLORS = ["#538d4e", "#8fb36a", "#c9b458", "#e08e45", "#d9534f", "#8e44ad"];

  function colorFor(m) {
    // mean guesses still needed: 1 (green) .. 6+ (purple)
    const i = Math.min(SHAPE_COLORS.length - 1, Math.max(0, Math.round(m) - 1));
    return SHAPE_COLORS[i];
  }

  function drawShape() {
    const W = 1100, rowH = 34, levels = data.max;
    const root = WL.svg("svg", { viewBox: `0 0 ${W} ${rowH * levels + 26}`, width: W, height: rowH * levels + 26,
      role: "img", "aria-label": "icicle of the tree's shape", id: "icicle" });
    const scale = W / data.root.answers;
    const place = (n, x) => {
      const w = n.answers * scale;
      const y = n.depth * rowH;
      const rect = WL.svg("rect", { x: x + 0.3, y, width: Math.max(0.4, w - 0.6), height: rowH - 2,
        fill: colorFor(mean(n)), class: "block", "data-id": n.id });
      rect.append(WL.svg("title", {}, `${n.pattern ? n.pattern + " → " : ""}${n.guess.toUpperCase()}: ${figures(n)}`));
      rect.addEventListener("click", () => openAt(n));
      root.append(rect);
      if (w > 44) {
        root.append(WL.svg("text", { x: x + w / 2, y: y + rowH / 2 + 4, "text-anchor": "middle", class: "block-label" },
          n.guess.toUpperCase()));
      }
      let cx = x;
      // the answer solved here takes the first sliver of the node's width
      if (n.solved) cx += scale;
      for (const c of n.children) { place(c, cx); cx += c.answers * scale; }
    };
    place(data.root, 0);
    const ly = rowH * levels + 8;
    SHAPE_COLORS.forEach((c, i) => {
      root.append(WL.svg("rect", { x: i * 150, y: ly, width: 12, height: 12, fill: c }));
      root.append(WL.svg("text", { x: i * 150 + 16, y: ly + 11 }, i === 5 ? "mean 6+" : `mean ≈ ${i + 1}`));
    });
    ui.shape.replaceChildren(root);
    ui.shapeCard.hidden = false;
  }

  function openAt(n) {
    for (let p = n; p; p = p.parent) p.open = true;
    render(new Set([n.id]));
    const target = ui.tree.querySelector(`li[data-id="${n.id}"]`);
    if (target) target.scrollIntoView({ block: "center" });
  }

  function expandLevel() {
    // open every node at the shallowest closed depth
    let depth = Infinity;
    const walk = (n) => {
      if (!n.children.length) return;
      if (!n.open) { depth = Math.min(depth, n.depth); return; }
      n.children.forEach(walk);
    };
    walk(data.root);
    const open = (n) => {
      if (n.depth === depth) n.open = true;
      else if (n.open) n.children.forEach(open);
    };
    open(data.root);
    render();
  }

  function collapseAll() {
    const walk = (n) => { n.open = false; n.children.forEach(walk); };
    walk(data.root);
    data.root.open = true;
    render();
  }

  async function init() {
    const [m, list] = await Promise.all([WL.fillSettings({ words: ui.words }), WL.api("/api/trees")]);
    timeLimit = m.limits.timeout_s;
    maxUpload = Math.min(list.max_tree_chars, m.limits.max_body_bytes - 2000);
    ui.uploadLimit.textContent = `.tree or .json, up to ${Math.floor(maxUpload / 1000)} kB`;
    // normal mode first (the game's own rules), then as listed
    const trees = list.trees.slice().sort((a, b) => (a.mode === "normal" ? 0 : 1) - (b.mode === "normal" ? 0 : 1));
    WL.fillSelect(ui.source, trees.map((t) => ({
      value: t.id,
      label: `${t.name} (${t.origin}; ${t.words || "?"}, ${t.mode || "?"}${t.total ? ", total " + t.total : ""})`,
    })));
    ui.open.addEventListener("click", () => open({ tree: ui.source.value }));
    ui.openStart.addEventListener("click", () => {
      const start = ui.start.value.trim().toLowerCase();
      if (!start) { WL.showError(ui.error, "type an opener, e.g. salet"); return; }
      open({ start, words: ui.words.value, mode: ui.mode.value });
    });
    ui.start.addEventListener("keydown", (e) => { if (e.key === "Enter") ui.openStart.click(); });
    ui.file.addEventListener("change", upload);
    ui.find.addEventListener("click", showPath);
    ui.answer.addEventListener("keydown", (e) => { if (e.key === "Enter") showPath(); });
    ui.expand.addEventListener("click", expandLevel);
    ui.collapse.addEventListener("click", collapseAll);
    const wanted = new URLSearchParams(location.search).get("tree");
    if (wanted && list.trees.some((t) => t.id === wanted)) ui.source.value = wanted;
    if (list.trees.length) await open({ tree: ui.source.value });
  }

  init().catch((err) => WL.showError(ui.error, err));
})();
