"""The words of prenorm_block's depth section (scenes.prenorm.depth) in en, zh-Hant and zh-Hans, merged into
scenes.prenorm.strings.STRINGS: why Pre-LN, argued once over the lesson's block three deep (seed 000, lesson 03b4 §6;
engine.depth_grad, after Xiong et al. 2020 §3). The skip-line gradient is defined ({g0} where it enters, at each
stack's true output), worked through Post-LN's LayerNorms ({b1} → {b2} → {b3}), paid once by Pre-LN at its final LN
({a1}: LayerNorm divides by σ = {s} and removes the gradient's mean and its part along y, y₀ = {y}), then kept at {a1}
by Pre-LN's clean line, compared, and paid for: Pre-LN's stream grows (std {p1} → {p2} → {p3}), so each block's update
changes it relatively less, until its final LN, needed because the stream is never normalised on the way, brings it back to {f} before the output head."""

DEPTH_STRINGS = {
    "en": {
        "cap_depth": "Now the finished block, three deep with the same weights: Post-LN at the left, Pre-LN at the right. "
                     "Each number is the skip-line gradient: its size along the skip line alone, "
                     "for token a's first output entry. Both start at {g0}, at the output, after the last LayerNorm. "
                     "On its way back up Post-LN's line, it passes each block's two LayerNorms. It shrinks to {b1} → {b2} → {b3}. "
                     "Pre-LN pays once, at its final LN. "
                     "LayerNorm divides a gradient by σ and removes its mean and its part along y, the normalised row (x − μ)/σ. "
                     "For this unit gradient its length is {a1}. Here σ = {s}, the std of the stream entering this LN, and y's first entry is {y}. "
                     "Inside the blocks Pre-LN's skip line has no LN: {a1} at every block. "
                     "So Pre-LN pays the LN factor once, Post-LN in every block. "
                     "Three deep, Post-LN's block 1 still gets more, {b3} against {a1}; "
                     "but each of Post-LN's blocks multiplies in its own factor. Here all three are below 1, yet an LN factor can also exceed 1: this decay belongs to this stack, it is no rule. "
                     "The price: Pre-LN's stream, never rescaled, grows: its std is {p1} → {p2} → {p3}. "
                     "Each update lands on a larger stream, so it changes the stream relatively less. "
                     "With no LN on its skip line, Pre-LN ends in a final LN before the output head: it brings the std back to {f}.",
        "cue_depth_def": "Eachnumber", "cue_depth_post": "Onitswayback", "cue_depth_shrink": "Itshrinks", "cue_depth_once": "Pre-LNpaysonce",
        "cue_depth_jac": "LayerNormdivides", "cue_depth_here": "Forthisunit", "cue_depth_pre": "InsidetheblocksPre-LN",
        "cue_depth_three": "Threedeep",
        "cue_depth_cmp": "SoPre-LNpays", "cue_depth_price": "Theprice", "cue_depth_share": "Eachupdate", "cue_depth_final": "WithnoLN",
        "title_depth": "Post-LN and Pre-LN, three blocks deep", "title_postln": "Post-LN: LayerNorm after each add",
        "depth_def": "skip-line\ngradient", "depth_addln": "+ → LN", "depth_attn": "attn {k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_block": "block {k}", "depth_std": "std {s}",
    },
    "zh-Hant": {
        "cap_depth": "把做好的區塊疊三層，權重都相同：左邊是 Post-LN，右邊是 Pre-LN。"
                     "線旁的數字是跳線梯度：梯度只沿跳線算的大小，對象是詞元 a 的第一個輸出分量。"
                     "兩邊都從輸出端的 {g0} 開始，也就是最後一個 LN 之後。"
                     "沿 Post-LN 的線往回走，每個區塊都要經過兩次 LN。它逐塊變成 {b1} → {b2} → {b3}。"
                     "Pre-LN 只付一次：在最後的 LN。"
                     "LayerNorm 把梯度除以 σ，再去掉它的均值和沿 y 的分量；y 是正規化後的列 (x − μ)/σ。"
                     "這個單位梯度因此剩下 {a1}。σ 是進入這個 LN 的殘差流的標準差，這裡是 {s}；y 的第一個分量是 {y}。"
                     "在區塊裡，Pre-LN 的跳線上沒有 LN。所以每個區塊都是 {a1}。"
                     "對照起來：Pre-LN 的 LN 因子只付一次。Post-LN 每個區塊都要付。"
                     "只疊三層時，區塊 1 在 Post-LN 得到的還多。它是 {b3}，Pre-LN 是 {a1}。"
                     "但 Post-LN 每個區塊都要乘上自己的因子。這裡三個因子都小於 1，但 LN 因子也可能大於 1：這是這個堆疊的衰減，不是定律。"
                     "代價是：Pre-LN 的殘差流沒有重新縮放。它的標準差逐塊變成 {p1} → {p2} → {p3}。"
                     "每個區塊的更新，加在越來越大的殘差流上。相對的改變就越來越小。"
                     "殘差流一路上從沒正規化，所以 Pre-LN 在輸出層前還有最後一個 LN，把標準差拉回 {f}。",
        "cue_depth_def": "線旁的數字", "cue_depth_post": "沿Post-LN", "cue_depth_shrink": "它逐塊變成", "cue_depth_once": "Pre-LN只付一次",
        "cue_depth_jac": "LayerNorm把梯度", "cue_depth_here": "這個單位梯度", "cue_depth_pre": "在區塊裡",
        "cue_depth_three": "只疊三層",
        "cue_depth_cmp": "對照起來", "cue_depth_price": "代價是", "cue_depth_share": "每個區塊的更新", "cue_depth_final": "殘差流一路上",
        "title_depth": "Post-LN 與 Pre-LN，疊三層", "title_postln": "Post-LN：每次相加之後做 LayerNorm",
        "depth_def": "跳線梯度", "depth_addln": "+ → LN", "depth_attn": "注意力{k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_block": "區塊 {k}", "depth_std": "σ = {s}",
    },
    "zh-Hans": {
        "cap_depth": "把做好的块叠三层，权重都相同：左边是 Post-LN，右边是 Pre-LN。"
                     "线旁的数字是跳线梯度：梯度只沿跳线算的大小，对象是词元 a 的第一个输出分量。"
                     "两边都从输出端的 {g0} 开始，也就是最后一个 LN 之后。"
                     "沿 Post-LN 的线往回走，每个块都要经过两次 LN。它逐块变成 {b1} → {b2} → {b3}。"
                     "Pre-LN 只付一次：在最后的 LN。"
                     "LayerNorm 把梯度除以 σ，再去掉它的均值和沿 y 的分量；y 是归一化后的行 (x − μ)/σ。"
                     "这个单位梯度因此剩下 {a1}。σ 是进入这个 LN 的残差流的标准差，这里是 {s}；y 的第一个分量是 {y}。"
                     "在块里，Pre-LN 的跳线上没有 LN。所以每个块都是 {a1}。"
                     "对照起来：Pre-LN 的 LN 因子只付一次。Post-LN 每个块都要付。"
                     "只叠三层时，块 1 在 Post-LN 得到的还多。它是 {b3}，Pre-LN 是 {a1}。"
                     "但 Post-LN 每个块都要乘上自己的因子。这里三个因子都小于 1，但 LN 因子也可能大于 1：这是这个堆叠的衰减，不是定律。"
                     "代价是：Pre-LN 的残差流没有重新缩放。它的标准差逐块变成 {p1} → {p2} → {p3}。"
                     "每个块的更新，加在越来越大的残差流上。相对的改变就越来越小。"
                     "残差流一路上从没归一化，所以 Pre-LN 在输出层前还有最后一个 LN，把标准差拉回 {f}。",
        "cue_depth_def": "线旁的数字", "cue_depth_post": "沿Post-LN", "cue_depth_shrink": "它逐块变成", "cue_depth_once": "Pre-LN只付一次",
        "cue_depth_jac": "LayerNorm把梯度", "cue_depth_here": "这个单位梯度", "cue_depth_pre": "在块里",
        "cue_depth_three": "只叠三层",
        "cue_depth_cmp": "对照起来", "cue_depth_price": "代价是", "cue_depth_share": "每个块的更新", "cue_depth_final": "残差流一路上",
        "title_depth": "Post-LN 与 Pre-LN，叠三层", "title_postln": "Post-LN：每次相加之后做 LayerNorm",
        "depth_def": "跳线梯度", "depth_addln": "+ → LN", "depth_attn": "注意力{k}", "depth_ffn": "FFN {k}",
        "depth_grad": "{g}", "depth_block": "块 {k}", "depth_std": "σ = {s}",
    },
}
