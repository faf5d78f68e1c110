"""The title of each scene section, as a slide title (studio.publish.deck.slides), in the deck's three
languages: a short name for what the pause shows, never a caption cut to length. A section is named
by the identifier its scene gives it (the "sections" of its numbers.json); one without a title here
is titled by its first caption's opening clause (`fallback`).
"""
from __future__ import annotations

import re

# scene: {section: (English, Traditional Chinese, Simplified Chinese)}
_TITLES = {
    "pe_clock": {
        "intro": ("十五 or 五十?", "十五還是五十？", "十五还是五十？"),
        "hands": ("Eight hands, eight speeds", "八根指針，八種速度", "八根指针，八种速度"),
        "run": ("Every seat gets a fingerprint", "每個座位一個指紋", "每个座位一个指纹"),
        "compare": ("No two fingerprints alike", "沒有兩個指紋相同", "没有两个指纹相同"),
        "relative": ("Same gap, same turn", "同樣的距離，同樣的轉角", "同样的距离，同样的转角"),
        "rotate": ("One rotation for every seat", "同一個旋轉，適用每個座位", "同一个旋转，适用每个座位"),
        "lookback": ("One matrix looks one seat back", "一個矩陣，處處回看前一格", "一个矩阵，处处回看前一格"),
        "summary": ("Fast hands and slow hands", "快指針與慢指針", "快指针与慢指针"),
        "use": ("The fingerprint added to the word", "把指紋加到字向量上", "把指纹加到字向量上"),
        "why": ("Why the order changes the score", "為什麼順序會改變分數", "为什么顺序会改变分数"),
    },
    "permutation": {
        "intro": ("十五 and 五十", "十五與五十", "十五与五十"),
        "scores": ("The score table", "分數表", "分数表"),
        "swap": ("Swap the order", "交換順序", "交换顺序"),
        "sentence": ("dog bites man, man bites dog", "dog bites man、man bites dog", "dog bites man、man bites dog"),
        "outputs": ("Only permuted", "只是換了位置", "只是换了位置"),
        "summary": ("Attention alone cannot see order", "單靠注意力看不出順序", "单靠注意力看不出顺序"),
        "positions": ("Adding positions", "加上位置", "加上位置"),
        "pe_swap": ("Swap again, with positions", "加上位置後再交換", "加上位置后再交换"),
    },
    "naive_position": {
        "idea": ("Add the seat number", "把座位號加上去", "把座位号加上去"),
        "expand": ("Four terms", "拆成四項", "拆成四项"),
        "linear": ("The four terms on a linear scale", "四項放上線性刻度", "四项放上线性刻度"),
        "bars": ("The four terms on a log scale", "四項放上對數刻度", "四项放上对数刻度"),
        "swap": ("Another word, the same seats", "換一個字，座位不變", "换一个字，座位不变"),
        "softmax": ("Seat numbers take all the attention", "座位號搶走全部注意力", "座位号抢走全部注意力"),
        "fraction": ("Dividing by the length: p/N", "除以長度：p/N", "除以长度：p/N"),
        "sincos": ("sin and cos instead of seat numbers", "改用 sin 和 cos", "改用 sin 和 cos"),
        "softmax_sincos": ("The softmax row again, with sin and cos", "再看一次 softmax：改用 sin 和 cos", "再看一次 softmax：改用 sin 和 cos"),
        "walk": ("The same walk with sin and cos", "用 sin 和 cos 再走一次", "用 sin 和 cos 再走一次"),
        "conclusion": ("Bounded position terms", "有上限的位置項", "有上限的位置项"),
    },
    "rope_rotation": {
        "intro": ("Rotate, do not add", "旋轉，而不是相加", "旋转，而不是相加"),
        "planes": ("One angle per plane", "每個平面一個角度", "每个平面一个角度"),
        "rotate": ("Turn the query to position m", "把查詢轉到位置 m", "把查询转到位置 m"),
        "shift": ("Move both: the same score", "一起移動：分數不變", "一起移动：分数不变"),
        "gap": ("Change the gap", "改變距離", "改变距离"),
        "contrast": ("RoPE against added PE", "RoPE 與相加的 PE", "RoPE 与相加的 PE"),
        "summary": ("The score depends only on m − n", "分數只看 m − n", "分数只看 m − n"),
    },
    "attention_heatmap": {
        "tokens": ("Tokens as 2-D vectors", "詞元是二維向量", "词元是二维向量"),
        "scores": ("Scores: query · key / √d", "分數：查詢 · 鍵 / √d", "分数：查询 · 键 / √d"),
        "mask": ("The causal mask", "因果遮罩", "因果掩码"),
        "softmax": ("Softmax along each row", "每列做 softmax", "每行做 softmax"),
        "context": ("The context vector h₁", "上下文向量 h₁", "上下文向量 h₁"),
        "summary": ("Scores → mask → softmax → sum", "分數 → 遮罩 → softmax → 加權和", "分数 → 掩码 → softmax → 加权和"),
        "asking": ("A second head", "第二個頭", "第二个头"),
        "ask_table": ("The second head's scores", "第二個頭的分數", "第二个头的分数"),
        "ask_weights": ("The second head's weights", "第二個頭的權重", "第二个头的权重"),
        "ask_sum": ("The second head's weighted sum", "第二個頭的加權和", "第二个头的加权和"),
        "ask_summary": ("The second head's h₂", "第二個頭的 h₂", "第二个头的 h₂"),
        "mix": ("Two heads, two context vectors", "兩個頭，兩個上下文向量", "两个头，两个上下文向量"),
    },
    "prenorm_block": {
        "input": ("The input X + P", "輸入 X + P", "输入 X + P"),
        "ln1": ("LayerNorm before attention", "注意力前的 LayerNorm", "注意力前的 LayerNorm"),
        "heads": ("Two heads", "兩個頭", "两个头"),
        "attention": ("Attention in each head", "每個頭裡的注意力", "每个头里的注意力"),
        "concat": ("Concatenate, then W_O", "拼接，再乘 W_O", "拼接，再乘 W_O"),
        "residual1": ("The first residual", "第一個殘差", "第一个残差"),
        "ln2": ("LayerNorm before the feed-forward", "前饋層前的 LayerNorm", "前馈层前的 LayerNorm"),
        "ffn_up": ("Feed-forward: up to 8 columns", "前饋：升到 8 欄", "前馈：升到 8 列"),
        "ffn_down": ("Feed-forward: back to 4 columns", "前饋：降回 4 欄", "前馈：降回 4 列"),
        "residual2": ("The second residual: Y", "第二個殘差：Y", "第二个残差：Y"),
        "depth": ("Three blocks deep, forward and back", "疊三層：往前與往回", "叠三层：往前与往回"),
        "postln": ("The same numbers through Post-LN", "同樣的數字走 Post-LN", "同样的数字走 Post-LN"),
        "swap": ("Swap the two tokens", "交換兩個詞元", "交换两个词元"),
    },
    "signal_decay": {
        "intro": ("A signal through 30 layers", "訊號穿過 30 層", "信号穿过 30 层"),
        "slope": ("Each s tilts the line", "每個 s 讓直線傾斜", "每个 s 让直线倾斜"),
        "sweep": ("Sweeping s", "讓 s 走一遍", "让 s 走一遍"),
        "layernorm": ("With LayerNorm after every layer", "每層之後加 LayerNorm", "每层之后加 LayerNorm"),
        "summary": ("Vanish, explode, or hold", "消失、爆炸，或守住", "消失、爆炸，或守住"),
    },
    "layernorm_steps": {
        "input": ("A layer's output", "一層的輸出", "一层的输出"),
        "stats": ("Step 1: mean and variance", "第 1 步：平均與變異數", "第 1 步：均值与方差"),
        "aside": ("Aside: the population variance, with ε", "旁註：母體變異數，加 ε", "旁注：总体方差，加 ε"),
        "centre": ("Step 2: subtract the mean", "第 2 步：減去平均", "第 2 步：减去均值"),
        "scale": ("Step 3: divide by σ", "第 3 步：除以 σ", "第 3 步：除以 σ"),
        "affine": ("Step 4: γ and β", "第 4 步：γ 與 β", "第 4 步：γ 与 β"),
        "why": ("Its own row only: LayerNorm against BatchNorm", "只用自己這一列：LayerNorm 與 BatchNorm",
                "只用自己这一行：LayerNorm 与 BatchNorm"),
        "conclusion": ("LayerNorm in one line", "一句話說 LayerNorm", "一句话说 LayerNorm"),
    },
    "backprop_small": {
        "net": ("A 2-3-1 tanh net", "一個 2-3-1 的 tanh 網路", "一个 2-3-1 的 tanh 网络"),
        "forward": ("The forward pass", "前向傳播", "前向传播"),
        "backward": ("Backward from the output", "從輸出往回傳", "从输出往回传"),
        "paths": ("Three paths back to one input", "三條路徑回到同一個輸入", "三条路径回到同一个输入"),
        "nudge": ("What a gradient says", "梯度在說什麼", "梯度在说什么"),
        "update": ("One step against the gradient", "沿梯度反方向走一步", "沿梯度反方向走一步"),
        "again": ("Forward again: a smaller loss", "再做一次前向：損失變小", "再做一次前向：损失变小"),
    },
}
_LANGS = ("en", "zh-Hant", "zh-Hans")
SECTION_TITLES = {scene: {name: dict(zip(_LANGS, titles)) for name, titles in sections.items()}
                  for scene, sections in _TITLES.items()}


PART = {"en": "Part {k}", "zh-Hant": "第 {k} 段", "zh-Hans": "第 {k} 段"}  # when nothing else fits


def fallback(cue: str) -> str:
    """A section with no title: its first caption's opening clause (up to the first colon, full stop
    or semicolon), or "" when that is long (the slide then takes the scene's name)."""
    head = re.split(r"[:;.。：；！？!?]\s*", " ".join(cue.split()), maxsplit=1)[0].strip(" ,，")
    return head if 0 < len(head) <= 48 else ""


def section_title(scene: str, section: str, lang: str, first_cue: str = "") -> str:
    """The slide title of a scene's section in `lang`."""
    titles = SECTION_TITLES.get(scene, {}).get(section)
    if titles:
        return titles[lang]
    return fallback(first_cue)
