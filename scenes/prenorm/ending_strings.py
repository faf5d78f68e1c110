"""The words of prenorm_block's ending about the stack's last LayerNorm (scenes.prenorm.ending) in en, zh-Hant and
zh-Hans, merged into scenes.prenorm.strings.STRINGS: the residual stream is only ever normalised on its way into a
sublayer, never in place, so a Pre-LN stack normalises it once more after its last block (as GPT-2's ln_f does;
the caption states the idea without naming a model)."""

ENDING_STRINGS = {
    "en": {
        "cap_final_ln": "Inside the blocks the residual stream itself is never normalised, so a Pre-LN stack ends with "
                        "one last LayerNorm before the output layer.",
        "cue_final_ln": "Insidetheblocks",
        "last_block": "last block", "out_layer": "output layer",
        "cap_recap": "Swapping the tokens without P only reorders the outputs (difference {e}); with P they "
                     "change, by up to {c}. And Pre-LN's stream stays a raw sum (token a's std {ps}). Only the final "
                     "LayerNorm normalises it.",
        "cue_recap": "SwappingthetokenswithoutP", "cue_recap_ln": "AndPre-LN's",
        "recap_zero": "swap, P = 0: {e}", "recap_p": "swap, with P: up to {c}",
        "recap_raw": "Y, token a: std {ps} (raw sum)",
    },
    "zh-Hant": {
        "cap_final_ln": "在區塊裡，殘差流本身從不正規化，所以 Pre-LN 堆疊的最後，"
                        "在輸出層前面還要再做一次 LayerNorm。",
        "cue_final_ln": "在區塊裡",
        "last_block": "最後一個區塊", "out_layer": "輸出層",
        "cap_recap": "總結一下：沒有 P 時，交換詞元只會讓輸出換位置（差 {e}）；有 P 時，輸出本身就變了，最多差 {c}。"
                     "而 Pre-LN 的殘差流一直是沒有正規化的和，詞元 a 的標準差是 {ps}；要到最後那一次 LayerNorm 才正規化。",
        "cue_recap": "總結一下", "cue_recap_ln": "而Pre-LN",
        "recap_zero": "交換，P = 0：{e}", "recap_p": "交換，有 P：最多 {c}",
        "recap_raw": "Y，詞元 a：標準差 {ps}（未正規化）",
    },
    "zh-Hans": {
        "cap_final_ln": "在块里，残差流本身从不归一化，所以 Pre-LN 堆叠的最后，"
                        "在输出层前面还要再做一次 LayerNorm。",
        "cue_final_ln": "在块里",
        "last_block": "最后一个块", "out_layer": "输出层",
        "cap_recap": "总结一下：没有 P 时，交换词元只会让输出换位置（差 {e}）；有 P 时，输出本身就变了，最多差 {c}。"
                     "而 Pre-LN 的残差流一直是没有归一化的和，词元 a 的标准差是 {ps}；要到最后那一次 LayerNorm 才归一化。",
        "cue_recap": "总结一下", "cue_recap_ln": "而Pre-LN",
        "recap_zero": "交换，P = 0：{e}", "recap_p": "交换，有 P：最多 {c}",
        "recap_raw": "Y，词元 a：标准差 {ps}（未归一化）",
    },
}
