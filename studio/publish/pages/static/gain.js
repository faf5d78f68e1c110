/* The gain widget's every-layer chart (studio.publish.pages.widgets.gain_live), loaded after page.js.
 *
 * The widget has one s control, the table's slider: its bars show what the engine computed at build time on its
 * grid of s; the chart under them computes the same s here, layer by layer: signalRms is a port of engine.signal.signal_rms on the record's own input x0 and 30 matrices
 * W_l (full precision, from the page data): x ← (s·W_l) x, then LayerNorm (biased variance, + eps) or not, and
 * the RMS √mean(x²) after each layer. A browser test compares it with the engine at several s. The readouts are
 * formatted as widgets._sci (look.formats.fmt_sig: 3 significant digits, ×10ⁿ outside 0.01 … 9999); the two
 * curves sit on the bars' log axis, and again on a linear axis 0 … top (top the smallest 1, 2 or 5 × 10ⁿ over the
 * largest value): twenty decades flatten a fade by a few tens, the linear inset shows it. The widget carries
 * data-grows when s > 1 (the palette's grows/shrinks roles).
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("page-data").textContent);
  var G = D.widgets && D.widgets.gain && D.widgets.gain.live;

  function rms(x) {
    var t = 0;
    for (var i = 0; i < x.length; i++) t += x[i] * x[i];
    return Math.sqrt(t / x.length);
  }

  function layerNorm(y, eps) { /* engine.norms.layer_norm: (y − mean) / √(var + eps), var divided by n */
    var n = y.length, m = 0, v = 0, i, out = new Array(n);
    for (i = 0; i < n; i++) m += y[i];
    m /= n;
    for (i = 0; i < n; i++) v += (y[i] - m) * (y[i] - m);
    var r = Math.sqrt(v / n + eps);
    for (i = 0; i < n; i++) out[i] = (y[i] - m) / r;
    return out;
  }

  function signalRms(s, ln) { /* (layers + 1) RMS values: the input, then each layer's output */
    var d = G.d, W = G.w, x = G.x0.slice(), out = [rms(x)];
    for (var l = 0; l < G.layers; l++) {
      var y = new Array(d);
      for (var i = 0; i < d; i++) {
        var acc = 0, row = (l * d + i) * d;
        for (var j = 0; j < d; j++) acc += (s * W[row + j]) * x[j];
        y[i] = acc;
      }
      x = ln ? layerNorm(y, G.eps) : y;
      out.push(rms(x));
    }
    return out;
  }

  var SUP = {"-": "\u207b", "0": "\u2070", "1": "\u00b9", "2": "\u00b2", "3": "\u00b3", "4": "\u2074", "5": "\u2075",
             "6": "\u2076", "7": "\u2077", "8": "\u2078", "9": "\u2079"};
  function fixed(x, k) { /* look.fmt_num: fixed decimals, no "−0.00", a true minus */
    var t = x.toFixed(k);
    if (/^[+-]?[0.]*$/.test(t)) t = t.replace("-", "");
    return t.replace("-", "\u2212");
  }
  function sciParts(x, digits) { /* look.formats.sci_parts */
    if (x === 0 || !isFinite(x)) return [0, 0];
    var e = Math.floor(Math.log10(Math.abs(x)));
    if (Math.abs(Number((x / Math.pow(10, e)).toFixed(digits - 1))) >= 10) e += 1;
    return [x / Math.pow(10, e), e];
  }
  function fmtSig(x) { /* widgets._sci: fmt_sig(x, 3, plain_below=10000) */
    if (!isFinite(x)) return String(x);
    if (x === 0) return fixed(0, 0);
    var p = sciParts(x, 3);
    if (p[1] >= -2 && Math.abs(x) < 10000) return fixed(x, Math.max(0, 2 - p[1]));
    return fixed(p[0], 2) + "\u00d710" + String(p[1]).split("").map(function (c) { return SUP[c]; }).join("");
  }

  function height(v) { /* widgets._bar: percent of the chart on the log axis 10^lo … 10^hi */
    var e = v > 0 && isFinite(v) ? Math.log10(v) : (v > 0 ? G.hi : G.lo);
    return 100 * (Math.min(Math.max(e, G.lo), G.hi) - G.lo) / (G.hi - G.lo);
  }

  function tick(v) { /* a round tick: 1, 0.5, 20 as they are, ×10ⁿ outside 0.01 … 9999 (fmtSig) */
    return v >= 0.01 && v < 10000 ? String(Number(v.toPrecision(3))) : fmtSig(v);
  }
  function niceTop(v) { /* the smallest 1, 2 or 5 × 10ⁿ at or above v */
    if (!(v > 0) || !isFinite(v)) return 1;
    var e = Math.floor(Math.log10(v)), m = v / Math.pow(10, e);
    var k = [1, 2, 5, 10].filter(function (c) { return c >= m * (1 - 1e-12); })[0];
    return k * Math.pow(10, e);
  }

  document.querySelectorAll('[data-widget="gain"]').forEach(function (w) {
    var box = w.querySelector("[data-gain-any]");
    if (!G || !box) return;
    var table = w.querySelector("[data-control=s]");
    function show() { /* the one s control (the table's slider): every layer at its s, computed here */
      var s = G.s_grid[Number(table.value)], text = fixed(s, 2);
      w.toggleAttribute("data-grows", s > 1); /* the no-LayerNorm run's colour: grows (s > 1) or shrinks (depth.css) */
      box.querySelector("[data-gain-out]").textContent = "s = " + text;
      var curves = {plain: signalRms(s, false), ln: signalRms(s, true)};
      linear(curves);
      ["plain", "ln"].forEach(function (k) {
        var r = curves[k];
        box.querySelector('[data-gain-field="any_' + k + '"]').textContent = fmtSig(r[r.length - 1]);
        box.querySelector('[data-gain-line="' + k + '"]').setAttribute("points", r.map(function (v, l) {
          return (300 * l / G.layers).toFixed(2) + "," + (100 - height(v)).toFixed(2);
        }).join(" "));
      });
    }
    function linear(curves) { /* the same curves on 0 … top, top a 1-2-5 step over the largest value shown */
      var big = Math.max.apply(null, curves.plain.concat(curves.ln).filter(isFinite)), top = niceTop(big);
      ["plain", "ln"].forEach(function (k) {
        box.querySelector('[data-gain-lin="' + k + '"]').setAttribute("points", curves[k].map(function (v, l) {
          var y = isFinite(v) ? Math.min(v / top, 1.02) : 1.02;
          return (300 * l / G.layers).toFixed(2) + "," + (100 - 100 * y).toFixed(2);
        }).join(" "));
      });
      box.querySelector("[data-gain-top]").textContent = tick(top);
      box.querySelector("[data-gain-mid]").textContent = tick(top / 2);
      var ax = box.querySelector("[data-gain-lin-axis]");
      ax.textContent = ax.getAttribute("data-text").replace("{top}", tick(top));
    }
    if (!table) return;
    table.addEventListener("input", show);
    table.addEventListener("change", show);
    show();
  });
  window.TFGain = {signalRms: signalRms, fmtSig: fmtSig, niceTop: niceTop};
}());
