"""rope_rotation: RoPE rotates q and k by their positions; the score keeps only m − n
(seed 002 §06, 图 8 and 图 9).

Sections: intro (q and k cut into 2-D planes) → planes (a fast and a slow plane) → rotate (q moves
to position m) → shift (m and n move together: the score stays) → gap (the gap changes: the score
changes; the (m, n) table is constant along its diagonals) → contrast (absolute PE added to the
input vs RoPE rotated in after the projection) → summary.
Every number is read from the engine record (engine.rope.RopeLesson) or computed per frame by
engine.rope from the record's q, k and base.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Arc, Circle, Create, DashedLine, Dot, FadeIn, FadeOut, Indicate, Line,
    Rectangle, RoundedRectangle, SurroundingRectangle, ValueTracker, VGroup, linear, smooth,
)

from engine.rope import plane_contributions, rope_rotate, rope_score
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.lecture import LectureScene
from look import diverging_color, fmt_num

DECIMALS = {"thetas": 4, "thetas_deg": 4, "q": 2, "k": 2, "q_norms": 4, "k_norms": 4,
            "keyframe_scores": 4, "keyframe_planes": 4, "score_grid": 4, "score_by_gap": 4,
            "absolute_scores": 4, "plain_score": 4}

STRINGS = {
    "en": {
        "title": "RoPE: rotate q and k by their positions",
        "cut": "cut into 2-D planes",
        "plane": "plane {i} (dims {a}, {b})",
        "fast": "fast",
        "slow": "slow",
        "speed": "{kind}: {rad} rad = {deg}° per position",
        "legend": "colour scale",
        "q_turn": "q turned m⋅θ",
        "k_turn": "k turned n⋅θ",
        "part": "q⋅k in this plane",
        "score": "score",
        "gap": "m − n",
        "table": "score for every (m, n)",
        "rows": "m (query position)",
        "cols": "n (key position)",
        "setup": "d = {d}, base = {base} (small, so the slow plane visibly turns)",
        "abs_row": "absolute PE",
        "rope_row": "RoPE",
        "token": "token x",
        "add_pe": "+ PE(m)",
        "rotate": "rotate by m⋅θ",
        "dot": "q ⋅ k",
        "enters_abs": "position enters here: added to the input",
        "enters_rope": "position enters here: rotated into q and k",
        "stops": "(m, n)",
        "abs_scores": "PE added",
        "rope_scores": "RoPE",
        "same_gap": "all three have m − n = {g}",
        "identity": "for this comparison the projections are the identity: the same q and k, and PE of the same d and base",
        "cap_intro": "RoPE does not add a position vector. It takes q and k after the projection and "
                     "cuts them into pairs of numbers: each pair is a point in its own 2-D plane.",
        "cap_planes": "Pair i turns θᵢ = base^(−2i/d) radians per position: the first plane fast, the "
                      "last slowly. At m = n = 0 nothing is turned and the score is plain q⋅k = {s}.",
        "cap_rotate": "Move the query to position m = {m}: every piece of q turns by m⋅θᵢ, its length "
                      "unchanged. The angle between q and k changes, and so does the score: {s}.",
        "cap_shift": "Now move both positions by the same amount. q and k turn together, the angle "
                     "between them stays, and the score stays {s}: only m − n = {g} counts.",
        "cap_gap": "Change the gap and the score changes: m − n = {g1} gives {s1}, m − n = {g2} gives "
                   "{s2}. In the (m, n) table every diagonal has one colour.",
        "cap_contrast": "Where position enters: absolute PE is added to the input, so moving both "
                        "positions changes the score. RoPE rotates q and k after the projection, so it "
                        "cannot.",
        "cap_summary": "RoPE: no position vector, no new parameters, the width stays d. The common "
                       "rotation cancels in q⋅k, and relative distance is built into the score.",
    },
    "zh-Hant": {
        "title": "RoPE：依位置旋轉 q 和 k",
        "cut": "切成二維平面",
        "plane": "平面 {i}（第 {a}、{b} 維）",
        "fast": "快",
        "slow": "慢",
        "speed": "{kind}：每個位置轉 {rad} 弧度 = {deg}°",
        "legend": "色階",
        "q_turn": "q 轉了 m⋅θ",
        "k_turn": "k 轉了 n⋅θ",
        "part": "這個平面的 q⋅k",
        "score": "分數",
        "gap": "m − n",
        "table": "每一組 (m, n) 的分數",
        "rows": "m（query 的位置）",
        "cols": "n（key 的位置）",
        "setup": "d = {d}，base = {base}（取小一點，慢平面才看得出在轉）",
        "abs_row": "絕對位置編碼",
        "rope_row": "RoPE",
        "token": "token x",
        "add_pe": "+ PE(m)",
        "rotate": "旋轉 m⋅θ",
        "dot": "q ⋅ k",
        "enters_abs": "位置從這裡進來：加在輸入上",
        "enters_rope": "位置從這裡進來：旋轉進 q、k",
        "stops": "(m, n)",
        "abs_scores": "相加",
        "rope_scores": "RoPE",
        "same_gap": "三組的 m − n 都是 {g}",
        "identity": "這裡比較時投影取單位矩陣：同一組 q、k，PE 用同樣的 d 和 base",
        "cap_intro": "RoPE 不加位置向量。它在投影之後拿到 q 和 k，把相鄰兩個數配成一對："
                     "每一對就是自己那個二維平面上的一個點。",
        "cap_planes": "第 i 對每個位置轉 θᵢ = base^(−2i/d) 弧度：前面的平面快，後面的慢。"
                      "m = n = 0 時不轉，分數就是 q⋅k = {s}。",
        "cap_rotate": "把 query 挪到位置 m = {m}：q 的每一段都轉 m⋅θᵢ，長度不變。"
                      "q 和 k 的夾角變了，分數也跟著變：{s}。",
        "cap_shift": "現在把兩個位置挪同樣的步數。q 和 k 一起轉，彼此的夾角不變，"
                     "分數一直是 {s}：算數的只有 m − n = {g}。",
        "cap_gap": "改變間隔，分數就變：間隔 {g1} 得 {s1}，間隔 {g2} 得 {s2}。"
                   "(m, n) 表裡每一條對角線都是同一個顏色。",
        "cap_contrast": "位置從哪裡進來：絕對位置編碼加在輸入上，兩個位置一起挪，分數會變；"
                        "RoPE 在投影之後旋轉 q 和 k，分數就不會變。",
        "cap_summary": "RoPE：不加位置向量、不多任何參數、寬度仍是 d。共同的旋轉在 q⋅k 裡互相抵消，"
                       "相對距離直接寫進了分數。",
    },
    "zh-Hans": {
        "title": "RoPE：按位置旋转 q 和 k",
        "cut": "切成二维平面",
        "plane": "平面 {i}（第 {a}、{b} 维）",
        "fast": "快",
        "slow": "慢",
        "speed": "{kind}：每个位置转 {rad} 弧度 = {deg}°",
        "legend": "色阶",
        "q_turn": "q 转了 m⋅θ",
        "k_turn": "k 转了 n⋅θ",
        "part": "这个平面的 q⋅k",
        "score": "分数",
        "gap": "m − n",
        "table": "每一组 (m, n) 的分数",
        "rows": "m（query 的位置）",
        "cols": "n（key 的位置）",
        "setup": "d = {d}，base = {base}（取小一点，慢平面才看得出在转）",
        "abs_row": "绝对位置编码",
        "rope_row": "RoPE",
        "token": "token x",
        "add_pe": "+ PE(m)",
        "rotate": "旋转 m⋅θ",
        "dot": "q ⋅ k",
        "enters_abs": "位置从这里进来：加在输入上",
        "enters_rope": "位置从这里进来：旋转进 q、k",
        "stops": "(m, n)",
        "abs_scores": "相加",
        "rope_scores": "RoPE",
        "same_gap": "三组的 m − n 都是 {g}",
        "identity": "这里比较时投影取单位矩阵：同一组 q、k，PE 用同样的 d 和 base",
        "cap_intro": "RoPE 不加位置向量。它在投影之后拿到 q 和 k，把相邻两个数配成一对："
                     "每一对就是自己那个二维平面上的一个点。",
        "cap_planes": "第 i 对每个位置转 θᵢ = base^(−2i/d) 弧度：前面的平面快，后面的慢。"
                      "m = n = 0 时不转，分数就是 q⋅k = {s}。",
        "cap_rotate": "把 query 挪到位置 m = {m}：q 的每一段都转 m⋅θᵢ，长度不变。"
                      "q 和 k 的夹角变了，分数也跟着变：{s}。",
        "cap_shift": "现在把两个位置挪同样的步数。q 和 k 一起转，彼此的夹角不变，"
                     "分数一直是 {s}：算数的只有 m − n = {g}。",
        "cap_gap": "改变间隔，分数就变：间隔 {g1} 得 {s1}，间隔 {g2} 得 {s2}。"
                   "(m, n) 表里每一条对角线都是同一个颜色。",
        "cap_contrast": "位置从哪里进来：绝对位置编码加在输入上，两个位置一起挪，分数会变；"
                        "RoPE 在投影之后旋转 q 和 k，分数就不会变。",
        "cap_summary": "RoPE：不加位置向量、不多任何参数、宽度仍是 d。共同的旋转在 q⋅k 里互相抵消，"
                       "相对距离直接写进了分数。",
    },
}

PLANE_R = 1.0
PLANE_XS = (-5.3, -1.95)
PLANE_Y = 0.7
CELL = 0.3


class RopeRotation(LectureScene):
    strings = STRINGS

    def construct(self):
        d = self.data
        self.n_planes = d.d_model // 2
        self.kf = {tuple(int(v) for v in mn): k for k, mn in enumerate(d.keyframes)}
        self.title = self.txt(self.s("title"), size=34, weight="BOLD").to_edge(UP, buff=0.25)
        self.add(self.title)
        self.intro()
        self.build_planes()
        self.build_score_panel()
        self.moves()
        self.contrast()
        self.section("summary", self.s("cap_summary"))
        self.wait(4)

    # -- helpers ---------------------------------------------------------------------------
    def score_at(self, m, n) -> float:
        k = self.kf[(m, n)]
        return float(self.data.keyframe_scores[k])

    def vector_row(self, name: str, values, color) -> VGroup:
        """name = [a, b | c, d] with the pairs boxed: built once from the record."""
        pal = self.pal
        label = self.tex(name + "=", size=34, color=color)
        pairs = VGroup()
        for i in range(self.n_planes):
            nums = VGroup(*(self.txt(fmt_num(v, 2), size=26) for v in values[2 * i:2 * i + 2]))
            nums.arrange(RIGHT, buff=0.3)
            box = SurroundingRectangle(nums, buff=0.12, corner_radius=0.08, color=pal.muted, stroke_width=2.5)
            pairs.add(VGroup(box, nums))
        pairs.arrange(RIGHT, buff=0.25)
        return VGroup(label, pairs).arrange(RIGHT, buff=0.2)

    # -- 1. q and k cut into pairs ----------------------------------------------------------
    def intro(self):
        d = self.data
        self.q_row = self.vector_row("q", d.q, self.pal.accent)
        self.k_row = self.vector_row("k", d.k, self.pal.cool)
        rows = VGroup(self.q_row, self.k_row).arrange(DOWN, buff=0.35, aligned_edge=LEFT).move_to(UP * 0.6)
        cut = self.txt(self.s("cut"), size=26, color=self.pal.muted).next_to(rows, DOWN, buff=0.4)
        self.section("intro", self.s("cap_intro"))
        self.play(FadeIn(rows[0][0]), FadeIn(rows[1][0]),
                  *(FadeIn(r[1][i][1]) for r in rows for i in range(self.n_planes)), run_time=1.0)
        self.wait(1.5)
        self.play(*(Create(r[1][i][0]) for r in rows for i in range(self.n_planes)), FadeIn(cut),
                  run_time=1.2)
        self.wait(3)
        small = VGroup(self.q_row, self.k_row)
        self.play(FadeOut(cut), small.animate.scale(0.6).arrange(RIGHT, buff=0.6).move_to([-3.65, 2.85, 0]),
                  run_time=1.0)

    # -- 2. the planes ---------------------------------------------------------------------
    def build_planes(self):
        pal, d = self.pal, self.data
        self.planes = []
        statics, labels = VGroup(), VGroup()
        self.q_turn, self.k_turn, self.parts = [], [], []
        scale = 0.88 * PLANE_R / max(d.q_norms.max(), d.k_norms.max())
        self.vec_scale = scale
        for i in range(self.n_planes):
            cx = PLANE_XS[i]
            centre = np.array([cx, PLANE_Y, 0.0])
            face = Circle(radius=PLANE_R, stroke_color=pal.muted, stroke_width=2.5, fill_color=pal.panel,
                          fill_opacity=1.0).move_to(centre)
            axes = VGroup(Line(centre + LEFT * PLANE_R, centre + RIGHT * PLANE_R),
                          Line(centre + DOWN * PLANE_R, centre + UP * PLANE_R)).set_stroke(pal.muted, 1, 0.5)
            ghost_q = DashedLine(centre, centre + scale * d.q_norms[i] * _unit(d.q_angles0[i]),
                                 stroke_color=pal.accent, stroke_width=2, stroke_opacity=0.45)
            ghost_k = DashedLine(centre, centre + scale * d.k_norms[i] * _unit(d.k_angles0[i]),
                                 stroke_color=pal.cool, stroke_width=2, stroke_opacity=0.45)
            q_hand = Line(centre, centre + RIGHT, stroke_color=pal.accent, stroke_width=6)
            k_hand = Line(centre, centre + RIGHT, stroke_color=pal.cool, stroke_width=6)
            q_tip = Dot(radius=0.07, color=pal.accent)
            k_tip = Dot(radius=0.07, color=pal.cool)
            between = Arc(radius=0.35, arc_center=centre, start_angle=0, angle=0.5,
                          stroke_color=pal.ink, stroke_width=2.5)
            q_lab = self.tex("q", size=30, color=pal.accent)
            k_lab = self.tex("k", size=30, color=pal.cool)
            plane = {"centre": centre, "q": q_hand, "k": k_hand, "q_tip": q_tip, "k_tip": k_tip,
                     "arc": between, "q_lab": q_lab, "k_lab": k_lab}
            self.planes.append(plane)
            kind = self.s("fast" if i == 0 else "slow")
            head = self.txt(self.s("plane", i=i, a=2 * i, b=2 * i + 1), size=20, color=pal.ink)
            speed = self.txt(self.s("speed", kind=kind, rad=f"{d.thetas[i]:g}", deg=fmt_num(d.thetas_deg[i], 2)),
                             size=15, color=pal.muted)
            VGroup(head, speed).arrange(DOWN, buff=0.08).next_to(face, UP, buff=0.15)
            labels.add(head, speed)
            statics.add(face, axes, ghost_q, ghost_k)
            # the numbers under each plane
            y0 = PLANE_Y - PLANE_R - 0.42
            for row, (key, store, col) in enumerate((("q_turn", self.q_turn, pal.accent),
                                                     ("k_turn", self.k_turn, pal.cool),
                                                     ("part", self.parts, pal.ink))):
                y = y0 - 0.42 * row
                tag = self.txt(self.s(key), size=18, color=col)
                tag.move_to([cx - 1.6, y, 0], aligned_edge=LEFT)
                if key == "part":
                    num = GlyphNumber(0.0, decimals=4, font=self.look.font, font_size=20, color=pal.ink)
                else:
                    num = GlyphNumber(0.0, decimals=1, width=6, suffix="°", font=self.look.font,
                                      font_size=20, color=col)
                num.move_to([cx + 1.6, y, 0], aligned_edge=RIGHT).align_to(tag, DOWN)
                statics.add(tag)
                store.append(num)
        self.plane_statics = statics
        self.plane_labels = labels
        self.plane_live = VGroup(*(VGroup(p["arc"], p["q"], p["k"], p["q_tip"], p["k_tip"], p["q_lab"], p["k_lab"])
                                   for p in self.planes), *self.q_turn, *self.k_turn, *self.parts)
        setup = self.txt(self.s("setup", d=d.d_model, base=f"{d.base:g}"), size=15, color=pal.muted)
        setup.move_to([-3.65, -2.6, 0])
        self.setup_note = setup
        self.section("planes", self.s("cap_planes", s=fmt_num(d.plain_score, 4)))
        self.set_positions(0.0, 0.0)
        self.play(FadeIn(statics), FadeIn(labels, lag_ratio=0.1), FadeIn(setup), run_time=1.2)
        self.play(FadeIn(self.plane_live), run_time=0.8)
        self.wait(3)

    # -- the score panel (right) -------------------------------------------------------------
    def build_score_panel(self):
        pal, d = self.pal, self.data
        font = self.look.font
        score_lab = VGroup(self.txt(self.s("score"), size=26),
                           self.tex(r"q_m \cdot k_n =", size=36)).arrange(RIGHT, buff=0.2)
        self.score_num = GlyphNumber(0.0, decimals=4, font=font, font_size=36, color=pal.ink)
        score_row = VGroup(score_lab, self.score_num)
        score_lab.move_to([0.95, 2.75, 0], aligned_edge=LEFT)
        self.score_num.next_to(score_lab, RIGHT, buff=0.2).align_to(score_lab[0], DOWN)
        self.score_box = SurroundingRectangle(score_row, buff=0.15, corner_radius=0.1, color=pal.accent,
                                              stroke_width=3)
        # m, n and the gap in a column left of the table
        self.m_num = GlyphNumber(0.0, decimals=2, width=5, font=font, font_size=26, color=pal.accent)
        self.n_num = GlyphNumber(0.0, decimals=2, width=5, font=font, font_size=26, color=pal.cool)
        self.gap_num = GlyphNumber(0.0, decimals=2, width=6, font=font, font_size=26, color=pal.ink)
        labels = [self.tex("m =", size=32, color=pal.accent), self.tex("n =", size=32, color=pal.cool),
                  self.tex("m-n =", size=32)]
        for k, (lab, num) in enumerate(zip(labels, (self.m_num, self.n_num, self.gap_num))):
            y = 1.0 - 0.62 * k
            num.move_to([2.75, y, 0], aligned_edge=RIGHT)
            lab.next_to(num, LEFT, buff=0.15).align_to(num, DOWN)
        # the (m, n) table
        g = len(d.grid_positions)
        vmax = float(np.abs(d.score_grid).max())
        grid = HeatmapGrid(d.score_grid, cell_w=CELL, cell_h=CELL, palette=pal, vmax=vmax)
        grid.show_rows(g)
        grid.move_to([5.15, -0.8, 0])
        self.grid = grid
        col_nums = VGroup(*(self.txt(str(c), size=14, color=pal.muted).next_to(grid.cell(0, c), UP, buff=0.06)
                            for c in range(g)))
        row_nums = VGroup(*(self.txt(str(r), size=14, color=pal.muted).next_to(grid.cell(r, 0), LEFT, buff=0.08)
                            for r in range(g)))
        cols = self.txt(self.s("cols") + " →", size=15, color=pal.cool).next_to(col_nums, UP, buff=0.06)
        rows = self.txt(self.s("rows") + " →", size=15, color=pal.accent).rotate(-np.pi / 2)
        rows.next_to(row_nums, LEFT, buff=0.1)
        title = self.txt(self.s("table"), size=16).next_to(cols, UP, buff=0.06)
        # colour legend: the fixed symmetric scale
        sw = VGroup(*(Rectangle(width=0.22, height=0.18, stroke_width=0.6, stroke_color=pal.muted,
                                fill_color=diverging_color(v * vmax, pal, vmax), fill_opacity=1)
                      for v in np.linspace(-1, 1, 9))).arrange(RIGHT, buff=0)
        lo = self.txt(fmt_num(-vmax, 2), size=14, color=pal.muted).next_to(sw, LEFT, buff=0.1)
        hi = self.txt(fmt_num(vmax, 2), size=14, color=pal.muted).next_to(sw, RIGHT, buff=0.1)
        legend = VGroup(lo, sw, hi).next_to(grid, DOWN, buff=0.14)
        self.grid_labels = VGroup(col_nums, row_nums, cols, rows, title, legend)
        self.pos_labels = VGroup(*labels)
        self.marker = Rectangle(width=CELL, height=CELL, stroke_color=pal.ink, stroke_width=4)
        self.marker.move_to(grid.cell(0, 0))
        self.cell00 = grid.cell(0, 0).get_center()
        self.play(FadeIn(VGroup(self.pos_labels, score_lab)),
                  FadeIn(VGroup(self.m_num, self.n_num, self.gap_num, self.score_num)),
                  Create(self.score_box), run_time=0.8)
        self.play(FadeIn(grid), FadeIn(self.grid_labels), FadeIn(self.marker), run_time=1.0)
        self.score_statics = VGroup(self.pos_labels, score_lab, self.score_box)

    def set_positions(self, m: float, n: float) -> None:
        """Rotate the pieces to positions m and n (fractional while moving) and log what is shown."""
        d = self.data
        qr = rope_rotate(d.q, m, d.base).reshape(-1, 2)  # (planes, 2)
        kr = rope_rotate(d.k, n, d.base).reshape(-1, 2)  # (planes, 2)
        parts = plane_contributions(d.q, d.k, m, n, d.base)  # (planes,)
        score = rope_score(d.q, d.k, m, n, d.base)
        self.shown["m"] = m
        self.shown["n"] = n
        for i, p in enumerate(self.planes):
            c = p["centre"]
            q_end = c + self.vec_scale * np.array([qr[i, 0], qr[i, 1], 0.0])
            k_end = c + self.vec_scale * np.array([kr[i, 0], kr[i, 1], 0.0])
            p["q"].put_start_and_end_on(c, q_end)
            p["k"].put_start_and_end_on(c, k_end)
            p["q_tip"].move_to(q_end)
            p["k_tip"].move_to(k_end)
            aq, ak = np.arctan2(qr[i, 1], qr[i, 0]), np.arctan2(kr[i, 1], kr[i, 0])
            p["q_lab"].move_to(c + (self.vec_scale * np.hypot(*qr[i]) + 0.22) * _unit(aq))
            p["k_lab"].move_to(c + (self.vec_scale * np.hypot(*kr[i]) + 0.22) * _unit(ak))
            delta = (aq - ak + np.pi) % (2 * np.pi) - np.pi  # signed angle from k to q
            p["arc"].points = arc_points(c, 0.32, ak, delta if abs(delta) > 1e-6 else 1e-6)  # moved, not rebuilt
            q_deg = float(np.degrees(m * d.thetas[i]) % 360.0)
            k_deg = float(np.degrees(n * d.thetas[i]) % 360.0)
            self.q_turn[i].set_value(q_deg)
            self.k_turn[i].set_value(k_deg)
            self.parts[i].set_value(parts[i])
            self.shown[f"q_turn_deg_{i}"] = q_deg
            self.shown[f"k_turn_deg_{i}"] = k_deg
            self.shown[f"plane_{i}"] = float(parts[i])
        self.shown["score"] = score
        if hasattr(self, "score_num"):
            self.m_num.set_value(m)
            self.n_num.set_value(n)
            self.gap_num.set_value(m - n)
            self.score_num.set_value(score)
            self.marker.move_to(self.cell00 + np.array([n * CELL, -m * CELL, 0.0]))
            self.shown["gap"] = m - n

    # -- 3.–5. moving m and n ---------------------------------------------------------------
    def moves(self):
        d = self.data
        m_t, n_t = ValueTracker(0.0), ValueTracker(0.0)

        def follow(group):
            self.set_positions(m_t.get_value(), n_t.get_value())

        live = VGroup(self.plane_live, self.m_num, self.n_num, self.gap_num, self.score_num, self.marker)
        live.add_updater(follow)
        self.add(live)
        (m1, n1), (m2, n2), (m3, n3), (m4, n4), (m5, n5), (m6, n6) = [tuple(int(v) for v in s) for s in d.keyframes[1:]]

        def go(m, n, run_time):
            self.play(m_t.animate.set_value(float(m)), n_t.animate.set_value(float(n)), run_time=run_time,
                      rate_func=smooth)

        self.section("rotate", self.s("cap_rotate", m=m1, s=fmt_num(self.score_at(m1, n1), 4)))
        self.play(m_t.animate.set_value(float(m1)), run_time=4.0, rate_func=linear)
        self.play(Indicate(self.score_num, color=self.pal.accent), run_time=0.8)
        self.wait(2)

        g = m1 - n1
        self.section("shift", self.s("cap_shift", s=fmt_num(self.score_at(m1, n1), 4), g=g))
        diag = self.diagonal_line(g, self.pal.accent)
        self.play(Create(diag), run_time=0.6)
        go(m2, n2, 3.0)
        self.wait(1.2)
        go(m3, n3, 2.4)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        self.wait(2)

        g1, g2 = m4 - n4, m5 - n5
        self.section("gap", self.s("cap_gap", g1=g1, s1=fmt_num(self.score_at(m4, n4), 4),
                                   g2=g2, s2=fmt_num(self.score_at(m5, n5), 4)))
        self.play(FadeOut(diag), run_time=0.3)
        go(m4, n4, 2.5)
        self.wait(1.5)
        go(m5, n5, 3.0)
        self.wait(1.0)
        diag2 = self.diagonal_line(m5 - n5, self.pal.cool)
        self.play(Create(diag2), run_time=0.6)
        go(m6, n6, 2.5)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        self.wait(2.5)
        live.remove_updater(follow)
        self.play(FadeOut(diag2), run_time=0.3)

    def diagonal_line(self, gap: int, color) -> Line:
        """A line through the cells with m − n = gap."""
        g = len(self.data.grid_positions)
        ms = [m for m in range(g) if 0 <= m - gap < g]
        a = self.grid.cell(ms[0], ms[0] - gap).get_center()
        b = self.grid.cell(ms[-1], ms[-1] - gap).get_center()
        u = (b - a) / max(np.linalg.norm(b - a), 1e-9)
        return Line(a - u * CELL * 0.5, b + u * CELL * 0.5, stroke_color=color, stroke_width=5)

    # -- 6. where position enters ------------------------------------------------------------
    def contrast(self):
        pal, d = self.pal, self.data
        self.section("contrast", self.s("cap_contrast"))
        everything = VGroup(self.plane_statics, self.plane_labels, self.plane_live, self.setup_note,
                            self.q_row, self.k_row, self.score_statics, self.m_num, self.n_num,
                            self.gap_num, self.score_num, self.grid, self.grid_labels, self.marker)
        self.play(FadeOut(everything), run_time=0.8)

        def box(text, color, width=1.7, math=False):
            t = self.tex(text, size=30, color=color) if math else self.txt(text, size=20, color=color)
            r = RoundedRectangle(width=max(width, t.width + 0.3), height=0.62, corner_radius=0.1,
                                 stroke_color=color, stroke_width=2.5, fill_color=pal.panel, fill_opacity=1)
            return VGroup(r, t.move_to(r))

        def chain(items, y):
            boxes = VGroup(*items).arrange(RIGHT, buff=0.5).move_to([0.9, y, 0])
            arrows = VGroup(*(Line(a.get_right(), b.get_left(), buff=0.06, stroke_color=pal.muted,
                                   stroke_width=2.5).add_tip(tip_length=0.16)
                              for a, b in zip(boxes[:-1], boxes[1:])))
            return boxes, arrows

        ink = pal.ink
        abs_boxes, abs_arrows = chain([box(self.s("token"), ink), box(self.s("add_pe"), pal.bad),
                                       box("W_Q", ink, 1.2, True), box("q", pal.accent, 0.9, True), box(self.s("dot"), ink)], 2.45)
        rope_boxes, rope_arrows = chain([box(self.s("token"), ink), box("W_Q", ink, 1.2, True), box("q", pal.accent, 0.9, True),
                                         box(self.s("rotate"), pal.ok), box(self.s("dot"), ink)], 0.95)
        abs_name = self.txt(self.s("abs_row"), size=22, color=pal.bad).next_to(abs_boxes, LEFT, buff=0.3)
        rope_name = self.txt(self.s("rope_row"), size=22, color=pal.ok).next_to(rope_boxes, LEFT, buff=0.3)
        left_edge = min(abs_name.get_left()[0], rope_name.get_left()[0])
        if left_edge < -6.9:
            shift = -6.9 - left_edge
            for m in (abs_boxes, abs_arrows, rope_boxes, rope_arrows, abs_name, rope_name):
                m.shift(RIGHT * shift)
        enter_abs = self.txt(self.s("enters_abs"), size=16, color=pal.bad).next_to(abs_boxes[1], DOWN, buff=0.1)
        enter_rope = self.txt(self.s("enters_rope"), size=16, color=pal.ok).next_to(rope_boxes[3], DOWN, buff=0.1)
        self.play(FadeIn(abs_name), FadeIn(abs_boxes, lag_ratio=0.15), Create(abs_arrows), run_time=1.6)
        self.play(Indicate(abs_boxes[1], color=pal.bad), FadeIn(enter_abs), run_time=1.0)
        self.play(FadeIn(rope_name), FadeIn(rope_boxes, lag_ratio=0.15), Create(rope_arrows), run_time=1.6)
        self.play(Indicate(rope_boxes[3], color=pal.ok), FadeIn(enter_rope), run_time=1.0)
        self.wait(1.5)

        # the numbers: three stops with the same gap
        stops = [tuple(int(v) for v in s) for s in d.keyframes[1:4]]
        gap = stops[0][0] - stops[0][1]
        col_x = [0.9 + 1.8 * c for c in range(len(stops))]
        label_x = -0.5
        y_head, y_abs, y_rope = -0.3, -0.92, -1.54
        head = VGroup(self.tex("(m, n)", size=30, color=pal.muted).move_to([label_x, y_head, 0], aligned_edge=RIGHT),
                      *(self.txt(f"({m}, {n})", size=22, color=pal.muted).move_to([x, y_head, 0])
                        for (m, n), x in zip(stops, col_x)))
        abs_lab = VGroup(self.txt(self.s("abs_scores"), size=20, color=pal.bad),
                         self.tex(r"(q+\mathrm{PE}(m))\cdot(k+\mathrm{PE}(n))", size=30, color=pal.bad)).arrange(RIGHT, buff=0.2)
        rope_lab = VGroup(self.txt(self.s("rope_scores"), size=20, color=pal.ok),
                          self.tex(r"R_{m}q\cdot R_{n}k", size=30, color=pal.ok)).arrange(RIGHT, buff=0.2)
        abs_lab.move_to([label_x, y_abs, 0], aligned_edge=RIGHT)
        rope_lab.move_to([label_x, y_rope, 0], aligned_edge=RIGHT)
        abs_vals = VGroup(*(self.txt(fmt_num(d.absolute_scores[self.kf[s]], 4), size=24).move_to([x, y_abs, 0])
                            for s, x in zip(stops, col_x)))
        rope_vals = VGroup(*(self.txt(fmt_num(d.keyframe_scores[self.kf[s]], 4), size=24).move_to([x, y_rope, 0])
                             for s, x in zip(stops, col_x)))
        left = min(abs_lab.get_left()[0], rope_lab.get_left()[0]) - 0.1
        rule = Line([left, (y_head + y_abs) / 2, 0], [col_x[-1] + 0.8, (y_head + y_abs) / 2, 0],
                    stroke_color=pal.muted, stroke_width=1.2)
        same = self.txt(self.s("same_gap", g=gap), size=18, color=pal.muted).move_to([col_x[1], -2.1, 0])
        note = self.txt(self.s("identity"), size=15, color=pal.muted).move_to([0, -2.6, 0])
        self.play(FadeIn(head), Create(rule), FadeIn(note), run_time=0.8)
        self.play(FadeIn(abs_lab), FadeIn(abs_vals, lag_ratio=0.3), run_time=1.2)
        self.play(FadeIn(rope_lab), FadeIn(rope_vals, lag_ratio=0.3), run_time=1.2)
        self.play(FadeIn(same), Create(SurroundingRectangle(rope_vals, buff=0.12, color=pal.ok)), run_time=0.8)
        self.wait(5)


def arc_points(centre: np.ndarray, radius: float, start: float, angle: float, n: int = 9) -> np.ndarray:
    """The Bézier points of Manim's Arc(radius, start_angle=start, angle=angle, arc_center=centre),
    computed as Arc does, so an existing arc can be reshaped every frame without building a new one."""
    a = np.linspace(start, start + angle, n)  # (n,)
    anchors = np.column_stack([np.cos(a), np.sin(a), np.zeros(n)])  # (n, 3) on the unit circle
    tangents = np.column_stack([-anchors[:, 1], anchors[:, 0], np.zeros(n)])  # (n, 3) turned 90°
    factor = 4 / 3 * np.tan(angle / (n - 1.0) / 4)
    points = np.empty((4 * (n - 1), 3))  # (4·(n − 1), 3): anchor, handle, handle, anchor per curve
    points[0::4] = anchors[:-1]
    points[1::4] = anchors[:-1] + factor * tangents[:-1]
    points[2::4] = anchors[1:] - factor * tangents[1:]
    points[3::4] = anchors[1:]
    return points * radius + centre


def _unit(a: float) -> np.ndarray:
    return np.array([np.cos(a), np.sin(a), 0.0])


SCENE = RopeRotation
