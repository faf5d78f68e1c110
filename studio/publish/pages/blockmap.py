"""The depth page's map of the GPT model, kept in view at the top of the lesson: token IDs, token embedding
plus positions, the block's LayerNorm, attention, residual add, LayerNorm, feed forward, residual add (repeated
n_layers times), the final LayerNorm and the output head. Each part is a button: it takes the reader to the widget
that explains it (GOES_TO) and lights where that widget sits; scrolling lights the parts the widget in view works
on (page.js). Each part shows the tensor it puts out: [B, T, d] by name, then in GPT-2 small on the lesson's batch
(engine.generate: GPT_CONFIG_124M, PROMPTS). Words in English, Traditional and Simplified Chinese."""
from __future__ import annotations

PARTS = ("ids", "emb", "ln1", "att", "res1", "ln2", "ffn", "res2", "lnf", "head")  # the data's order through GPTModel.forward
BLOCK = ("ln1", "att", "res1", "ln2", "ffn", "res2")  # one TransformerBlock, repeated n_layers times
NORMS = ("ln1", "ln2", "lnf")

# the parts each depth widget works on (a widget not listed lights nothing: the training replay's own small net)
WIDGET_PARTS = {
    "gain": NORMS, "drift": ("ffn",), "lndim": NORMS, "layernorm": NORMS,
    "word": ("ids", "emb"), "causal": ("att",), "ffn": ("ffn",), "shortcut": ("res1", "res2"), "block": BLOCK,
    "gpt2": PARTS, "decode": ("lnf", "head"), "training": NORMS,
}
# the widget a click on a part takes the reader to (the first of these the page has)
GOES_TO = {"ids": ("word",), "emb": ("word",), "ln1": ("layernorm", "lndim"), "att": ("causal", "block"),
           "res1": ("shortcut", "block"), "ln2": ("layernorm", "lndim"), "ffn": ("ffn", "block"),
           "res2": ("shortcut", "block"), "lnf": ("layernorm", "lndim"), "head": ("decode", "gpt2")}
# each part's output by name: B sentences of T tokens, width d, vocabulary V
SHAPES = {"ids": ("B", "T"), "head": ("B", "T", "V")}

WORDS = {
    "en": {"title": "Where in GPT-2", "ids": "token IDs", "emb": "embedding + positions", "ln1": "LayerNorm",
           "att": "attention", "res1": "+ x", "ln2": "LayerNorm", "ffn": "feed forward", "res2": "+ x",
           "lnf": "final LayerNorm", "head": "output head", "block": "× {n} blocks",
           "label": "Map of the GPT model: the parts the widget in view works on are lit; a part takes you to its widget",
           "go": "{part}: output {shape}, in GPT-2 small {size}; go to the widget that explains it",
           "key": "B sentences of T tokens, width d, vocabulary V; GPT-2 small on the lesson's batch: {size}"},
    "zh-Hant": {"title": "在 GPT-2 的哪裡", "ids": "詞元編號", "emb": "嵌入 + 位置", "ln1": "LayerNorm", "att": "注意力",
                "res1": "+ x", "ln2": "LayerNorm", "ffn": "前饋", "res2": "+ x", "lnf": "最後的 LayerNorm", "head": "輸出頭",
                "block": "× {n} 個 Block", "label": "GPT 模型地圖：畫面中的小工具處理的部分會亮起；點一個部分就跳到說明它的小工具",
                "go": "{part}：輸出 {shape}，GPT-2 小型為 {size}；跳到說明它的小工具",
                "key": "B 句、每句 T 個詞元、寬度 d、詞彙量 V；GPT-2 小型於本課的批次：{size}"},
    "zh-Hans": {"title": "在 GPT-2 的哪里", "ids": "词元编号", "emb": "嵌入 + 位置", "ln1": "LayerNorm", "att": "注意力",
                "res1": "+ x", "ln2": "LayerNorm", "ffn": "前馈", "res2": "+ x", "lnf": "最后的 LayerNorm", "head": "输出头",
                "block": "× {n} 个 Block", "label": "GPT 模型地图：画面中的小组件处理的部分会亮起；点一个部分就跳到说明它的小组件",
                "go": "{part}：输出 {shape}，GPT-2 小型为 {size}；跳到说明它的小组件",
                "key": "B 句、每句 T 个词元、宽度 d、词表大小 V；GPT-2 小型于本课的批次：{size}"},
}


def sizes() -> dict:
    """B, T, d, V in GPT-2 small on the lesson's batch: two sentences of four tokens (engine.generate.PROMPTS, the
    batch widget's), width 768, vocabulary 50,257 (GPT_CONFIG_124M)."""
    from engine.generate import GPT_CONFIG_124M, PROMPTS

    return {"B": len(PROMPTS[1:]), "T": len(PROMPTS[1][2]), "d": GPT_CONFIG_124M["emb_dim"], "V": GPT_CONFIG_124M["vocab_size"]}


def shapes() -> dict:
    """{part: (its output by name, its output in GPT-2 small on the lesson's batch)}: two sentences of four tokens
    (engine.generate.PROMPTS, the batch widget's), width 768, vocabulary 50,257 (GPT_CONFIG_124M)."""
    size, out = sizes(), {}
    for p in PARTS:
        dims = SHAPES.get(p, ("B", "T", "d"))
        out[p] = ("[" + ", ".join(dims) + "]", "[" + ", ".join(f"{size[k]:,}" for k in dims) + "]")
    return out


def blockmap(lang: str, widgets) -> dict:
    """What page.html draws and page.js lights and follows: the parts with their words and shapes, each widget's
    parts, and the widget each part takes the reader to."""
    from engine.generate import GPT_CONFIG_124M  # GPT-2 small's 12 blocks

    w, sh = WORDS[lang], shapes()
    goes = {p: next((k for k in GOES_TO[p] if k in widgets), "") for p in PARTS}
    return {"title": w["title"], "label": w["label"], "block": w["block"].format(n=GPT_CONFIG_124M["n_layers"]), "inside": list(BLOCK),
            "parts": [{"key": p, "word": w[p], "shape": sh[p][0], "size": sh[p][1], "goes": goes[p],
                       "title": w["go"].format(part=w[p], shape=sh[p][0], size=sh[p][1])} for p in PARTS],
            "key": w["key"].format(size=", ".join(f"{k} = {v:,}" for k, v in sizes().items())),
            "lights": {k: list(v) for k, v in WIDGET_PARTS.items() if k in widgets}}
