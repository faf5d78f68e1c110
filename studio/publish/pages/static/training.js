/* The depth page's training replay (studio.publish.pages.widgets_training, seed 004 §4.2 互動②).
 *
 * Train draws the chosen run's loss curve step by step, from the engine's recorded run (its loss text and
 * its height on the log axis, both computed at build time): nothing is computed or trained here. A
 * prediction must be picked first; at the end the engine's outcome is set beside it, the seed's conclusion
 * shows and the figure that states the outcome unfolds. With reduced motion the run is drawn at once.
 */
(function () {
  "use strict";
  var root = document.querySelector('[data-widget="training"]');
  if (!root) return;
  var D = JSON.parse(document.getElementById("page-data").textContent);
  var L = D.labels, W = D.widgets.training;
  var svg = root.querySelector("[data-tr-svg]"), btn = root.querySelector("[data-tr-train]");
  var stepOut = root.querySelector("[data-tr-step]"), lossOut = root.querySelector("[data-tr-loss]");
  var verdict = root.querySelector("[data-tr-verdict]"), need = root.querySelector("[data-tr-need]");
  var conclusion = root.querySelector("[data-tr-conclusion]");
  var STEP_MS = 12; /* 300 steps in about 3.6 s */
  var timer = null;

  function picked(name) {
    var r = root.querySelector('input[name="w-training-' + name + '"]:checked');
    return r ? r.value : null;
  }
  function key() { return picked("s") + "|" + picked("ln"); }
  function line(k) { return root.querySelector('[data-tr-run="' + k + '"]'); }
  function point(run, k) { return (300 * k / (W.steps - 1)).toFixed(2) + "," + (100 - Number(run.y[k])).toFixed(2); }

  function show(run, k) {
    stepOut.textContent = k + " / " + (W.steps - 1);
    lossOut.textContent = run.loss[k];
    lossOut.classList.toggle("bad", run.nan_at >= 0 && k >= run.nan_at);
  }

  var nan = root.querySelector("[data-tr-nan]"), nanLabel = root.querySelector("[data-tr-nan-label]");
  function draw(run, upto) { /* the curve so far; from the first NaN step on, a line there marks it */
    var off = !(run.nan_at >= 0 && upto >= run.nan_at), x = 300 * run.nan_at / (W.steps - 1);
    nan.toggleAttribute("hidden", off); /* an SVG element: the attribute, not the property */
    nanLabel.hidden = off;
    if (!off) {
      nan.setAttribute("x1", x.toFixed(2));
      nan.setAttribute("x2", x.toFixed(2));
      nanLabel.style.left = "calc(3.2rem + " + (100 * run.nan_at / (W.steps - 1)).toFixed(2) + "% + .3rem)";
    }
    var pts = [];
    for (var k = 0; k <= upto; k++) if (run.y[k] !== "") pts.push(point(run, k));
    line(key()).setAttribute("points", pts.join(" "));
  }

  function outcome(run) {
    var f = {first: run.first, last: run.last, last_finite: run.last_finite, nan_at: run.nan_at, n: W.steps - 1};
    return L["tr_out_" + run.verdict].replace(/\{(\w+)\}/g, function (m, k) { return f[k] === undefined ? m : f[k]; });
  }

  function finish(run, guess) {
    timer = null;
    btn.disabled = false;
    draw(run, W.steps - 1);
    show(run, W.steps - 1);
    var names = ["stay", "nan", "fall"], said = names[Number(guess)];
    verdict.textContent = (said === run.verdict ? L.tr_right : L.tr_wrong.replace("{pred}", L["tr_" + said])) + outcome(run);
    verdict.setAttribute("data-state", said === run.verdict ? "right" : "wrong");
    line(key()).setAttribute("data-done", "");
    conclusion.hidden = false;
    Array.prototype.forEach.call(document.querySelectorAll('details[data-after="w-training-predict"]'),
      function (d) { d.open = true; });
  }

  function stop() { if (timer !== null) { cancelAnimationFrame(timer); timer = null; btn.disabled = false; } }

  function select() { /* the chosen start's curve in front, the others dimmed; a new start asks again */
    stop();
    Array.prototype.forEach.call(svg.querySelectorAll("[data-tr-run]"), function (p) {
      p.classList.toggle("now", p.getAttribute("data-tr-run") === key());
    });
    nan.setAttribute("hidden", "");
    nanLabel.hidden = true;
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
    var run = W.runs[key()];
    line(key()).removeAttribute("data-done");
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) { finish(run, guess); return; }
    btn.disabled = true;
    var t0 = null;
    function frame(t) {
      if (t0 === null) t0 = t;
      var k = Math.min(W.steps - 1, Math.floor((t - t0) / STEP_MS));
      draw(run, k);
      show(run, k);
      if (k >= W.steps - 1) { finish(run, guess); return; }
      timer = requestAnimationFrame(frame);
    }
    timer = requestAnimationFrame(frame);
  }

  btn.addEventListener("click", train);
  Array.prototype.forEach.call(root.querySelectorAll('input[name="w-training-s"], input[name="w-training-ln"]'),
    function (r) { r.addEventListener("change", select); });
  root.addEventListener("change", function (e) { if (e.target.name === "w-training-guess") need.textContent = ""; });
  select();
  window.TFTraining = {train: train, key: key}; /* the browser tests drive it */
})();
