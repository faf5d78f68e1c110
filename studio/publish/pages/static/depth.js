/* The depth lesson's further widgets (studio.publish.pages.widgets_depth), loaded after page.js.
 *
 * Marks: page.js sets data-key on a widget after each lookup; elements with data-mark="FIELD" then
 * get data-state = that field (the stylesheet shows a step's stage, row or layer by it).
 * Pills: a radio group's choice is copied into the data-value of the widget's hidden data-control element before page.js
 * looks the new key up (a capturing listener on the widget runs before the radio's own).
 * GPT-2 calculator: the count is computed here, by gpt2Count, a port of engine.gpt2:gpt2_params
 * (a browser test compares the two at random settings); window.TFDepth exposes it.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("page-data").textContent);
  var L = D.labels;

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* ---- pills ---------------------------------------------------------------------------------- */
  all("[data-widget]").forEach(function (w) {
    function pick(e) {
      var r = e.target;
      if (!r.matches || !r.matches("input[type=radio][data-pick]")) return;
      var held = w.querySelector("[data-control=" + r.getAttribute("data-pick") + "]");
      if (held) held.setAttribute("data-value", r.value);
    }
    w.addEventListener("input", pick, true);
    w.addEventListener("change", pick, true);
  });

  /* ---- marks: data-mark="FIELD" gets data-state = that field of the state page.js just showed ------ */
  all("[data-widget]").forEach(function (w) {
    var marks = all("[data-mark]", w);
    if (!marks.length) return;
    function mark() {
      var st = (D.widgets[w.getAttribute("data-widget")].states || {})[w.getAttribute("data-key")];
      if (!st) return;
      marks.forEach(function (e) { e.setAttribute("data-state", st[e.getAttribute("data-mark")]); });
    }
    new MutationObserver(mark).observe(w, {attributes: true, attributeFilter: ["data-key"]});
    mark();
  });

  /* ---- the knowledge check: Check marks the chosen option right or wrong, shows the explanation and
   * the right option, and counts the answers (the first answer of each question counts) -------------- */
  all("[data-widget]").filter(function (w) { return w.querySelector(".quiz"); }).forEach(function (w) {
    var score = w.querySelector("[data-quiz-score]"), qs = all("[data-quiz]", w);
    function tally() {
      var done = qs.filter(function (q) { return q.hasAttribute("data-first"); });
      var right = done.filter(function (q) { return q.getAttribute("data-first") === "right"; });
      score.textContent = L.quiz_score.replace("{k}", right.length).replace(/\{n\}/g, qs.length).replace("{a}", done.length);
    }
    qs.forEach(function (q) {
      q.querySelector("[data-quiz-check]").addEventListener("click", function () {
        var picked = q.querySelector("input[type=radio]:checked"), verdict = q.querySelector("[data-verdict]");
        if (!picked) { verdict.textContent = L.quiz_pick; return; }
        var ok = picked.value === q.getAttribute("data-correct");
        if (!q.hasAttribute("data-first")) q.setAttribute("data-first", ok ? "right" : "wrong");
        q.setAttribute("data-state", ok ? "right" : "wrong");
        verdict.textContent = ok ? L.quiz_right : L.quiz_wrong;
        all("label.opt", q).forEach(function (l) {
          l.classList.toggle("answer", l.querySelector("input").value === q.getAttribute("data-correct"));
        });
        q.querySelector("[data-explain]").hidden = false;
        tally();
      });
    });
    tally();
  });

  /* ---- GPT-2 parameter count (engine.gpt2:gpt2_params) ------------------------------------------- */
  var QKV = 3, FFN = 4, NORMS = 2, NORM_VECTORS = 2, BYTES = 4, MIB = 1048576, MB = 1000000;

  function gpt2Count(V, C, E, L_, qkvBias, tied) {
    var attnQkv = QKV * E * E + (qkvBias ? QKV * E : 0);
    var attnOut = E * E + E;
    var ffnIn = E * FFN * E + FFN * E, ffnOut = FFN * E * E + E;
    var norms = NORMS * NORM_VECTORS * E;
    var perBlock = attnQkv + attnOut + ffnIn + ffnOut + norms;
    var tok = V * E, pos = C * E, fin = NORM_VECTORS * E;
    var totalTied = tok + pos + L_ * perBlock + fin, totalUntied = totalTied + V * E;
    var total = tied ? totalTied : totalUntied;
    return {tok_emb: tok, pos_emb: pos, attn_qkv: attnQkv, attn_out: attnOut, ffn: ffnIn + ffnOut, norms: norms,
            per_block: perBlock, blocks: L_ * perBlock, final_norm: fin, out_head: tied ? 0 : V * E,
            total: total, total_tied: totalTied, total_untied: totalUntied,
            bytes_float32: total * BYTES, mib: total * BYTES / MIB, mb: total * BYTES / MB};
  }

  function fmtInt(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); } /* look.fmt_int */
  function fmtNum(x, d) { return x.toFixed(d).replace("-", "\u2212"); } /* look.fmt_num, x ≥ 0 here */

  function calc(w) {
    var box = w.querySelector(".calc");
    function val(name) { return Number(box.querySelector("[data-calc=" + name + "]").value); }
    function on(name) { return box.querySelector("[data-calc=" + name + "]").checked; }
    function out(name, text) { all("[data-out=" + name + "]", box).forEach(function (e) { e.textContent = text; }); }
    function show() {
      var E = val("emb"), H = val("heads"), Ly = val("layers"), V = val("vocab");
      var p = gpt2Count(V, Number(box.getAttribute("data-context")), E, Ly, on("qkv"), on("tied"));
      ["emb", "heads", "layers", "vocab"].forEach(function (n) {
        var v = val(n);
        out(n, n === "vocab" ? fmtInt(v) : String(v));
        box.querySelector("[data-calc=" + n + "]").setAttribute("aria-valuetext", n === "vocab" ? fmtInt(v) : String(v));
      });
      out("total", fmtInt(p.total));
      out("total_m", fmtNum(p.total / 1e6, 1) + "M");
      out("per_block", fmtInt(p.per_block));
      out("mib", fmtNum(p.mib, 2));
      out("mb", fmtNum(p.mb, 2));
      /* the value in the readout's column, the warning on its own line under it: beside the value it took the
       * column's width and pressed the label to a word a line */
      out("head_dim", E % H === 0 ? String(E / H) : fmtNum(E / H, 2));
      out("head_bad", E % H === 0 ? "" : L.head_bad);
      var parts = {tok: p.tok_emb, pos: p.pos_emb, blocks: p.blocks, "final": p.final_norm, head: p.out_head};
      Object.keys(parts).forEach(function (k) {
        out("part_" + k, fmtInt(parts[k]));
        var bar = box.querySelector("[data-part-bar=" + k + "]");
        bar.style.width = (100 * parts[k] / p.total).toFixed(2) + "%";
      });
      all("[data-preset]", box).forEach(function (b) {
        /* the row's count and its button's millions follow the Q, K, V box: one count, rounded once */
        var row = b.closest("tr"), own = gpt2Count(Number(box.getAttribute("data-vocab")), Number(box.getAttribute("data-context")),
          Number(b.getAttribute("data-emb")), Number(b.getAttribute("data-layers")), on("qkv"), true).total;
        var named = b.getAttribute("data-released"); /* the released name; the count beside it where it rounds apart */
        b.querySelector("[data-preset-m]").textContent = fmtNum(Math.round(own / 1e6), 0) + "M" === named ? named :
          named + L.preset_counted.replace("{m}", fmtNum(own / 1e6, 1));
        if (row) row.querySelector("[data-config-total]").textContent = fmtInt(own);
        var same = Number(b.getAttribute("data-emb")) === E && Number(b.getAttribute("data-layers")) === Ly &&
          Number(b.getAttribute("data-heads")) === H && V === Number(box.getAttribute("data-vocab"));
        b.setAttribute("aria-pressed", same ? "true" : "false");
        if (row) row.classList.toggle("on", same && on("tied"));
      });
      box.setAttribute("data-total", String(p.total));
      /* the question asks for GPT-2 small's total with the head untied: the student unticks the box and reads it
         (every count is live); the answer's numbers are this same count, at the Q, K, V box's setting */
      var sm = asked(), V0 = Number(box.getAttribute("data-vocab")), C0 = Number(box.getAttribute("data-context"));
      if (answer) {
        answer.textContent = said.replace(said0.untied, fmtInt(gpt2Count(V0, C0, sm.emb, sm.layers, on("qkv"), false).total))
          .replace(said0.tied, fmtInt(gpt2Count(V0, C0, sm.emb, sm.layers, on("qkv"), true).total));
        if (live && live.textContent) live.textContent = answer.textContent;
      }
    }
    function asked() { /* the first size, GPT-2 small */
      var b = box.querySelector("[data-preset]");
      return {emb: Number(b.getAttribute("data-emb")), layers: Number(b.getAttribute("data-layers"))};
    }
    /* the answer as built states the engine's count without the Q, K, V biases (the box's opening setting) */
    var answer = w.querySelector("details.predict .answer"), live = w.querySelector("[data-revealed]");
    var said = answer ? answer.textContent : "", said0 = (function () {
      var sm = asked(), V0 = Number(box.getAttribute("data-vocab")), C0 = Number(box.getAttribute("data-context"));
      return {untied: fmtInt(gpt2Count(V0, C0, sm.emb, sm.layers, false, false).total),
              tied: fmtInt(gpt2Count(V0, C0, sm.emb, sm.layers, false, true).total)};
    }());
    all("[data-preset]", box).forEach(function (b) { /* a GPT-2 size: its width, heads and layers, tied */
      b.addEventListener("click", function () {
        ["emb", "layers", "heads"].forEach(function (n) {
          box.querySelector("[data-calc=" + n + "]").value = b.getAttribute("data-" + n);
        });
        box.querySelector("[data-calc=vocab]").value = box.getAttribute("data-vocab");
        box.querySelector("[data-calc=tied]").checked = true;
        show();
      });
    });
    all("tr[data-config-row]", box).forEach(function (row) { /* a click anywhere on a row: its button */
      row.addEventListener("click", function (ev) {
        if (!ev.target.closest("button")) row.querySelector("[data-preset]").click();
      });
    });
    all("[data-calc]", box).forEach(function (c) {
      c.addEventListener("input", show);
      c.addEventListener("change", show);
    });
    show();
  }

  all("[data-widget]").forEach(function (w) { if (w.querySelector(".calc")) calc(w); });

  /* ---- the shortcut widget: predict, then walk the gradient back -------------------------------------- */
  /* Next does not send the gradient back until a band is picked (on a deck the lecturer steps it and the room
     answers aloud: no gate there). Once layer 1 is reached without the shortcut, the verdict sets the engine's
     fade beside the prediction, which is then kept (the pills are locked), and opens the answer (① shows). The "with it" value and ②
     (data-sc-flip) wait, "?" in their place, until the switch has been on once (the widget's key "1|…"). */
  function fill(t, f) { return t.replace(/\{(\w+)\}/g, function (m, k) { return f[k] === undefined ? m : f[k]; }); }
  all('[data-widget="shortcut"]').forEach(function (w) {
    var group = w.querySelector("[data-sc-guess]"), W = D.widgets.shortcut;
    if (!group || !W.guess) return;
    var G = W.guess, need = w.querySelector("[data-sc-need]"), out = w.querySelector("[data-sc-verdict]");
    function guess() { var r = group.querySelector("input:checked"); return r ? Number(r.value) : null; }
    w.setAttribute("data-sc-fresh", "");
    w.addEventListener("click", function (e) { /* capturing: runs before the step button's own listener */
      var b = e.target.closest && e.target.closest("[data-step]");
      if (!b || w.closest("#deck") || Number(b.getAttribute("data-step")) < 0 || guess() !== null) return;
      e.preventDefault();
      e.stopPropagation();
      need.textContent = L.sc_need;
      group.querySelector("input").focus();
    }, true);
    group.addEventListener("change", function () { need.textContent = ""; });
    function seen() {
      var p = (w.getAttribute("data-key") || "").split("|"), g = guess();
      if (p[0] === "1") w.removeAttribute("data-sc-fresh");
      if (p[0] !== "0" || Number(p[1]) !== W.max || g === null || out.textContent) return;
      var f = {a: G.bands[0], b: G.bands[1], n: G.layers, first: G.first, last: G.last, ratio: G.ratio};
      out.textContent = fill(g === G.right ? L.sc_right : L.sc_wrong, {pred: fill(L["sc_g" + g], f)}) + fill(L.sc_said, f);
      out.setAttribute("data-state", g === G.right ? "right" : "wrong");
      group.disabled = true;
      /* the verdict has said the answer: ① and the readout show it too, as after Show the answer */
      var d = w.querySelector("details.predict");
      if (d && !d.open) { d.open = true; d.dispatchEvent(new Event("toggle")); }
    }
    new MutationObserver(seen).observe(w, {attributes: true, attributeFilter: ["data-key"]});
    seen();
  });
  window.TFDepth = {gpt2Count: gpt2Count};
}());
