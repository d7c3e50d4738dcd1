// API page: a readable list of the endpoints, their request fields and their answers, from /openapi.json.
"use strict";

(async () => {
  // the example names this server as the browser reached it (host and port)
  document.getElementById("origin").textContent = location.origin;
  const box = document.getElementById("endpoints");
  let spec;
  try {
    spec = await WL.api("/openapi.json");
  } catch (err) {
    WL.showError(document.getElementById("error"), err);
    return;
  }
  const schemas = (spec.components || {}).schemas || {};
  const deref = (s) => (s && s.$ref ? schemas[s.$ref.split("/").pop()] : s) || {};

  function typeOf(s) {
    s = deref(s);
    if (s.anyOf) return s.anyOf.map(typeOf).join(" | ");
    if (s.type === "array") return `list of ${typeOf(s.items)}`;
    if (s.type === "object" && s.title) return s.title;
    return s.type || s.title || "object";
  }

  function constraints(s) {
    const parts = [];
    for (const [k, label] of [["minLength", "min length"], ["maxLength", "max length"], ["minItems", "min items"],
      ["maxItems", "max items"], ["minimum", "≥"], ["maximum", "≤"], ["exclusiveMinimum", ">"]]) {
      if (s[k] !== undefined) parts.push(`${label} ${s[k]}`);
    }
    for (const alt of s.anyOf || []) parts.push(...constraints(alt));
    return parts;
  }

  function fields(schema) {
    const s = deref(schema);
    const req = new Set(s.required || []);
    return WL.el("div", { class: "scroll-x" }, WL.el("table", { class: "data fields" },
      WL.el("thead", {}, WL.el("tr", {}, ["field", "type", "default", "limits", "about"].map((h) => WL.el("th", {}, h)))),
      WL.el("tbody", {}, Object.entries(s.properties || {}).map(([name, p]) => WL.el("tr", {},
        WL.el("td", {}, WL.el("code", {}, name), req.has(name) ? " *" : ""),
        WL.el("td", {}, typeOf(p)),
        WL.el("td", {}, p.default === undefined ? "" : JSON.stringify(p.default)),
        WL.el("td", {}, constraints(p).join(", ")),
        WL.el("td", {}, p.description || deref(p).description || ""),
      )))));
  }

  for (const [path, ops] of Object.entries(spec.paths || {})) {
    for (const [method, op] of Object.entries(ops)) {
      const body = (((op.requestBody || {}).content || {})["application/json"] || {}).schema;
      const answer = ((((op.responses || {})["200"] || {}).content || {})["application/json"] || {}).schema;
      box.append(WL.el("section", { class: "card" },
        WL.el("h2", {}, WL.el("code", {}, `${method.toUpperCase()} ${path}`)),
        WL.el("p", {}, op.description || op.summary || ""),
        body ? fields(body) : WL.el("p", { class: "hint" }, "No request body."),
        ...(answer && answer.$ref ? [WL.el("h3", {}, "Answer"), fields(answer)] : [])));
    }
  }
})();
