"""Depth and training: the catalogue rows of topic "depth",
seed 004: signals through depth, LayerNorm, a small network's backprop, training curves, sizes.

One `_e(...)` per entry (docs/adding-an-entry.md §2), in the order `render.py list` shows them."""
from __future__ import annotations

from studio.catalogue.entry import Accepts, Param, _e  # noqa: F401 (Accepts, Param: for a row's parameters)

ROWS = (
    _e(
        "signal_decay", "scene", "scenes.signal_decay", "engine.signal:signal_decay",
        "A 24-dim signal through 30 layers y = (s·W)·x as s sweeps 0.5 → 2.0: without LayerNorm it vanishes "
        "or explodes, with LayerNorm it stays level.",
        "24 維訊號穿過 30 層 y = (s·W)·x，s 從 0.5 掃到 2.0：沒有 LayerNorm 就消失或爆掉，加上 LayerNorm 維持水平。",
        "24 维信号穿过 30 层 y = (s·W)·x，s 从 0.5 扫到 2.0：没有 LayerNorm 就消失或爆掉，加上 LayerNorm 保持水平。",
        "depth",
    ),
    _e(
        "layernorm_steps", "scene", "scenes.layernorm_steps", "engine.norms:layernorm_example",
        "LayerNorm on a 2×6 layer output, step by step: mean and variance → centre → scale → check; "
        "the biased and the unbiased variance side by side.",
        "2×6 層輸出的 LayerNorm 逐步計算：平均與變異數 → 置中 → 縮放 → 驗收；有偏與不偏變異數並列。",
        "2×6 层输出的 LayerNorm 逐步计算：均值与方差 → 居中 → 缩放 → 验收；有偏与无偏方差并列。",
        "depth",
    ),
    _e(
        "backprop_small", "scene", "scenes.backprop_small", "engine.smallnet:small_net_step",
        "The 2-3-1 tanh net: forward, gradients flowing back, one update with lr 0.1; loss 0.603 → 0.278.",
        "2-3-1 的 tanh 小網路：前向、梯度往回流、以 lr 0.1 更新一次；loss 0.603 → 0.278。",
        "2-3-1 的 tanh 小网络：前向、梯度往回流、以 lr 0.1 更新一次；loss 0.603 → 0.278。",
        "depth",
    ),
    _e(
        "signal_decay_fig", "figure", "figures.signal_decay_fig", "engine.signal:signal_decay",
        "A signal through 30 layers y = (s·W)·x: without LayerNorm its RMS shrinks or grows like s³⁰ "
        "(9.47×10⁻¹⁰ at s = 0.5, 1.09×10⁹ at s = 2); with LayerNorm every s stays at 1.",
        "訊號穿過 30 層 y = (s·W)·x：沒有 LayerNorm 時 RMS 像 s³⁰ 一樣縮小或放大（s = 0.5 為 9.47×10⁻¹⁰，"
        "s = 2 為 1.09×10⁹）；加上 LayerNorm，每個 s 都停在 1。",
        "信号穿过 30 层 y = (s·W)·x：没有 LayerNorm 时 RMS 像 s³⁰ 一样缩小或放大（s = 0.5 为 9.47×10⁻¹⁰，"
        "s = 2 为 1.09×10⁹）；加上 LayerNorm，每个 s 都停在 1。",
        "depth",
    ),
    _e(
        "gelu_relu", "figure", "figures.gelu_relu", "engine.norms:gelu_relu",
        "GELU (tanh approximation and exact) vs ReLU, and how many of 24 drifting neurons ReLU kills.",
        "GELU（tanh 近似與精確式）對照 ReLU，以及 24 個漂移的神經元裡 ReLU 讓幾個死掉。",
        "GELU（tanh 近似与精确式）对照 ReLU，以及 24 个漂移的神经元里 ReLU 让几个死掉。",
        "depth",
    ),
    _e(
        "loss_curves", "figure", "figures.loss_curves", "engine.training:loss_curves",
        "300 real training steps of one 6-layer net from s = 0.3, s = 3.0 and s = 3.0 + LayerNorm: stuck, NaN, learns.",
        "同一個 6 層網路從 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出發，真實訓練 300 步：卡住、NaN、順利下降。",
        "同一个 6 层网络从 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出发，真实训练 300 步：卡住、NaN、顺利下降。",
        "depth",
    ),
    _e(
        "shortcut_gradients", "figure", "figures.shortcut_gradients", "engine.training:shortcut_gradients",
        "A 5-layer net: mean |gradient| of each layer's weight without and with shortcut connections.",
        "一個 5 層網路：有無捷徑連接時，各層權重的平均 |梯度|。",
        "一个 5 层网络：有无捷径连接时，各层权重的平均 |梯度|。",
        "depth",
    ),
    _e(
        "param_count", "figure", "figures.param_count", "engine.gpt2:gpt2_sizes",
        "GPT-2 parameters part by part, 163M untied vs 124M tied, float32 size in MiB and MB.",
        "GPT-2 參數逐項拆解：不綁 163M 與綁定 124M、float32 大小（MiB 與 MB）。",
        "GPT-2 参数逐项拆解：不绑 163M 与绑定 124M、float32 大小（MiB 与 MB）。",
        "depth",
    ),
    _e(
        "param_count_sizes", "figure", "figures.param_count_sizes", "engine.gpt2:gpt2_sizes",
        "The four GPT-2 sizes, tied, with the output head stacked on top for the untied count.",
        "GPT-2 的四種尺寸（綁定），上方疊上輸出頭即為不綁的參數量。",
        "GPT-2 的四种尺寸（绑定），上方叠上输出头即为不绑的参数量。",
        "depth",
    ),
    _e(
        "ffn_shapes", "figure", "figures.ffn_shapes", "engine.ffn:ffn_shapes",
        "The FeedForward's shape flow 768 → 3072 → 768 with the parameters of each Linear.",
        "FeedForward 的形狀變化 768 → 3072 → 768，以及每個 Linear 的參數量。",
        "FeedForward 的形状变化 768 → 3072 → 768，以及每个 Linear 的参数量。",
        "depth",
    ),
    _e(
        "causal_mask", "figure", "figures.causal_mask", "engine.causal:causal_mask_table",
        "The 4-token causal mask: what each position may see, and the next token it is trained to predict.",
        "4 個 token 的 causal mask：每個位置看得到什麼，以及它被訓練去預測的下一個字。",
        "4 个 token 的 causal mask：每个位置看得到什么，以及它被训练去预测的下一个词。",
        "depth",
    ),
)
