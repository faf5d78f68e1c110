"""Words of the block stepper's causal mask switch (studio.publish.pages.widgets_block) and of the parameter
calculator's note on a preset whose label rounds differently from the seed's (widgets_depth.gpt2_widget), in English,
Traditional and Simplified Chinese; merged into text.UI."""
from __future__ import annotations

UI = {
    "en": {"blk_mask": "Causal mask (GPT-2): a token may not attend to later tokens",
           "blk_mask_note": "The hand-worked block has no mask (untick it to see its printed numbers); GPT-2 masks. "
                            "With the mask, every later token's scaled score E is set to −∞ before the softmax, so its "
                            "weight is exactly 0: token a sees only a, token b sees a and b.",
           "blk_scores_masked": "Inside att: scores S = QKᵀ, scaled E = S / √d_k, then the causal mask: E = −∞ for every later token",
           "blk_weights_masked": "Inside att: A = softmax of each masked row of E: a later token's weight is exactly 0, every row sums to 1",
           "size_note": "Why {size} reads {m}M here and {m_qkv}M as usually quoted: the buttons count the book's GPTModel, whose "
                        "Q, K, V projections have no bias (qkv_bias = False): {tied}. OpenAI's GPT-2 has those biases, "
                        "3 × {emb} per block × {layers} blocks = {extra} more, {qkv} in all, which rounds to {m_qkv}M "
                        "(tick “Q, K, V biases” to count them)."},
    "zh-Hant": {"blk_mask": "因果遮罩（GPT-2）：token 不能注意後面的 token",
                "blk_mask_note": "手算的 Block 沒有遮罩（取消勾選就看到它印出的數字）；GPT-2 有。"
                                 "加上遮罩時，每個後面 token 的縮放分數 E 在 softmax 前設為 −∞，權重因此恰好是 0："
                                 "token a 只看得到 a，token b 看得到 a 和 b。",
                "blk_scores_masked": "att 內部：分數 S = QKᵀ，縮放後 E = S / √d_k，再套因果遮罩：後面的 token 的 E = −∞",
                "blk_weights_masked": "att 內部：A = 對遮罩後 E 的每一列做 softmax：後面 token 的權重恰好是 0，每列加起來是 1",
                "size_note": "為什麼 {size} 這裡是 {m}M、一般寫作 {m_qkv}M：按鈕算的是書中的模型，它的 Q、K、V 投影沒有偏置"
                             "（qkv_bias 設為否）：{tied}。原版 GPT-2 有這些偏置，每個 Block 3 × {emb}，"
                             "共 {layers} 個 Block，多 {extra} 個，合計 {qkv}，四捨五入是 {m_qkv}M（勾選「Q、K、V 的偏置」就會算進去）。"},
    "zh-Hans": {"blk_mask": "因果掩码（GPT-2）：token 不能关注后面的 token",
                "blk_mask_note": "手算的 Block 没有掩码（取消勾选就看到它打印的数字）；GPT-2 有。"
                                 "加上掩码时，每个后面 token 的缩放分数 E 在 softmax 前设为 −∞，权重因此恰好是 0："
                                 "token a 只看得到 a，token b 看得到 a 和 b。",
                "blk_scores_masked": "att 内部：分数 S = QKᵀ，缩放后 E = S / √d_k，再套因果掩码：后面的 token 的 E = −∞",
                "blk_weights_masked": "att 内部：A = 对掩码后 E 的每一行做 softmax：后面 token 的权重恰好是 0，每行加起来是 1",
                "size_note": "为什么 {size} 这里是 {m}M、一般写作 {m_qkv}M：按钮算的是书中的模型，它的 Q、K、V 投影没有偏置"
                             "（qkv_bias 设为否）：{tied}。原版 GPT-2 有这些偏置，每个 Block 3 × {emb}，"
                             "共 {layers} 个 Block，多 {extra} 个，合计 {qkv}，四舍五入是 {m_qkv}M（勾选「Q、K、V 的偏置」就会算进去）。"},
}


def merge(ui: dict) -> None:
    """Add these words to the page's UI (studio.publish.pages.text)."""
    for lang in ui:
        ui[lang] |= UI[lang]
