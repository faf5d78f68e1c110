"""What the sizes-and-costs entries accept (studio.catalogue.params): GPT-2-shaped configurations (param_count),
the FeedForward's widths (ffn_shapes), the causal mask's sentence (causal_mask), model widths
(pe_combine), sequence lengths (rnn_vs_attention, attention_cost).

The ranges are the ones in which each figure's layout works (the figure gate checks grid_points of each
entry in every language and theme: tests/test_params_sizes.py).
"""
from __future__ import annotations

from studio.catalogue.params import Accepts, Param, show

# ---------------------------------------------------------------------------------------------
# param_count: any GPT-2-shaped configuration

# the presets' shapes (engine.gpt2.GPT2_SIZES), repeated here so that checking a value imports no engine
PRESETS = {"small": (768, 12, 12), "medium": (1024, 24, 16), "large": (1280, 36, 20), "xl": (1600, 48, 25)}

GPT2_PARAMS = (
    Param("preset", "choice", choices=tuple(PRESETS), examples=("medium",),
          help={"en": "the GPT-2 size to start from: small (E 768, 12 layers, 12 heads), medium (1024, 24, 16), "
                      "large (1280, 36, 20) or xl (1600, 48, 25); emb_dim, n_layers and n_heads override it",
                "zh-Hant": "從哪個 GPT-2 尺寸出發：small（E 768、12 層、12 個頭）、medium（1024、24、16）、"
                           "large（1280、36、20）或 xl（1600、48、25）；另外設定的 emb_dim、n_layers、n_heads 會蓋過它",
                "zh-Hans": "从哪个 GPT-2 尺寸出发：small（E 768、12 层、12 个头）、medium（1024、24、16）、"
                           "large（1280、36、20）或 xl（1600、48、25）；另外设置的 emb_dim、n_layers、n_heads 会覆盖它"}),
    Param("vocab_size", "int", lo=1, hi=1_000_000, examples=(32_000,),
          help={"en": "vocabulary size V: rows of the token embedding (and of an untied output head)",
                "zh-Hant": "詞彙表大小 V：詞元嵌入（以及不綁定時輸出層）的列數",
                "zh-Hans": "词表大小 V：词元嵌入（以及不绑定时输出层）的行数"}),
    Param("context_length", "int", lo=1, hi=1_048_576, examples=(4096,),
          help={"en": "context length C: the positions the positional embedding holds a row for",
                "zh-Hant": "上下文長度 C：位置嵌入為幾個位置各存一列",
                "zh-Hans": "上下文长度 C：位置嵌入为几个位置各存一行"}),
    Param("emb_dim", "int", lo=1, hi=16_384, examples=(1536,),
          help={"en": "embedding width E (d_model), a multiple of n_heads; default: the preset's",
                "zh-Hant": "嵌入維度 E（d_model），須為 n_heads 的倍數；預設取 preset 的值",
                "zh-Hans": "嵌入维度 E（d_model），须为 n_heads 的倍数；默认取 preset 的值"}),
    Param("n_layers", "int", lo=1, hi=128, examples=(48,),
          help={"en": "number of Transformer blocks L; default: the preset's",
                "zh-Hant": "Transformer 區塊數 L；預設取 preset 的值",
                "zh-Hans": "Transformer 区块数 L；默认取 preset 的值"}),
    Param("n_heads", "int", lo=1, hi=128, examples=(16,),
          help={"en": "attention heads H; default: the preset's. They split E into heads of E / H numbers, "
                      "so they do not change the count",
                "zh-Hant": "注意力頭數 H；預設取 preset 的值。它把 E 切成每頭 E / H 維，不改變參數量",
                "zh-Hans": "注意力头数 H；默认取 preset 的值。它把 E 切成每头 E / H 维，不改变参数量"}),
    Param("qkv_bias", "bool",
          help={"en": "whether Q, K and V carry biases: 3E more per block (OpenAI's GPT-2 weights have them)",
                "zh-Hant": "Q、K、V 是否帶偏置：每個區塊多 3E 個參數（OpenAI 釋出的 GPT-2 權重有）",
                "zh-Hans": "Q、K、V 是否带偏置：每个区块多 3E 个参数（OpenAI 发布的 GPT-2 权重有）"}),
    Param("tied", "bool",
          help={"en": "whether the output head shares the token embedding (GPT-2 small: 124M tied, 163M untied); "
                      "the table counts this variant",
                "zh-Hant": "輸出層是否與詞元嵌入共用權重（GPT-2 small：綁定 124M、不綁定 163M）；表格按這個版本列出",
                "zh-Hans": "输出层是否与词元嵌入共用权重（GPT-2 small：绑定 124M、不绑定 163M）；表格按这个版本列出"}),
)


