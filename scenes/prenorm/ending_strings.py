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
    },
    "zh-Hant": {
        "cap_final_ln": "在區塊裡，殘差流本身從不正規化，所以 Pre-LN 堆疊的最後，"
                        "在輸出層前面還要再做一次 LayerNorm。",
        "cue_final_ln": "在區塊裡",
        "last_block": "最後一個區塊", "out_layer": "輸出層",
    },
    "zh-Hans": {
        "cap_final_ln": "在块里，残差流本身从不归一化，所以 Pre-LN 堆叠的最后，"
                        "在输出层前面还要再做一次 LayerNorm。",
        "cue_final_ln": "在块里",
        "last_block": "最后一个块", "out_layer": "输出层",
    },
}
