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
        "LayerNorm on a 2×6 layer output (2 tokens), step by step: mean and variance → centre → scale → the "
        "learned γ and β, which rescale and shift each feature.",
        "2×6 層輸出（2 個詞元）的 LayerNorm 逐步計算：平均值與變異數 → 置中 → 縮放 → 乘上學到的 γ、加上 β，"
        "逐一縮放、平移每個特徵。",
        "2×6 层输出（2 个词元）的 LayerNorm 逐步计算：平均值与方差 → 居中 → 缩放 → 乘上学到的 γ、加上 β，"
        "逐一缩放、平移每个特征。",
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
        "Without LayerNorm the RMS drifts exponentially with depth; with it, it is 1 by construction: "
        "a signal through 30 layers y = (s·W)·x, on one log axis: without LayerNorm the median RMS over 200 draws of W and the input "
        "drifts exponentially with depth (s from 0.5 to 2: s^ℓ times the median at s = 1, which itself falls to 0.503 by layer 30 "
        "though each layer keeps the mean square, 0.999 on average); with LayerNorm (one draw, γ = 1, β = 0) every s stays at 1.",
        "沒有 LayerNorm 時 RMS 隨層數指數式漂移；加上它，依定義停在 1："
        "訊號穿過 30 層 y = (s·W)·x，沒有 LayerNorm 時，W 與輸入 200 次抽樣的 RMS 中位數隨層數指數式漂移"
        "（s 從 0.5 到 2：是 s = 1 中位數的 s^ℓ 倍，而 s = 1 的中位數到第 30 層也降到 0.503，雖然每層平均保持平方的平均 0.999）；加上 LayerNorm（單次抽樣，γ = 1、β = 0），每個 s 都停在 1。",
        "没有 LayerNorm 时 RMS 随层数指数式漂移；加上它，依定义停在 1："
        "信号穿过 30 层 y = (s·W)·x，没有 LayerNorm 时，W 与输入 200 次抽样的 RMS 中位数随层数指数式漂移"
        "（s 从 0.5 到 2：是 s = 1 中位数的 s^ℓ 倍，而 s = 1 的中位数到第 30 层也降到 0.503，虽然每层平均保持平方的平均 0.999）；加上 LayerNorm（单次抽样，γ = 1、β = 0），每个 s 都停在 1。",
        "depth",
    ),
    _e(
        "signal_decay_draws", "figure", "figures.signal_decay_draws", "engine.signal:signal_decay",
        "s = 1 through 30 layers without LayerNorm: the RMS depends on the draw of W; this draw ends at 1.02; "
        "the 10th–90th percentile of 200 other draws runs 0.18–1.45; their median ends at 0.50.",
        "s = 1、沒有 LayerNorm 穿過 30 層：RMS 取決於抽到的 W；這一次抽樣停在 1.02；另外 200 次抽樣的第 10 到第 90 "
        "百分位數從 0.18 到 1.45，中位數停在 0.50。",
        "s = 1、没有 LayerNorm 穿过 30 层：RMS 取决于抽到的 W；这一次抽样停在 1.02；另外 200 次抽样的第 10 到第 90 "
        "百分位数从 0.18 到 1.45，中位数停在 0.50。",
        "depth",
    ),
    _e(
        "gelu_relu", "figure", "figures.gelu_relu", "engine.activations:gelu_relu",
        "GELU against ReLU: GELU is smooth and slightly negative left of 0 (minimum −0.17 at x = −0.75), "
        "its tanh approximation within 0.0005 of the exact curve.",
        "GELU 對照 ReLU：GELU 平滑，在 0 的左邊略為負值（最低點 x = −0.75 處 −0.17），tanh 近似與精確式相差不到 0.0005。",
        "GELU 对照 ReLU：GELU 平滑，在 0 的左边略为负值（最低点 x = −0.75 处 −0.17），tanh 近似与精确式相差不到 0.0005。",
        "depth",
    ),
    _e(
        "gelu_relu_dying", "figure", "figures.gelu_relu_dying", "engine.activations:gelu_relu",
        "A drift of −1.5 zeroes 18 of 24 ReLU gradients; GELU's smallest |gradient| there is 0.031: "
        "dying ReLU under drift. As 24 neurons drift left, ReLU's count of exactly-0 gradients climbs in steps to all 24 "
        "(from a drift of −3.25, the axis's left end −3.3); GELU's count of exactly-0 gradients stays at 0: its gradient is 0 "
        "only at a single point, when a neuron passes its minimum (z ≈ −0.75), never over an interval of drift; it falls "
        "below 0.001 only on the far-left tail, at drifts below −2.82 (the caption).",
        "漂移 −1.5 讓 24 個 ReLU 梯度中的 18 個變成 0；GELU 在那裡最小的 |梯度| 是 0.031："
        "漂移下的 ReLU 死亡。24 個神經元往左漂移時，ReLU 梯度恰為 0 的個數一階一階升到全部 24 個（漂移 −3.25 起，橫軸左端 −3.3）；"
        "GELU 梯度恰為 0 的個數停在 0：它的梯度只在神經元經過最低點（z ≈ −0.75）的那一點為 0，在任何一段漂移上都不是；"
        "只有在最左邊的尾端（漂移小於 −2.82）才低於 0.001。",
        "漂移 −1.5 让 24 个 ReLU 梯度中的 18 个变成 0；GELU 在那里最小的 |梯度| 是 0.031："
        "漂移下的 ReLU 死亡。24 个神经元往左漂移时，ReLU 梯度恰为 0 的个数一阶一阶升到全部 24 个（漂移 −3.25 起，横轴左端 −3.3）；"
        "GELU 梯度恰为 0 的个数停在 0：它的梯度只在神经元经过最低点（z ≈ −0.75）的那一点为 0，在任何一段漂移上都不是；"
        "只有在最左边的尾端（漂移小于 −2.82）才低于 0.001。",
        "depth",
    ),
    _e(
        "loss_curves", "figure", "figures.loss_curves", "engine.training:loss_curves",
        "LayerNorm lets s = 3.0 train; without, s = 3.0 ends in NaN, s = 0.3 is stuck: "
        "300 real training steps of one 6-layer net from s = 0.3, s = 3.0 and s = 3.0 + LayerNorm "
        "(½·MSE on targets sin(u·x), full-batch gradient descent with lr 0.1, W ~ N(0, 1/24), GELU, seed 0).",
        "加了 LayerNorm，s = 3.0 就能訓練；沒有它，s = 3.0 變成 NaN，s = 0.3 卡住不動："
        "同一個 6 層網路從 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出發，真實訓練 300 步"
        "（損失 ½·MSE，目標 sin(u·x)，全批次梯度下降，學習率 0.1，W ~ N(0, 1/24)，GELU，種子 0）。",
        "加了 LayerNorm，s = 3.0 就能训练；没有它，s = 3.0 变成 NaN，s = 0.3 卡住不动："
        "同一个 6 层网络从 s = 0.3、s = 3.0、s = 3.0 + LayerNorm 出发，真实训练 300 步"
        "（损失 ½·MSE，目标 sin(u·x)，全批量梯度下降，学习率 0.1，W ~ N(0, 1/24)，GELU，种子 0）。",
        "depth",
    ),
    _e(
        "shortcut_gradients", "figure", "figures.shortcut_gradients", "engine.training:shortcut_gradients",
        "With shortcuts every layer receives more of the backward signal: per unit of output error, layer 1's output of the 5-layer net receives ×90 more (one seed).",
        "有捷徑時，每一層收到更多反向訊號：以每單位輸出誤差計，這個 5 層網路第 1 層輸出收到的多 ×90（一個種子）。",
        "有捷径时，每一层收到更多反向信号：以每单位输出误差计，这个 5 层网络第 1 层输出收到的多 ×90（一个种子）。",
        "depth",
    ),
    _e(
        "param_count", "figure", "figures.param_count", "engine.gpt2:gpt2_sizes",
        "GPT-2 small as released (Q, K, V with biases) part by part: 163.0M untied, 124.4M tied; the feed forward holds 56.7M, the token embedding and the output head 38.6M each.",
        "公開的 GPT-2 small（Q、K、V 含偏置）參數逐項拆解：不綁定 163.0M、綁定 124.4M；前饋網路占 56.7M，詞元嵌入與輸出層各 38.6M。",
        "公开的 GPT-2 small（Q、K、V 含偏置）参数逐项拆解：不绑定 163.0M、绑定 124.4M；前馈网络占 56.7M，词元嵌入与输出层各 38.6M。",
        "depth", qkv_bias=True,  # the released GPT-2 small: 124,439,808 tied
    ),
    _e(
        "param_count_sizes", "figure", "figures.param_count_sizes", "engine.gpt2:gpt2_sizes",
        "The four GPT-2 sizes as released (Q, K, V with biases): 124.4M to 1,557.6M parameters tied; an untied output head adds 38.6M to 80.4M.",
        "公開的 GPT-2 四種尺寸（Q、K、V 含偏置）：綁定時 124.4M 到 1,557.6M 個參數；不綁定的輸出層再加 38.6M 到 80.4M。",
        "公开的 GPT-2 四种尺寸（Q、K、V 含偏置）：绑定时 124.4M 到 1,557.6M 个参数；不绑定的输出层再加 38.6M 到 80.4M。",
        "depth", qkv_bias=True,  # param_count's convention: the released counts, 124,439,808 … 1,557,611,200 tied
    ),
    _e(
        "ffn_shapes", "figure", "figures.ffn_shapes", "engine.ffn:ffn_shapes",
        "The FeedForward's shapes: 768 → 3,072 → 768 returns the input's shape, and its two Linear layers hold 4,722,432 parameters, 66.6% of a block.",
        "FeedForward 的形狀：768 → 3,072 → 768 回到輸入的形狀，兩個 Linear 層共 4,722,432 個參數，占一個區塊的 66.6%。",
        "FeedForward 的形状：768 → 3,072 → 768 回到输入的形状，两个 Linear 层共 4,722,432 个参数，占一个区块的 66.6%。",
        "depth",
    ),
    _e(
        "causal_mask", "figure", "figures.causal_mask", "engine.causal:causal_mask_table",
        "The 4-token causal mask: each position sees only itself and the tokens before it, so one forward pass trains 4 next-token predictions.",
        "4 個詞元的因果遮罩：每個位置只看得到自己和前面的詞元，所以一次前向傳播訓練 4 個下一個詞元的預測。",
        "4 个词元的因果掩码：每个位置只看得到自己和前面的词元，所以一次前向传播训练 4 个下一个词元的预测。",
        "depth",
    ),
)

# The teaching order, used by the lesson page and the deck (studio.catalogue.order): "scene@section"
# is the scene up to the pause that holds that section, a bare scene name the rest of it; a figure or
# a widget comes right after the scene pause it illustrates. A widget that asks for a prediction comes
# before the figure that states its answer (studio.publish.pages.text.REVEALED_BY).
LESSON = (
    "word", "causal", "causal_mask",
    "signal_decay@sweep", "gain", "signal_decay", "signal_decay_fig", "signal_decay_draws",
    "layernorm_steps", "lndim", "layernorm", "gelu_relu", "drift", "gelu_relu_dying", "ffn_shapes", "ffn",
    "backprop_small@forward", "forward", "backprop_small@update", "backward", "backprop_small", "training", "loss_curves",
    "shortcut", "shortcut_gradients", "block", "gpt2", "param_count", "param_count_sizes", "decode", "quiz",
)
