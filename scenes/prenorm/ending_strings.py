"""The words of prenorm_block's ending about the stack's last LayerNorm (scenes.prenorm.ending) in en, zh-Hant and
zh-Hans, merged into scenes.prenorm.strings.STRINGS: the residual stream is only ever normalised on its way into a
sublayer, never in place, so a Pre-LN stack normalises it once more after its last block (as GPT-2's ln_f does;
the caption states the idea without naming a model); the recap is the whole gradient at block 1's input over
depth (seed 000, lesson 03b4 §6; scenes.prenorm.curve_numbers).

The recap's last five sentences depend on the numbers drawn, so each is one whole sentence picked from a few variants
(keys "recap_<slot>_<variant>") by curve_numbers.recap_keys and formatted there; cap_recap holds them as the fields
{recap_<slot>_<en|hant|hans>}. With the lesson's weights: Pre-LN's changes slowly ({c1} at one block, {cN} at {N});
Post-LN's varies {qf}-fold (1,600), growing to {qm} at {Lm} blocks, then falling to {qN} at {N}; it is the smaller
from {Lx} blocks on; and the warm-up sentence, said only when Post-LN's fold is at least 100 and Pre-LN's under 10.
Every variant of a slot starts with the same words (the slot's cue), except the crossing's and the last sentence's,
whose cue keys curve_numbers.recap_cues names."""

