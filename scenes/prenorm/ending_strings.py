"""The words of prenorm_block's ending about the stack's last LayerNorm (scenes.prenorm.ending) in en, zh-Hant and
zh-Hans, merged into scenes.prenorm.strings.STRINGS: the residual stream is only ever normalised on its way into a
sublayer, never in place, so a Pre-LN stack normalises it once more after its last block (as GPT-2's ln_f does;
the caption states the idea without naming a model); the recap ends on the comparison over depth (scenes.prenorm.depth:
the skip-line gradient {a1} at every Pre-LN block against Post-LN's {b1} → {b2} → {b3}, and the price, Pre-LN's std
{p1} → {p3}, which the final LayerNorm normalises)."""

ENDING_STRINGS = {
    "en": {
        "cap_final_ln": "Inside the blocks the residual stream itself is never normalised, so a Pre-LN stack ends with "
                        "one last LayerNorm before the output layer.",
        "cue_final_ln": "Insidetheblocks",
        "last_block": "last block", "out_layer": "output layer",
        "cap_recap": "To sum up over depth: Pre-LN's skip line hands every block the same gradient, {a1}; "
                     "Post-LN's shrinks block by block, {b1} → {b2} → {b3}. The price: Pre-LN's stream stays a raw sum, "
                     "its std grows {p1} → {p3}. Only the final LayerNorm normalises it.",
        "cue_recap": "Tosumup", "cue_recap_ln": "Theprice",
        "recap_pre": "Pre-LN: {a1} at every block", "recap_post": "Post-LN: {b1} → {b2} → {b3}",
        "recap_raw": "std {p1} → {p3}, then LN",
    },
    "zh-Hant": {
        "cap_final_ln": "在區塊裡，殘差流本身從不正規化，所以 Pre-LN 堆疊的最後，"
                        "在輸出層前面還要再做一次 LayerNorm。",
        "cue_final_ln": "在區塊裡",
        "last_block": "最後一個區塊", "out_layer": "輸出層",
        "cap_recap": "總結一下：Pre-LN 的跳線給每個區塊同樣的梯度 {a1}；Post-LN 的逐塊變小，{b1} → {b2} → {b3}。"
                     "代價是：Pre-LN 的殘差流一直沒有正規化，標準差 {p1} → {p3}。要到最後那一次 LayerNorm 才正規化。",
        "cue_recap": "總結一下", "cue_recap_ln": "代價是",
        "recap_pre": "Pre-LN：每個區塊 {a1}", "recap_post": "Post-LN：{b1} → {b2} → {b3}",
        "recap_raw": "標準差 {p1} → {p3}，再做 LN",
    },
    "zh-Hans": {
        "cap_final_ln": "在块里，残差流本身从不归一化，所以 Pre-LN 堆叠的最后，"
                        "在输出层前面还要再做一次 LayerNorm。",
        "cue_final_ln": "在块里",
        "last_block": "最后一个块", "out_layer": "输出层",
        "cap_recap": "总结一下：Pre-LN 的跳线给每个块同样的梯度 {a1}；Post-LN 的逐块变小，{b1} → {b2} → {b3}。"
                     "代价是：Pre-LN 的残差流一直没有归一化，标准差 {p1} → {p3}。要到最后那一次 LayerNorm 才归一化。",
        "cue_recap": "总结一下", "cue_recap_ln": "代价是",
        "recap_pre": "Pre-LN：每个块 {a1}", "recap_post": "Post-LN：{b1} → {b2} → {b3}",
        "recap_raw": "标准差 {p1} → {p3}，再做 LN",
    },
}
