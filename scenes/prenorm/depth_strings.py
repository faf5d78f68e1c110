"""The words of prenorm_block's depth section (scenes.prenorm.depth) in en, zh-Hant and zh-Hans, merged into
scenes.prenorm.strings.STRINGS: why Pre-LN, argued once over the lesson's block three deep (seed 000, lesson 03b4 §6;
engine.depth_grad, after Xiong et al. 2020 §3). The skip-line gradient is defined ({g0} where it enters, at the
output), worked through Post-LN's LayerNorms ({b1} → {b2} → {b3}), kept at {a1} by Pre-LN's clean line, compared, and
paid for: Pre-LN's stream grows (std {p1} → {p2} → {p3}) until its final LN brings it back to {f}."""

DEPTH_STRINGS = {
    "en": {
        "cap_depth": "Now the finished block, three deep with the same weights: Post-LN at the left, Pre-LN at the right. "
                     "Each number by a line is the skip-line gradient: ∂out/∂in along the skip line alone, "
                     "for token a's first output entry. It is {g0} where it enters, at the output. "
                     "On its way back up Post-LN's line, it passes each block's two LayerNorms. It shrinks to {b1} → {b2} → {b3}. "
                     "Pre-LN's skip line has no LN on it: {a1} at every block. "
                     "So {a1} per block, against {b1} → {b2} → {b3}. "
                     "The price: Pre-LN's stream is never rescaled, so its std grows {p1} → {p2} → {p3}. "
                     "That is why Pre-LN ends in a final LN, which brings the std back to {f}.",
        "cue_depth_def": "Eachnumber", "cue_depth_post": "Onitswayback", "cue_depth_pre": "Pre-LN'sskip",
        "cue_depth_cmp": "Soper", "cue_depth_price": "Theprice", "cue_depth_final": "Thatiswhy",
        "depth_def": "skip-line\ngradient", "depth_ln2": "2 × LN",
        "depth_grad": "{g}", "depth_block": "block {k}", "depth_std": "std {s}",
    },
    "zh-Hant": {
        "cap_depth": "把做好的區塊疊三層，權重都相同：左邊是 Post-LN，右邊是 Pre-LN。"
                     "線旁的數字是跳線梯度：只沿跳線傳回的 ∂out/∂in，對象是詞元 a 的第一個輸出分量。"
                     "它從輸出端進來時是 {g0}。"
                     "沿 Post-LN 的線往回走，每個區塊都要經過兩次 LN。它逐塊變成 {b1} → {b2} → {b3}。"
                     "Pre-LN 的跳線上沒有 LN，每個區塊都是 {a1}。"
                     "對照起來，一邊每塊都是 {a1}，另一邊是 {b1} → {b2} → {b3}。"
                     "代價是：Pre-LN 的殘差流沒有重新縮放。它的標準差逐塊變成 {p1} → {p2} → {p3}。"
                     "所以 Pre-LN 最後還有一個 LN，把標準差拉回 {f}。",
        "cue_depth_def": "線旁的數字", "cue_depth_post": "沿Post-LN", "cue_depth_pre": "Pre-LN的跳線",
        "cue_depth_cmp": "對照起來", "cue_depth_price": "代價是", "cue_depth_final": "所以Pre-LN",
        "depth_def": "跳線梯度", "depth_ln2": "2 × LN",
        "depth_grad": "{g}", "depth_block": "區塊 {k}", "depth_std": "σ = {s}",
    },
    "zh-Hans": {
        "cap_depth": "把做好的块叠三层，权重都相同：左边是 Post-LN，右边是 Pre-LN。"
                     "线旁的数字是跳线梯度：只沿跳线传回的 ∂out/∂in，对象是词元 a 的第一个输出分量。"
                     "它从输出端进来时是 {g0}。"
                     "沿 Post-LN 的线往回走，每个块都要经过两次 LN。它逐块变成 {b1} → {b2} → {b3}。"
                     "Pre-LN 的跳线上没有 LN，每个块都是 {a1}。"
                     "对照起来，一边每块都是 {a1}，另一边是 {b1} → {b2} → {b3}。"
                     "代价是：Pre-LN 的残差流没有重新缩放。它的标准差逐块变成 {p1} → {p2} → {p3}。"
                     "所以 Pre-LN 最后还有一个 LN，把标准差拉回 {f}。",
        "cue_depth_def": "线旁的数字", "cue_depth_post": "沿Post-LN", "cue_depth_pre": "Pre-LN的跳线",
        "cue_depth_cmp": "对照起来", "cue_depth_price": "代价是", "cue_depth_final": "所以Pre-LN",
        "depth_def": "跳线梯度", "depth_ln2": "2 × LN",
        "depth_grad": "{g}", "depth_block": "块 {k}", "depth_std": "σ = {s}",
    },
}