def model_shape(values: dict) -> tuple[int, int, int]:
    """(emb_dim, n_layers, n_heads) after the preset: a field left at None takes the preset's value."""
    E, L, H = PRESETS[values.get("preset") or "small"]
    pick = lambda key, preset_value: preset_value if values.get(key) is None else int(values[key])
    return pick("emb_dim", E), pick("n_layers", L), pick("n_heads", H)


def check_gpt2(values: dict) -> str:
    E, _, H = model_shape(values)
    if E % H:
        lower, upper = E - E % H, E - E % H + H
        near = " or ".join(f"emb_dim={v}" for v in (lower, upper) if v >= 1)
        whose = "" if values.get("n_heads") is not None else f" (the {values.get('preset') or 'small'} preset's)"
        return (f"emb_dim={E} is not a multiple of n_heads={H}{whose}: each head takes emb_dim / n_heads numbers; "
                f"try {near}, or set n_heads")
    return ""


# ---------------------------------------------------------------------------------------------
# ffn_shapes

FFN_PARAMS = (
    Param("emb_dim", "int", lo=1, hi=2048, examples=(64,),
          help={"en": "the model width E the FeedForward reads and writes",
                "zh-Hant": "FeedForward 讀進與輸出的模型寬度 E",
                "zh-Hans": "FeedForward 读入与输出的模型宽度 E"}),
    Param("expansion", "int", lo=1, hi=8, examples=(2,),
          help={"en": "how many times wider the hidden layer is (GPT-2: 4, so 768 → 3072)",
                "zh-Hant": "隱藏層放大幾倍（GPT-2 是 4：768 → 3072）",
                "zh-Hans": "隐藏层放大几倍（GPT-2 是 4：768 → 3072）"}),
    Param("batch", "int", lo=1, hi=64, examples=(8,),
          help={"en": "sentences in the batch (the first dimension)",
                "zh-Hant": "一個批次裡的句子數（第一維）",
                "zh-Hans": "一个批次里的句子数（第一维）"}),
    Param("tokens", "int", lo=1, hi=4096, examples=(1024,),
          help={"en": "tokens per sentence (the second dimension)",
                "zh-Hant": "每句的 token 數（第二維）",
                "zh-Hans": "每句的 token 数（第二维）"}),
)

# ---------------------------------------------------------------------------------------------
# causal_mask

MAX_TOKEN_ID = 10_000_000


def _causal_engine(given: dict) -> dict:
    """Parameters as given → causal_mask_table's keywords (ids as whole numbers, the next token a word)."""
    out = {}
    if "tokens" in given:
        out["tokens"] = tuple(given["tokens"])
    if "token_ids" in given:
        out["token_ids"] = tuple(int(i) for i in given["token_ids"])
    if "next_token" in given:
        out["next_token"] = given["next_token"][0]
    return out


DEFAULT_TOKENS = ("Every", "effort", "moves", "you")  # engine.causal.DEFAULT_SENTENCE


def check_causal(values: dict) -> str:
    tokens, ids = values.get("tokens") or DEFAULT_TOKENS, values.get("token_ids")
    if ids is None:
        return ""
    if any(float(i) != int(i) or not 0 <= i <= MAX_TOKEN_ID for i in ids):
        return f"token_ids={show(ids)}: each id is a whole number from 0 to {MAX_TOKEN_ID:,}"
    if len(ids) != len(tokens):
        return (f"token_ids={show(ids)} has {len(ids)} ids for {len(tokens)} tokens ({' '.join(tokens)}): "
                "give one id per token, or leave token_ids out")
    return ""


