/* The depth page's training replay (studio.publish.pages.widgets_training, seed 004 §4.2 互動②).
 *
 * Train draws the chosen run's loss curve step by step, from the engine's recorded run (its loss text and
 * its height on the log axis, both computed at build time): nothing is computed or trained here. A
 * prediction must be picked first; at the end the engine's outcome is set beside it. The conclusion box names
 * only the outcomes of the runs trained so far (one sentence each) and the seed's runs still to run; once the
 * seed's three runs (W.seed_runs) were run, it shows the seed's whole conclusion and the figure that states all
 * three outcomes unfolds (before, it would give the later predictions away). With reduced motion the run is
 * drawn at once. While a run plays, the slider's thumb and the readout follow the step drawn; taking the slider
 * (a drag or a key) ends the replay at once and scrubs the finished run.
 * Across, the steps sit on a log axis (W.x, computed at build time), so a blow-up in the first steps is
 * wide; a finished run can be scrubbed (the step slider: a cursor and a dot on the curve, the step and its
 * loss in the readout; the slider runs along the same log axis as the chart, its arrow keys one step at a time;
 * a shared link stores the step shown, data-shown, and opens that run finished at that step).
 * Every run trained stays on the chart in its own colour and dash (up to four, one per s and LayerNorm), each
 * named in the legend under the chart with its s, its LayerNorm and the prediction made for it. Changing s or
 * LayerNorm clears the prediction: each run is predicted on its own.
 */
/* The trainer (engine.training.numpy_losses, float64): the widget's network trained here, in the browser.
 * W.net holds the engine's inputs x (N·d), targets t (N) and base weights w (hidden d×d matrices, then the d
 * readout), row-major; losses(s, ln) returns loss[k] per step, NaN from the first step that is not finite on. */
