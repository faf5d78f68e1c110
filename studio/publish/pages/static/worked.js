/* The worked page's free widgets (seed 003's simulator): the toy attention head and Wx.
 *
 * The page opens with the engine's numbers (written into the markup at build time); when a slider,
 * a matrix entry or x moves, the readouts are recomputed with toy.js (ToyEngine, a port of engine.toy
 * checked against it in Chromium) and written with the same formats. The exercises' answers are the
 * engine's; "Check" compares a typed number with them. The lookup widgets (reorder) stay page.js's.
 */
(function () {
  "use strict";
  var T = window.ToyEngine, fmt = T.fmt;
  var D = JSON.parse(document.getElementById("page-data").textContent), L = D.labels;
  var SVG = "http://www.w3.org/2000/svg";
  var toyX = null; /* the toy widget's current context vector, for "x from attention" */

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function one(sel, root) { return (root || document).querySelector(sel); }
  function set(root, sel, text) { all(sel, root).forEach(function (e) { e.textContent = text; }); }
  function value(input) { /* a typed number: "−", "+" and "," accepted; empty or unreadable counts as 0,
                              and a message beside the field says so */
    var t = String(input.value).replace("\u2212", "-").replace(",", ".").trim();
    var ok = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t), bad = !ok && (t !== "" || (input.validity && input.validity.badInput));
    note(input, ok ? "" : bad ? L.input_nan : L.input_empty);
    return ok ? Number(t) : 0;
  }
  function note(input, text) { /* the field's own message (role=status), made on first need: beside the
                                   field, or under its matrix for a matrix entry (the grid keeps its shape) */
    var m = document.getElementById((input.id || "") + "-msg");
    input.setAttribute("aria-invalid", text ? "true" : "false");
    if (!text && !m) return;
    if (!m) {
      m = document.createElement("span"); m.className = "input-msg"; m.setAttribute("role", "status");
      if (!input.id) input.id = "f" + Math.random().toString(36).slice(2);
      m.id = input.id + "-msg";
      input.setAttribute("aria-describedby", m.id);
      var box = input.closest(".mat");
      if (box) { m.classList.add("below"); box.appendChild(m); } else input.parentNode.insertBefore(m, input.nextSibling);
    }
    m.textContent = text;
    m.hidden = !text;
  }
  function answer(text) { /* a typed answer: a number ("−" and "," accepted) or a fraction a/b; NaN otherwise */
    var t = String(text).replace(/\u2212/g, "-").replace(",", ".").replace(/\s+/g, ""), m = t.match(/^([+-]?[\d.]+)\/([+-]?[\d.]+)$/);
    if (m) return Number(m[2]) ? Number(m[1]) / Number(m[2]) : NaN;
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;  /* "+2" is 2 */
  }
  function factor(x) { var s = fmt(x); return s.charAt(0) === "\u2212" ? "(" + s + ")" : s; }
  function vec(v) { return "(" + fmt(v[0]) + ", " + fmt(v[1]) + ")"; }
  function trim(x) { var s = fmt(x).replace(/\.?0+$/, ""); return s === "\u2212" || s === "" ? "0" : s; }

  /* ---- drawing ------------------------------------------------------------------------------ */
  function el(parent, name, attrs, text) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }
  function grid(svg, r) {
    for (var k = -r; k <= r; k++) {
      el(svg, "line", {x1: k, y1: -r, x2: k, y2: r, "class": k === 0 ? "axis" : "grid"});
      el(svg, "line", {x1: -r, y1: k, x2: r, y2: k, "class": k === 0 ? "axis" : "grid"});
    }
  }
  function arrow(svg, v, cls, label) { /* from 0 to v (y up), a head and a label past the tip */
    var x = v[0], y = -v[1], len = Math.hypot(x, y), g = el(svg, "g", {"class": cls});
    el(g, "line", {x1: 0, y1: 0, x2: x, y2: y});
    if (len > 1e-9) {
      var ux = x / len, uy = y / len, h = Math.min(0.3, len / 2);
      el(g, "polygon", {points: [x, y, x - h * ux - h * 0.5 * uy, y - h * uy + h * 0.5 * ux,
                                 x - h * ux + h * 0.5 * uy, y - h * uy - h * 0.5 * ux].join(" ")});
    }
    if (label) el(g, "text", {x: x + 0.15, y: y - 0.12}, label);
    return g;
  }

  /* ---- toy attention ------------------------------------------------------------------------ */
  function toyWidget(w) {
    var data = D.widgets.toy, cell = data.cell.slice();

    function vocab() {
      var v = {};
      all("input[data-tok]", w).forEach(function (s) {
        var t = s.getAttribute("data-tok");
        (v[t] = v[t] || [0, 0])[Number(s.getAttribute("data-dim"))] = Number(s.value);
      });
      return v;
    }
    function matrix(m) {
      var M = [[0, 0], [0, 0]];
      all('[data-mat="' + m + '"]', w).forEach(function (e) {
        M[Number(e.getAttribute("data-r"))][Number(e.getAttribute("data-c"))] = value(e);
      });
      return M;
    }
    function unpack(r, i, j) { /* as widgets_worked.unpack_text: e^(z − m) once Σ e^z passes its limit */
      var q = r.Q[i], k = r.K[j], z = r.scores[i][j], den = 0, m = -Infinity, l;
      for (l = 0; l <= i; l++) { den += Math.exp(r.scores[i][l]); m = Math.max(m, r.scores[i][l]); }
      var head = "q" + (i + 1) + "\u00b7k" + (j + 1) + " = " + factor(q[0]) + "\u00d7" + factor(k[0]) + " + " +
        factor(q[1]) + "\u00d7" + factor(k[1]) + " = " + fmt(r.dots[i][j]) + "; z = " + fmt(r.dots[i][j]) +
        " / \u221a2 = " + fmt(z) + "; ";
      if (isFinite(den) && den < D.widgets.toy.plain_limit) {
        return head + "\u03b1 = e^z / \u03a3 e^z = " + fmt(Math.exp(z)) + " / " + fmt(den) + " = " + fmt(r.A[i][j]);
      }
      var shifted = 0;
      for (l = 0; l <= i; l++) shifted += Math.exp(r.scores[i][l] - m);
      return head + "m = max z = " + fmt(m) + "; \u03b1 = e^(z\u2212m) / \u03a3 e^(z\u2212m) = " + fmt(Math.exp(z - m)) +
        " / " + fmt(shifted) + " = " + fmt(r.A[i][j]);
    }
    function proj(E, toks, M, name, sub, k) { /* q_k = A_Q e(t_k) in full, as widgets_worked.proj_text */
      var e = E[k], m = [0, 1].map(function (r) {
        return factor(M[r][0]) + "\u00d7" + factor(e[0]) + " + " + factor(M[r][1]) + "\u00d7" + factor(e[1]);
      });
      return name + (k + 1) + " = A_" + sub + " e(" + toks[k] + ") = (" + m.join(", ") + ") = " +
        vec([M[0][0] * e[0] + M[0][1] * e[1], M[1][0] * e[0] + M[1][1] * e[1]]);
    }
    function draw(v) {
      var svg = one("[data-toy-vectors]", w);
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      grid(svg, 3);
      Object.keys(v).forEach(function (t, k) { arrow(svg, v[t], "vec s" + (k + 1), t); });
    }
    function render() {
      var v = vocab(), toks = data.prefixes[one("[data-toy=prefix]", w).value];
      var E = toks.map(function (t) { return v[t]; }), n = toks.length;
      var aq = matrix("aq"), ak = matrix("ak"), r = T.attention(E, aq, ak, matrix("av"));
      all("output[data-coord]", w).forEach(function (o) {
        var p = o.getAttribute("data-coord").split("|");
        o.textContent = fmt(v[p[0]][Number(p[1])], 1);
      });
      all("[data-tokname]", w).forEach(function (e) { e.textContent = toks[Number(e.getAttribute("data-tokname"))]; });
      all("[data-emb]", w).forEach(function (e) {
        var p = e.getAttribute("data-emb").split("|");
        e.textContent = fmt(E[Number(p[0])][Number(p[1])], 1);
      });
      all("[data-cell]", w).forEach(function (b) {
        var p = b.getAttribute("data-cell").split("|").map(Number);
        one("[data-w]", b).textContent = fmt(r.A[p[0]][p[1]]);
        one("[data-z]", b).textContent = fmt(r.scores[p[0]][p[1]]);
        b.classList.toggle("picked", p[0] === cell[0] && p[1] === cell[1]);
      });
      all("[data-rowsum]", w).forEach(function (e) {
        e.textContent = fmt(r.A[Number(e.getAttribute("data-rowsum"))].reduce(function (a, b) { return a + b; }, 0));
      });
      set(w, "[data-proj]", proj(E, toks, aq, "q", "Q", cell[0]) + "; " + proj(E, toks, ak, "k", "K", cell[1]));
      set(w, "[data-unpack]", unpack(r, cell[0], cell[1]));
      for (var i = 0; i < n; i++) {
        set(w, '[data-out="' + i + '"]', vec(r.C[i]));
        set(w, '[data-last="' + i + '"]', fmt(r.A[n - 1][i]));
        set(w, '[data-term="' + i + '"]', vec(r.terms[i]));
      }
      set(w, "[data-toyx]", vec(r.x));
      toyX = r.x;
      draw(v);
    }

    all("input, select", w).forEach(function (c) { c.addEventListener("input", render); });
    all("[data-cell]", w).forEach(function (b) {
      b.addEventListener("click", function () {
        cell = b.getAttribute("data-cell").split("|").map(Number);
        render();
      });
    });
    one("[data-toy=identity]", w).addEventListener("click", function () {
      all("[data-mat]", w).forEach(function (e) { e.value = e.getAttribute("data-r") === e.getAttribute("data-c") ? "1" : "0"; });
      render();
    });
    one("[data-toy=use-x]", w).addEventListener("click", function () {
      var x = toyX || data.fixed_x;
      if (x && window.WorkedWx) window.WorkedWx.setX(x, true);
    });
    toyX = D.widgets.wx ? D.widgets.wx.x_attention : null; /* the engine's x at the defaults */
    draw(vocab());
    return {render: render};
  }

  /* ---- Wx ----------------------------------------------------------------------------------- */
  function wxWidget(w) {
    var data = D.widgets.wx, row = 0, svg = one("[data-dirview]", w), R = 4;

    function W() {
      return data.W.map(function (r0, r) {
        return [0, 1].map(function (c) { return value(one('[data-wm="' + r + "|" + c + '"]', w)); });
      });
    }
    function X() { return [0, 1].map(function (c) { return value(one('[data-x="' + c + '"]', w)); }); }
    function draw(Wm, x) {
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      grid(svg, R);
      Wm.forEach(function (r, k) { arrow(svg, r, "vec s" + (k + 1), data.candidates[k]); });
      arrow(svg, x, "vec xarrow", "x");
    }
    function render() {
      var Wm = W(), x = X(), o = T.outputScores(Wm, x);
      o.scores.forEach(function (s, r) {
        set(w, '[data-score="' + r + '"]', fmt(s));
        set(w, '[data-prob="' + r + '"]', fmt(o.probs[r]));
        set(w, '[data-dirscore="' + r + '"]', fmt(s));
      });
      set(w, "[data-rowname]", data.candidates[row]);
      set(w, "[data-rowtext]", factor(Wm[row][0]) + "\u00d7" + factor(x[0]) + " + " + factor(Wm[row][1]) +
        "\u00d7" + factor(x[1]) + " = " + fmt(o.scores[row]));
      all("[data-wxrow]", w).forEach(function (b) { b.classList.toggle("picked", Number(b.getAttribute("data-wxrow")) === row); });
      set(w, "[data-dirx]", "(" + trim(x[0]) + ", " + trim(x[1]) + ")");
      draw(Wm, x);
    }
    function moved() { /* dragging x shows the scores beside the plot, even before the answer is opened */
      all("[data-dirscore]", w).forEach(function (e) { e.removeAttribute("data-asked"); });
    }
    function setX(x, scroll) {
      [0, 1].forEach(function (c) { one('[data-x="' + c + '"]', w).value = String(Math.round(x[c] * 1e4) / 1e4); });
      render();
      if (scroll) w.scrollIntoView({block: "start"});
    }
    function clamp(v) { return Math.max(-R, Math.min(R, v)); }
    function fromPointer(e) { /* the pointer in the drawing's units, y up, snapped to 0.1 */
      var m = svg.getScreenCTM(), p = svg.createSVGPoint();
      if (!m) return;
      p.x = e.clientX;
      p.y = e.clientY;
      p = p.matrixTransform(m.inverse());
      setX([clamp(Math.round(p.x * 10) / 10), clamp(Math.round(-p.y * 10) / 10)]);
    }

    all("input", w).forEach(function (c) { c.addEventListener("input", render); });
    all("[data-wxrow]", w).forEach(function (b) {
      b.addEventListener("click", function () { row = Number(b.getAttribute("data-wxrow")); render(); });
    });
    one("[data-wx=lecture]", w).addEventListener("click", function () { setX(data.x); });
    one("[data-wx=attention]", w).addEventListener("click", function () { setX(toyX || data.x_attention); });
    one("[data-wx=lecture-w]", w).addEventListener("click", function () {
      data.W.forEach(function (r0, r) { [0, 1].forEach(function (c) { one('[data-wm="' + r + "|" + c + '"]', w).value = String(r0[c]); }); });
      render();
    });
    svg.addEventListener("pointerdown", function (e) {
      svg.setPointerCapture(e.pointerId);
      svg.focus();
      moved();
      fromPointer(e);
      e.preventDefault();
    });
    svg.addEventListener("pointermove", function (e) { if (svg.hasPointerCapture(e.pointerId)) fromPointer(e); });
    svg.addEventListener("keydown", function (e) {
      var d = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]}[e.key];
      if (!d) return;
      var x = X(), s = e.shiftKey ? 0.5 : 0.1;
      moved();
      setX([clamp(Math.round((x[0] + d[0] * s) * 10) / 10), clamp(Math.round((x[1] + d[1] * s) * 10) / 10)]);
      e.preventDefault();
      e.stopPropagation(); /* in a deck, the arrows move x here, not the slides */
    });
    draw(W(), X());
    return {render: render, setX: setX};
  }

  /* ---- exercises: a typed answer against the engine's ---------------------------------------- */
  all("[data-check]").forEach(function (b) {
    var input = document.getElementById(b.getAttribute("data-check")), out = b.parentNode.querySelector(".verdict");
    function check() {
      var typed = answer(input.value), empty = !String(input.value).trim();
      var ok = isFinite(typed) && Math.abs(typed - Number(input.getAttribute("data-answer"))) < 5e-3;
      out.textContent = empty ? L.empty : ok ? L.right : !isFinite(typed) ? L.not_number
        : L.wrong.replace("{hint}", input.getAttribute("data-hint"));
      out.className = "verdict " + (empty ? "" : ok ? "ok" : "bad");
    }
    b.addEventListener("click", check);
    input.addEventListener("keydown", function (e) { if (e.key === "Enter") check(); });
  });

  var wx = one('[data-widget="wx"]'), toy = one('[data-widget="toy"]');
  if (wx) window.WorkedWx = wxWidget(wx);
  if (toy) window.WorkedToy = toyWidget(toy);
}());
