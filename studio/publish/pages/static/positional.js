/* The positional page's own behaviour, loaded after page.js.
 *
 * - The seat-number machine (data-widget="naive"): 2 words × 32 × 32 seats is too large a lookup table,
 *   so the four terms of (E + p·1)·(E′ + q·1) and of (E + PE(p))·(E′ + PE(q)) are computed here, a port of
 *   engine.naive.naive_terms / sincos_terms with engine.positional.sinusoidal (interleaved sin, cos;
 *   base 10000), from the engine's word vectors in the page data. Checked against the Python engine at
 *   random points by tests/test_pages_positional_browser.py (window.TFPositional).
 * - 十五 vs 五十 (data-widget="order"): the order and "add positions" toggles recompute the bag, the score
 *   table and the outputs with orderLayer, a port of engine.attention.permutation_case's arithmetic on the
 *   engine's vectors, W_Q, W_K, W_V and PE from the page data (checked against the engine by the same test).
 * - The fingerprint table marks the chosen seat's row; a toggle button flips its checkbox.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("page-data").textContent);

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* ---- the engine's arithmetic ---------------------------------------------------------------- */
  function sinusoidal(p, d, base) { /* engine.positional.sinusoidal for one position: (d,) */
    var row = [];
    for (var i = 0; i < d / 2; i++) {
      var a = p * Math.pow(base, -2 * i / d);
      row.push(Math.sin(a), Math.cos(a));
    }
    return row;
  }

  function dot(a, b) {
    var s = 0;
    for (var i = 0; i < a.length; i++) s += a[i] * b[i];
    return s;
  }

  function naiveTerms(e, e2, p, q) { /* engine.naive.naive_terms: E·E′, E·(q·1), (p·1)·E′, (p·1)·(q·1) */
    var P = e.map(function () { return p; }), Q = e.map(function () { return q; });
    return [dot(e, e2), dot(e, Q), dot(P, e2), dot(P, Q)];
  }

  function sincosTerms(e, e2, p, q, base) { /* engine.naive.sincos_terms (even width) */
    var d = e.length, even = d + d % 2;
    var pp = sinusoidal(p, even, base).slice(0, d), pq = sinusoidal(q, even, base).slice(0, d);
    return [dot(e, e2), dot(e, pq), dot(pp, e2), dot(pp, pq)];
  }

  function fmt(x, decimals) { /* look.fmt_num: fixed decimals, a true minus, no "−0.0000" */
    var s = x.toFixed(decimals);
    if (/^-?[0.]*$/.test(s)) s = s.replace("-", "");
    return s.replace("-", "\u2212");
  }

  function matmul(a, b) { /* (n, k) · (k, m) */
    return a.map(function (row) {
      return b[0].map(function (_, j) {
        var s = 0;
        for (var k = 0; k < row.length; k++) s += row[k] * b[k][j];
        return s;
      });
    });
  }

  /* engine.attention.permutation_case for one order: x (+ PE) through one head, no mask:
     scores = (xW_Q)(xW_K)ᵀ/√d, row softmax (max subtracted), output = weights · xW_V */
  function orderLayer(x, pe, wq, wk, wv) {
    var xs = pe ? x.map(function (r, i) { return r.map(function (v, c) { return v + pe[i][c]; }); }) : x;
    var q = matmul(xs, wq), k = matmul(xs, wk), v = matmul(xs, wv), scale = Math.sqrt(wq[0].length);
    var scores = q.map(function (qi) { return k.map(function (kj) { return dot(qi, kj) / scale; }); });
    var weights = scores.map(function (row) {
      var m = Math.max.apply(null, row), e = row.map(function (z) { return Math.exp(z - m); });
      var t = e.reduce(function (a, b) { return a + b; }, 0);
      return e.map(function (z) { return z / t; });
    });
    return {x: xs, scores: scores, out: matmul(weights, v)};
  }

  window.TFPositional = {sinusoidal: sinusoidal, naiveTerms: naiveTerms, sincosTerms: sincosTerms, fmt: fmt,
                         orderLayer: orderLayer};

  /* ---- 十五 vs 五十: the order and the positions toggles, recomputed live ------------------------ */
  all('[data-widget="order"]').forEach(function (w) {
    var data = D.widgets.order, flip = w.querySelector("[data-control=flip]"), pos = w.querySelector("[data-control=pos]");
    var state = w.querySelector(".pos-state");
    function put(name, text) { all('[data-field="' + name + '"]', w).forEach(function (e) { e.textContent = text; }); }
    function row(v) { return v.map(function (z) { return fmt(z, 4); }).join("  "); }
    function update() {
      [flip, pos].forEach(function (c) { /* a video pause sets value "0" / "1" (page.js explore): take it as the state */
        if (c.value === "0" || c.value === "1") { c.checked = c.value === "1"; c.value = "on"; }
        var b = w.querySelector('[data-toggle="' + c.id + '"]');
        if (b) b.setAttribute("aria-pressed", c.checked ? "true" : "false");
      });
      var o = flip.checked ? 1 : 0, tokens = data.tokens[o];
      var r = orderLayer(data.x[o], pos.checked ? data.pe : null, data.w_q, data.w_k, data.w_v);
      put("sentence", tokens.join(""));
      tokens.forEach(function (t, i) {
        put("tok" + i, t);
        put("x" + i, row(r.x[i]));
        put("out" + i, row(r.out[i]));
        tokens.forEach(function (_, j) { put("s" + i + j, fmt(r.scores[i][j], 4)); });
      });
      if (state) state.textContent = state.getAttribute(pos.checked ? "data-pos-on" : "data-pos-off");
      w.classList.toggle("with-pe", pos.checked);
    }
    [flip, pos].forEach(function (c) { c.addEventListener("change", update); c.addEventListener("input", update); });
    update();
  });

  /* ---- the seat-number machine ------------------------------------------------------------------ */
  all('[data-widget="naive"]').forEach(function (w) {
    var data = D.widgets.naive, lo = data.decades[0], hi = data.decades[data.decades.length - 1];
    function shareText(x) { return fmt(x, x >= 1 ? 1 : 3); } /* widgets_positional.share_text */
    function logWidth(v) { /* |term| on the video's fixed log axis (engine record's decades), 0 … 100 % */
      if (!(v > 0)) return 0;
      return Math.round(1000 * Math.min(1, Math.max(0, (Math.log10(v) - lo) / (hi - lo)))) / 10;
    }
    function set(name, text) {
      all('[data-naive="' + name + '"]', w).forEach(function (e) {
        if (e.classList.contains("bar-fill")) e.style.width = text + "%";
        else e.textContent = text;
      });
    }
    function update() {
      var word = Number(w.querySelector("[data-control=word]").value);
      var p = Number(w.querySelector("[data-control=p]").value), q = Number(w.querySelector("[data-control=q]").value);
      var e = data.vectors[word];
      set("p", String(p));
      set("q", String(q));
      [["n", naiveTerms(e, data.e2, p, q)], ["s", sincosTerms(e, data.e2, p, q, data.base)]].forEach(function (m) {
        var tag = m[0], t = m[1], size = 0, total = 0;
        t.forEach(function (x) { size += Math.abs(x); total += x; });
        t.forEach(function (x, k) {
          set(tag + k, fmt(x, 4));
          var bar = w.querySelector('[data-naive="' + tag + "b" + k + '"]');
          bar.style.width = logWidth(Math.abs(x)) + "%";
          bar.classList.toggle("neg", x < 0); /* hollow = negative, as in the video */
        });
        set(tag + "t", fmt(total, 4));
        set(tag + "c", shareText(100 * Math.abs(t[0]) / size) + " %");
      });
      w.setAttribute("data-key", word + "|" + p + "|" + q);
    }
    all("input, select", w).forEach(function (c) {
      c.addEventListener("input", update);
      c.addEventListener("change", update);
    });
    update();
  });

  /* ---- the fingerprint table: the chosen seat's row ------------------------------------------ */
  all("[data-heat]").forEach(function (table) {
    var w = table.closest("[data-widget]"), slider = w.querySelector("input[data-control=seat]");
    function mark() {
      all("tr[data-row-seat]", table).forEach(function (tr) {
        var on = tr.getAttribute("data-row-seat") === slider.value;
        tr.classList.toggle("on", on);
        if (on) tr.setAttribute("aria-current", "true"); else tr.removeAttribute("aria-current");
      });
    }
    slider.addEventListener("input", mark);
    slider.addEventListener("change", mark);
    all("tr[data-row-seat]", table).forEach(function (tr) { /* a click on a row chooses its seat */
      tr.addEventListener("click", function () {
        slider.value = tr.getAttribute("data-row-seat");
        slider.dispatchEvent(new Event("input"));
      });
    });
    mark();
  });

  /* ---- arriving from a video pause (page.js explore marks the widget data-explored): predict first.
     A widget whose readouts are masked asks about the frame's values (page.js, class explored-ask); any
     other keeps its answer closed at the frame's values until the reader opens it. */
  all("[data-widget]").forEach(function (w) {
    var d = w.querySelector("details.predict");
    if (!d || !window.MutationObserver) return;
    new MutationObserver(function () {
      if (!w.hasAttribute("data-explored") || w.classList.contains("explored-ask")) return;
      if (d.open) { d.open = false; d.dispatchEvent(new Event("toggle")); }
    }).observe(w, {attributes: true, attributeFilter: ["data-explored"]});
  });

  /* ---- a slider whose value is its own number (RoPE's m and n, the machine's p and q) still says what
     it sets to a screen reader: "Query position m: 4" ---- */
  function valuetext(c) {
    var o = document.querySelector('output[for="' + c.id + '"]'), l = c.labels && c.labels[0];
    c.setAttribute("aria-valuetext", (l ? l.textContent.trim() + ": " : "") + ((o && o.textContent) || c.value));
  }
  all("input[type=range]:not([data-valuetext])").forEach(function (c) {
    valuetext(c);
    c.addEventListener("input", function () { setTimeout(function () { valuetext(c); }, 0); });
  });

  /* ---- the order toggle ------------------------------------------------------------------------ */
  all("[data-toggle]").forEach(function (b) {
    var box = document.getElementById(b.getAttribute("data-toggle"));
    b.addEventListener("click", function () {
      box.checked = !box.checked;
      b.setAttribute("aria-pressed", box.checked ? "true" : "false");
      box.dispatchEvent(new Event("change"));
    });
  });
}());
