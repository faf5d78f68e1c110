"""rope_rotation: RoPE rotates q and k by their positions; the score keeps only m − n
(seed 002 §06, 图 8 and 图 9).

The stages live in scenes/rope/ (planes.py: the planes and the score panel; contrast.py).
Sections: intro (q and k cut into 2-D planes) → planes (a fast and a slow plane) → rotate (q moves
to position m) → shift (m and n move together: the score stays) → gap (the gap changes: the score
changes; the (m, n) table is constant along its diagonals) → contrast (absolute PE added to the
input vs RoPE rotated in after the projection) → summary.
Every number is read from the engine record (engine.rope.RopeLesson) or computed per frame by
engine.rope from the record's q, k and base.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Indicate, Line, SurroundingRectangle, Transform, \
    ValueTracker, VGroup, linear, smooth

from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.rope.contrast import ContrastStage
from scenes.rope.planes import PlanesStage
from scenes.rope.wrap import WrapStage, wrap_span
from look import fmt_num

DECIMALS = {"thetas": 4, "thetas_deg": 4, "q": 2, "k": 2, "q_norms": 4, "k_norms": 4,
            "keyframe_scores": 4, "keyframe_planes": 4, "score_grid": 4, "score_by_gap": 4,
            "absolute_scores": 4, "absolute_grid": 4, "plain_score": 4, "identity_score": 4}

STRINGS = {
    "en": {
        "wrap_speed": "The formula gives each plane its speed θ from the base and d: here {t0} rad and {t1} rad per position.",
        "wrap_run": "Now let m run on, and watch plane 0.",
        "wrap_lap": "After {steps} positions, at m = {m_end}, plane 0 is back near where it was: a lap takes 2π / {t0} ≈ {lap} positions, so it stands {off}° short. Its length is still {len}.",
        "wrap_slow": "Plane {last} went only {frac} of a lap while plane 0 went nearly a whole one.",
        "wrap_why": "So one fast plane alone nearly repeats; the slow planes tell far positions apart.",
        "wrap_back": "Now m goes back to {m}.",
        "lap_label": "1 lap ≈ {lap} positions",
        "gap_label": "{off}° short of a lap",
        "frac_label": "plane {last}: {frac} of a lap\nfrom m = {m}",
        "q_turn_s": "q turned",
        "k_turn_s": "k turned",
        "len_s": "|q|",
        "part_s": "q·k",
        "only": "one plane",
        "plane_short": "plane {i}",
        "dims": "dims {a}, {b}",
        "theta_row": "θ per position",
        "setup_one": "d = 2, base = {base}: one plane, and its speed θ = 1 rad does not depend on the base",
        "setup_slow": "d = {d}, base = {base}: over positions 0–{last} the slowest plane turns only {deg}°",
        "cap_rotate_both": "Put the query at position m = {m} and the key at n = {n}: every piece of q turns by m·θ, every piece of k by n·θ, their lengths unchanged. The angle between them changes, and so does the score: {s}.",
        "cap_rotate_same": "Put q and k both at position {m}: every piece of q and of k turns by {m}·θ and keeps its length. They turn together, so the score stays q·k = {s}.",
        "title": "RoPE: rotate q and k by their positions",
        "cut": "cut into 2-D planes",
        "plane": "plane {i} (dims {a}, {b})",
        "fast": "fast",
        "slow": "slow",
        "speed": "{kind}: {rad} rad\nper position",
        "q_turn": "q turned m·θ",
        "q_len": "|q| (length)",
        "k_turn": "k turned n·θ",
        "part": "q·k in this plane",
        "score": "score",
        "gap": "m − n",
        "table": "score for every (m, n)",
        "rows": "m",
        "cols": "n (key position)",
        "cap_rotate": "Move the query to position m = {m}: every piece of q turns by m·θ. The angle between q and k changes, and so does the score: {s}.",
        "cap_shift": "The table holds the score for every pair of positions (m, n). Now shift both positions equally. q and k turn together, the angle between them stays, and the score stays {s}: only m − n = {g} counts.",
        "cap_gap": "Now move only the key: the gap m − n changes, and so does the score.",
        "cap_gap_1": "With m − n = {g} the score is {s}.",
        "cap_gap_2": "With m − n = {g} the score is {s}.",
        "cap_gap_move": "Now put the key right next to the query.",
        "cap_gap_cos": "Closer is not simply higher: each plane adds |q|·|k|·cos of its angle, and the angles keep turning round.",
        "cap_angle": "The arc on each dial is the angle between q and k: its value at m = n, plus (m − n)·θ of that plane. One gap, one angle, one colour along the diagonal.",
        "cap_gap_diag": "Slide both along this diagonal and the score stays {s}: so every diagonal has one colour.",
        "cap_intro": "RoPE does not add a position vector. It takes q and k after the projection and cuts them into pairs of numbers.",
        "cap_pairs": "Each pair is a point in its own plane.",
        "cap_planes": "Each plane has its own θ per position: plane 0 turns fast, the last plane slowly.",
        "cap_planes_one": "With d = 2 there is one pair, one plane: it turns θ = 1 radian per position, whatever the base.",
        "base_small": "The base here is {base}, small so that even the slow plane turns visibly; models usually use {usual}.",
        "cap_back": "Back at m = n = 0 nothing is turned, and the score is plain q·k = {s}.",
        "setup": "d = {d}, base = {base}",
        "setup_d": "d = {d}",
        "setup_base": "base = {base}",
        "rope_line": "RoPE",
        "pe_line": "PE added",
        "xq": "x = q, x′ = k",
        "pe_at": "{v}",
        "sep": ", ",
        "cap_contrast": "Back to the three cells with m − n = {g}. Slide along their diagonal: under RoPE the score stays {s}.",
        "cap_pe": "Absolute PE instead adds a position vector to the input. With identity projections, x = q and x′ = k.",
        "cap_pe_line": "Along the same diagonal its score changes: {a}. Its PE(m)·PE(n) term depends only on m − n; the cross terms q·PE(n) and PE(m)·k change along it.",
        "cap_flat": "RoPE turns q and k after the projection and keeps their lengths: moving m and n together changes no angle between them, so its line stays flat.",
        "cap_summary": "The two turns combine into one. Undo q's turn and give it to k.",
        "cap_summary_turn": "q stands unturned, k is turned by (n − m)·θ, and the score box has not moved.",
        "cap_summary_case": "Here n − m = {ng}: turning k alone by {ng}·θ gives {s}, the same score.",
        "cap_summary_end": "With no position vector and no new parameters to learn, the score depends on position only through m − n.",
    },
    "zh-Hant": {
        "wrap_speed": "每個平面的速度 θ 由 base 和 d 用公式算出：這裡平面 0 每步轉 {t0} 弧度，平面 {last} 每步轉 {t1} 弧度。",
        "wrap_run": "現在讓 m 繼續往前走，看平面 0。",
        "wrap_lap": "走了 {steps} 步，到 m = {m_end}，平面 0 回到原處附近：一圈要 2π / {t0} ≈ {lap} 步，所以還差 {off}°。長度仍是 {len}。",
        "wrap_slow": "平面 0 轉了將近一圈，平面 {last} 只轉了 {frac} 圈。",
        "wrap_why": "所以只靠一個快平面，位置幾乎會重複；慢的平面才分得出相隔很遠的位置。",
        "wrap_back": "讓 m 回到 {m}。",
        "lap_label": "一圈 ≈ {lap} 步",
        "gap_label": "還差 {off}°",
        "frac_label": "平面 {last}：從 m = {m}\n起轉了 {frac} 圈",
        "q_turn_s": "q 轉了",
        "k_turn_s": "k 轉了",
        "len_s": "|q|",
        "part_s": "q·k",
        "only": "唯一的平面",
        "plane_short": "平面 {i}",
        "dims": "第 {a}、{b} 維",
        "theta_row": "每個位置轉 θ",
        "setup_one": "d = 2，base = {base}：只有一個平面，它的速度 θ = 1 弧度與 base 無關",
        "setup_slow": "d = {d}，base = {base}：從位置 0 到 {last}，最慢的平面只轉了 {deg}°",
        "cap_rotate_both": "把 q 放在位置 m = {m}，k 放在位置 n = {n}：q 的每一段轉 m·θ，k 的每一段轉 n·θ，長度都不變。兩者的夾角變了，分數也跟著變：{s}。",
        "cap_rotate_same": "把 q 和 k 都放在位置 {m}：q 和 k 的每一段都轉 {m}·θ，長度不變。兩者一起轉，分數仍是 q·k = {s}。",
        "title": "RoPE：依位置旋轉 q 和 k",
        "cut": "切成二維平面",
        "plane": "平面 {i}（第 {a}、{b} 維）",
        "fast": "快",
        "slow": "慢",
        "speed": "{kind}：每個位置轉\n{rad} 弧度",
        "q_turn": "q 轉了 m·θ",
        "q_len": "|q|（長度）",
        "k_turn": "k 轉了 n·θ",
        "part": "這個平面的 q·k",
        "score": "分數",
        "gap": "m − n",
        "table": "每一組 (m, n) 的分數",
        "rows": "m",
        "cols": "n（k 的位置）",
        "cap_rotate": "把 q 挪到位置 m = {m}：q 的每一段都轉 m·θ。q 和 k 的夾角變了，分數也跟著變：{s}。",
        "cap_shift": "右邊的表列出每一組位置 (m, n) 的分數。現在把兩個位置挪同樣的步數。q 和 k 一起轉，兩者的夾角保持原樣，分數一直是 {s}：只有 m − n = {g} 算數。",
        "cap_gap": "現在只挪 k：間隔一變，分數也跟著變。",
        "cap_gap_1": "m − n = {g} 時，分數是 {s}。",
        "cap_gap_2": "m − n = {g} 時，分數是 {s}。",
        "cap_gap_move": "再把 k 挪到 q 的旁邊。",
        "cap_gap_cos": "靠得近，分數不一定高：每個平面貢獻 |q|·|k|·cos（夾角），而夾角會一圈一圈地轉。",
        "cap_angle": "每個轉盤上的弧，就是 q 和 k 的夾角：等於 m = n 時的夾角，加上該平面的 (m − n)·θ。間隔相同，夾角相同，對角線上的顏色也相同。",
        "cap_gap_diag": "沿著這條對角線一起挪，分數一直是 {s}：表裡每條對角線只有一種顏色。",
        "cap_intro": "RoPE 不加位置向量。它在投影之後拿到 q 和 k，把相鄰兩個數配成一對。",
        "cap_pairs": "每一對數，是自己那個平面上的一點。",
        "cap_planes": "平面 0 轉得最快，最後一個最慢：每個平面的 θ 都不同。",
        "cap_planes_one": "d = 2 時只有一對、一個平面：每個位置轉 θ = 1 弧度，跟 base 無關。",
        "base_small": "這裡的 base 取 {base}，刻意取小，慢平面才看得出在轉；一般模型用 {usual}。",
        "cap_back": "回到 m = n = 0，什麼都沒轉，分數就是原本的 q·k = {s}。",
        "setup": "d = {d}，base = {base}",
        "setup_d": "d = {d}",
        "setup_base": "base = {base}",
        "rope_line": "RoPE",
        "pe_line": "加上 PE",
        "xq": "x = q，x′ = k",
        "pe_at": "({m}, {n}) 格是 {v}",
        "sep": "，",
        "cap_contrast": "回到 m − n = {g} 的三格。沿著它們的對角線滑過去：RoPE 的分數一直是 {s}。",
        "cap_pe": "絕對位置編碼改成：把位置向量加進輸入。投影取單位矩陣，所以這裡 x = q，x′ = k。",
        "cap_pe_line": "同一條對角線上，它的分數卻在變：{a}。其中 PE(m)·PE(n) 只看 m − n；交叉項 q·PE(n)、PE(m)·k 卻跟著變。",
        "cap_flat": "RoPE 投影完才轉 q、k，長度不變：m 和 n 一起挪，兩者的夾角不變，所以它的線是平的。",
        "cap_summary": "兩次旋轉可以併成一次。把 q 轉過的角度退回來，轉給 k。",
        "cap_summary_turn": "q 停在原位，k 轉了 (n − m)·θ，分數框的數字始終沒動。",
        "cap_summary_case": "這裡 n − m = {ng}：只把 k 轉 {ng}·θ，分數同樣是 {s}。",
        "cap_summary_end": "不必加位置向量，也不必多學任何參數：分數只透過 m − n 依賴位置。",
    },
    "zh-Hans": {
        "wrap_speed": "每个平面的速度 θ 由 base 和 d 用公式算出：这里平面 0 每步转 {t0} 弧度，平面 {last} 每步转 {t1} 弧度。",
        "wrap_run": "现在让 m 继续往前走，看平面 0。",
        "wrap_lap": "走了 {steps} 步，到 m = {m_end}，平面 0 回到原处附近：一圈要 2π / {t0} ≈ {lap} 步，所以还差 {off}°。长度仍是 {len}。",
        "wrap_slow": "平面 0 转了将近一圈，平面 {last} 只转了 {frac} 圈。",
        "wrap_why": "所以只靠一个快平面，位置几乎会重复；慢的平面才分得出相隔很远的位置。",
        "wrap_back": "让 m 回到 {m}。",
        "lap_label": "一圈 ≈ {lap} 步",
        "gap_label": "还差 {off}°",
        "frac_label": "平面 {last}：从 m = {m}\n起转了 {frac} 圈",
        "q_turn_s": "q 转了",
        "k_turn_s": "k 转了",
        "len_s": "|q|",
        "part_s": "q·k",
        "only": "唯一的平面",
        "plane_short": "平面 {i}",
        "dims": "第 {a}、{b} 维",
        "theta_row": "每个位置转 θ",
        "setup_one": "d = 2，base = {base}：只有一个平面，它的速度 θ = 1 弧度与 base 无关",
        "setup_slow": "d = {d}，base = {base}：从位置 0 到 {last}，最慢的平面只转了 {deg}°",
        "cap_rotate_both": "把 q 放在位置 m = {m}，k 放在位置 n = {n}：q 的每一段转 m·θ，k 的每一段转 n·θ，长度都不变。两者的夹角变了，分数也跟着变：{s}。",
        "cap_rotate_same": "把 q 和 k 都放在位置 {m}：q 和 k 的每一段都转 {m}·θ，长度不变。两者一起转，分数仍是 q·k = {s}。",
        "title": "RoPE：按位置旋转 q 和 k",
        "cut": "切成二维平面",
        "plane": "平面 {i}（第 {a}、{b} 维）",
        "fast": "快",
        "slow": "慢",
        "speed": "{kind}：每个位置转\n{rad} 弧度",
        "q_turn": "q 转了 m·θ",
        "q_len": "|q|（长度）",
        "k_turn": "k 转了 n·θ",
        "part": "这个平面的 q·k",
        "score": "分数",
        "gap": "m − n",
        "table": "每一组 (m, n) 的分数",
        "rows": "m",
        "cols": "n（k 的位置）",
        "cap_rotate": "把 q 挪到位置 m = {m}：q 的每一段都转 m·θ。q 和 k 的夹角变了，分数也跟着变：{s}。",
        "cap_shift": "右边的表列出每一组位置 (m, n) 的分数。现在把两个位置挪同样的步数。q 和 k 一起转，两者的夹角保持原样，分数一直是 {s}：只有 m − n = {g} 算数。",
        "cap_gap": "现在只挪 k：间隔一变，分数也跟着变。",
        "cap_gap_1": "m − n = {g} 时，分数是 {s}。",
        "cap_gap_2": "m − n = {g} 时，分数是 {s}。",
        "cap_gap_move": "再把 k 挪到 q 的旁边。",
        "cap_gap_cos": "靠得近，分数不一定高：每个平面贡献 |q|·|k|·cos（夹角），而夹角会一圈一圈地转。",
        "cap_angle": "每个转盘上的弧，就是 q 和 k 的夹角：等于 m = n 时的夹角，加上该平面的 (m − n)·θ。间隔相同，夹角相同，对角线上的颜色也相同。",
        "cap_gap_diag": "沿着这条对角线一起挪，分数一直是 {s}：表里每条对角线只有一种颜色。",
        "cap_intro": "RoPE 不加位置向量。它在投影之后拿到 q 和 k，把相邻两个数配成一对。",
        "cap_pairs": "每一对数，是自己那个平面上的一点。",
        "cap_planes": "平面 0 转得最快，最后一个最慢：每个平面的 θ 都不同。",
        "cap_planes_one": "d = 2 时只有一对、一个平面：每个位置转 θ = 1 弧度，跟 base 无关。",
        "base_small": "这里的 base 取 {base}，刻意取小，慢平面才看得出在转；一般模型用 {usual}。",
        "cap_back": "回到 m = n = 0，什么都没转，分数就是原本的 q·k = {s}。",
        "setup": "d = {d}，base = {base}",
        "setup_d": "d = {d}",
        "setup_base": "base = {base}",
        "rope_line": "RoPE",
        "pe_line": "加上 PE",
        "xq": "x = q，x′ = k",
        "pe_at": "({m}, {n}) 格是 {v}",
        "sep": "，",
        "cap_contrast": "回到 m − n = {g} 的三格。沿着它们的对角线滑过去：RoPE 的分数一直是 {s}。",
        "cap_pe": "绝对位置编码改成：把位置向量加进输入。投影取单位矩阵，所以这里 x = q，x′ = k。",
        "cap_pe_line": "同一条对角线上，它的分数却在变：{a}。其中 PE(m)·PE(n) 只看 m − n；交叉项 q·PE(n)、PE(m)·k 却跟着变。",
        "cap_flat": "RoPE 投影完才转 q、k，长度不变：m 和 n 一起挪，两者的夹角不变，所以它的线是平的。",
        "cap_summary": "两次旋转可以并成一次。把 q 转过的角度退回来，转给 k。",
        "cap_summary_turn": "q 停在原位，k 转了 (n − m)·θ，分数框的数字始终没动。",
        "cap_summary_case": "这里 n − m = {ng}：只把 k 转 {ng}·θ，分数同样是 {s}。",
        "cap_summary_end": "不必加位置向量，也不必多学任何参数：分数只通过 m − n 依赖位置。",
    },
}


class RopeRotation(PlanesStage, WrapStage, ContrastStage, LectureScene):
    strings = STRINGS
    zh_every_char = True  # cues dense with numbers and formulas: in Chinese they read at 7 characters a second too

    def construct(self):
        d = self.data
        self.n_planes = d.d_model // 2
        self.kf = {tuple(int(v) for v in mn): k for k, mn in enumerate(d.keyframes)}
        self.add_title()
        self.intro()
        self.build_planes()  # with the score panel (m, n on screen before the planes turn)
        self.moves()
        self.contrast()
        self.summary()

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
            nums = VGroup(*(self.txt(fmt_num(v, self.vec_decimals), size=26) for v in values[2 * i:2 * i + 2]))
            nums.arrange(RIGHT, buff=0.3)
            box = SurroundingRectangle(nums, buff=0.12, corner_radius=0.08, color=pal.muted, stroke_width=2.5)
            pairs.add(VGroup(box, nums))
        pairs.arrange(RIGHT, buff=0.25)
        return VGroup(label, pairs).arrange(RIGHT, buff=0.2)

    # -- 1. q and k cut into pairs ----------------------------------------------------------
    def intro(self):
        d = self.data
        both = np.concatenate([d.q, d.k])  # 2 decimals (the lesson's), 3 when the numbers given need them
        self.vec_decimals = 2 if np.allclose(np.round(both, 2), both, rtol=0, atol=1e-9) else 3
        self.q_row = self.vector_row("q", d.q, self.pal.accent)
        self.k_row = self.vector_row("k", d.k, self.pal.cool)
        rows = VGroup(self.q_row, self.k_row).arrange(DOWN, buff=0.35, aligned_edge=LEFT)
        if rows.width > 12.2:  # eight numbers of three decimals
            rows.scale_to_fit_width(12.2)
        rows.scale(max(1.0, min(1.5, 9.0 / rows.width))).move_to(UP * 0.6)  # the first frame's subject: large
        cut = self.txt(self.s("cut"), size=30, color=self.pal.muted).next_to(rows, DOWN, buff=0.45)
        self.section("intro")
        # q and k come in with the first cue: no cue is read over an empty frame
        self.caption(self.s("cap_intro"), with_=[FadeIn(rows[0][0]), FadeIn(rows[1][0]),
                                                  *(FadeIn(r[1][i][1]) for r in rows for i in range(self.n_planes))],
                     run_time=1.0)
        read_with(self, self.q_row, self.k_row, cue=True)
        self.play(*(Create(r[1][i][0]) for r in rows for i in range(self.n_planes)), FadeIn(cut),
                  run_time=1.2)
        self.wait(3)
        read_with(self, self.q_row, self.k_row)
        self.play(FadeOut(cut), run_time=0.5)  # the pairs fly into their planes next (planes.py)

    # -- 3.–5. moving m and n ---------------------------------------------------------------
    def moves(self):
        d = self.data
        m_t, n_t = ValueTracker(0.0), ValueTracker(0.0)

        def follow(group):
            self.set_positions(m_t.get_value(), n_t.get_value())

        live = VGroup(self.plane_live, self.m_num, self.n_num, self.gap_num, self.score_num)
        live.add_updater(follow)
        self.add(live)
        (m1, n1), (m2, n2), (m3, n3), (m4, n4), (m5, n5), (m6, n6) = [tuple(int(v) for v in s) for s in d.keyframes[1:]]

        def go(m, n, run_time):
            self.play(m_t.animate.set_value(float(m)), n_t.animate.set_value(float(n)), run_time=run_time,
                      rate_func=smooth)

        def stated(key, m, n):
            """A cue stating a gap and its score, shown once m and n stand there, read before they move on."""
            self.caption(self.s(key, g=m - n, s=fmt_num(self.score_at(m, n), 4)))
            read_with(self, self.score_num, self.gap_num)

        board = [self.plane_statics, self.plane_tags, self.plane_labels, self.plane_live, self.setup_note, self.score_statics,
                 self.score_num, self.m_num, self.n_num, self.gap_num]  # what the moving sections share
        key = "cap_rotate" if n1 == 0 else "cap_rotate_same" if m1 == n1 else "cap_rotate_both"
        self.section("rotate", self.s(key, m=m1, n=n1, s=fmt_num(self.score_at(m1, n1), 4)), keep=board)
        self.play(m_t.animate.set_value(float(m1)), n_t.animate.set_value(float(n1)), run_time=4.0, rate_func=linear)
        self.play(Indicate(self.score_num, color=self.pal.accent), run_time=0.8)
        read_with(self, self.score_num, self.gap_num)
        if wrap_span(d):  # why several speeds: plane 0 laps, the slowest plane barely moves
            self.wrap_around(m_t, n_t, m1, n1)

        # the (m, n) table comes in when the caption names it; the square marks where m and n stand
        g = m1 - n1
        self.section("shift", self.s("cap_shift", s=fmt_num(self.score_at(m1, n1), 4), g=g), keep=board)
        self.play(FadeIn(self.grid), FadeIn(self.grid_labels), FadeIn(self.marker), run_time=1.0)
        read_with(self, self.grid, cue=True, outline=True, whole=True)  # a frame: the cells stay readable
        board += [self.grid, self.grid_labels, self.marker]
        diag = self.diagonal_line(g, self.pal.accent)
        self.play(Create(diag), run_time=0.6)
        go(m2, n2, 3.0)
        self.wait(1.2)
        go(m3, n3, 2.4)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        read_with(self, diag, self.score_num)
        # the angle on each dial is what stays along the diagonal
        angles = VGroup(*(p["angle"] for p in self.planes))
        self.caption(self.s("cap_angle"), with_=[Indicate(angles, color=self.pal.accent)], run_time=1.0)
        self.add(live)  # the live dials whole again: their updater runs on
        read_with(self, angles, cue=True)  # one gap, one angle: down the diagonal and back, the arcs keep their size
        self.add(live)  # emphasis lifts the labels out of the live group: it goes back in whole
        go(m1, n1, 2.5)
        go(m3, n3, 2.5)
        read_with(self, angles, diag)
        self.add(live)

        # each gap is stated only while m and n stand at it; they move only under a cue that says so
        self.section("gap", self.s("cap_gap"), keep=board)
        self.play(FadeOut(diag), run_time=0.3)
        go(m4, n4, 2.5)
        read_with(self, self.gap_num, self.score_num)
        stated("cap_gap_1", m4, n4)
        self.caption(self.s("cap_gap_move"))
        go(m5, n5, 2.5)
        read_with(self, self.gap_num)
        stated("cap_gap_2", m5, n5)
        self.caption(self.s("cap_gap_cos"), with_=[Indicate(VGroup(*(p["angle"] for p in self.planes)),
                                                            color=self.pal.accent)], run_time=1.0)
        read_with(self, VGroup(*(p["angle"] for p in self.planes)), VGroup(*self.parts))
        self.add(live)
        self.caption(self.s("cap_gap_diag", s=fmt_num(self.score_at(m5, n5), 4)))
        diag2 = self.diagonal_line(m5 - n5, self.pal.cool)
        self.play(Create(diag2), run_time=0.6)
        go(m6, n6, 2.5)
        self.play(Indicate(self.score_num, color=self.pal.ok), run_time=0.8)
        read_with(self, diag2, self.score_num)
        live.remove_updater(follow)
        self.play(FadeOut(diag2), run_time=0.3)

    def diagonal_line(self, gap: int, color, grid=None) -> Line:
        """A line through the cells with m − n = gap (of `grid`, the (m, n) table unless given)."""
        grid = grid or self.grid
        g = len(self.data.grid_positions)
        ms = [m for m in range(g) if 0 <= m - gap < g]
        a = grid.cell(ms[0], ms[0] - gap).get_center()
        b = grid.cell(ms[-1], ms[-1] - gap).get_center()
        u = (b - a) / max(np.linalg.norm(b - a), 1e-9)
        cell = grid.cell(0, 0).width
        return Line(a - u * cell * 0.5, b + u * cell * 0.5, stroke_color=color,
                    stroke_width=5 if g <= 12 else 3.5)


SCENE = RopeRotation
