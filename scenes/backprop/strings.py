"""backprop_small's words in en, zh-Hant and zh-Hans (the same keys in each language), how it writes its
numbers, and which variant of a claim-bearing caption holds (seed 004 "補充：前向傳播 × 反向傳播").

Nodes and edges show 2 decimals (`f2`, `vec`), the learning rate as written (`lr_text`);
`caption_keys` says whether ŷ is far from the target, whether the nudged weight's gradient predicts
the re-run's Δloss within 5 % and whether the loss went down (tests/test_params_training.py checks
them against other inputs).
"""
import numpy as np

from look import fmt_num

STRINGS = {
    "en": {
        "title": "Forward, backward, one update",
        "input": "input x",
        "hidden": "hidden: tanh",
        "output": "output ŷ",
        "d_hidden": "∂L/∂z₁ at each node",
        "d_output": "∂L/∂ŷ",
        "loss": "loss",
        "target": "target {t}",
        "bias": "b {v}",
        "d_bias": "∂L/∂b\n{v}",
        "head_w1": "W₁", "head_w2": "W₂",
        "head_g1": "∂L/∂W₁", "head_g2": "∂L/∂W₂",
        "head_n1": "new W₁", "head_n2": "new W₂",
        "forward": "forward: activations flow right",
        "backward": "backward: gradients flow left",
        "nudge": "nudge one weight by +{h}",
        "update": "update, lr = {lr}",
        "again": "forward with the new weights",
        "edge_key_w": "on the edges: weights",
        "nudge_w": "w = {w}    ∂L/∂w = {g}",
        "rerun": "re-run",
        "predict": "predicted",
        "rerun_what": "Δloss",
        "predict_what": "∂L/∂w × {h}",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "one step:\nloss {a} → {b}",
        "cap_net": "A tiny net: 2 inputs, 3 hidden nodes with tanh, 1 output. The numbers on the edges are "
                   "its weights; the input is x = [{x0}, {x1}].",
        "cap_forward_how": "In the forward pass, each hidden node adds a bias to its weighted inputs and applies tanh.",
        "cap_forward": "The output sums again to {y}, far from the target {t}: the loss ½(output − target)² is {loss}.",
        "cap_forward_near": "The output sums again to {y} against the target {t}: the loss ½(output − target)² is {loss}.",
        "cap_back_out": "Backward starts at the output: its gradient is output − target = {dy}.",
        "cap_back_chain": "The chain rule carries it back layer by layer. Each weight's ∂L/∂w is the gradient at its "
                          "node times the input it multiplies.",
        "cap_back_end": "The numbers on the edges are now gradients ∂L/∂w, not weights.",
        "cap_nudge": "What does a gradient say? Nudge the marked weight by {h} and run the forward pass again: "
                     "the loss changes by {d}.",
        "cap_nudge_close": "Its gradient times {h} predicts {p}: a gradient is how strongly the loss responds "
                           "to its weight.",
        "cap_nudge_rough": "Its gradient times {h} predicts {p}. Close but not equal: here {h} is not yet a small step.",
        "cap_update": "The update needs only these gradients. "
                      "Each weight moves against its gradient by the rule W ← W − {lr}·∂L/∂W.",
        "cap_again_run": "Run the forward pass again with the new weights.",
        "cap_again": "One step took the loss from {l0} to {l1}. Training repeats this step many times.",
        "cap_again_up": "One step took the loss from {l0} up to {l1}: with lr = {lr} the step overshot.",
        "cap_again_same": "One step took the loss from {l0} to {l1}: at three decimals it has not moved.",
    },
    "zh-Hant": {
        "title": "前向、反向、更新一次",
        "input": "輸入 x",
        "hidden": "隱藏層：tanh",
        "output": "輸出 ŷ",
        "d_hidden": "各節點的 ∂L/∂z₁",
        "d_output": "∂L/∂ŷ",
        "loss": "損失",
        "target": "目標 {t}",
        "bias": "b {v}",
        "d_bias": "∂L/∂b\n{v}",
        "head_w1": "W₁", "head_w2": "W₂",
        "head_g1": "∂L/∂W₁", "head_g2": "∂L/∂W₂",
        "head_n1": "新的 W₁", "head_n2": "新的 W₂",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "nudge": "只把一個權重加 {h}",
        "update": "更新，學習率 lr = {lr}",
        "again": "用新權重跑前向",
        "edge_key_w": "連線上的數字：權重",
        "nudge_w": "w = {w}    ∂L/∂w = {g}",
        "rerun": "重跑前向",
        "predict": "梯度預測",
        "rerun_what": "Δ損失",
        "predict_what": "∂L/∂w × {h}",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "一步更新：\n損失 {a} → {b}",
        "cap_net": "一個小網路：2 個輸入、3 個 tanh 隱藏節點、1 個輸出。連線上的數字是權重；輸入 x = [{x0}, {x1}]。",
        "cap_forward_how": "前向：隱藏節點把輸入加權求和、加上偏置，再過 tanh。",
        "cap_forward": "輸出層再加權求和得到 {y}，離目標 {t} 很遠，損失 ½(輸出 − 目標)² 是 {loss}。",
        "cap_forward_near": "輸出層再加權求和得到 {y}，目標是 {t}，損失 ½(輸出 − 目標)² 是 {loss}。",
        "cap_back_out": "反向從輸出開始：輸出的梯度是 輸出 − 目標 = {dy}。",
        "cap_back_chain": "連鎖律把它一層層往回傳。一個權重的梯度 ∂L/∂w，就是傳到它那個節點的梯度，乘上這個權重所乘的輸入。",
        "cap_back_end": "現在連線上的數字是梯度 ∂L/∂w，不是權重。",
        "cap_nudge": "梯度代表什麼？把標出的權重加 {h}，重跑一次前向，損失變化了 {d}。",
        "cap_nudge_close": "用梯度乘以 {h} 來預測，得到 {p}。梯度就是損失對這個權重的敏感度。",
        "cap_nudge_rough": "用梯度乘以 {h} 來預測，得到 {p}。很接近但不相等：在這個網路裡，{h} 還不夠小。",
        "cap_update": "更新只需要這些梯度。每個權重都照 W ← W − {lr}·∂L/∂W，朝梯度的反方向走一步。",
        "cap_again_run": "用新權重重跑一次前向。",
        "cap_again": "這一步把損失從 {l0} 降到 {l1}。訓練就是把這一步重複很多次。",
        "cap_again_up": "這一步反而讓損失從 {l0} 升到 {l1}：lr = {lr} 的步子太大了。",
        "cap_again_same": "這一步後損失從 {l0} 到 {l1}：取到小數點後三位，還看不出變化。",
    },
    "zh-Hans": {
        "title": "前向、反向、更新一次",
        "input": "输入 x",
        "hidden": "隐藏层：tanh",
        "output": "输出 ŷ",
        "d_hidden": "各节点的 ∂L/∂z₁",
        "d_output": "∂L/∂ŷ",
        "loss": "损失",
        "target": "目标 {t}",
        "bias": "b {v}",
        "d_bias": "∂L/∂b\n{v}",
        "head_w1": "W₁", "head_w2": "W₂",
        "head_g1": "∂L/∂W₁", "head_g2": "∂L/∂W₂",
        "head_n1": "新的 W₁", "head_n2": "新的 W₂",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "nudge": "只把一个权重加 {h}",
        "update": "更新，学习率 lr = {lr}",
        "again": "用新权重跑前向",
        "edge_key_w": "连线上的数字：权重",
        "nudge_w": "w = {w}    ∂L/∂w = {g}",
        "rerun": "重跑前向",
        "predict": "梯度预测",
        "rerun_what": "Δ损失",
        "predict_what": "∂L/∂w × {h}",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "一步更新：\n损失 {a} → {b}",
        "cap_net": "一个小网络：2 个输入、3 个 tanh 隐藏节点、1 个输出。连线上的数字是权重；输入 x = [{x0}, {x1}]。",
        "cap_forward_how": "前向：隐藏节点把输入加权求和、加上偏置，再过 tanh。",
        "cap_forward": "输出层再加权求和得到 {y}，离目标 {t} 很远，损失 ½(输出 − 目标)² 是 {loss}。",
        "cap_forward_near": "输出层再加权求和得到 {y}，目标是 {t}，损失 ½(输出 − 目标)² 是 {loss}。",
        "cap_back_out": "反向从输出开始：输出的梯度是 输出 − 目标 = {dy}。",
        "cap_back_chain": "链式法则把它一层层往回传。一个权重的梯度 ∂L/∂w，就是传到它那个节点的梯度，乘上这个权重所乘的输入。",
        "cap_back_end": "现在连线上的数字是梯度 ∂L/∂w，不是权重。",
        "cap_nudge": "梯度代表什么？把标出的权重加 {h}，重跑一次前向，损失变化了 {d}。",
        "cap_nudge_close": "用梯度乘以 {h} 来预测，得到 {p}。梯度就是损失对这个权重的敏感度。",
        "cap_nudge_rough": "用梯度乘以 {h} 来预测，得到 {p}。很接近但不相等：在这个网络里，{h} 还不够小。",
        "cap_update": "更新只需要这些梯度。每个权重都按 W ← W − {lr}·∂L/∂W，朝梯度的反方向走一步。",
        "cap_again_run": "用新权重重跑一次前向。",
        "cap_again": "这一步把损失从 {l0} 降到 {l1}。训练就是把这一步重复很多次。",
        "cap_again_up": "这一步反而让损失从 {l0} 升到 {l1}：lr = {lr} 的步子太大了。",
        "cap_again_same": "这一步后损失从 {l0} 到 {l1}：取到小数点后三位，还看不出变化。",
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
CLOSE = 0.05  # the re-run's Δloss within this fraction of the gradient's prediction: "predicts"


def caption_keys(d) -> dict:
    """Which variant of the claim-bearing captions holds for the record d: {caption: key}."""
    l0, l1 = fmt_num(d.loss, 3), fmt_num(d.loss_new, 3)
    if l0 == l1:
        again = "cap_again_same"
    else:
        again = "cap_again" if d.loss_new < d.loss else "cap_again_up"
    close = abs(d.dloss_nudge - d.dloss_linear) <= CLOSE * abs(d.dloss_linear) + 5e-6
    return {"forward": "cap_forward" if abs(d.y_hat - d.target) >= FAR else "cap_forward_near", "again": again,
            "nudge": "cap_nudge_close" if close else "cap_nudge_rough"}


def f5(v) -> str:
    """A change of the loss (Δloss, ∂L/∂w × 0.01): five decimals, so the two can be compared."""
    return fmt_num(float(v), 5)