ENDING_STRINGS = {
    "en": {
        "cap_final_ln": "Inside the blocks the residual stream itself is never normalised, so a Pre-LN stack ends with "
                        "one last LayerNorm before the output layer. That is Pre-LN: each sublayer reads a normalised copy, "
                        "while the skip line through the blocks has no LayerNorm on it.",
        "cue_final_ln": "Insidetheblocks",
        "last_block": "last block", "out_layer": "output layer",
        "cap_recap": "To sum up over depth: stack the block 1 to {N} deep, this example's weights in every block, "
                     "and measure the whole gradient that reaches block 1's input: not only the skip line's part, "
                     "but every path through attention and the FFN too. "
                     "{recap_pre_en} {recap_post_en} "
                     "The dashed lines are the skip line's part alone. At {M} blocks, the stacks from before, it is {s3q} "
                     "for Post-LN and {s3p} for Pre-LN; the whole gradients are {w3q} and {w3p}. "
                     "Pre-LN's dashed line is its final LN's factor, which divides by σ, the std of the stream it normalises; "
                     "that std grows from {z1} at one block to {zN} at {N}, and dividing by it pulls the line down. "
                     "{recap_branch_en} {recap_cross_en} {recap_why_en}",
        "recap_pre_slow_falls": "Pre-LN's changes slowly with depth: {c1} at one block, {cN} at {N}.",
        "recap_pre_slow_rises": "Pre-LN's changes slowly with depth, rising at every added block: "
                                "{c1} at one block, {cN} at {N}.",
        "recap_pre_slow_both": "Pre-LN's changes slowly with depth, now up, now down: {c1} at one block, {cN} at {N}.",
        "recap_pre_fast_falls": "Pre-LN's changes by up to {ps} % from one block to the next, falling all the way: "
                                "{c1} at one block, {cN} at {N}.",
        "recap_pre_fast_rises": "Pre-LN's changes by up to {ps} % from one block to the next, rising all the way: "
                                "{c1} at one block, {cN} at {N}.",
        "recap_pre_fast_both": "Pre-LN's changes by up to {ps} % from one block to the next, now up, now down: "
                               "{c1} at one block, {cN} at {N}.",
        "recap_post_rise_fall": "Post-LN's varies {qf}-fold: it grows to {qm} at {Lm} blocks, then falls to {qN} at {N}.",
        "recap_post_falls": "Post-LN's varies {qf}-fold: it is largest at one block, {qm}, "
                            "and falls at every added block, to {qN} at {N}.",
        "recap_post_rises": "Post-LN's varies {qf}-fold: it grows at every added block, to {qN} at {N}.",
        "recap_post_up_down": "Post-LN's varies {qf}-fold, now up, now down: {qm} at its largest, {qN} at {N} blocks.",
        "recap_branch_grows": "At Post-LN's peak its dashed line is still under 1: the paths through attention and the FFN make the whole gradient grow.",
        "recap_branch_both": "Each point adds the skip line's part and every path through attention and the FFN.",
        "recap_cross_from": "Deeper still, from {Lx} blocks on, Post-LN's is the smaller one.",
        "recap_cross_band": "Deeper still, from {Lx} blocks on, Post-LN's is the smaller one again: "
                            "it is the larger only from {La} to {Lb} blocks.",
        "recap_cross_all": "At every depth, from one block to {N}, Post-LN's is the smaller one.",
        "recap_cross_none": "In the deepest stack, {N} blocks, Post-LN's is not the smaller one.",
        "recap_why_warmup": "So in this example, from 1 to {N} blocks, Pre-LN's gradient at block 1 stays within {pf}-fold, "
                            "while Post-LN's swings {qf}-fold: that is why the LayerNorm goes first.",
        "recap_why_post_more": "Over these depths Pre-LN's varies only {pf}-fold, Post-LN's {qf}-fold.",
        "recap_why_pre_more": "Over these depths Pre-LN's varies {pf}-fold, more than Post-LN's {qf}-fold.",
        "recap_why_same": "Over these depths both vary about {pf}-fold.",
        "cue_recap": "Tosumup", "cue_curve_pre": "Pre-LN'schanges", "cue_curve_post": "Post-LN'svaries",
        "cue_curve_cross": "Deeperstill", "cue_curve_dashed": "Thedashedlines", "cue_curve_sigma": "Pre-LN'sdashedline", "cue_curve_cross_all": "Ateverydepth", "cue_curve_cross_none": "Inthedeepest",
        "cue_curve_why": "Sointhisexample", "cue_curve_compare": "Overthesedepths",
        "title_curve": "Gradient at block 1: one block repeated 1–{N} times",
        "title_takeaway": "Here: Pre-LN within {pf}-fold, Post-LN {qf}-fold", "curve_x": "blocks",
        "curve_whole": "whole\ngradient", "curve_skip": "skip line\nalone", "curve_at": "at {M}\nblocks",
    },
    "zh-Hant": {
        "cap_final_ln": "在區塊裡，殘差流本身從不正規化，所以 Pre-LN 堆疊的最後，"
                        "在輸出層前面還要再做一次 LayerNorm。這就是 Pre-LN：每個子層讀的是正規化後的副本，"
                        "而穿過各區塊的跳線上沒有 LayerNorm。",
        "cue_final_ln": "在區塊裡",
        "last_block": "最後一個區塊", "out_layer": "輸出層",
        "cap_recap": "總結一下深度的影響。把區塊疊 1 到 {N} 層，每層用這個例子的同一組權重。"
                     "量的是區塊 1 輸入端的整個梯度：不只跳線那一份，還包括經過注意力和 FFN 的所有路徑。"
                     "{recap_pre_hant}{recap_post_hant} "
                     "虛線是只沿跳線的那一份。在前面 {M} 層的堆疊裡，Post-LN 是 {s3q}、Pre-LN 則是 {s3p}；"
                     "整個梯度則是 {w3q} 和 {w3p}。"
                     "Pre-LN 的虛線就是最後那個 LN 的因子，要除以 σ，也就是它正規化的殘差流的標準差；"
                     "這個標準差從 {z1}（1 層）增加到 {zN}（{N} 層）。所以虛線隨之下降。"
                     "{recap_branch_hant}{recap_cross_hant}{recap_why_hant}",
        "recap_pre_slow_falls": "Pre-LN 的梯度只慢慢改變。一層是 {c1}，{N} 層是 {cN}。",
        "recap_pre_slow_rises": "Pre-LN 的梯度只慢慢改變，每多一層就大一點。一層是 {c1}，{N} 層是 {cN}。",
        "recap_pre_slow_both": "Pre-LN 的梯度只慢慢改變，時大時小。一層是 {c1}，{N} 層是 {cN}。",
        "recap_pre_fast_falls": "Pre-LN 的梯度每多一層最多變動 {ps}%，一路減小。一層是 {c1}，{N} 層是 {cN}。",
        "recap_pre_fast_rises": "Pre-LN 的梯度每多一層最多變動 {ps}%，一路增大。一層是 {c1}，{N} 層是 {cN}。",
        "recap_pre_fast_both": "Pre-LN 的梯度每多一層最多變動 {ps}%，時大時小。一層是 {c1}，{N} 層是 {cN}。",
        "recap_post_rise_fall": "Post-LN 則相差約 {qf} 倍。疊到 {Lm} 層時增大到 {qm}。之後一路減小：{N} 層只剩 {qN}。",
        "recap_post_falls": "Post-LN 則相差約 {qf} 倍。一層時最大，是 {qm}。之後每多一層就變小：{N} 層只剩 {qN}。",
        "recap_post_rises": "Post-LN 則相差約 {qf} 倍。每多一層就變大：{N} 層時最大，是 {qN}。",
        "recap_post_up_down": "Post-LN 則相差約 {qf} 倍，而且時大時小。最大是 {qm}，{N} 層是 {qN}。",
        "recap_branch_grows": "在 Post-LN 的高峰，它的虛線仍小於 1：是經過注意力和 FFN 的路徑讓整個梯度變大。",
        "recap_branch_both": "每個點都是跳線那一份，加上經過注意力和 FFN 的每條路徑。",
        "recap_cross_from": "再往深處，從 {Lx} 層起，Post-LN 的梯度比較小。",
        "recap_cross_band": "再往深處，從 {Lx} 層起，Post-LN 的梯度又比較小；只有 {La} 到 {Lb} 層時它比較大。",
        "recap_cross_all": "不論疊幾層，Post-LN 的梯度都比較小。",
        "recap_cross_none": "到了最深的 {N} 層，Post-LN 的梯度並不比較小。",
        "recap_why_warmup": "所以在這個例子裡，用 Pre-LN，到達區塊 1 的梯度從 1 層到 {N} 層只相差約 {pf} 倍；"
                            "Post-LN 卻相差約 {qf} 倍。這個例子說明了 LayerNorm 為何放在前面。",
        "recap_why_post_more": "在這些深度上，Pre-LN 只相差約 {pf} 倍，Post-LN 相差約 {qf} 倍。",
        "recap_why_pre_more": "在這些深度上，Pre-LN 相差約 {pf} 倍，比 Post-LN 的約 {qf} 倍還多。",
        "recap_why_same": "在這些深度上，兩者都相差約 {pf} 倍。",
        "cue_recap": "總結一下", "cue_curve_pre": "Pre-LN的梯度", "cue_curve_post": "Post-LN則",
        "cue_curve_cross": "再往深處", "cue_curve_dashed": "虛線是", "cue_curve_sigma": "Pre-LN的虛線", "cue_curve_cross_all": "不論疊幾層", "cue_curve_cross_none": "到了最深的",
        "cue_curve_why": "所以在這個例子裡", "cue_curve_compare": "在這些深度上",
        "title_curve": "區塊 1 的整個梯度：同一個區塊重複疊 1 到 {N} 層",
        "title_takeaway": "這個例子：Pre-LN 只差約 {pf} 倍，Post-LN 約 {qf} 倍", "curve_x": "層數",
        "curve_whole": "整個梯度", "curve_skip": "只沿跳線", "curve_at": "{M} 層",
    },
    "zh-Hans": {
        "cap_final_ln": "在块里，残差流本身从不归一化，所以 Pre-LN 堆叠的最后，"
                        "在输出层前面还要再做一次 LayerNorm。这就是 Pre-LN：每个子层读的是归一化后的副本，"
                        "而穿过各块的跳线上没有 LayerNorm。",
        "cue_final_ln": "在块里",
        "last_block": "最后一个块", "out_layer": "输出层",
        "cap_recap": "总结一下深度的影响。把块叠 1 到 {N} 层，每层用这个例子的同一组权重。"
                     "量的是块 1 输入端的整个梯度：不只跳线那一份，还包括经过注意力和 FFN 的所有路径。"
                     "{recap_pre_hans}{recap_post_hans} "
                     "虚线是只沿跳线的那一份。在前面 {M} 层的堆叠里，Post-LN 是 {s3q}、Pre-LN 则是 {s3p}；"
                     "整个梯度则是 {w3q} 和 {w3p}。"
                     "Pre-LN 的虚线就是最后那个 LN 的因子，要除以 σ，也就是它归一化的残差流的标准差；"
                     "这个标准差从 {z1}（1 层）增加到 {zN}（{N} 层）。所以虚线随之下降。"
                     "{recap_branch_hans}{recap_cross_hans}{recap_why_hans}",
        "recap_pre_slow_falls": "Pre-LN 的梯度只慢慢改变。一层是 {c1}，{N} 层是 {cN}。",
        "recap_pre_slow_rises": "Pre-LN 的梯度只慢慢改变，每多一层就大一点。一层是 {c1}，{N} 层是 {cN}。",
        "recap_pre_slow_both": "Pre-LN 的梯度只慢慢改变，时大时小。一层是 {c1}，{N} 层是 {cN}。",
        "recap_pre_fast_falls": "Pre-LN 的梯度每多一层最多变动 {ps}%，一路减小。一层是 {c1}，{N} 层是 {cN}。",
        "recap_pre_fast_rises": "Pre-LN 的梯度每多一层最多变动 {ps}%，一路增大。一层是 {c1}，{N} 层是 {cN}。",
        "recap_pre_fast_both": "Pre-LN 的梯度每多一层最多变动 {ps}%，时大时小。一层是 {c1}，{N} 层是 {cN}。",
        "recap_post_rise_fall": "Post-LN 则相差约 {qf} 倍。叠到 {Lm} 层时增大到 {qm}。之后一路减小：{N} 层只剩 {qN}。",
        "recap_post_falls": "Post-LN 则相差约 {qf} 倍。一层时最大，是 {qm}。之后每多一层就变小：{N} 层只剩 {qN}。",
        "recap_post_rises": "Post-LN 则相差约 {qf} 倍。每多一层就变大：{N} 层时最大，是 {qN}。",
        "recap_post_up_down": "Post-LN 则相差约 {qf} 倍，而且时大时小。最大是 {qm}，{N} 层是 {qN}。",
        "recap_branch_grows": "在 Post-LN 的高峰，它的虚线仍小于 1：是经过注意力和 FFN 的路径让整个梯度变大。",
        "recap_branch_both": "每个点都是跳线那一份，加上经过注意力和 FFN 的每条路径。",
        "recap_cross_from": "再往深处，从 {Lx} 层起，Post-LN 的梯度比较小。",
        "recap_cross_band": "再往深处，从 {Lx} 层起，Post-LN 的梯度又比较小；只有 {La} 到 {Lb} 层时它比较大。",
        "recap_cross_all": "不论叠几层，Post-LN 的梯度都比较小。",
        "recap_cross_none": "到了最深的 {N} 层，Post-LN 的梯度并不比较小。",
        "recap_why_warmup": "所以在这个例子里，用 Pre-LN，到达块 1 的梯度从 1 层到 {N} 层只相差约 {pf} 倍；"
                            "Post-LN 却相差约 {qf} 倍。这个例子说明了 LayerNorm 为何放在前面。",
        "recap_why_post_more": "在这些深度上，Pre-LN 只相差约 {pf} 倍，Post-LN 相差约 {qf} 倍。",
        "recap_why_pre_more": "在这些深度上，Pre-LN 相差约 {pf} 倍，比 Post-LN 的约 {qf} 倍还多。",
        "recap_why_same": "在这些深度上，两者都相差约 {pf} 倍。",
        "cue_recap": "总结一下", "cue_curve_pre": "Pre-LN的梯度", "cue_curve_post": "Post-LN则",
        "cue_curve_cross": "再往深处", "cue_curve_dashed": "虚线是", "cue_curve_sigma": "Pre-LN的虚线", "cue_curve_cross_all": "不论叠几层", "cue_curve_cross_none": "到了最深的",
        "cue_curve_why": "所以在这个例子里", "cue_curve_compare": "在这些深度上",
        "title_curve": "块 1 的整个梯度：同一个块重复叠 1 到 {N} 层",
        "title_takeaway": "这个例子：Pre-LN 只差约 {pf} 倍，Post-LN 约 {qf} 倍", "curve_x": "层数",
        "curve_whole": "整个梯度", "curve_skip": "只沿跳线", "curve_at": "{M} 层",
    },
}
