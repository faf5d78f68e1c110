"""backprop_small's words in en, zh-Hant and zh-Hans (the same keys in each language), how it writes its
numbers, and which variant of a claim-bearing caption holds (seed 004 "補充：前向傳播 × 反向傳播").

Nodes and edges show 2 decimals (`f2`, `vec`), the learning rate as written (`lr_text`);
`caption_keys` says whether ŷ is far from the target and whether the loss went down
(tests/test_params_training.py checks both against other inputs).
"""
import numpy as np

from look import fmt_num

STRINGS = {
    "en": {
        "title": "Forward, backward, one update",
        "input": "input x",
        "hidden": "hidden: tanh",
        "output": "output ŷ",
        "loss": "loss",
        "target": "target {t}",
        "bias": "b {v}",
        "forward": "forward: activations flow right",
        "backward": "backward: gradients flow left",
        "update": "update, lr = {lr}",
        "again": "forward again with the new weights",
        "edge_key_w": "edge labels: weights",
        "edge_key_g": "edge labels: ∂L/∂w",
        "edge_key_n": "edge labels: new weights",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "loss  {a}  →  {b}",
        "cap_net": "A tiny net: 2 inputs, 3 hidden nodes with tanh, 1 output. The numbers on the edges are "
                   "its weights; the input is x = [{x0}, {x1}].",
        "cap_forward_how": "In the forward pass each hidden node sums its weighted inputs plus a bias and applies tanh.",
        "cap_forward": "The output sums again to {y}, far from the target {t}: the loss ½(output − target)² is {loss}.",
        "cap_backward": "Backward: start from the output's gradient, output − target = {dy}, and apply the chain rule layer by "
                        "layer, right to left. Every weight gets its gradient ∂L/∂w.",
        "cap_update": "Update: every weight takes a small step against its gradient, W ← W − {lr}·∂L/∂W.",
        "cap_forward_near": "The output sums again to {y} against the target {t}: the loss ½(output − target)² is {loss}.",
        "cap_again": "The output goes from {y0} to {y1}, the loss from {l0} to {l1}. "
                     "That full loop is one step of learning.",
        "cap_again_up": "The output goes from {y0} to {y1}, the loss from {l0} to {l1}. "
                        "The loss went up: with lr = {lr} the step overshot.",
        "cap_again_same": "The output goes from {y0} to {y1}, the loss from {l0} to {l1}. "
                          "One step of learning; at three decimals the loss has not moved.",
        "cap_again_run": "Run the forward pass again with the new weights.",
        "cap_summary": "Training repeats this loop millions of times. When the path back is deep, the "
                       "gradients can shrink on the way: that is what shortcuts and LayerNorm fight.",
    },
    "zh-Hant": {
        "title": "前向、反向、更新一次",
        "input": "輸入 x",
        "hidden": "隱藏層：tanh",
        "output": "輸出 ŷ",
        "loss": "損失",
        "target": "目標 {t}",
        "bias": "b {v}",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "update": "更新，學習率 lr = {lr}",
        "again": "用新權重再跑一次前向",
        "edge_key_w": "連線上的數字：權重",
        "edge_key_g": "連線上的數字：∂L/∂w",
        "edge_key_n": "連線上的數字：新權重",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "損失  {a}  →  {b}",
        "cap_net": "一個小網路：2 個輸入、3 個 tanh 隱藏節點、1 個輸出。連線上的數字是權重；輸入 x = [{x0}, {x1}]。",
        "cap_forward_how": "前向：隱藏節點加權求和、加上偏置、過 tanh，輸出層再加權求和。",
        "cap_forward": "輸出是 {y}，離目標 {t} 很遠，損失是 {loss}。",
        "cap_backward": "反向：用連鎖律由右往左一層層乘回去，起點是輸出的梯度，輸出 − 目標 = {dy}；"
                        "每個權重都拿到自己的梯度 ∂L/∂w。",
        "cap_update": "更新：每個權重朝梯度的反方向走一小步，步長是梯度的 {lr} 倍。",
        "cap_forward_near": "輸出是 {y}，目標是 {t}，損失是 {loss}。",
        "cap_again": "輸出從 {y0} 變成 {y1}，損失從 {l0} 變成 {l1}。這一整圈就是一次「學習」。",
        "cap_again_up": "輸出從 {y0} 變成 {y1}，損失從 {l0} 變成 {l1}。損失反而變大：lr = {lr} 這一步跨過頭了。",
        "cap_again_same": "輸出從 {y0} 變成 {y1}，損失從 {l0} 變成 {l1}。這是一次學習，只是取到小數點後三位，損失還看不出變化。",
        "cap_again_run": "用新權重重跑一次前向。",
        "cap_summary": "訓練就是把這一圈重複成千上萬次。回傳的路一深，梯度可能在半路縮小：捷徑連線和 LayerNorm "
                       "就是為此而設。",
    },
    "zh-Hans": {
        "title": "前向、反向、更新一次",
        "input": "输入 x",
        "hidden": "隐藏层：tanh",
        "output": "输出 ŷ",
        "loss": "损失",
        "target": "目标 {t}",
        "bias": "b {v}",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "update": "更新，学习率 lr = {lr}",
        "again": "用新权重再跑一次前向",
        "edge_key_w": "连线上的数字：权重",
        "edge_key_g": "连线上的数字：∂L/∂w",
        "edge_key_n": "连线上的数字：新权重",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "损失  {a}  →  {b}",
        "cap_net": "一个小网络：2 个输入、3 个 tanh 隐藏节点、1 个输出。连线上的数字是权重；输入 x = [{x0}, {x1}]。",
        "cap_forward_how": "前向：隐藏节点加权求和、加上偏置、过 tanh，输出层再加权求和。",
        "cap_forward": "输出是 {y}，离目标 {t} 很远，损失是 {loss}。",
        "cap_backward": "反向：用链式法则由右往左一层层乘回去，起点是输出的梯度，输出 − 目标 = {dy}；"
                        "每个权重都拿到自己的梯度 ∂L/∂w。",
        "cap_update": "更新：每个权重朝梯度的反方向走一小步，步长是梯度的 {lr} 倍。",
        "cap_forward_near": "输出是 {y}，目标是 {t}，损失是 {loss}。",
        "cap_again": "输出从 {y0} 变成 {y1}，损失从 {l0} 变成 {l1}。这一整圈就是一次「学习」。",
        "cap_again_up": "输出从 {y0} 变成 {y1}，损失从 {l0} 变成 {l1}。损失反而变大：lr = {lr} 这一步迈过头了。",
        "cap_again_same": "输出从 {y0} 变成 {y1}，损失从 {l0} 变成 {l1}。这是一次学习，只是取到小数点后三位，损失还看不出变化。",
        "cap_again_run": "用新权重重跑一次前向。",
        "cap_summary": "训练就是把这一圈重复成千上万次。回传的路一深，梯度可能在半路缩小：捷径连接和 LayerNorm "
                       "就是为此而设。",
    },
}


def f2(v, signed=False) -> str:
    return fmt_num(float(v), 2, signed=signed)


def vec(values, signed=False) -> str:
    return ", ".join(f2(v, signed) for v in values)


def lr_text(lr: float) -> str:
    """The learning rate as written: one decimal (0.1), else every decimal it has (0.05, 0.000066: the
    caption font has no superscript minus for 6.6×10⁻⁵)."""
    lr = float(lr)
    if round(lr, 1) == lr:
        return fmt_num(lr, 1)
    return np.format_float_positional(lr, trim="-")


FAR = 0.5  # |ŷ − target| from which the forward caption says ŷ is far from the target


def caption_keys(d) -> dict:
    """Which variant of the claim-bearing captions holds for the record d: {caption: key}."""
    l0, l1 = fmt_num(d.loss, 3), fmt_num(d.loss_new, 3)
    if l0 == l1:
        again = "cap_again_same"
    else:
        again = "cap_again" if d.loss_new < d.loss else "cap_again_up"
    return {"forward": "cap_forward" if abs(d.y_hat - d.target) >= FAR else "cap_forward_near", "again": again}

