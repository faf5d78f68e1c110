"""The words of loss_curves in English, Traditional and Simplified Chinese (seed 004 §4.2, the 300 training
steps); figures.loss_curves draws with them."""
from __future__ import annotations

STRINGS = {
    "en": {
        "title": "Same {L}-layer network, three runs: the training loss over {steps} steps\n"
                 "s multiplies every weight matrix W; full-batch gradient descent, lr = {lr}",
        "gtitle": r"Why: mean |$\partial L/\partial W$| of each layer at step 0, before any update",
        "gxlabel": "layer ({k} is the readout to one number)",
        "xlabel": "training step",
        "ylabel": "training loss (log scale)",
        "gylabel": "mean |gradient| (log scale)",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}: stuck at {v}",
        "learns": "{run}:\nfits the {n} training pairs (x, sin(u·x))",
        "learns_to": "{run}: {a} → {b} at step {k}",
        "rises": "{run}: rises, {a} → {b} at step {k}",
        "diverged": "{run}: {what} from step {k}",
        "diverged_over": "{run}: {a} at step 0, {b} at step {j} (off scale),\n{what} from step {k} on",
        "stuck_zero": "{run}: stuck at {v} (= always predicting 0)",
        "chain1": "{a} at step 0",
        "chain2": "{a} at step 0 → {b} at step {j}",
        "c_diverged": " {run}: {chain}, then {what} from step {k} on; a value above the loss scale is marked by the arrow at its top.",
        "c_zero": " {v} is the loss of always answering 0.",
        "c_learns": " {run}: {a} at step 0 → {b} at step {k}.",
        "gstuck": "{run}: too small at every layer, {a} at layer 1",
        "glearns": "{run}: {a} at layer 1",
        "gdiverged": "{run}: too large at every layer, {a} at layer 1",
        "nan": "NaN",
        "inf": "inf",
        "caption": ("s multiplies every weight matrix W. Every run: {h} hidden layers of width {w} and a readout to one number, no biases; each layer is "
                    "h ← GELU(s·W h) (tanh approximation), followed by LayerNorm in the LayerNorm run. The runs start "
                    "from the same weights W ~ N(0, 1/{w}) and differ only in s; the LayerNorm has a learnable scale and shift. "
                    "Data: {n} inputs x ~ N(0, I), target sin(u·x) with u ~ N(0, I/{w}) drawn once; the loss is mean((ŷ − t)²)/2. Full-batch gradient descent with learning rate {lr}, float32, seed {seed}; the loss at "
                    "step k is measured before update k. NaN (not a number) has no value, so nothing is plotted for it."),
    },
    "zh-Hant": {
        "title": "同一個 {L} 層網路訓練三次：{steps} 步的訓練損失\n"
                 "s 乘在每個權重矩陣 W 上；全批次梯度下降，學習率 lr = {lr}",
        "gtitle": r"原因：第 0 步（還沒更新）各層的平均 |$\partial L/\partial W$|",
        "gxlabel": "層（第 {k} 層是輸出 1 個數的讀出層）",
        "xlabel": "訓練步數",
        "ylabel": "訓練損失（對數刻度）",
        "gylabel": "平均 |梯度|（對數刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}：卡在 {v}",
        "learns": "{run}：\n擬合 {n} 組訓練資料 (x, sin(u·x))",
        "learns_to": "{run}：{a} → 第 {k} 步 {b}",
        "rises": "{run}：不降反升，{a} → 第 {k} 步 {b}",
        "diverged": "{run}：第 {k} 步起為 {what}",
        "diverged_over": "{run}：第 0 步 {a}，第 {j} 步 {b}（超出刻度），\n第 {k} 步起為 {what}",
        "stuck_zero": "{run}：卡在 {v}（= 永遠預測 0）",
        "chain1": "第 0 步 {a}",
        "chain2": "第 0 步 {a} → 第 {j} 步 {b}",
        "c_diverged": "{run}：{chain}，第 {k} 步起為 {what}；超出損失刻度的值以刻度頂端的箭頭標出。",
        "c_zero": "{v} 就是永遠回答 0 的損失。",
        "c_learns": "{run}：第 0 步 {a} → 第 {k} 步 {b}。",
        "gstuck": "{run}：每一層都太小，第 1 層 {a}",
        "glearns": "{run}：第 1 層 {a}",
        "gdiverged": "{run}：每一層都太大，第 1 層 {a}",
        "nan": "NaN",
        "inf": "inf",
        "caption": ("s 乘上每一個權重矩陣 W。每次訓練：{h} 個寬度 {w} 的隱藏層，加一個輸出 1 個數的讀出層，沒有偏置；每層為 h ← GELU(s·W h)"
                    "（tanh 近似），LayerNorm 那次在每層後再接 LayerNorm。三次訓練從同一組權重 W ~ N(0, 1/{w}) 出發，"
                    "只差在 s；LayerNorm 有可學習的縮放與平移。資料：{n} 個輸入 x ~ N(0, I)，目標 sin(u·x)，u ~ N(0, I/{w}) 只抽一次；損失為 mean((ŷ − t)²)/2。全批次梯度下降，學習率 {lr}，float32，"
                    "亂數種子 {seed}；第 k 步的損失在第 k 次更新之前量。NaN（不是數）沒有值，所以不畫。"),
    },
    "zh-Hans": {
        "title": "同一个 {L} 层网络训练三次：{steps} 步的训练损失\n"
                 "s 乘在每个权重矩阵 W 上；全批量梯度下降，学习率 lr = {lr}",
        "gtitle": r"原因：第 0 步（还没更新）各层的平均 |$\partial L/\partial W$|",
        "gxlabel": "层（第 {k} 层是输出 1 个数的读出层）",
        "xlabel": "训练步数",
        "ylabel": "训练损失（对数刻度）",
        "gylabel": "平均 |梯度|（对数刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}：卡在 {v}",
        "learns": "{run}：\n拟合 {n} 组训练数据 (x, sin(u·x))",
        "learns_to": "{run}：{a} → 第 {k} 步 {b}",
        "rises": "{run}：不降反升，{a} → 第 {k} 步 {b}",
        "diverged": "{run}：第 {k} 步起为 {what}",
        "diverged_over": "{run}：第 0 步 {a}，第 {j} 步 {b}（超出刻度），\n第 {k} 步起为 {what}",
        "stuck_zero": "{run}：卡在 {v}（= 永远预测 0）",
        "chain1": "第 0 步 {a}",
        "chain2": "第 0 步 {a} → 第 {j} 步 {b}",
        "c_diverged": "{run}：{chain}，第 {k} 步起为 {what}；超出损失刻度的值以刻度顶端的箭头标出。",
        "c_zero": "{v} 就是永远回答 0 的损失。",
        "c_learns": "{run}：第 0 步 {a} → 第 {k} 步 {b}。",
        "gstuck": "{run}：每一层都太小，第 1 层 {a}",
        "glearns": "{run}：第 1 层 {a}",
        "gdiverged": "{run}：每一层都太大，第 1 层 {a}",
        "nan": "NaN",
        "inf": "inf",
        "caption": ("s 乘上每一个权重矩阵 W。每次训练：{h} 个宽度 {w} 的隐藏层，加一个输出 1 个数的读出层，没有偏置；每层为 h ← GELU(s·W h)"
                    "（tanh 近似），LayerNorm 那次在每层后再接 LayerNorm。三次训练从同一组权重 W ~ N(0, 1/{w}) 出发，"
                    "只差在 s；LayerNorm 有可学习的缩放与平移。数据：{n} 个输入 x ~ N(0, I)，目标 sin(u·x)，u ~ N(0, I/{w}) 只抽一次；损失为 mean((ŷ − t)²)/2。全批量梯度下降，学习率 {lr}，float32，"
                    "随机种子 {seed}；第 k 步的损失在第 k 次更新之前测量。NaN（不是数）没有值，所以不画。"),
    },
}