(function () {
  "use strict";
  var C = Math.sqrt(2 / Math.PI);
  function losses(net, s, ln, steps) {
    var d = net.d, n = net.n, H = net.hidden, lr = net.lr, eps = net.eps, out = new Array(steps).fill(NaN);
    var w = [], g = [], b = [], l, i, j, r, k, q;
    for (l = 0; l <= H; l++) {
      var rows = l < H ? d : 1, m = new Float64Array(rows * d);
      for (i = 0; i < rows * d; i++) m[i] = s * net.w[l * d * d + i];
      w.push(m);
      if (l < H) { g.push(new Float64Array(d).fill(1)); b.push(new Float64Array(d)); }
    }
    for (k = 0; k < steps; k++) {
      var h = net.x, cache = [];
      for (l = 0; l < H; l++) {
        var z = new Float64Array(n * d), th = new Float64Array(n * d), a = new Float64Array(n * d), c = {h: h, z: z, th: th};
        for (r = 0; r < n; r++) for (i = 0; i < d; i++) {
          var acc = 0;
          for (j = 0; j < d; j++) acc += h[r * d + j] * w[l][i * d + j];
          q = r * d + i;
          z[q] = acc;
          th[q] = Math.tanh(C * (acc + 0.044715 * acc * acc * acc));
          a[q] = 0.5 * acc * (1 + th[q]);
        }
        if (ln) {
          var nrm = new Float64Array(n * d), sd = new Float64Array(n);
          for (r = 0; r < n; r++) {
            var mu = 0, v = 0;
            for (i = 0; i < d; i++) mu += a[r * d + i];
            mu /= d;
            for (i = 0; i < d; i++) v += (a[r * d + i] - mu) * (a[r * d + i] - mu);
            sd[r] = Math.sqrt(v / d + eps);
            for (i = 0; i < d; i++) { nrm[r * d + i] = (a[r * d + i] - mu) / sd[r]; a[r * d + i] = g[l][i] * nrm[r * d + i] + b[l][i]; }
          }
          c.nrm = nrm; c.sd = sd;
        }
        cache.push(c);
        h = a;
      }
      var y = new Float64Array(n), loss = 0;
      for (r = 0; r < n; r++) {
        var acc2 = 0;
        for (j = 0; j < d; j++) acc2 += h[r * d + j] * w[H][j];
        y[r] = acc2 - net.t[r];
        loss += y[r] * y[r];
      }
      loss = 0.5 * loss / n;
      if (!isFinite(loss)) break;
      out[k] = loss;
      var grads = [], dh = new Float64Array(n * d), gr = new Float64Array(d);
      for (r = 0; r < n; r++) for (j = 0; j < d; j++) { gr[j] += y[r] / n * h[r * d + j]; dh[r * d + j] = y[r] / n * w[H][j]; }
      grads[H] = gr;
      for (l = H - 1; l >= 0; l--) {
        var cl = cache[l];
        if (ln) {
          var dn = new Float64Array(n * d), dg = new Float64Array(d), db = new Float64Array(d);
          for (r = 0; r < n; r++) {
            var m1 = 0, m2 = 0;
            for (i = 0; i < d; i++) {
              q = r * d + i;
              dg[i] += dh[q] * cl.nrm[q]; db[i] += dh[q];
              dn[q] = dh[q] * g[l][i]; m1 += dn[q]; m2 += dn[q] * cl.nrm[q];
            }
            m1 /= d; m2 /= d;
            for (i = 0; i < d; i++) { q = r * d + i; dh[q] = (dn[q] - m1 - cl.nrm[q] * m2) / cl.sd[r]; }
          }
          for (i = 0; i < d; i++) { g[l][i] -= lr * dg[i]; b[l][i] -= lr * db[i]; }
        }
        var gw = new Float64Array(d * d), dz = new Float64Array(n * d), prev = new Float64Array(n * d);
        for (q = 0; q < n * d; q++) {
          var zq = cl.z[q], tq = cl.th[q];
          dz[q] = dh[q] * (0.5 * (1 + tq) + 0.5 * zq * (1 - tq * tq) * C * (1 + 3 * 0.044715 * zq * zq));
        }
        for (r = 0; r < n; r++) for (i = 0; i < d; i++) {
          var e = dz[r * d + i];
          for (j = 0; j < d; j++) { gw[i * d + j] += e * cl.h[r * d + j]; prev[r * d + j] += e * w[l][i * d + j]; }
        }
        grads[l] = gw;
        dh = prev;
      }
      for (l = 0; l <= H; l++) for (i = 0; i < w[l].length; i++) w[l][i] -= lr * grads[l][i];
    }
    return out;
  }
  window.TFTrainer = {losses: losses};
})();
(function () {
  "use strict";
  var root = document.querySelector('[data-widget="training"]');
  if (!root) return;
  var D = JSON.parse(document.getElementById("page-data").textContent);
  var L = D.labels, W = D.widgets.training;
  var svg = root.querySelector("[data-tr-svg]"), btn = root.querySelector("[data-tr-train]");
  var stepOut = root.querySelector("[data-tr-step]"), lossOut = root.querySelector("[data-tr-loss]");
  var verdict = root.querySelector("[data-tr-verdict]"), need = root.querySelector("[data-tr-need]");
  var conclusion = root.querySelector("[data-tr-conclusion]"), sofar = root.querySelector("[data-tr-sofar]");
  var seenText = root.querySelector("[data-tr-seen]"), todo = root.querySelector("[data-tr-todo]");
  var STEP_MS = 12; /* 300 steps in about 3.6 s */
  var timer = null, playing = null; /* playing: the run being replayed and its prediction */

  function picked(name) {
    var r = root.querySelector('input[name="w-training-' + name + '"]:checked');
    return r ? r.value : null;
  }
  function key() { return picked("s") + "|" + picked("ln"); }
  /* the third s pill: the gain widget's s (its one s control), trained here (TFTrainer, float64) when Train is pressed */
  var gainS = document.querySelector('[data-widget="gain"] [data-control="s"]'), LIVE = String(W.scales.length);
  var grid = D.widgets.gain && D.widgets.gain.live ? D.widgets.gain.live.s_grid : null;
  if (!grid) gainS = null;
  var liveLabel = root.querySelector('label[for="w-training-s-' + LIVE + '"]');
  function sLive() { return gainS ? grid[Number(gainS.value)] : NaN; }
  var SUPS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";
  function fixed(x, k) { var t = x.toFixed(k); return (/^[+-]?[0.]*$/.test(t) ? t.replace("-", "") : t).replace("-", "\u2212"); }
  function fmt3(x) { /* look.fmt_num(x, "3s"): 3 significant digits, m.mm×10ⁿ outside 0.01 … 999 */
    if (x !== x) return "NaN";
    if (!isFinite(x)) return x > 0 ? "\u221e" : "\u2212\u221e";
    if (x === 0) return "0";
    var e = Math.floor(Math.log10(Math.abs(x)));
    if (Math.abs(Number((x / Math.pow(10, e)).toFixed(2))) >= 10) e += 1;
    if (e >= -2 && Math.abs(x) < 1000) return fixed(x, Math.max(0, 2 - e));
    return fixed(x / Math.pow(10, e), 2) + "\u00d710" + String(e).replace("-", "\u207b").replace(/\d/g, function (c) { return SUPS[c]; });
  }
  function trained(s, ln) { /* a run in the shape of widgets_training's, from the browser's own 300 steps */
    var loss = window.TFTrainer.losses(W.net, s, ln, W.steps), lo = Number(W.axis[0]), hi = Number(W.axis[1]);
    var n = W.steps - 1, nanAt = loss.findIndex(function (v) { return !isFinite(v); }), last = nanAt < 0 ? n : nanAt - 1;
    var base = W.net.t.reduce(function (a, v) { return a + v * v; }, 0) / (2 * W.net.t.length);
    var h = loss.map(function (v) { return isFinite(v) ? 100 * (Math.log10(v) - lo) / (hi - lo) : null; });
    var stuck = nanAt < 0 && Math.abs(loss[n] - loss[0]) < 0.01 * loss[0];
    var dead = nanAt < 0 && !stuck && Math.abs(loss[n] - base) < 0.01 * base; /* ends where a network that outputs 0 sits */
    var verdict = nanAt >= 0 ? "nan" : stuck || dead ? "stay" : loss[n] < loss[0] ? "fall" : "stay";
    return {label: "s=" + fixed(s, 2) + (ln ? "+LN" : ""), loss: loss.map(fmt3), losses: loss, verdict: verdict, dead: dead,
      y: h.map(function (v) { return v === null ? "" : Math.min(100, Math.max(0, v)).toFixed(2); }),
      off: h.reduce(function (a, v, k) { if (v !== null && v > 100) a.push(k); return a; }, []),
      nan_at: nanAt, first: fmt3(loss[0]), last: fmt3(loss[n]), last_finite: fmt3(loss[last]), peak: fmt3(Math.max.apply(null, loss.slice(0, last + 1))),
      s: fixed(s, 2), ln: ln ? 1 : 0, live: true};
  }
  function relabel() { /* the live pill names the gain widget's s now; runs trained at another s are cleared */
    if (!liveLabel) return;
    liveLabel.textContent = fill(L.tr_s_gain, {s: fixed(sLive(), 2)});
    ["0", "1"].forEach(function (ln) {
      var k = LIVE + "|" + ln, run = W.runs[k];
      if (run && run.s !== fixed(sLive(), 2)) { delete W.runs[k]; delete done[k]; delete guessed[k]; line(k).setAttribute("points", ""); }
    });
  }
  function line(k) { return root.querySelector('[data-tr-run="' + k + '"]'); }
  function point(run, k) { return (3 * Number(W.x[k])).toFixed(2) + "," + (100 - Number(run.y[k])).toFixed(2); }
  var scrub = root.querySelector("[data-tr-scrub]"), cursor = root.querySelector("[data-tr-cursor]");
  var dot = root.querySelector("[data-tr-dot]"), off = root.querySelector("[data-tr-off]");
  var legend = root.querySelector("[data-tr-legend]"), done = {}, guessed = {}, kNow = 0;
  var SVG = "http://www.w3.org/2000/svg", PRED = ["stay", "nan", "fall"];
  function fill(t, f) { return t.replace(/\{(\w+)\}/g, function (m, k) { return f[k] === undefined ? m : f[k]; }); }
  function across(pct) { return "calc(3.2rem + (100% - 3.2rem) * " + pct + " / 100)"; } /* the chart's x, in its box */
  function name(run) { return fill(L.tr_name, {s: run.s, ln: run.ln ? L.tr_ln_on : L.tr_ln_off}); }

  function show(run, k) {
    stepOut.textContent = k + " / " + (W.steps - 1);
    lossOut.textContent = run.loss[k];
    lossOut.classList.toggle("bad", run.nan_at >= 0 && k >= run.nan_at);
  }

  var nan = root.querySelector("[data-tr-nan]"), nanLabel = root.querySelector("[data-tr-nan-label]");
  function draw(run, upto) { /* the curve so far; from the first NaN step on, a line there marks it */
    var none = !(run.nan_at >= 0 && upto >= run.nan_at), x = none ? 0 : 3 * Number(W.x[run.nan_at]);
    nan.toggleAttribute("hidden", none); /* an SVG element: the attribute, not the property */
    nanLabel.hidden = none;
    if (!none) {
      nan.setAttribute("x1", x.toFixed(2));
      nan.setAttribute("x2", x.toFixed(2));
      nanLabel.style.left = "calc(" + across(W.x[run.nan_at]) + " + .3rem)";
      nanLabel.textContent = fill(L.tr_at_nan, {nan_at: run.nan_at}) + " \u2192"; /* "NaN from step 2 →", whatever the loss readout says */
    }
    var above = run.off.filter(function (k) { return k <= upto; }); /* a value over the chart's top: its arrow */
    off.hidden = !above.length;
    if (above.length) {
      var k0 = above[above.length - 1];
      off.textContent = fill(L.tr_above, {v: run.loss[k0], k: k0}); /* under the NaN mark, right of both */
      off.style.left = "calc(" + across(W.x[none ? k0 : Math.max(k0, run.nan_at)]) + " + .3rem)";
    }
    var pts = [];
    for (var k = 0; k <= upto; k++) if (run.y[k] !== "") pts.push(point(run, k));
    line(key()).setAttribute("points", pts.join(" "));
  }

  function outcome(run) {
    var f = {first: run.first, last: run.last, last_finite: run.last_finite, nan_at: run.nan_at, n: W.steps - 1};
    f.peak = run.peak;
    return fill(L["tr_out_" + (run.dead ? "dead" : run.verdict)], f);
  }

  function at(k, replay) { /* the scrub cursor: step k of the chosen run, its dot and its loss; in a replay the
                             thumb follows the step drawn, and the address (a link stores finished runs only) waits */
    var run = W.runs[key()], y = run.y[k];
    kNow = k;
    scrub.value = String(Math.round(10 * Number(W.x[k]))); /* the slider's place is the chart's x (per mille) */
    if (!replay) scrub.setAttribute("data-shown", String(k)); /* the step itself: what a link stores (share.js), Pin names */
    cursor.removeAttribute("hidden");
    cursor.setAttribute("x1", (3 * Number(W.x[k])).toFixed(2));
    cursor.setAttribute("x2", (3 * Number(W.x[k])).toFixed(2));
    dot.hidden = y === "";
    if (y !== "") { dot.style.left = across(W.x[k]); dot.style.top = (0.8 + (100 - Number(y)) * 0.14).toFixed(3) + "rem"; }
    show(run, k);
    scrub.setAttribute("aria-valuetext", L.tr_step + " " + k + ", " + L.tr_loss + " " + run.loss[k]);
    if (!replay) scrub.dispatchEvent(new Event("change", {bubbles: true})); /* the address follows (share.js), arrow keys too */
  }
  function scrubbing(on) { /* off: no run to scrub, the thumb at step 0 (at the end it would hint at a finished run) */
    scrub.disabled = !on;
    if (!on) { cursor.setAttribute("hidden", ""); dot.hidden = true; scrub.setAttribute("data-shown", ""); scrub.value = "0"; }
  }

  function sample(k) { /* the run's line in the legend: its colour and dash */
    var g = document.createElementNS(SVG, "svg"), l = document.createElementNS(SVG, "line");
    g.setAttribute("viewBox", "0 0 32 6");
    g.setAttribute("class", "tr-key");
    g.setAttribute("aria-hidden", "true");
    [["x1", 0], ["y1", 3], ["x2", 32], ["y2", 3], ["data-tr-key", k], ["class", "run"]].forEach(function (a) { l.setAttribute(a[0], a[1]); });
    g.appendChild(l);
    return g;
  }
  function labels() { /* the legend: every run trained (this one first), by name, with the prediction made for it;
                          the chosen start not run yet is named as the next run, and before any run it says so */
    legend.textContent = "";
    if (!Object.keys(done).length && !playing) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = L.tr_none;
      legend.appendChild(none);
    }
    Object.keys(done).concat(done[key()] ? [] : [key()]).forEach(function (k) {
      var run = W.runs[k] || {s: fixed(sLive(), 2), ln: Number(k.split("|")[1]), nan_at: -1, last: ""}, /* not trained yet */
        now = k === key(), li = document.createElement("li");
      if (!now && !done[k]) return;
      if (!done[k] && !playing && !Object.keys(done).length) return; /* nothing run yet: the line above says so */
      var end = run.nan_at >= 0 ? fill(L.tr_at_nan, {nan_at: run.nan_at}) : fill(L.tr_at_end, {last: run.last, n: W.steps - 1});
      li.className = now ? "now" : "before";
      var said = guessed[k] !== undefined ? " — " + fill(L.tr_you, {pred: L["tr_" + PRED[guessed[k]]]}) : "";
      var who = done[k] || playing ? (now ? L.tr_this : L.tr_earlier) : L.tr_next;
      li.textContent = who + L.tr_colon + name(run) + (done[k] ? said + " — " + end : playing ? "" : L.tr_not_yet);
      li.insertBefore(sample(k), li.firstChild);
      li.setAttribute("data-tr-key", k);
      if (now) legend.insertBefore(li, legend.firstChild); else legend.appendChild(li);
    });
    crosses();
  }

  /* a finished run that overflowed, not the one in front: an ✕ at the step whose loss the engine records as the first
   * non-finite one (nan_at), on the chart's top edge (a NaN has no height; the step before it is drawn there or
   * above), labelled with that same step, so its line does not just stop unmarked; the run in front has its NaN
   * line instead, at the same step */
  var chart = root.querySelector(".tr-chart");
  function crosses() {
    Array.prototype.forEach.call(root.querySelectorAll("[data-tr-xmark]"), function (e) { e.remove(); });
    Object.keys(done).forEach(function (k) {
      var run = W.runs[k];
      if (k === key() || run.nan_at < 0) return;
      var m = document.createElement("span");
      m.className = "tr-xmark";
      m.setAttribute("data-tr-xmark", k);
      m.setAttribute("data-step", String(run.nan_at));
      m.setAttribute("aria-hidden", "true");
      m.style.left = across(W.x[run.nan_at]);
      m.style.top = "1.6rem"; /* the plot's top (the chart's .8rem padding) plus the ✕'s half height: inside */
      m.innerHTML = '<b class="x">\u2715</b><span class="t"></span>';
      m.lastChild.textContent = fill(L.tr_overflow, {nan_at: run.nan_at});
      chart.appendChild(m);
    });
  }

  function conclude() { /* the outcomes seen so far, one sentence each; the whole conclusion once the seed's runs ran */
    var all = W.seed_runs.every(function (k) { return done[k]; });
    var seen = PRED.filter(function (v) { return Object.keys(done).some(function (k) { return W.runs[k].verdict === v; }); });
    /* the whole conclusion stays laid out under the words so far, unseen (training.css): the box keeps its room */
    sofar.hidden = all;
    seenText.textContent = all ? "" : seen.map(function (v) { return L["tr_sent_" + v]; }).join(" ");
    todo.textContent = all ? "" : fill(L.tr_todo, {runs: W.seed_runs.filter(function (k) { return !done[k]; })
      .map(function (k) { return name(W.runs[k]); }).join(L.tr_todo_sep)});
    conclusion.setAttribute("data-state", all ? "all" : "some");
    conclusion.hidden = false;
    if (all) Array.prototype.forEach.call(document.querySelectorAll('details[data-after="w-training-predict"]'),
      function (d) { d.open = true; });
  }

  function finish(run, guess) {
    timer = null;
    playing = null;
    btn.disabled = false;
    draw(run, W.steps - 1);
    show(run, W.steps - 1);
    var names = ["stay", "nan", "fall"], said = names[Number(guess)]; /* a wrong prediction is called wrong */
    verdict.textContent = fill(said === run.verdict ? L.tr_right : L.tr_wrong,
      {pred: L["tr_" + said], did: L["tr_did_" + run.verdict]}) + outcome(run);
    verdict.setAttribute("data-state", said === run.verdict ? "right" : "wrong");
    line(key()).setAttribute("data-done", "");
    done[key()] = true;
    guessed[key()] = Number(guess);
    labels();
    scrubbing(true);
    at(W.steps - 1);
    conclude();
  }

  function stop() { if (timer !== null) { cancelAnimationFrame(timer); timer = null; btn.disabled = false; } playing = null; }
  function settle() { /* the slider taken during a replay: the run ends at once, so it can be scrubbed */
    if (!playing) return;
    var p = playing;
    stop();
    finish(p.run, p.guess);
  }

  function select() { /* the chosen start's curve in front, the others dimmed; a new start asks again */
    stop();
    Array.prototype.forEach.call(svg.querySelectorAll("[data-tr-run]"), function (p) {
      p.classList.toggle("now", p.getAttribute("data-tr-run") === key());
    });
    nan.setAttribute("hidden", "");
    nanLabel.hidden = true;
    off.hidden = true;
    scrubbing(false);
    labels();
    verdict.textContent = "";
    verdict.removeAttribute("data-state");
    stepOut.textContent = "—";
    lossOut.textContent = "—";
    lossOut.classList.remove("bad");
  }

  function train() {
    var guess = picked("guess");
    if (guess === null) {
      need.textContent = L.tr_need;
      root.querySelector('input[name="w-training-guess"]').focus();
      return;
    }
    need.textContent = "";
    select();
    if (picked("s") === LIVE) W.runs[key()] = trained(sLive(), picked("ln") === "1");
    var run = W.runs[key()];
    line(key()).removeAttribute("data-done");
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) { finish(run, guess); return; }
    btn.disabled = true;
    scrub.disabled = false; /* the thumb follows the replay; taking it ends the replay (settle) */
    playing = {run: run, guess: guess};
    labels(); /* the legend names the run now being drawn */
    var t0 = null;
    function frame(t) {
      if (t0 === null) t0 = t;
      var k = Math.min(W.steps - 1, Math.floor((t - t0) / STEP_MS));
      draw(run, k);
      at(k, true);
      if (k >= W.steps - 1) { finish(run, guess); return; }
      timer = requestAnimationFrame(frame);
    }
    timer = requestAnimationFrame(frame);
  }

  /* tick labels that would overlap (a narrow chart, or a slide's text lifted to its floor) are hidden, every
   * other one first; the first and last stay. Run again whenever a label or the chart changes size */
  function thin(sel, across) {
    var spans = Array.prototype.slice.call(root.querySelectorAll(sel + " span"));
    spans.forEach(function (e) { e.style.visibility = ""; });
    var room = function (a, b) { var p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      return across ? p.right + 4 <= q.left || q.right + 4 <= p.left : p.bottom + 1 <= q.top || q.bottom + 1 <= p.top; };
    var kept = [spans[0]];
    spans.slice(1).forEach(function (e, j) {
      var last = j === spans.length - 2;
      if (room(kept[kept.length - 1], e)) kept.push(e);
      else if (last) { kept[kept.length - 1].style.visibility = "hidden"; kept.push(e); }
      else e.style.visibility = "hidden";
    });
  }
  function thinAll() { thin(".tr-xticks", true); thin(".tr-ticks", false); }
  if (window.ResizeObserver) {
    var ro = new ResizeObserver(function () { requestAnimationFrame(thinAll); });
    Array.prototype.forEach.call(root.querySelectorAll(".tr-xticks span, .tr-ticks span, .tr-chart svg"), function (e) { ro.observe(e); });
  }
  thinAll();

  btn.addEventListener("click", train);
  function nearest(permille) { /* the step whose place on the chart's log axis is nearest the slider's */
    var best = 0;
    for (var k = 1; k < W.steps; k++) if (Math.abs(10 * W.x[k] - permille) < Math.abs(10 * W.x[best] - permille)) best = k;
    return best;
  }
  scrub.addEventListener("input", function () {
    var to = nearest(Number(scrub.value)); /* read before settle() puts the thumb at the run's end */
    settle();
    if (done[key()]) at(to);
  });
  scrub.addEventListener("keydown", function (e) { /* the arrows: one step of the run, wherever it sits on the axis */
    var d = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
    var to = d ? kNow + d : e.key === "Home" ? 0 : e.key === "End" ? W.steps - 1 : null;
    if (to === null || scrub.disabled) return;
    settle();
    if (!done[key()]) return;
    e.preventDefault();
    at(Math.min(W.steps - 1, Math.max(0, to)));
  });
  function restart() { /* a new start is a new run: its prediction is asked again, none carried over */
    Array.prototype.forEach.call(root.querySelectorAll('input[name="w-training-guess"]'), function (g) { g.checked = false; });
    need.textContent = "";
    select();
  }
  scrub.addEventListener("tf-restore", function () { /* opened from a link: that run, finished, at that step */
    var k = Number(scrub.getAttribute("data-shown")), guess = picked("guess");
    if (!/^\d+$/.test(scrub.getAttribute("data-shown")) || k >= W.steps || guess === null) return;
    select();
    if (picked("s") === LIVE) { if (!gainS) return; W.runs[key()] = trained(sLive(), picked("ln") === "1"); }
    finish(W.runs[key()], guess);
    at(k);
  });
  Array.prototype.forEach.call(root.querySelectorAll('input[name="w-training-s"], input[name="w-training-ln"]'),
    function (r) { r.addEventListener("change", restart); });
  root.addEventListener("change", function (e) { if (e.target.name === "w-training-guess") need.textContent = ""; });
  if (!gainS && liveLabel) { liveLabel.hidden = true; root.querySelector("#w-training-s-" + LIVE).hidden = true; }
  if (gainS) {
    gainS.addEventListener("input", function () { relabel(); if (picked("s") === LIVE) restart(); else labels(); });
    gainS.addEventListener("change", relabel);
    relabel();
  }
  select();
  window.TFTraining = {train: train, key: key, trained: trained}; /* the browser tests drive it */
})();