CAUSAL_PARAMS = (
    Param("tokens", "words", lo=2, hi=8,
          examples=(("我", "愛", "貓"), ("Every", "effort", "moves", "you", "forward", "and", "never", "back"),
                    ("自然語言處理", "模型", "一次", "看完", "整個", "句子"), ("a", "b"),
                    ("transformers", "attend", "to", "everything")),
          help={"en": "the sentence, 2 to 8 tokens (any words, Chinese included); position i sees tokens 1 … i",
                "zh-Hant": "句子，2 到 8 個 token（任何詞，中文也可以）；位置 i 看得到第 1 … i 個 token",
                "zh-Hans": "句子，2 到 8 个 token（任何词，中文也可以）；位置 i 看得到第 1 … i 个 token"}),
    Param("token_ids", "vector", lo=2, hi=8, examples=((1, 2, 3, 4),),
          help={"en": "optional: one id per token, shown beside each query row (default: GPT-2's ids for the "
                      "default sentence, none for your own)",
                "zh-Hant": "可省略：每個 token 一個 id，標在每一列 query 旁（預設：預設句子用 GPT-2 的 id，自己的句子不標）",
                "zh-Hans": "可省略：每个 token 一个 id，标在每一行 query 旁（默认：默认句子用 GPT-2 的 id，自己的句子不标）"}),
    Param("next_token", "words", lo=1, hi=1, examples=(("。",),),
          help={"en": "optional: the token after the sentence, the last position's training target "
                      "(default: \"forward\" for the default sentence, unnamed for your own)",
                "zh-Hant": "可省略：句子後面的下一個 token，也就是最後一個位置的訓練目標（預設句子是 \"forward\"，自己的句子則不指名）",
                "zh-Hans": "可省略：句子后面的下一个 token，也就是最后一个位置的训练目标（默认句子是 \"forward\"，自己的句子则不指名）"}),
)

# ---------------------------------------------------------------------------------------------
# pe_combine

MAX_WIDTH = 65_536
COMBINE_DEFAULT_WIDTHS = (512, 3584)
COMBINE_DEFAULT_SOURCES = ("001 demo", "002 §02", "001")


def _combine_engine(given: dict) -> dict:
    demo = int(given.get("demo_width", 8))
    widths = tuple(int(w) for w in given.get("widths", COMBINE_DEFAULT_WIDTHS))
    sources = (COMBINE_DEFAULT_SOURCES[0] if "demo_width" not in given else "given",
               *(COMBINE_DEFAULT_SOURCES[1:] if "widths" not in given else ("given",) * len(widths)))
    return {"d_models": (demo, *widths), "sources": sources}


def check_combine(values: dict) -> str:
    widths = values.get("widths") or ()
    bad = [w for w in widths if float(w) != int(w) or not 1 <= w <= MAX_WIDTH]
    if bad:
        return f"widths={show(widths)}: each width is a whole number from 1 to {MAX_WIDTH:,} (got {show(bad[0])})"
    return ""


COMBINE_PARAMS = (
    Param("widths", "vector", lo=1, hi=3, default=COMBINE_DEFAULT_WIDTHS,
          examples=((64,), (1, 65_536), (768, 4096, 16_384)),
          help={"en": "the model widths d_model of the table, 1 to 3 of them: input width and projection weights "
                      "when adding vs concatenating",
                "zh-Hant": "表格裡的模型寬度 d_model，1 到 3 個：相加與拼接時的輸入寬度和投影權重數",
                "zh-Hans": "表格里的模型宽度 d_model，1 到 3 个：相加与拼接时的输入宽度和投影权重数"}),
    Param("demo_width", "int", lo=1, hi=16, default=8, examples=(4,),
          help={"en": "the small example's width: content and fingerprint of this many numbers, drawn cell by cell",
                "zh-Hant": "小例子的寬度：內容與指紋各幾個數，一格一格畫出來",
                "zh-Hans": "小例子的宽度：内容与指纹各几个数，一格一格画出来"}),
)

# ---------------------------------------------------------------------------------------------
# rnn_vs_attention, attention_cost

RNN_PARAMS = (
    Param("n_tokens", "int", lo=2, hi=64, examples=(8, 9, 12, 13),
          help={"en": "sentence length N: the RNN's chain of N steps, self-attention's N × N pairs "
                      "(beyond 8 the chain is drawn with an ellipsis, beyond 12 the table without labels per token)",
                "zh-Hant": "句子長度 N：RNN 串成 N 步的鏈、自注意力的 N × N 個配對（超過 8 時鏈以省略號畫，"
                           "超過 12 時表格不逐個標 token）",
                "zh-Hans": "句子长度 N：RNN 串成 N 步的链、自注意力的 N × N 个配对（超过 8 时链以省略号画，"
                           "超过 12 时表格不逐个标 token）"}),
)


COST_DEFAULTS = {"short": 1024, "long": 32768}  # engine.costs.attention_cost's


def check_cost(values: dict) -> str:
    short, long = (values.get(k) if values.get(k) is not None else COST_DEFAULTS[k] for k in ("short", "long"))
    if long <= short:
        return f"long={long:,} must be longer than short={short:,} (the figure shows how the cost grows)"
    return ""


