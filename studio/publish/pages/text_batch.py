"""Words of §4.1's batch under the word widget (studio.publish.pages.widgets_depth.word_widget: token IDs [2, 4] and
the logits' shape [2, 4, 50257]), in English, Traditional and Simplified Chinese; merged into text.UI. {b}, {t}, {v}:
the shape's three numbers; {first}: the first sentence; {last}: its last token; {t_last}: that token's index."""
from __future__ import annotations

UI = {
    "en": {"batch_caption": "The batch the model takes: {b} sentences × {t} tokens, each token as its ID, shape [{b}, {t}]",
           "batch_pos": "position", "batch_shape": "What the model returns: logits = model(batch), shape",
           "batch_dim0": "{b} = the batch: the {b} sentences go in together; logits[0] is everything for “{first}”.",
           "batch_dim1": "{t} = the tokens: one output for every input position; logits[0, {t_last}] belongs to “{last}”, the last one.",
           "batch_dim2": "{v} = the vocabulary: at every position one score (a logit, before softmax) for each of the {v} "
                         "tokens, for which comes next. Generating, the model reads only the last position's scores."},
    "zh-Hant": {"batch_caption": "模型吃進的一批：{b} 句 × 每句 {t} 個 token，每個 token 換成它的 ID，形狀 [{b}, {t}]",
                "batch_pos": "位置", "batch_shape": "模型輸出的 logits，形狀",
                "batch_dim0": "{b} = batch：{b} 句話一起送進去；logits[0] 是「{first}」的全部輸出。",
                "batch_dim1": "{t} = token 數：每個輸入位置都有一個輸出；logits[0, {t_last}] 屬於最後一個 token「{last}」。",
                "batch_dim2": "{v} = 詞彙表大小：每個位置對 {v} 個 token 各給一個分數（即 logits，還沒過 softmax），評估下一個是誰。"
                              "生成時只讀最後一個位置的分數。"},
    "zh-Hans": {"batch_caption": "模型吃进的一批：{b} 句 × 每句 {t} 个 token，每个 token 换成它的 ID，形状 [{b}, {t}]",
                "batch_pos": "位置", "batch_shape": "模型输出的 logits，形状",
                "batch_dim0": "{b} = batch：{b} 句话一起送进去；logits[0] 是「{first}」的全部输出。",
                "batch_dim1": "{t} = token 数：每个输入位置都有一个输出；logits[0, {t_last}] 属于最后一个 token「{last}」。",
                "batch_dim2": "{v} = 词表大小：每个位置对 {v} 个 token 各给一个分数（即 logits，还没过 softmax），评估下一个是谁。"
                              "生成时只读最后一个位置的分数。"},
}


def merge(ui: dict) -> None:
    """Add these words to the page's UI (studio.publish.pages.text)."""
    for lang in ui:
        ui[lang] |= UI[lang]
