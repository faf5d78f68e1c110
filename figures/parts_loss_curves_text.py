"""The words of loss_curves in English, Traditional and Simplified Chinese (seed 004 §4.2, the 300 training
steps); figures.loss_curves draws with them."""
from __future__ import annotations

STRINGS = {
    "en": {
        "title": "Same {L}-layer network, three runs: the training loss over {steps} steps",
        "runs_line": "{L} layers × {w} wide, lr {lr}, full-batch GD, seed {seed}, one run per setting",
        "setup_line": "½·MSE on targets sin(u·x); full-batch gradient descent, lr {lr}; GELU; weights s·W, W ~ N(0, 1/{w}); seed {seed}",
        "gclaim": "why: before any update, s = {big}’s gradients are\nalready too large for lr {lr}, s = {small}’s too small",
        "gxlabel": "layer ({k} is the readout to one number)",
        "xlabel": "training step",
        "ylabel": "training loss (log scale)",
        "gylabel": "mean |∂L/∂W| at step 0\n(log scale)",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "claim": "LayerNorm lets s = {s} train; without, {fails}",
        "fail_nan": "s = {s} ends in NaN",
        "fail_inf": "s = {s} overflows to inf",
        "fail_stuck": "s = {s} is stuck",
        "fail_sep": ", ",
        "diverged": "{run}: {what} from step {k}",
        "diverged_over": "{run}: {b} at step {j}, {what} from step {k}",
        "chain1": "{a} at step 0",
        "chain2": "{a} at step 0 → {b} at step {j}",
        "c_diverged": " {run}: {chain}, then {what} from step {k} on; a value above the loss scale is marked by the arrow at its top.",
        "c_zero": " {v} is the loss of always predicting 0.",
        "zero_level": "{run}: {v}, the loss of always predicting 0",
        "c_learns": " {run}: {a} at step 0 → {b} at step {k}.",
        "nan": "NaN",
        "inf": "inf",
        "panels": ("(a) The training loss per step of each run; (b) the mean |∂L/∂W| of each layer at step 0, "
                   "before any update: the reason for (a). "),
        "caption": ("s multiplies every weight matrix W. Every run: {h} hidden layers of width {w} and a readout to one number, no biases; each layer is "
                    "h ← GELU(s·W h) (tanh approximation), followed by LayerNorm in the LayerNorm run. The runs start "
                    "from the same weights W ~ N(0, 1/{w}) and differ in s and in the LayerNorm after each layer; the LayerNorm has a learnable scale and shift. "
                    "Data: {n} inputs x ~ N(0, I), target sin(u·x) with u ~ N(0, I/{w}) drawn once; the loss is mean((ŷ − t)²)/2. Full-batch gradient descent for {steps} steps with learning rate {lr}, float32. One seed ({seed}): each start is "
                    "trained once, so the curves show no spread over seeds. The loss at step k is measured before update k. NaN (not a number) has no value, so nothing is plotted for it."),
    },
    "zh-Hant": {
        "title": "同一個 {L} 層網路訓練三次：{steps} 步的訓練損失",
        "runs_line": "{L} 層 × 寬 {w}，學習率 {lr}，全批次梯度下降，種子 {seed}，每種設定只跑一次",
        "setup_line": "損失 ½·MSE，目標 sin(u·x)；全批次梯度下降，學習率 {lr}；GELU；權重 s·W，W ~ N(0, 1/{w})；種子 {seed}",
        "gclaim": "原因：還沒更新時，對學習率 {lr} 而言\ns = {big} 的梯度就已太大，s = {small} 的則太小",
        "gxlabel": "層（第 {k} 層是輸出 1 個數的讀出層）",
        "xlabel": "訓練步數",
        "ylabel": "訓練損失（對數刻度）",
        "gylabel": "第 0 步的平均 |∂L/∂W|\n（對數刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "claim": "加了 LayerNorm，s = {s} 就能訓練；沒有它，{fails}",
        "fail_nan": "s = {s} 變成 NaN",
        "fail_inf": "s = {s} 溢位成 inf",
        "fail_stuck": "s = {s} 卡住不動",
        "fail_sep": "，",
        "diverged": "{run}：第 {k} 步起為 {what}",
        "diverged_over": "{run}：第 {j} 步 {b}，第 {k} 步起為 {what}",
        "chain1": "第 0 步 {a}",
        "chain2": "第 0 步 {a} → 第 {j} 步 {b}",
        "c_diverged": "{run}：{chain}，第 {k} 步起為 {what}；超出損失刻度的值以刻度頂端的箭頭標出。",
        "c_zero": "{v} 就是永遠預測 0 的損失。",
        "zero_level": "{run}：{v}，永遠預測 0 的損失",
        "c_learns": "{run}：第 0 步 {a} → 第 {k} 步 {b}。",
        "nan": "NaN",
        "inf": "inf",
        "panels": "(a) 每次訓練每一步的訓練損失；(b) 第 0 步、還沒更新時各層的平均 |∂L/∂W|：(a) 的原因。",
        "caption": ("s 乘上每一個權重矩陣 W。每次訓練：{h} 個寬度 {w} 的隱藏層，加一個輸出 1 個數的讀出層，沒有偏置；每層為 h ← GELU(s·W h)"
                    "（tanh 近似），LayerNorm 那次在每層後再接 LayerNorm。三次訓練從同一組權重 W ~ N(0, 1/{w}) 出發，"
                    "差在 s 與每層後的 LayerNorm；LayerNorm 有可學習的縮放與平移。資料：{n} 個輸入 x ~ N(0, I)，目標 sin(u·x)，u ~ N(0, I/{w}) 只抽一次；損失為 mean((ŷ − t)²)/2。全批次梯度下降 {steps} 步，學習率 {lr}，float32。只用一個亂數種子（{seed}）："
                    "每個起點只訓練一次，圖上看不出不同種子之間的差異。第 k 步的損失在第 k 次更新之前量。NaN（不是數）沒有值，所以不畫。"),
    },
    "zh-Hans": {
        "title": "同一个 {L} 层网络训练三次：{steps} 步的训练损失",
        "runs_line": "{L} 层 × 宽 {w}，学习率 {lr}，全批量梯度下降，种子 {seed}，每种设置只跑一次",
        "setup_line": "损失 ½·MSE，目标 sin(u·x)；全批量梯度下降，学习率 {lr}；GELU；权重 s·W，W ~ N(0, 1/{w})；种子 {seed}",
        "gclaim": "原因：还没更新时，对学习率 {lr} 而言\ns = {big} 的梯度就已太大，s = {small} 的则太小",
        "gxlabel": "层（第 {k} 层是输出 1 个数的读出层）",
        "xlabel": "训练步数",
        "ylabel": "训练损失（对数刻度）",
        "gylabel": "第 0 步的平均 |∂L/∂W|\n（对数刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "claim": "加了 LayerNorm，s = {s} 就能训练；没有它，{fails}",
        "fail_nan": "s = {s} 变成 NaN",
        "fail_inf": "s = {s} 溢出为 inf",
        "fail_stuck": "s = {s} 卡住不动",
        "fail_sep": "，",
        "diverged": "{run}：第 {k} 步起为 {what}",
        "diverged_over": "{run}：第 {j} 步 {b}，第 {k} 步起为 {what}",
        "chain1": "第 0 步 {a}",
        "chain2": "第 0 步 {a} → 第 {j} 步 {b}",
        "c_diverged": "{run}：{chain}，第 {k} 步起为 {what}；超出损失刻度的值以刻度顶端的箭头标出。",
        "c_zero": "{v} 就是永远预测 0 的损失。",
        "zero_level": "{run}：{v}，永远预测 0 的损失",
        "c_learns": "{run}：第 0 步 {a} → 第 {k} 步 {b}。",
        "nan": "NaN",
        "inf": "inf",
        "panels": "(a) 每次训练每一步的训练损失；(b) 第 0 步、还没更新时各层的平均 |∂L/∂W|：(a) 的原因。",
        "caption": ("s 乘上每一个权重矩阵 W。每次训练：{h} 个宽度 {w} 的隐藏层，加一个输出 1 个数的读出层，没有偏置；每层为 h ← GELU(s·W h)"
                    "（tanh 近似），LayerNorm 那次在每层后再接 LayerNorm。三次训练从同一组权重 W ~ N(0, 1/{w}) 出发，"
                    "差在 s 与每层后的 LayerNorm；LayerNorm 有可学习的缩放与平移。数据：{n} 个输入 x ~ N(0, I)，目标 sin(u·x)，u ~ N(0, I/{w}) 只抽一次；损失为 mean((ŷ − t)²)/2。全批量梯度下降 {steps} 步，学习率 {lr}，float32。只用一个随机种子（{seed}）："
                    "每个起点只训练一次，图上看不出不同种子之间的差异。第 k 步的损失在第 k 次更新之前测量。NaN（不是数）没有值，所以不画。"),
    },
}
