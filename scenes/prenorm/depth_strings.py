"""The words of prenorm_block's depth section (scenes.prenorm.depth) in en, zh-Hant and zh-Hans, merged into
scenes.prenorm.strings.STRINGS: why Pre-LN, argued once over the lesson's block three deep (seed 000, lesson 03b4 §6;
engine.depth_grad, after Xiong et al. 2020 §3). The skip-line gradient is defined ({g0} where it enters, at each
stack's true output), worked through Post-LN's LayerNorms ({b1} → {b2} → {b3}), paid once by Pre-LN at its final LN
({a1}: LayerNorm divides by σ = {s} and removes the gradient's mean and its part along y, y₀ = {y}), then kept at {a1}
by Pre-LN's clean line, compared, and paid for: Pre-LN's stream grows (std {p1} → {p2} → {p3}), so each block's update
changes it relatively less, until its final LN, needed because the stream is never normalised on the way, brings it back to {f} before the output head."""

DEPTH_STRINGS = {
    "en": {
        "cap_depth": "The finished block, three deep, the same weights: Post-LN at the left, Pre-LN at the right. "
                     "Follow one gradient back from the output: {g0} for token a's first entry, along the skip line alone. "
                     "Up Post-LN's line, each block's two LayerNorms multiply it by a factor. It becomes {b1} → {b2} → {b3}. "
                     "That is about × {q} per block. "
                     "Pre-LN pays the factor once, at its final LN. "
                     "LayerNorm removes a gradient's mean and its part along y, the normalised row (x − μ)/σ, then divides by σ. "
                     "Here σ = {s}, the std of the stream entering this LN, and y's first entry is {y}. The factor is {a1}. "
                     "Inside the blocks Pre-LN's skip line has no LN: × 1.00 per block, {a1} at every block. "
                     "Three deep, Post-LN's block 1 still gets more, {b3} against {a1}; but its factor comes back with every block. "
                     "The price: Pre-LN's stream, never rescaled, grows: its std is {p1} → {p2} → {p3}. "
                     "So Pre-LN ends in a final LN before the output head: it brings the std back to {f}.",
        "cue_depth_def": "Followone", "cue_depth_post": "UpPost-LN's", "cue_depth_shrink": "Thatisabout", "cue_depth_once": "Pre-LNpaysthe",
        "cue_depth_jac": "LayerNormremoves", "cue_depth_here": "Hereσ=", "cue_depth_pre": "InsidetheblocksPre-LN",
        "cue_depth_three": "Threedeep", "cue_depth_price": "Theprice", "cue_depth_final": "SoPre-LNends",
        "title_depth": "Post-LN and Pre-LN, three blocks deep", "title_postln": "Post-LN: LayerNorm after each add",
        "depth_def": "skip-line\ngradient", "depth_addln": "+ → LN", "depth_attn": "attn {k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_factor": "× {f}", "depth_mean": "Post-LN:\nabout × {q}\nper block", "depth_block": "block {k}", "depth_std": "std {s}",
    },
    "zh-Hant": {
        "cap_depth": "把做好的區塊疊三層，權重都相同：左邊是 Post-LN，右邊是 Pre-LN。"
                     "跟著一個梯度從輸出往回走：詞元 a 第一個輸出分量的梯度，從 {g0} 開始，只沿跳線算。"
                     "沿 Post-LN 的線往上，每個區塊的兩個 LN 都把它乘上一個因子。它逐塊變成 {b1} → {b2} → {b3}。"
                     "大約是每個區塊 × {q}。"
                     "Pre-LN 只付一次這個因子：在最後的 LN。"
                     "LayerNorm 去掉梯度的均值和沿 y 的分量；y 是正規化後的列 (x − μ)/σ；再除以 σ。"
                     "σ 是進入這個 LN 的殘差流的標準差，這裡是 {s}；y 的第一個分量是 {y}。因子是 {a1}。"
                     "在區塊裡，Pre-LN 的跳線上沒有 LN：每個區塊 × 1.00，每個區塊都是 {a1}。"
                     "只疊三層時，區塊 1 在 Post-LN 得到的還多。它是 {b3}，Pre-LN 是 {a1}；但 Post-LN 每多一個區塊，就再乘一次因子。"
                     "代價是：Pre-LN 的殘差流沒有重新縮放。它的標準差逐塊變成 {p1} → {p2} → {p3}。"
                     "所以 Pre-LN 在輸出層前還有最後一個 LN，把標準差拉回 {f}。",
        "cue_depth_def": "跟著一個梯度", "cue_depth_post": "沿Post-LN", "cue_depth_shrink": "大約是每個區塊", "cue_depth_once": "Pre-LN只付一次",
        "cue_depth_jac": "LayerNorm去掉", "cue_depth_here": "σ是進入", "cue_depth_pre": "在區塊裡",
        "cue_depth_three": "只疊三層", "cue_depth_price": "代價是", "cue_depth_final": "所以Pre-LN",
        "title_depth": "Post-LN 與 Pre-LN，疊三層", "title_postln": "Post-LN：每次相加之後做 LayerNorm",
        "depth_def": "跳線梯度", "depth_addln": "+ → LN", "depth_attn": "注意力{k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_factor": "× {f}", "depth_mean": "Post-LN：\n每個區塊\n約 × {q}", "depth_block": "區塊 {k}", "depth_std": "σ = {s}",
    },
    "zh-Hans": {
        "cap_depth": "把做好的块叠三层，权重都相同：左边是 Post-LN，右边是 Pre-LN。"
                     "跟着一个梯度从输出往回走：词元 a 第一个输出分量的梯度，从 {g0} 开始，只沿跳线算。"
                     "沿 Post-LN 的线往上，每个块的两个 LN 都把它乘上一个因子。它逐块变成 {b1} → {b2} → {b3}。"
                     "大约是每个块 × {q}。"
                     "Pre-LN 只付一次这个因子：在最后的 LN。"
                     "LayerNorm 去掉梯度的均值和沿 y 的分量；y 是归一化后的行 (x − μ)/σ；再除以 σ。"
                     "σ 是进入这个 LN 的残差流的标准差，这里是 {s}；y 的第一个分量是 {y}。因子是 {a1}。"
                     "在块里，Pre-LN 的跳线上没有 LN：每个块 × 1.00，每个块都是 {a1}。"
                     "只叠三层时，块 1 在 Post-LN 得到的还多。它是 {b3}，Pre-LN 是 {a1}；但 Post-LN 每多一个块，就再乘一次因子。"
                     "代价是：Pre-LN 的残差流没有重新缩放。它的标准差逐块变成 {p1} → {p2} → {p3}。"
                     "所以 Pre-LN 在输出层前还有最后一个 LN，把标准差拉回 {f}。",
        "cue_depth_def": "跟着一个梯度", "cue_depth_post": "沿Post-LN", "cue_depth_shrink": "大约是每个块", "cue_depth_once": "Pre-LN只付一次",
        "cue_depth_jac": "LayerNorm去掉", "cue_depth_here": "σ是进入", "cue_depth_pre": "在块里",
        "cue_depth_three": "只叠三层", "cue_depth_price": "代价是", "cue_depth_final": "所以Pre-LN",
        "title_depth": "Post-LN 与 Pre-LN，叠三层", "title_postln": "Post-LN：每次相加之后做 LayerNorm",
        "depth_def": "跳线梯度", "depth_addln": "+ → LN", "depth_attn": "注意力{k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_factor": "× {f}", "depth_mean": "Post-LN：\n每个块\n约 × {q}", "depth_block": "块 {k}", "depth_std": "σ = {s}",
    },
}
