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
        "LayerNorm on a 2×6 layer output, step by step: mean and variance → centre → scale → the learned "
        "γ and β, which set the output's own mean and variance.",
        "2×6 層輸出的 LayerNorm 逐步計算：均值與變異數 → 置中 → 縮放 → 乘上學到的 γ、加上 β，決定輸出的均值與變異數。",
        "2×6 层输出的 LayerNorm 逐步计算：均值与方差 → 居中 → 缩放 → 乘上学到的 γ、加上 β，决定输出的均值与方差。",
        "depth",
    ),
    _e(
        "backprop_small", "scene", "scenes.backprop_small", "engine.smallnet:small_net_step",
        "The 2-3-1 tanh net: forward, gradients ∂L/∂w flowing back, a +0.01 nudge of one weight against its "
        "gradient's prediction, one update with lr 0.1; loss 0.603 → 0.278.",
        "2-3-1 的 tanh 小網路：前向、梯度 ∂L/∂w 往回流、把一個權重加 0.01 來驗證梯度的預測、以 lr 0.1 更新一次；"
        "損失 0.603 → 0.278。",
        "2-3-1 的 tanh 小网络：前向、梯度 ∂L/∂w 往回流、把一个权重加 0.01 来验证梯度的预测、以 lr 0.1 更新一次；"
        "损失 0.603 → 0.278。",
        "depth",
    ),
    _e(
        "signal_decay_fig", "figure", "figures.signal_decay_fig", "engine.signal:signal_decay",
        "RMS of a 24-dim signal after each of 30 layers y = (s·W)·x, several s, log scale: without and with LayerNorm.",
        "24 維訊號穿過 30 層 y = (s·W)·x 後每層的 RMS（對數刻度，多個 s）：沒有與加上 LayerNorm 對照。",
        "24 维信号穿过 30 层 y = (s·W)·x 后每层的 RMS（对数刻度，多个 s）：没有与加上 LayerNorm 对照。",
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
