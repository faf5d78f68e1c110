"""The depth page's map of the GPT model, kept in view at the top of the lesson: token embedding, LayerNorm,
attention, the residual add, LayerNorm, the feed forward, the residual add, the output head; the parts the widget
in view works on are lit (page.js). Words in English, Traditional and Simplified Chinese."""
from __future__ import annotations

PARTS = ("emb", "ln1", "att", "res1", "ln2", "ffn", "res2", "head")  # the data's order through GPTModel.forward
BLOCK = ("ln1", "att", "res1", "ln2", "ffn", "res2")  # one TransformerBlock, repeated n_layers times

# the parts each depth widget works on (a widget not listed lights nothing: the training replay's own small net)
WIDGET_PARTS = {
    "gain": ("ln1", "ln2"), "drift": ("ffn",), "lndim": ("ln1", "ln2"), "layernorm": ("ln1", "ln2"),
    "word": ("emb",), "causal": ("att",), "ffn": ("ffn",), "shortcut": ("res1", "res2"), "block": BLOCK,
    "gpt2": PARTS, "decode": ("head",), "training": ("ln1", "ln2"),
}

WORDS = {
    "en": {"title": "Where in GPT-2", "emb": "embedding", "ln1": "LayerNorm", "att": "attention", "res1": "+ x",
           "ln2": "LayerNorm", "ffn": "feed forward", "res2": "+ x", "head": "output head",
           "block": "× {n} blocks", "label": "Map of the GPT model: the parts the widget in view works on are lit"},
    "zh-Hant": {"title": "在 GPT-2 的哪裡", "emb": "嵌入", "ln1": "LayerNorm", "att": "注意力", "res1": "+ x",
                "ln2": "LayerNorm", "ffn": "前饋", "res2": "+ x", "head": "輸出頭",
                "block": "× {n} 個 Block", "label": "GPT 模型地圖：畫面中的小工具處理的部分會亮起"},
    "zh-Hans": {"title": "在 GPT-2 的哪里", "emb": "嵌入", "ln1": "LayerNorm", "att": "注意力", "res1": "+ x",
                "ln2": "LayerNorm", "ffn": "前馈", "res2": "+ x", "head": "输出头",
                "block": "× {n} 个 Block", "label": "GPT 模型地图：画面中的小组件处理的部分会亮起"},
}


def blockmap(lang: str, widgets) -> dict:
    """What page.html draws and page.js lights: the parts with their words, and each widget's parts."""
    from engine.generate import GPT_CONFIG_124M  # GPT-2 small's 12 blocks

    w = WORDS[lang]
    return {"title": w["title"], "label": w["label"], "block": w["block"].format(n=GPT_CONFIG_124M["n_layers"]), "inside": list(BLOCK),
            "parts": [(p, w[p]) for p in PARTS],
            "lights": {k: list(v) for k, v in WIDGET_PARTS.items() if k in widgets}}
