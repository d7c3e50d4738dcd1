// Play page: a game against a hidden answer.  The server keeps nothing: the answer
// travels in an opaque token and every guess request carries the earlier guesses.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    words: $("words"), mode: $("mode"), answer: $("answer"), strategy: $("strategy"), newGame: $("new"),
    status: $("status"), board: $("board"), result: $("result"), error: $("error"), keyboard: $("keyboard"),
    reviewCard: $("review-card"), review: document.querySelector("#review tbody"),
    reviewTitle: $("review-title"), reviewStrategy: $("review-strategy"), customBox: $("custom-box"),
  };
  const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "+zxcvbnm-"];  // + Enter, - Backspace
  let game = null;   // {token, words, length, max_guesses, hard, choice: the list sent}
  let limits = null;  // /api/meta limits
  let custom = null;  // the "use my own word list" controls (WL.customBox)
  let rows = [];     // [{guess, marks}]
  let current = "";
  let over = false;
  let sending = false;
  let gameNo = 0;

  // every request of a game sends the list the game started with (its token is bound to it)
  function listChoice() {
    return game.choice;
  }

  async function newGame() {
    WL.clearError(ui.error);
    const chosen = ui.answer.value.trim().toLowerCase();
    const mine = ++gameNo;
    let started;
    let choice;
    try {
      choice = WL.listChoice(ui.words, custom, limits);
      const body = { ...choice, mode: ui.mode.value };
      if (chosen) body.answer = chosen;
      started = await WL.api("/api/play/new", body);
    } catch (err) {
      if (mine === gameNo) WL.showError(ui.error, err);
      return;
    }
    if (mine !== gameNo) return;  // a newer "New game" click won
    game = { ...started, choice };
    ui.answer.value = "";
    rows = [];
    current = "";
    over = false;
    ui.result.hidden = true;
    ui.result.classList.remove("lost");
    ui.reviewCard.hidden = true;
    ui.status.textContent = `${game.length}-letter word from list "${game.words}"` +
      `${game.mode && game.mode !== "normal" ? `, ${game.mode} mode` : ""}${chosen ? ", answer chosen" : ", random answer"}. ` +
      `${WL.plural(game.max_guesses, "guess", "guesses")}.`;
    render();
    ui.newGame.blur();
  }

  function render() {
    const n = game ? game.length : 5;
    const max = game ? game.max_guesses : 6;
    const out = [];
    for (let i = 0; i < max; i++) {
      if (i < rows.length) out.push(WL.tiles(rows[i].guess, rows[i].marks));
      else if (i === rows.length && !over) out.push(entryRow(n));
      else out.push(emptyRow(n));
    }
    ui.board.replaceChildren(...out);
    renderKeyboard();
  }

  function entryRow(n) {
    const row = WL.el("div", { class: "tiles", "data-current": "" });
    for (let i = 0; i < n; i++) {
      const ch = current[i] || "";
      row.append(WL.el("span", { class: `tile ${ch ? "filled" : "empty"}` }, ch));
    }
    return row;
  }

  function emptyRow(n) {
    const row = WL.el("div", { class: "tiles" });
    for (let i = 0; i < n; i++) row.append(WL.el("span", { class: "tile empty" }));
    return row;
  }

  function letterMarks() {
    const best = {};
    for (const r of rows) {
      Array.from(r.guess).forEach((ch, i) => {
        best[ch] = Math.max(best[ch] ?? -1, r.marks[i]);
      });
    }
    return best;
  }

  function renderKeyboard() {
    const marks = letterMarks();
    ui.keyboard.replaceChildren(...KEY_ROWS.map((keys) => WL.el("div", { class: "krow" },
      Array.from(keys).map((k) => {
        if (k === "+") return WL.el("button", { type: "button", class: "wide", "data-key": "Enter", onclick: submit }, "Enter");
        if (k === "-") return WL.el("button", { type: "button", class: "wide", "data-key": "Backspace",
          "aria-label": "backspace", onclick: backspace }, "⌫");
        const m = marks[k];
        return WL.el("button", { type: "button", "data-key": k, class: m === undefined ? null : `m${m}`,
          onclick: () => typeLetter(k) }, k);
      }))));
  }

  function typeLetter(ch) {
    if (!game || over || sending) return;
    if (current.length < game.length) {
      current += ch;
      WL.clearError(ui.error);
      render();
    }
  }

  function backspace() {
    if (!game || over || sending) return;
    current = current.slice(0, -1);
    render();
  }

  async function submit() {
    if (!game || over || sending) return;
    if (current.length < game.length) {
      WL.showError(ui.error, `not enough letters: type ${game.length}`);
      return;
    }
    sending = true;
    try {
      const data = await WL.api("/api/play/guess", {
        ...listChoice(), token: game.token, guesses: rows.map((r) => r.guess), guess: current,
      });
      WL.clearError(ui.error);
      rows = data.rows.map((r) => ({ guess: r.guess, marks: r.marks }));
      current = "";
      over = data.over;
      render();
      if (over) finish(data);
    } catch (err) {
      WL.showError(ui.error, err);
    } finally {
      sending = false;
    }
  }

  async function finish(data) {
    ui.result.hidden = false;
    // a lost game gets a box of its own (dark, not the green of a win), the answer in tiles
    ui.result.classList.toggle("lost", !data.won);
    ui.result.replaceChildren(data.won
      ? `Solved in ${rows.length}/${game.max_guesses}! The word was ${data.answer.toUpperCase()}.`
      : `Out of guesses. The word was ${data.answer.toUpperCase()}.`);
    if (!data.won) {
      const answer = WL.tiles(data.answer, Array.from(data.answer, () => 2), true);
      answer.classList.add("answer");
      answer.id = "answer-tiles";
      ui.result.append(answer);
    }
    try {
      const review = await WL.api("/api/play/review", {
        ...listChoice(), token: game.token, guesses: rows.map((r) => r.guess), strategy: ui.strategy.value,
      });
      renderReview(review);
    } catch (err) {
      WL.showError(ui.error, err);
    }
  }

  function renderReview(review) {
    ui.reviewCard.hidden = false;
    ui.reviewTitle.textContent = `Review: ${review.answer.toUpperCase()} · mean skill ` +
      `${WL.fmt(review.mean_skill, 0)}, mean luck ${WL.fmt(100 * review.mean_luck, 0)}%`;
    ui.reviewStrategy.textContent = review.strategy;
    ui.review.replaceChildren(...review.turns.map((t, i) => {
      const scale = Math.max(1, t.left, t.best_left);
      const bar = (cls, v) => {
        const b = WL.el("div", { class: `bar ${cls}`, title: `${v} left` });
        b.style.width = `${Math.max(2, (100 * v) / scale)}%`;
        return b;
      };
      return WL.el("tr", {},
        WL.el("td", { class: "num" }, i + 1),
        WL.el("td", {}, WL.tiles(t.guess, t.marks, true)),
        WL.el("td", { class: "num" }, t.candidates_before),
        WL.el("td", { class: "num" }, t.left),
        WL.el("td", { class: "num" }, WL.fmt(t.expected_left, 1)),
        WL.el("td", { class: "word" }, t.best_guess),
        WL.el("td", { class: "num" }, t.best_left),
        WL.el("td", { class: "num" }, WL.fmt(t.best_expected_left, 1)),
        WL.el("td", {}, WL.el("div", { class: "bar-cell" }, bar("you", t.left), bar("best", t.best_left))),
        WL.el("td", { class: "num" }, WL.fmt(t.skill, 0)),
        WL.el("td", { class: "num" }, `${WL.fmt(100 * t.luck, 0)}%`),
      );
    }));
  }

  document.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Enter") {
      if ((tag === "button" && !e.target.dataset.key) || tag === "summary") return;  // let buttons like "New game" work
      e.preventDefault();
      submit();
    } else if (e.key === "Backspace") {
      e.preventDefault();
      backspace();
    } else if (/^[a-zA-Z]$/.test(e.key)) {
      typeLetter(e.key.toLowerCase());
    }
  });
  ui.answer.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); newGame(); } });
  ui.newGame.addEventListener("click", newGame);

  async function start() {
    try {
      const m = await WL.fillSettings({ words: ui.words, strategy: ui.strategy, daily: true });
      limits = m.limits;
      custom = WL.customBox(ui.customBox, limits, "(press New game)");
    } catch (err) {
      WL.showError(ui.error, err);
      return;
    }
    await newGame();
  }
  render();
  start();
})();
