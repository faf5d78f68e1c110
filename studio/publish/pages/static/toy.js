/* The toy engine's arithmetic in the page (seed 003: "Attention → weighted sum" and
 * "Wx → scores → probabilities"), a line-by-line port of engine/toy.py's toy_attention and
 * output_scores with engine/attention.py's softmax, for the worked page's free editing.
 *
 * Conventions as the engine: vectors are columns, q_i = A_Q e_i, k_j = A_K e_j, v_j = A_V e_j,
 * z_ij = q_i·k_j / √2, causal mask (α_ij = 0 exactly for j > i), row softmax, c_i = Σ_j α_ij v_j,
 * x = c_n; s = W x and p = softmax(s). tests/test_pages_worked_browser.py calls these functions in
 * Chromium at hundreds of random settings and compares them with the Python engine (1e-9 relative).
 * Arrays here are plain lists: E is a list of n 2-vectors (the columns of the engine's E).
 */
(function (root) {
  "use strict";

  function softmax(v) { /* exp(v − max) / Σ exp(v − max), as engine.attention.softmax */
    var m = Math.max.apply(null, v), e = v.map(function (x) { return Math.exp(x - m); });
    var s = e.reduce(function (a, b) { return a + b; }, 0);
    return e.map(function (x) { return x / s; });
  }

  function matvec(M, v) { return [M[0][0] * v[0] + M[0][1] * v[1], M[1][0] * v[0] + M[1][1] * v[1]]; }

  function dot(a, b) { return a[0] * b[0] + a[1] * b[1]; }

  function attention(E, AQ, AK, AV) {
    var n = E.length, scale = 1 / Math.sqrt(2);
    var Q = E.map(function (e) { return matvec(AQ, e); });
    var K = E.map(function (e) { return matvec(AK, e); });
    var V = E.map(function (e) { return matvec(AV, e); });
    var dots = Q.map(function (q) { return K.map(function (k) { return dot(q, k); }); });
    var scores = dots.map(function (row) { return row.map(function (d) { return d * scale; }); });
    var A = scores.map(function (row, i) {
      var w = softmax(row.slice(0, i + 1)); /* the visible cells only: the future stays exactly 0 */
      return row.map(function (_, j) { return j <= i ? w[j] : 0; });
    });
    var C = A.map(function (row) {
      return [0, 1].map(function (d) {
        return row.reduce(function (acc, a, j) { return acc + a * V[j][d]; }, 0);
      });
    });
    var terms = A[n - 1].map(function (a, j) { return [a * V[j][0], a * V[j][1]]; });
    return {Q: Q, K: K, V: V, dots: dots, scores: scores, A: A, C: C, x: C[n - 1], terms: terms, scale: scale};
  }

  function outputScores(W, x) {
    var products = W.map(function (w) { return [w[0] * x[0], w[1] * x[1]]; });
    var scores = products.map(function (p) { return p[0] + p[1]; });
    return {products: products, scores: scores, probs: softmax(scores)};
  }

  /* A number as look.formats.fmt_num shows it: fixed decimals, a true minus, never "−0.0000". */
  function fmt(x, dec) {
    var s = x.toFixed(dec === undefined ? 4 : dec);
    if (/^-0\.?0*$/.test(s)) s = s.slice(1);
    return s.replace("-", "\u2212");
  }

  root.ToyEngine = {softmax: softmax, attention: attention, outputScores: outputScores, fmt: fmt};
}(window));
