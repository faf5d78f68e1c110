/* Lesson page: widgets that look up engine tables, a theme switch, and a presenter mode.
 * Widgets compute nothing: the values of a widget's controls (data-control, in document order)
 * are joined by "|" into a key, and the strings stored under that key in the page data (built by
 * studio.pages.widgets from the engine) are written into the readouts.
 * Presenter: a scene's sections are slides; → plays the next section and holds on its last frame that
 * still shows the picture (before a fade to the next step), ← goes back a section, C toggles captions, F full screen, Esc leaves;
 * Tab stays in the presenter, and with reduced motion preferred → jumps to the held frame without playing.
 */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("page-data").textContent), L = D.labels;

  function all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* ---- widgets ------------------------------------------------------------------------------- */
  function valueOf(c) {
    if (c.type === "checkbox") return c.checked ? "1" : "0";
    if (c.matches("input, select")) return c.value;
    return c.getAttribute("data-value");
  }

  /* An optional switch (a checkbox with data-optional) adds its name to the key when ticked and nothing when not,
     so a widget that gains one keeps its old keys: the block's causal mask, "sc|mask|step" or "sc|step". */
  function keyOf(w) {
    return all("[data-control]", w).filter(function (c) {
      return !(c.hasAttribute("data-optional") && !c.checked);
    }).map(function (c) {
      return c.hasAttribute("data-optional") ? c.getAttribute("data-control") : valueOf(c);
    }).join("|");
  }

  function update(w) {
    var table = D.widgets[w.getAttribute("data-widget")];
    var key = keyOf(w);
    var st = table.states[key];
    if (!st) return;
    w.setAttribute("data-key", key);
    all("[data-field]", w).forEach(function (e) {
      var v = st[e.getAttribute("data-field")];
      e.textContent = v === undefined ? "" : v;
    });
    all("[data-label]", w).forEach(function (e) {
      var v = st[e.getAttribute("data-label")];
      if (e.hasAttribute("data-yes")) {
        e.textContent = L[e.getAttribute(v === "1" ? "data-yes" : "data-no")];
        e.className = v === "1" ? "same" : "changed";
      } else {
        e.textContent = L[v] || v;
      }
    });
    all("[data-rot]", w).forEach(function (e) {
      e.setAttribute("transform", "rotate(" + st[e.getAttribute("data-rot")] + ")");
    });
    all("[data-cls]", w).forEach(function (e) { e.className = "cell " + st[e.getAttribute("data-cls")]; });
    all("[data-bar]", w).forEach(function (e) { /* a bar's length: its height, or its width in a chart laid across */
      e.style[e.closest("[data-across]") ? "width" : "height"] = st[e.getAttribute("data-bar")] + "%";
    });
    all("[data-row]", w).forEach(function (e) {
      e.hidden = Number(e.getAttribute("data-row")) >= Number(st.rows);
    });
    all("[data-live]", w).forEach(function (e) { /* an answer that follows the sliders: the state's own values */
      var a = e.querySelector(".answer"), said = w.querySelector("[data-revealed]");
      a.textContent = e.getAttribute("data-live").replace(/\{(\w+)\}/g, function (m, k) { return st[k] === undefined ? m : st[k]; });
      if (said && said.textContent) said.textContent = a.textContent; /* the line beside Show says it too */
    });
    all("[data-valuetext]", w).forEach(function (e) {
      e.setAttribute("aria-valuetext", st[e.getAttribute("data-valuetext")]);
    });
    all("[data-step]", w).forEach(function (b) { /* Previous at the first step, Next at the last: off */
      var at = Number(b.parentNode.getAttribute("data-value")), max = Number(b.parentNode.getAttribute("data-max"));
      b.disabled = Number(b.getAttribute("data-step")) < 0 ? at <= 0 : at >= max;
    });
    all("[data-count]", w).forEach(function (e) {
      var s = e.parentNode;
      e.textContent = L.step_fmt.replace("{k}", Number(s.getAttribute("data-value")) + 1)
        .replace("{n}", Number(s.getAttribute("data-max")) + 1);
    });
  }

  all("[data-widget]").forEach(function (w) {
    all("select", w).forEach(function (c) { /* a preset sets its number of blocks too */
      c.addEventListener("change", function () {
        var n = c.options[c.selectedIndex].getAttribute("data-layers"), s = w.querySelector("input[data-control=layers]");
        if (n && s) s.value = n;
      });
    });
    all("input, select", w).forEach(function (c) {
      c.addEventListener("input", function () { update(w); });
      c.addEventListener("change", function () { update(w); });
    });
    all("[data-step]", w).forEach(function (b) {
      b.addEventListener("click", function () {
        var s = b.parentNode, max = Number(s.getAttribute("data-max"));
        var k = Math.min(max, Math.max(0, Number(s.getAttribute("data-value")) + Number(b.getAttribute("data-step"))));
        s.setAttribute("data-value", String(k));
        update(w);
        if (b.disabled) { /* the end reached: focus goes to a step the other way, not to the page */
          var dir = Number(b.getAttribute("data-step")), on = all("[data-step]", s).filter(function (o) { return !o.disabled; });
          var back = on.filter(function (o) { return Number(o.getAttribute("data-step")) * dir < 0; });
          if (back.length || on.length) (back[0] || on[0]).focus();
        }
      });
    });
    all("[data-swap]", w).forEach(function (b) {
      b.addEventListener("click", function () {
        var o = w.querySelector(".order"), t = o.getAttribute("data-value").split(" ");
        var i = Number(b.getAttribute("data-swap")), a = t[i];
        t[i] = t[i + 1];
        t[i + 1] = a;
        o.setAttribute("data-value", t.join(" "));
        update(w);
      });
    });
    w.addEventListener("tf-refresh", function () { update(w); }); /* a stepper or order set from a shared link */
    all("[data-reset]", w).forEach(function (b) {
      b.addEventListener("click", function () {
        var o = w.querySelector(".order");
        o.setAttribute("data-value", o.getAttribute("data-start"));
        update(w);
      });
    });
    update(w);
  });

  /* ---- predict, then reveal ------------------------------------------------------------------ */
  /* The readouts a widget's question asks about (data-asked) are masked while its answer is closed; the
     question's own summary or the Show button under the widget opens it, and the live line says the answer. */
  all("[data-widget]").forEach(function (w) {
    var d = w.querySelector("details.predict"), b = w.querySelector("[data-show]"), live = w.querySelector("[data-revealed]");
    if (!d || !b || !w.querySelector("[data-asked]")) return;
    function sync() {
      w.classList.toggle("asking", !d.open && !w.hasAttribute("data-left-case")); /* asked once: the readouts stay */
      b.setAttribute("aria-expanded", d.open ? "true" : "false");
      b.textContent = b.getAttribute(d.open ? "data-label-hide" : "data-label-show");
      if (live) /* explored at a frame's values: the readouts themselves are the answer */ live.textContent = d.open && !w.classList.contains("explored-ask") ? d.querySelector(".answer").textContent : "";
      if (d.open && d.id) all('details[data-after="' + d.id + '"]').forEach(function (f) { f.open = true; });
    }
    b.addEventListener("click", function () { d.open = !d.open; sync(); });
    d.addEventListener("toggle", sync);
    sync();
  });

  /* An answer written for the widget's opening values (details[data-case], its text names the case) is
     closed again when a control leaves that case; stepping through a stepper does not change the case,
     and data-case="p q" names the only controls that do. Leaving the case unmasks the readouts for good,
     whether or not the answer was opened: the student changed a value, and sees what it does (a readout
     never stays "?" while its slider moves). A frame explored into the widget (explore, below) sets
     values without leaving: it asks about them. */
  function caseOf(w, names) {
    return all("input, select, textarea, [data-control]", w).filter(function (c) {
      if (c.closest("details.predict")) return false;
      var n = c.getAttribute("data-control");
      return names === "*" ? n !== "step" : n !== null && names.split(" ").indexOf(n) >= 0;
    }).map(function (c) {
      return c.type === "checkbox" ? String(c.checked) : c.matches("input, select, textarea") ? c.value : c.getAttribute("data-value");
    }).join("|");
  }
  all("[data-widget]").forEach(function (w) {
    var d = w.querySelector("details.predict[data-case]");
    if (!d) return;
    var names = d.getAttribute("data-case"), opening = caseOf(w, names);
    function check() {
      if (w.hasAttribute("data-exploring") || caseOf(w, names) === opening) return;
      var left = w.hasAttribute("data-left-case");
      w.setAttribute("data-left-case", "");
      if (!d.open && left) return;
      d.open = false;
      d.dispatchEvent(new Event("toggle"));
    }
    ["input", "change"].forEach(function (t) { w.addEventListener(t, check); });
    w.addEventListener("click", function () { setTimeout(check, 0); });
  });

  /* ---- the depth page's map of GPT-2: the widget nearest the top of the view lights its parts ---------------- */
  (function () {
    var map = document.querySelector(".blockmap"), lights = D.blockmap || {};
    if (!map) return;
    var parts = all("[data-bm-part]", map), shown = all("section.widget[data-widget]");
    function light() {
      var top = map.getBoundingClientRect().bottom, best = null;
      shown.forEach(function (w) { /* the first widget whose box reaches below the map and starts above mid-view */
        var r = w.getBoundingClientRect();
        if (!best && r.bottom > top + 40 && r.top < window.innerHeight / 2) best = w;
      });
      var on = best ? lights[best.getAttribute("data-widget")] || [] : [];
      parts.forEach(function (p) { p.setAttribute("data-state", on.indexOf(p.getAttribute("data-bm-part")) >= 0 ? "on" : "off"); });
      map.setAttribute("data-widget", best ? best.getAttribute("data-widget") : "");
    }
    window.addEventListener("scroll", light, {passive: true});
    window.addEventListener("resize", light);
    light();
    /* a part is a button: it takes the reader to the widget explaining it (blockmap.GOES_TO), which then lights its parts */
    all("[data-bm-go]", map).forEach(function (b) {
      b.addEventListener("click", function () {
        var w = document.getElementById("w-" + b.getAttribute("data-bm-go"));
        if (!w) return;
        w.scrollIntoView({block: "start"});
        if (!w.hasAttribute("tabindex")) w.setAttribute("tabindex", "-1");
        w.focus({preventScroll: true});
        light();
      });
    });
  }());

  /* ---- theme --------------------------------------------------------------------------------- */
  var sw = document.getElementById("theme-switch");
  /* The renders in the chosen theme, where the build found them (media_by_theme); the others stay.
     A scene's poster and video switch together, and only when the build found its video in that
     theme: never a dark poster in front of a light video (render.py page --theme both makes both). */
  function swapMedia(theme) {
    var files = (D.media_by_theme || {})[theme] || {};
    all("[data-scene]").forEach(function (fig) {
      var f = files[fig.getAttribute("data-scene")], v = fig.querySelector("video");
      if (!f || !f.mp4 || !f.poster || (P && P.fig === fig)) return;
      var src = v.querySelector("source");
      if (src.getAttribute("src") === f.mp4) return;
      v.setAttribute("poster", f.poster);
      src.setAttribute("src", f.mp4);
      v.load();
    });
    all("[data-figure]").forEach(function (fig) {
      var f = files[fig.getAttribute("data-figure")], img = fig.querySelector("img");
      var open = fig.querySelector(".fig-open");
      if (f && img) img.setAttribute("src", f.svg);
      if (f && open) open.setAttribute("href", f.svg);
    });
  }
  function setTheme(theme) {
    sw.checked = theme === "dark";
    document.documentElement.setAttribute("data-theme", theme);
    swapMedia(theme);
  }
  if (sw) sw.addEventListener("change", function () { /* a lecture deck shows widgets without the switch */
    var theme = sw.checked ? "dark" : "light";
    setTheme(theme);
    try { localStorage.setItem("tf-theme", theme); } catch (e) { /* storage off: this page only */ }
  });
  /* the reader's last choice on any lesson page, else the system's preference, else the page's own */
  if (sw) (function () {
    var chosen = null;
    try { chosen = localStorage.getItem("tf-theme"); } catch (e) { /* storage off */ }
    if (chosen !== "dark" && chosen !== "light") {
      chosen = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : null;
    }
    if (chosen && chosen !== document.documentElement.getAttribute("data-theme")) setTheme(chosen);
  })();

  /* ---- explore this frame: a scene's held frame opens its widget at that frame's values ------------
   * (studio.publish.pages.explore: the values of the widget's controls, read from the frames table at
   * the hold); the widget updates as if the reader had set them, and takes the focus */
  function explore(link) {
    var w = document.getElementById("w-" + link.widget);
    if (!w) return null;
    /* predict first: the readouts its question asks about stay masked, and it asks about the new values */
    var d = w.querySelector("details.predict"), asks = d && w.querySelector("[data-asked]") && w.querySelector("[data-show]");
    var q = asks && (d.querySelector(".explored-q") || d.querySelector("summary").insertBefore(document.createElement("span"), d.querySelector(".reveal")));
    if (q) { q.className = "explored-q"; q.textContent = L.explored_q + " "; d.open = false; w.removeAttribute("data-left-case"); w.classList.add("explored-ask"); }
    w.setAttribute("data-exploring", "");
    Object.keys(link.values).forEach(function (name) {
      var c = w.querySelector('[data-control="' + name + '"]');
      if (!c) return;
      c.value = link.values[name];
      c.dispatchEvent(new Event("input", {bubbles: true}));
      c.dispatchEvent(new Event("change", {bubbles: true}));
    });
    w.removeAttribute("data-exploring");
    w.setAttribute("data-explored", JSON.stringify(link.values));
    if (asks) d.dispatchEvent(new Event("toggle")); /* masked now */
    return w;
  }
  window.TFExplore = explore;
  function exploreFrom(fig, k) {
    var m = D.media[fig.getAttribute("data-scene")], sec = m && m.sections[k];
    if (!sec || !sec.explore) return;
    var v = fig.querySelector("video");
    if (P && P.fig === fig) leave();
    v.pause();
    v.currentTime = sec.hold_s; /* the frame the values come from */
    var w = explore(sec.explore);
    if (!w) return;
    w.scrollIntoView({block: "start"});
    var first = w.querySelector("[data-control]");
    (first || w).focus({preventScroll: true});
  }
  all("[data-explore]").forEach(function (b) {
    b.addEventListener("click", function () { exploreFrom(b.closest("[data-scene]"), Number(b.getAttribute("data-explore"))); });
  });
  /* ---- presenter ----------------------------------------------------------------------------- */
  var P = null;

  function hold(k) { /* the last frame of section k that still shows its picture (studio.publish.pages.holds) */
    var m = P.media, s = m.sections;
    if (s[k].hold_s !== undefined) return s[k].hold_s;
    var end = k + 1 < s.length ? s[k + 1].start_s : m.duration_s;
    return Math.max(0, end - 0.5 / m.fps);
  }

  function show() {
    var s = P.media.sections;
    P.fig.setAttribute("data-slide", String(P.slide));
    P.fig.querySelector(".slide").textContent = P.slide < 0 ? "" :
      L.section + " " + (P.slide + 1) + "/" + s.length + (s[P.slide].label ? " · " + s[P.slide].label : "");
  }

  function stopAt(target) {
    var v = P.video, token = {};
    P.token = token;
    function tick() {
      if (!P || P.token !== token) return;
      if (v.currentTime >= target || v.ended) {
        v.pause();
        v.currentTime = target;
        P.fig.setAttribute("data-state", "held");
        return;
      }
      requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  }

  function next() {
    if (P.slide + 1 >= P.media.sections.length) return;
    P.slide += 1;
    show();
    var target = hold(P.slide), v = P.video;
    if (P.slide === 0) v.currentTime = P.media.sections[0].start_s;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      v.pause(); /* reduced motion: straight to the held frame, no playback */
      v.currentTime = target;
      P.fig.setAttribute("data-state", "held");
      return;
    }
    P.fig.setAttribute("data-state", "playing");
    var played = v.play();
    if (played && played.catch) played.catch(function () { v.currentTime = target; });
    stopAt(target);
  }

  function prev() {
    P.token = null;
    P.video.pause();
    if (P.slide >= 0) P.slide -= 1;
    P.video.currentTime = P.slide < 0 ? 0 : hold(P.slide);
    P.fig.setAttribute("data-state", "held");
    show();
  }

  function captions() {
    if (!P.video.textTracks[0]) return;
    strip(P.fig, P.fig.getAttribute("data-captions") === "hidden" ? "showing" : "hidden");
  }

  function fullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(function () {});
    } else if (P.fig.requestFullscreen) {
      P.fig.requestFullscreen().catch(function () {});
    }
  }

  function enter(fig) {
    if (P) leave();
    var v = fig.querySelector("video");
    P = {fig: fig, video: v, media: D.media[fig.getAttribute("data-scene")], slide: -1, token: null};
    v.pause();
    v.currentTime = 0;
    v.controls = false;
    fig.classList.add("presenting");
    fig.querySelector(".help").hidden = false;
    fig.setAttribute("data-state", "held");
    show();
    fig.focus();
  }

  function leave() {
    P.token = null;
    P.video.pause();
    P.video.controls = true;
    P.fig.classList.remove("presenting");
    P.fig.querySelector(".help").hidden = true;
    P.fig.removeAttribute("data-slide");
    P.fig.querySelector(".slide").textContent = "";
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    var b = P.fig.querySelector("[data-present]");
    P = null;
    b.focus();
  }

  /* The captions are the track (the frames carry none), written into the strip under the picture,
     not drawn over it where they would cover the score rows and readouts the scene is about. The
     track itself stays "hidden" (its cues still change); the strip is on unless C or the video's CC
     button turns it off. data-captions on the figure says which. */
  function strip(fig, mode) {
    fig.setAttribute("data-captions", mode);
    fig.querySelector(".cap-strip").hidden = mode !== "showing";
  }
  all("[data-scene]").forEach(function (fig) {
    var v = fig.querySelector("video"), t = v.textTracks[0], out = fig.querySelector(".cap-strip");
    if (!t) return;
    if (!out) { t.mode = "showing"; return; } /* a deck's scene slide: the deck's own captions */
    t.mode = "hidden";
    strip(fig, "showing");
    t.addEventListener("cuechange", function () {
      out.textContent = Array.prototype.map.call(t.activeCues || [], function (c) {
        return c.getCueAsHTML ? c.getCueAsHTML().textContent : c.text;
      }).join("\n");
    });
    v.textTracks.addEventListener("change", function () { /* the CC button: shown or off, in the strip */
      if (t.mode === "showing") { t.mode = "hidden"; strip(fig, "showing"); }
      else if (t.mode === "disabled") { t.mode = "hidden"; strip(fig, "hidden"); }
    });
  });

  all("[data-present]").forEach(function (b) {
    b.addEventListener("click", function () { enter(b.closest("[data-scene]")); });
  });

  document.addEventListener("keydown", function (e) {
    if (!P || e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === "ArrowRight" || k === "PageDown" || k === " ") next();
    else if (k === "ArrowLeft" || k === "PageUp") prev();
    else if (k === "c" || k === "C") captions();
    else if (k === "f" || k === "F") fullscreen();
    else if ((k === "e" || k === "E") && P.slide >= 0) exploreFrom(P.fig, P.slide);
    else if (k === "Escape" && !document.fullscreenElement) leave();
    else if (k === "Tab") P.fig.focus(); /* focus stays in the presenter until Esc */
    else return;
    e.preventDefault();
  });

  /* ---- a table (or a figure held at its legible width) wider than the screen scrolls inside its box
   * (.scroll), never the page: a box with
   * more to see gets a visible edge (class "wide") and a tab stop, where the arrow keys scroll it ---- */
  function edge(box) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("wide", wide);
    if (wide) { box.tabIndex = 0; box.setAttribute("role", "region"); box.setAttribute("aria-label", box.getAttribute("data-scroll-label") || L.scroll_box); }
    else { box.removeAttribute("tabindex"); box.removeAttribute("role"); box.removeAttribute("aria-label"); }
  }
  var boxes = all(".scroll");
  function edges() { boxes.forEach(edge); }
  if (window.ResizeObserver) {
    var watch = new ResizeObserver(edges);
    boxes.forEach(function (b) { watch.observe(b); if (b.firstElementChild) watch.observe(b.firstElementChild); });
  }
  window.addEventListener("resize", edges); edges();

  document.documentElement.classList.add("js");
}());
