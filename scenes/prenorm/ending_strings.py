"""The words of prenorm_block's ending about the stack's last LayerNorm (scenes.prenorm.ending) in en, zh-Hant and
zh-Hans, merged into scenes.prenorm.strings.STRINGS: the residual stream is only ever normalised on its way into a
sublayer, never in place, so a Pre-LN stack normalises it once more after its last block (as GPT-2's ln_f does;
the caption states the idea without naming a model); the recap is the whole gradient at block 1's input over
depth (scenes.prenorm.curve_numbers: Pre-LN's {c1} at one block to {cN} at {N}, Post-LN's up to {qm} at {Lm} blocks,
then {qN} at {N}, the smaller from {Lx} blocks on), and why deep Post-LN stacks need warm-up and careful initialisation."""

ENDING_STRINGS = {
    "en": {
        "cap_final_ln": "Inside the blocks the residual stream itself is never normalised, so a Pre-LN stack ends with "
                        "one last LayerNorm before the output layer.",
        "cue_final_ln": "Insidetheblocks",
        "last_block": "last block", "out_layer": "output layer",
        "cap_recap": "To sum up over depth: stack the block 1 to {N} deep, this example's weights in every block, "
                     "and measure the whole gradient that reaches block 1's input. "
                     "Pre-LN's changes slowly with depth: {c1} at one block, {cN} at {N}. "
                     "Post-LN's swings by orders of magnitude: it grows to {qm} at {Lm} blocks, then vanishes, {qN} at {N}. "
                     "Deeper still, from {Lx} blocks on, Post-LN's is the smaller one. "
                     "That is why deep Post-LN stacks need warm-up and careful initialisation.",
        "cue_recap": "Tosumup", "cue_curve_pre": "Pre-LN'schanges", "cue_curve_post": "Post-LN'sswings",
        "cue_curve_cross": "Deeperstill", "cue_curve_why": "Thatiswhydeep",
        "title_curve": "The gradient at block 1, 1 to {N} blocks deep", "curve_x": "blocks",
    },
    "zh-Hant": {
        "cap_final_ln": "在區塊裡，殘差流本身從不正規化，所以 Pre-LN 堆疊的最後，"
                        "在輸出層前面還要再做一次 LayerNorm。",
        "cue_final_ln": "在區塊裡",
        "last_block": "最後一個區塊", "out_layer": "輸出層",
        "cap_recap": "總結一下深度的影響。把區塊疊 1 到 {N} 層，每層用這個例子的同一組權重。"
                     "量的是區塊 1 輸入端的整個梯度。"
                     "Pre-LN 的梯度只慢慢改變。一層是 {c1}，{N} 層是 {cN}。"
                     "Post-LN 則相差上千倍。疊到 {Lm} 層時增大到 {qm}。之後幾乎消失：{N} 層只剩 {qN}。"
                     "再往深處，從 {Lx} 層起，Post-LN 的梯度比較小。"
                     "所以深的 Post-LN 堆疊需要學習率預熱和小心的初始化。",
        "cue_recap": "總結一下", "cue_curve_pre": "Pre-LN的梯度", "cue_curve_post": "Post-LN則",
        "cue_curve_cross": "再往深處", "cue_curve_why": "所以深的",
        "title_curve": "區塊 1 的梯度，疊 1 到 {N} 層", "curve_x": "層數",
    },
    "zh-Hans": {
        "cap_final_ln": "在块里，残差流本身从不归一化，所以 Pre-LN 堆叠的最后，"
                        "在输出层前面还要再做一次 LayerNorm。",
        "cue_final_ln": "在块里",
        "last_block": "最后一个块", "out_layer": "输出层",
        "cap_recap": "总结一下深度的影响。把块叠 1 到 {N} 层，每层用这个例子的同一组权重。"
                     "量的是块 1 输入端的整个梯度。"
                     "Pre-LN 的梯度只慢慢改变。一层是 {c1}，{N} 层是 {cN}。"
                     "Post-LN 则相差上千倍。叠到 {Lm} 层时增大到 {qm}。之后几乎消失：{N} 层只剩 {qN}。"
                     "再往深处，从 {Lx} 层起，Post-LN 的梯度比较小。"
                     "所以深的 Post-LN 堆叠需要学习率预热和小心的初始化。",
        "cue_recap": "总结一下", "cue_curve_pre": "Pre-LN的梯度", "cue_curve_post": "Post-LN则",
        "cue_curve_cross": "再往深处", "cue_curve_why": "所以深的",
        "title_curve": "块 1 的梯度，叠 1 到 {N} 层", "curve_x": "层数",
    },
}
