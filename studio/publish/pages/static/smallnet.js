/* The forward and backward steppers of the depth lesson (studio.publish.pages.widgets_depth): the 2-3-1 tanh
 * net drawn as nodes and edges, loaded after page.js and depth.js.
 *
 * x₀ and x₁ are free sliders, so no table can hold every setting: smallNet ports engine.smallnet:small_net_step
 * (forward, backward, one update), from the weights the page data hands over (a browser test checks the port
 * against the engine at random x and targets); window.TFSmallNet exposes it. page.js still looks the step and
 * the target up (the step's title and row labels); after each lookup, or a move of x, the rows' values and the
 * diagram are recomputed here. Each step lights the nodes and edges it computes, with their values; nodes not
 * reached yet stay empty.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("page-data").textContent);
  var NS = "http://www.w3.org/2000/svg";

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  function smallNet(net, x, target) { /* engine.smallnet:small_net_step */
    var w1 = net.w1, b1 = net.b1, w2 = net.w2, b2 = net.b2, lr = net.lr;
    function fwd(w1_, b1_, w2_, b2_) {
      var z = w1_.map(function (r, i) { return r[0] * x[0] + r[1] * x[1] + b1_[i]; }), a = z.map(Math.tanh);
      return {z: z, a: a, y: a.reduce(function (s, v, i) { return s + w2_[i] * v; }, 0) + b2_};
    }
    var f = fwd(w1, b1, w2, b2), dy = f.y - target;
    var da1 = w2.map(function (w) { return w * dy; });
    var dz1 = da1.map(function (d, i) { return d * (1 - f.a[i] * f.a[i]); });
    var dw2 = f.a.map(function (a) { return dy * a; });
    var dw1 = dz1.map(function (d) { return [d * x[0], d * x[1]]; });
    var g = fwd(w1.map(function (r, i) { return [r[0] - lr * dw1[i][0], r[1] - lr * dw1[i][1]]; }),
                b1.map(function (b, i) { return b - lr * dz1[i]; }),
                w2.map(function (w, i) { return w - lr * dw2[i]; }), b2 - lr * dy);
    return {x: x, target: target, z1: f.z, a1: f.a, y_hat: f.y, loss: 0.5 * dy * dy, dy_hat: dy, da1: da1, dz1: dz1,
            dw2: dw2, db2: dy, dw1: dw1, y_hat_new: g.y, loss_new: 0.5 * (g.y - target) * (g.y - target)};
  }

  function fmt(v, d) { /* look.fmt_num: fixed decimals, a true minus, no "−0" */
    var t = v.toFixed(d);
    return /^-0\.?0*$/.test(t) ? t.slice(1) : t.replace("-", "\u2212");
  }
  function vec(v) { return v.map(function (u) { return fmt(u, 4); }).join("  "); }

  /* each step's rows, as widgets_depth.forward_widget / backward_widget build them */
  var ROWS = {
    forward: [function (s) { return [vec(s.x)]; }, function (s) { return [vec(s.z1)]; }, function (s) { return [vec(s.a1)]; },
              function (s) { return [vec([s.y_hat])]; }, function (s) { return [vec([s.loss])]; }],
    backward: [function (s) { return [vec([s.dy_hat])]; }, function (s) { return [vec(s.da1)]; }, function (s) { return [vec(s.dz1)]; },
               function (s) { return [vec(s.dw2), vec([s.db2])].concat(s.dw1.map(vec)); },
               function (s) { return [vec([s.y_hat, s.y_hat_new]), vec([s.loss, s.loss_new])]; }]
  };

  /* the diagram, in its viewBox (410 × 236): columns x, hidden, ŷ, loss; a box 68 wide holds "−0.40" (five monospace
   * characters, 56 units at 18.5) with room either side, clear of its outline */
  var COL = [38, 160, 294, 370], IN_Y = [86, 150], HID_Y = [54, 118, 182], MID = 118, BOX = [68, 32];
  function el(name, attrs, text) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function build(svg) {
    var edges = [], nodes = {}, heads = [];
    function edge(group, x1, y1, x2, y2) {
      var e = el("line", {x1: x1, y1: y1, x2: x2, y2: y2, "class": "fb-edge", "data-edge": group});
      svg.appendChild(e);
      edges.push(e);
      return e;
    }
    IN_Y.forEach(function (a) { HID_Y.forEach(function (b) { edge("e1", COL[0] + BOX[0] / 2, a, COL[1] - BOX[0] / 2, b); }); });
    HID_Y.forEach(function (a) { edge("e2", COL[1] + BOX[0] / 2, a, COL[2] - BOX[0] / 2, MID); });
    edge("e3", COL[2] + BOX[0] / 2, MID, COL[3] - 30, MID);
    var labels = HID_Y.map(function (y) { /* a chip on each W2 edge's middle: its gradient (the weights' step) */
      var g = el("g", {"class": "fb-edge-val"}), cx = (COL[1] + COL[2]) / 2, cy = (y + MID) / 2;
      g.appendChild(el("rect", {x: cx - 31, y: cy - 13, width: 62, height: 26, rx: 5}));
      var t = g.appendChild(el("text", {x: cx, y: cy + 6, "text-anchor": "middle"}));
      svg.appendChild(g);
      return t;
    });
    function node(key, cx, cy, w) {
      var g = el("g", {"class": "fb-node", "data-node": key});
      g.appendChild(el("rect", {x: cx - w / 2, y: cy - BOX[1] / 2, width: w, height: BOX[1], rx: 6}));
      g.appendChild(el("text", {x: cx, y: cy + 5.5, "text-anchor": "middle"}));
      svg.appendChild(g);
      nodes[key] = g;
    }
    IN_Y.forEach(function (y, i) { node("x" + i, COL[0], y, BOX[0]); });
    HID_Y.forEach(function (y, i) { node("h" + i, COL[1], y, BOX[0]); });
    node("y", COL[2], MID, BOX[0]);
    node("loss", COL[3], MID, BOX[0]);
    COL.forEach(function (cx, i) {
      heads.push(svg.appendChild(el("text", {x: cx, y: 20, "text-anchor": "middle", "class": "fb-head"})));
    });
    /* "target 1.00" under the loss box, padded off the figure's right edge and the box above it */
    var sub = [svg.appendChild(el("text", {x: 400, y: MID + 42, "text-anchor": "end", "class": "fb-head"}))];
    return {edges: edges, nodes: nodes, heads: heads, labels: labels, sub: sub};
  }

  /* what step k lights: {heads, nodes: {key: text}, edges: [groups], edgeVals, state of the loss node} */
  function plan(kind, k, s) {
    var n = {}, f2 = function (v) { return fmt(v, 2); };
    var p = {heads: ["x", "", "", ""], nodes: n, edges: [], vals: null, loss: "", sub: ""};
    if (kind === "forward") {
      s.x.forEach(function (v, i) { n["x" + i] = f2(v); });
      if (k >= 1) { p.edges.push("e1"); p.heads[1] = k === 1 ? "z1" : "a1 = tanh(z1)"; s.z1.forEach(function (v, i) { n["h" + i] = f2(k === 1 ? v : s.a1[i]); }); }
      if (k >= 3) { p.edges.push("e2"); p.heads[2] = "ŷ"; n.y = f2(s.y_hat); }
      if (k >= 4) { p.edges.push("e3"); p.heads[3] = "loss"; n.loss = fmt(s.loss, 3); p.loss = "on"; p.sub = "target " + fmt(s.target, 2); }
      p.lit = [["x0", "x1"], ["h0", "h1", "h2"], ["h0", "h1", "h2"], ["y"], ["loss"]][k];
      p.edgeLit = [[], ["e1"], [], ["e2"], ["e3"]][k];
      return p;
    }
    p.heads = ["", "", "∂L/∂ŷ", "loss"];
    n.loss = fmt(k >= 4 ? s.loss_new : s.loss, 3);
    p.loss = k >= 4 ? "down" : "on";
    p.sub = "target " + fmt(s.target, 2);
    n.y = f2(k >= 4 ? s.y_hat_new : s.dy_hat);
    if (k >= 4) p.heads[2] = "ŷ new";
    p.edges.push("e3");
    if (k >= 1) { p.edges.push("e2"); p.heads[1] = k === 1 ? "∂L/∂a1" : "∂L/∂z1"; (k === 1 ? s.da1 : s.dz1).forEach(function (v, i) { n["h" + i] = f2(v); }); }
    if (k >= 3) { p.edges.push("e1"); p.vals = s.dw2; p.heads[0] = "x"; s.x.forEach(function (v, i) { n["x" + i] = f2(v); }); }
    if (k >= 4) p.vals = null;
    p.lit = [["y"], ["h0", "h1", "h2"], ["h0", "h1", "h2"], [], ["y", "loss"]][k];
    p.edgeLit = [["e3"], ["e2"], [], ["e1", "e2"], ["e1", "e2", "e3"]][k];
    return p;
  }

  function stepper(w) {
    var kind = w.getAttribute("data-widget"), W = D.widgets[kind], svg = w.querySelector("[data-fb-svg]");
    var xs = [0, 1].map(function (i) { return w.querySelector("[data-fb-x='" + i + "']"); });
    var parts = build(svg), rows = all("[data-field^=v]", w).filter(function (e) { return /^v\d+$/.test(e.getAttribute("data-field")); });
    function draw() {
      var key = (w.getAttribute("data-key") || "").split("|"), k = Number(key[1]), st = W.states[w.getAttribute("data-key")];
      if (!st) return;
      var x = xs.map(function (s) { return Number(s.value); }), s = smallNet(W.net, x, W.targets[Number(key[0])]);
      xs.forEach(function (sl, i) {
        var v = fmt(x[i], 2);
        w.querySelector("[data-fb-xout='" + i + "']").textContent = v;
        sl.setAttribute("aria-valuetext", "x" + i + " = " + v);
      });
      ROWS[kind][k](s).forEach(function (v, r) { if (rows[r]) rows[r].textContent = v; });
      var p = plan(kind, k, s);
      parts.edges.forEach(function (e) {
        var g = e.getAttribute("data-edge");
        e.setAttribute("data-state", p.edgeLit.indexOf(g) >= 0 ? "lit" : p.edges.indexOf(g) >= 0 ? "done" : "off");
      });
      Object.keys(parts.nodes).forEach(function (key) {
        var g = parts.nodes[key], t = p.nodes[key];
        g.querySelector("text").textContent = t === undefined ? "" : t;
        g.setAttribute("data-state", p.lit.indexOf(key) >= 0 ? (key === "loss" && p.loss === "down" ? "down" : "lit") : t === undefined ? "off" : "done");
      });
      parts.heads.forEach(function (h, i) { h.textContent = p.heads[i]; });
      parts.sub[0].textContent = p.sub;
      parts.labels.forEach(function (t, i) { t.textContent = p.vals ? fmt(p.vals[i], 2) : ""; t.parentNode.setAttribute("data-state", p.vals ? "on" : "off"); });
      w.setAttribute("data-fb-y", String(s.y_hat));
    }
    new MutationObserver(draw).observe(w, {attributes: true, attributeFilter: ["data-key"]});
    xs.forEach(function (sl) { sl.addEventListener("input", draw); sl.addEventListener("change", draw); });
    w.addEventListener("tf-refresh", draw);
    w.addEventListener("tf-restore", draw);
    draw();
  }

  all("[data-widget=forward], [data-widget=backward]").forEach(function (w) { if (w.querySelector("[data-fb-svg]")) stepper(w); });
  window.TFSmallNet = {smallNet: smallNet};
}());