COST_PARAMS = (
    Param("short", "int", lo=1, hi=1_048_576, examples=(512,),
          help={"en": "the shorter sentence length T marked on both lines",
                "zh-Hant": "在兩條線上標出的較短句長 T",
                "zh-Hans": "在两条线上标出的较短句长 T"}),
    Param("long", "int", lo=2, hi=4_194_304, examples=(2048, 128_000),
          help={"en": "the longer sentence length T, longer than short: the figure shows how much each table grows",
                "zh-Hant": "較長的句長 T（要比 short 長）：圖上標出兩張表各長了幾倍",
                "zh-Hans": "较长的句长 T（要比 short 长）：图上标出两张表各长了几倍"}),
    Param("position_width", "int", lo=1, hi=16_384, examples=(512,),
          help={"en": "numbers stored per position in the position table (T × d)",
                "zh-Hant": "位置表每個位置存幾個數（T × d）",
                "zh-Hans": "位置表每个位置存几个数（T × d）"}),
)

ACCEPTS: dict = {
    "param_count": Accepts(
        GPT2_PARAMS, check=check_gpt2,
        notes={"en": "emb_dim, n_layers and n_heads default to the preset's values; set any of them to leave "
                     "GPT-2's shapes (e.g. --set n_layers=48, or --set preset=medium).",
               "zh-Hant": "emb_dim、n_layers、n_heads 預設取 preset 的值；另外設定就能離開 GPT-2 的形狀"
                          "（例如 --set n_layers=48，或 --set preset=medium）。",
               "zh-Hans": "emb_dim、n_layers、n_heads 默认取 preset 的值；另外设置就能离开 GPT-2 的形状"
                          "（例如 --set n_layers=48，或 --set preset=medium）。"},
        grid_examples=(
            {"emb_dim": 1, "n_heads": 1, "n_layers": 1, "vocab_size": 1, "context_length": 1},
            {"emb_dim": 16_384, "n_heads": 128, "n_layers": 128, "vocab_size": 1_000_000,
             "context_length": 1_048_576, "qkv_bias": True},
            {"emb_dim": 16_384, "n_heads": 128, "n_layers": 128, "tied": True},
            {"preset": "medium", "tied": True, "qkv_bias": True},
            {"emb_dim": 64, "n_heads": 4, "n_layers": 2, "vocab_size": 1000, "context_length": 128},
            {"emb_dim": 12_288, "n_heads": 96, "n_layers": 96, "context_length": 2048},
            {"preset": "xl", "n_layers": 1, "tied": True},
        )),
    "ffn_shapes": Accepts(FFN_PARAMS, grid_examples=(
        {"emb_dim": 2048, "expansion": 8, "batch": 64, "tokens": 4096},
        {"emb_dim": 1, "expansion": 1, "batch": 1, "tokens": 1},
        {"emb_dim": 1, "expansion": 8},
    )),
    "causal_mask": Accepts(
        CAUSAL_PARAMS, check=check_causal, engine=_causal_engine,
        grid_examples=(
            {"tokens": ["我", "愛", "貓"], "token_ids": [2769, 1416, 3819], "next_token": ["。"]},
            {"tokens": ["Every", "effort", "moves", "you", "forward", "and", "never", "back"],
             "token_ids": [6109, 3626, 6100, 345, 2651, 290, 1239, 736]},
            {"tokens": ["自然語言處理", "變換器模型", "一次", "看完", "整個", "句子", "而且", "不偷看"],
             "next_token": ["未來的詞"]},
            {"tokens": ["internationa", "b"], "token_ids": [9_999_999, 0]},
        )),
    "pe_combine": Accepts(COMBINE_PARAMS, check=check_combine, engine=_combine_engine,
                          grid_examples=({"widths": [1], "demo_width": 1}, {"widths": [65_536, 65_536, 65_536]},
                                         {"widths": [7, 100, 99_99], "demo_width": 16})),
    "rnn_vs_attention": Accepts(RNN_PARAMS),
    "attention_cost": Accepts(
        COST_PARAMS, check=check_cost,
        grid_examples=({"short": 1, "long": 2, "position_width": 1}, {"short": 1024, "long": 2048},
                       {"short": 1_048_576, "long": 4_194_304, "position_width": 16_384},
                       {"short": 1000, "long": 1500, "position_width": 768}, {"short": 3, "long": 4_194_304})),
}
