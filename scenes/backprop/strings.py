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
        "summary": "one training step, in three parts",
        "card_fwd": "forward → the loss",
        "card_back": "backward → all gradients",
        "card_upd": "update: w − lr × gradient",
        "title": "Forward, backward, one update",
        "input": "input x",
        "hidden": "hidden nodes: a = tanh(z)",
        "hidden_z": "hidden nodes: z = Wx + b",
        "output": "output ŷ",
        "d_hidden": "hidden {g}",
        "loss": "loss",
        "target": "target {t}",
        "bias": "b {v}",
        "bias_delta": "Δb {v}",
        "bias_step": "b ← {b} − {lr} × ({g}) = {n}",
        "a_tag": "a = {v}",
        "z_nudge": "nudge z by {h}",
        "note_T": "rows as columns",  # after Wᵀ, under the chain-rule formula where ᵀ and ⊙ first appear
        "note_odot": "entrywise product",
        "head_new": "new {g}",
        "forward": "forward: activations flow right",
        "backward": "backward: gradients flow left",
        "nudge": "nudge one weight by +{h}",
        "update": "update, lr = {lr}",
        "again": "forward with the new weights",
        "edge_key_w": "on the edges: weights",
        "rerun": "re-run",
        "predict": "predicted",
        "loss_moved": "loss {a} → {b}",
        "ripple_z": "First z moves by {d}: {r} times the nudge, the input x = {f}.",
        "ripple_a": "tanh passes on Δa = {d}: {r} times Δz, tanh's slope there.",
        "ripple_y_w1": "Then the output moves by {d}: {r} times Δa, its weight {f} to the output.",
        "ripple_y_w2": "The output moves by {d}: the nudge times the hidden value a.",
        "ripple_L": "That is {r} times the output's change: near the output's gradient {f}.",
        "key_up": "step > 0: the value rises",
        "key_down": "step < 0: the value falls",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "one step:\nloss {a} → {b}",
        "curve_title": "loss after each step",
        "curve_step": "step",
        "curve_last": "after step {n}: {v}",
        "loss_after": "after step {n}",
        "dir_neg": "The minus sign means increasing this weight lowers the loss.",
        "dir_pos": "The plus sign means increasing this weight raises the loss.",
        "cap_net": "A tiny net: 2 inputs, 3 hidden nodes with tanh, 1 output. The numbers on the edges are its weights; the input is x = [{x0}, {x1}]. First-layer weights are numbered 1 to 6. Two of them happen to equal the inputs, {x0} and {x1}.",
        "cap_forward_how": "Forward: each hidden node sums its weighted inputs plus a bias, then applies tanh.",
        "cap_forward_out": "With no tanh, the output node sums its weighted inputs plus its bias: {y}.",
        "cap_forward": "That is far from the target {t}: the loss ½(output − target)² is {loss}.",
        "cap_forward_near": "Against the target {t}, the loss ½(output − target)² is {loss}.",
        "cap_back_out": "Backward starts at the output. For the squared loss ½(output − target)², its gradient is output − target = {dy}.",
        "cap_back_w1": "For a first-layer weight, its node's gradient × x[1]: {dz} × {x} = {g}.",
        "cap_back_end": "Every other weight gets its gradient in the same way. Each output weight has its gradient written under it. Each hidden node's gradient is reused by every weight into it, times that weight's input. A bias's gradient is its node's, as z moves one for one with b.",
        "cap_nudge_loss": "The loss moves from {l0} to {l1}, changing by {d}.",
        "cap_again_run": "Run the forward pass again with the new weights; the input x stays the same.",
        "cap_again": "One step of gradient descent took the loss from {l0} to {l1}.",
        "cap_again_up": "One step took the loss from {l0} up to {l1}: with lr = {lr} the step overshot.",
        "cap_again_same": "One step took the loss from {l0} to {l1}: at three decimals it has not moved.",
        "cap_curve": "Repeating this step on this one example: after {n} steps the loss is {ln}.",
        "cap_back_chain": "The chain rule carries the gradient back along each edge, times its weight.",
        "cap_back_mult": "A small change passes each step scaled by that step's slope, so the slopes multiply.",
        "cap_hops_tie": "The product of the slopes, {g}, is the gradient at the top node: the smaller the nudge, the closer the ratio ΔL/Δz comes to it.",
        "slope_tag": "× {v}",
        "tangent": "slope {s}\n= 1 − {a}²",
        "cap_back_arrive": "At the top hidden node, the gradient with respect to a is {dy} × {w} = {da}.",
        "cap_back_slope": "Times tanh's slope there, 1 − a² = {s}, the gradient with respect to z is {dz}.",
        "cap_back_rest": "The other two hidden nodes get theirs in the same two steps.",
        "cap_back_w2": "A weight's gradient is its input times the gradient of the node it feeds into.",
        "cap_back_w2_num": "Weight {w}: the output's gradient × a: {dy} × {a} = {g}.",
        "paths_round": "≈: from unrounded values",
        "cap_paths": "The first input feeds all three hidden nodes, so three paths lead back to it.",
        "cap_path_0": "Top path, weight × node gradient: {w} × {g} ≈ {t}.",
        "cap_path_1": "Middle path, added at the input, weight × gradient: {w} × {g} ≈ {t}.",
        "cap_path_2": "Bottom path, added in, weight × gradient: {w} × {g} ≈ {t}.",
        "cap_paths_sum": "Where paths meet, their gradients add: {terms} = {g}.",
        "cap_paths_why": "In a deeper net, this sum is what flows on to the layer below.",
        "cap_nudge_q": "What does a gradient say?",
        "cap_nudge": "Nudge the marked weight from {w} to {w1} and run the forward pass again.",
        "cap_nudge_close": "Its gradient {g} times {h} predicts {p}.",
        "cap_nudge_rough": "Its gradient {g} times {h} predicts {p}: close, but {h} is not yet a small step.",
        "cap_update": "Each step is minus lr times its gradient, with lr = {lr}.",
        "undo_line": "undo: w = {w1} → {w}",
        "cap_undo": "Undo the nudge: w is back to {w}, the loss to {l}.",
        "cap_end": "Forward gives the loss; backward gives every weight's gradient. The update then steps each weight a little against its gradient; real training averages the gradient over many examples (a batch).",
        "cap_update_rule": "Each weight and each bias takes one step against its own gradient.",
        "count": "gradients: {n}",
        "count_back": "backward passes: 1",
        "count_nudge": "forward passes: {n}",
        "bias_key": "biases: {g}",
        "cap_all_at_once": "One backward pass gave all {n} gradients, at a small multiple of one forward pass (about two to three), whatever the number of parameters; nudging would need {n} extra forward passes (one per parameter) on top of the first.",
    },
    "zh-Hant": {
        "summary": "訓練的一步，分三部分",
        "card_fwd": "前向 → 損失",
        "card_back": "反向 → 每個梯度",
        "card_upd": "更新：w − lr × 梯度",
        "title": "前向、反向、更新一次",
        "input": "輸入 x",
        "hidden": "隱藏節點：a = tanh(z)",
        "hidden_z": "隱藏節點：z = Wx + b",
        "output": "輸出 ŷ",
        "d_hidden": "隱藏節點 {g}",
        "loss": "損失",
        "target": "目標 {t}",
        "bias": "b {v}",
        "bias_delta": "Δb {v}",
        "bias_step": "b ← {b} − {lr} × ({g}) = {n}",
        "a_tag": "a = {v}",
        "z_nudge": "z 加 {h}",
        "note_T": "列與行互換",  # after Wᵀ, under the chain-rule formula where ᵀ and ⊙ first appear
        "note_odot": "逐項相乘",
        "head_new": "新的 {g}",
        "forward": "前向：活化值往右流",
        "backward": "反向：梯度往左流",
        "nudge": "只把一個權重加 {h}",
        "update": "更新，學習率 lr = {lr}",
        "again": "用新權重跑前向",
        "edge_key_w": "連線上的數字：權重",
        "rerun": "重跑前向",
        "predict": "梯度預測",
        "loss_moved": "損失 {a} → {b}",
        "ripple_z": "加權和 z 先變了 {d}，是微調量乘上輸入 x = {f}。",
        "ripple_a": "tanh 把它變成 Δa = {d}，約是 Δz 乘上 tanh 的斜率 {r}。",
        "ripple_y_w1": "接著輸出變了 {d}，是 Δa 乘上它連到輸出的權重 {f}。",
        "ripple_y_w2": "輸出變了 {d}，也就是微調量乘上這個權重所乘的 a。",
        "ripple_L": "損失的變化是輸出的 {r} 倍，接近輸出的梯度 {f}。",
        "key_up": "步長 > 0：數值變大",
        "key_down": "步長 < 0：數值變小",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "一步更新：\n損失 {a} → {b}",
        "curve_title": "每一步之後的損失",
        "curve_step": "步數",
        "curve_last": "第 {n} 步之後：{v}",
        "loss_after": "第 {n} 步之後",
        "dir_neg": "梯度為負：權重調大，損失就變小。",
        "dir_pos": "梯度為正：權重調大，損失就變大。",
        "cap_net": "一個小網路：兩個輸入、一個輸出、三個 tanh 隱藏節點。連線上的數字是權重；輸入是：x = [{x0}, {x1}]。第一層的權重編號 1 到 6。其中兩個剛好等於輸入，{x0} 和 {x1}。",
        "cap_forward_how": "每個隱藏節點先把輸入加權求和，再加上偏置，得到 z。接著套用 tanh，得到 a = tanh(z)。",
        "cap_forward_out": "輸出節點不套 tanh，加權求和再加上偏置，得到 {y}。",
        "cap_forward": "離目標 {t} 還很遠：損失 = ½(輸出 − 目標)² = {loss}。",
        "cap_forward_near": "目標是 {t}，損失 = ½(輸出 − 目標)² = {loss}。",
        "cap_back_out": "反向從輸出開始，輸出沒有 tanh。平方損失對輸出的梯度是 輸出 − 目標 = {dy}。",
        "cap_back_w1": "第一層權重：節點梯度乘 x[1]，{dz} × {x} = {g}。",
        "cap_back_end": "其他權重的梯度也這樣算。輸出層權重的梯度標在權重下方。每個隱藏節點的梯度，連入它的權重都重複使用，各乘上自己的輸入。偏置的梯度就是所連入的節點的梯度：b 變多少，z 就變多少。",
        "cap_nudge_loss": "損失變了 {d}：從 {l0} 到 {l1}。",
        "cap_again_run": "輸入不變，改用新權重再跑前向。",
        "cap_again": "只走了一步梯度下降，損失就降了：從 {l0} 降到 {l1}。",
        "cap_again_up": "這一步反而讓損失從 {l0} 升到 {l1}：lr = {lr} 的步子太大了。",
        "cap_again_same": "這一步後損失從 {l0} 到 {l1}：取到小數點後三位，還看不出變化。",
        "cap_curve": "在這同一個例子上重複這一步：{n} 步之後，損失是 {ln}。",
        "cap_back_chain": "連鎖律把梯度沿每條連線往回傳，乘上該連線的權重。",
        "cap_back_mult": "小變化每過一步都乘上這步的斜率，所以斜率相乘。",
        "cap_hops_tie": "斜率的乘積 {g}，正是上面節點的梯度。微調越小，比值 ΔL/Δz 就越接近它。",
        "slope_tag": "× {v}",
        "tangent": "斜率 {s}\n= 1 − {a}²",
        "cap_back_arrive": "在上面的隱藏節點，a 的梯度是 {dy} × {w} = {da}。",
        "cap_back_slope": "在節點乘上斜率 1 − a²，即 {s}，得到 {dz}。",
        "cap_back_rest": "另外兩個隱藏節點也用同樣的方法算出梯度。",
        "cap_back_w2": "權重的梯度，是所連入的節點的梯度，再乘上這條連線的輸入值。",
        "cap_back_w2_num": "權重 {w}：輸出的梯度乘 a，{dy} × {a} = {g}。",
        "paths_round": "≈：用未四捨五入的梯度算",
        "cap_paths": "第一個輸入連到全部三個隱藏節點，所以有三條路徑傳回它。",
        "cap_path_0": "上面那條路徑：權重乘節點的梯度，{w} × {g} ≈ {t}。",
        "cap_path_1": "中間那條再加上：權重 × 梯度，{w} × {g} ≈ {t}。",
        "cap_path_2": "下面那條也加進去：權重 × 梯度，{w} × {g} ≈ {t}。",
        "cap_paths_sum": "路徑交會的地方，梯度相加：{terms} = {g}。",
        "cap_paths_why": "在更深的網路裡，這個和就是往下一層傳的梯度。",
        "cap_nudge_q": "那麼，梯度的數值究竟代表什麼？",
        "cap_nudge": "重跑一次前向，只改標出的權重：從 {w} 改成 {w1}。",
        "cap_nudge_close": "梯度預測的變化：{g} × {h} = {p}。",
        "cap_nudge_rough": "梯度預測的變化：{g} × {h} = {p}。很接近但不相等：{h} 還不夠小。",
        "cap_update": "每一步是 −lr 乘以梯度，學習率 lr = {lr}。",
        "undo_line": "撤回：w = {w1} → {w}",
        "cap_undo": "撤回這次微調：w 回到 {w}，損失回到 {l}。",
        "cap_end": "前向算出損失，反向算出所有梯度。更新則讓每個權重都逆著梯度走一步；實際訓練會把一批樣本的梯度取平均。",
        "cap_update_rule": "每個權重和偏置都逆著梯度走一步。",
        "count": "梯度：{n} 個",
        "count_back": "反向傳播：1 次",
        "count_nudge": "微調試算：{n} 次前向",
        "bias_key": "偏置：{g}",
        "cap_all_at_once": "一次反向傳播就得到全部 {n} 個梯度，不論參數多少，代價只是一次前向的小倍數（約兩到三倍）。靠微調去試，要在第一次之外再跑 {n} 次前向（每個參數一次）。",
    },
    "zh-Hans": {
        "summary": "训练的一步，分三部分",
        "card_fwd": "前向 → 损失",
        "card_back": "反向 → 每个梯度",
        "card_upd": "更新：w − lr × 梯度",
        "title": "前向、反向、更新一次",
        "input": "输入 x",
        "hidden": "隐藏节点：a = tanh(z)",
        "hidden_z": "隐藏节点：z = Wx + b",
        "output": "输出 ŷ",
        "d_hidden": "隐藏节点 {g}",
        "loss": "损失",
        "target": "目标 {t}",
        "bias": "b {v}",
        "bias_delta": "Δb {v}",
        "bias_step": "b ← {b} − {lr} × ({g}) = {n}",
        "a_tag": "a = {v}",
        "z_nudge": "z 加 {h}",
        "note_T": "行与列互换",  # after Wᵀ, under the chain-rule formula where ᵀ and ⊙ first appear
        "note_odot": "逐项相乘",
        "head_new": "新的 {g}",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "nudge": "只把一个权重加 {h}",
        "update": "更新，学习率 lr = {lr}",
        "again": "用新权重跑前向",
        "edge_key_w": "连线上的数字：权重",
        "rerun": "重跑前向",
        "predict": "梯度预测",
        "loss_moved": "损失 {a} → {b}",
        "ripple_z": "加权和 z 先变了 {d}，是微调量乘上输入 x = {f}。",
        "ripple_a": "tanh 把它变成 Δa = {d}，约是 Δz 乘上 tanh 的斜率 {r}。",
        "ripple_y_w1": "接着输出变了 {d}，是 Δa 乘上它连到输出的权重 {f}。",
        "ripple_y_w2": "输出变了 {d}，也就是微调量乘上这个权重所乘的 a。",
        "ripple_L": "损失的变化是输出的 {r} 倍，接近输出的梯度 {f}。",
        "key_up": "步长 > 0：数值变大",
        "key_down": "步长 < 0：数值变小",
        "step_line": "w ← {w} − {lr} × ({g}) = {n}",
        "end_line": "一步更新：\n损失 {a} → {b}",
        "curve_title": "每一步之后的损失",
        "curve_step": "步数",
        "curve_last": "第 {n} 步之后：{v}",
        "loss_after": "第 {n} 步之后",
        "dir_neg": "梯度为负：权重调大，损失就变小。",
        "dir_pos": "梯度为正：权重调大，损失就变大。",
        "cap_net": "一个小网络：两个输入、一个输出、三个 tanh 隐藏节点。连线上的数字是权重；输入是：x = [{x0}, {x1}]。第一层的权重编号 1 到 6。其中两个刚好等于输入，{x0} 和 {x1}。",
        "cap_forward_how": "每个隐藏节点先把输入加权求和，再加上偏置，得到 z。接着套用 tanh，得到 a = tanh(z)。",
        "cap_forward_out": "输出节点不套 tanh，加权求和再加上偏置，得到 {y}。",
        "cap_forward": "离目标 {t} 还很远：损失 = ½(输出 − 目标)² = {loss}。",
        "cap_forward_near": "目标是 {t}，损失 = ½(输出 − 目标)² = {loss}。",
        "cap_back_out": "反向从输出开始，输出没有 tanh。平方损失对输出的梯度是 输出 − 目标 = {dy}。",
        "cap_back_w1": "第一层权重：节点梯度乘 x[1]，{dz} × {x} = {g}。",
        "cap_back_end": "其他权重的梯度也这样算。输出层权重的梯度标在权重下方。每个隐藏节点的梯度，连入它的权重都重复使用，各乘上自己的输入。偏置的梯度就是所连入的节点的梯度：b 变多少，z 就变多少。",
        "cap_nudge_loss": "损失变了 {d}：从 {l0} 到 {l1}。",
        "cap_again_run": "输入不变，改用新权重再跑前向。",
        "cap_again": "只走了一步梯度下降，损失就降了：从 {l0} 降到 {l1}。",
        "cap_again_up": "这一步反而让损失从 {l0} 升到 {l1}：lr = {lr} 的步子太大了。",
        "cap_again_same": "这一步后损失从 {l0} 到 {l1}：取到小数点后三位，还看不出变化。",
        "cap_curve": "在这同一个例子上重复这一步：{n} 步之后，损失是 {ln}。",
        "cap_back_chain": "链式法则把梯度沿每条连线往回传，乘上该连线的权重。",
        "cap_back_mult": "小变化每过一步都乘上这步的斜率，所以斜率相乘。",
        "cap_hops_tie": "斜率的乘积 {g}，正是上面节点的梯度。微调越小，比值 ΔL/Δz 就越接近它。",
        "slope_tag": "× {v}",
        "tangent": "斜率 {s}\n= 1 − {a}²",
        "cap_back_arrive": "在上面的隐藏节点，a 的梯度是 {dy} × {w} = {da}。",
        "cap_back_slope": "在节点乘上斜率 1 − a²，即 {s}，得到 {dz}。",
        "cap_back_rest": "另外两个隐藏节点也用同样的方法算出梯度。",
        "cap_back_w2": "权重的梯度，是所连入的节点的梯度，再乘上这条连线的输入值。",
        "cap_back_w2_num": "权重 {w}：输出的梯度乘 a，{dy} × {a} = {g}。",
        "paths_round": "≈：用未四舍五入的梯度算",
        "cap_paths": "第一个输入连到全部三个隐藏节点，所以有三条路径传回它。",
        "cap_path_0": "上面那条路径：权重乘节点的梯度，{w} × {g} ≈ {t}。",
        "cap_path_1": "中间那条再加上：权重 × 梯度，{w} × {g} ≈ {t}。",
        "cap_path_2": "下面那条也加进去：权重 × 梯度，{w} × {g} ≈ {t}。",
        "cap_paths_sum": "路径交会的地方，梯度相加：{terms} = {g}。",
        "cap_paths_why": "在更深的网络里，这个和就是往下一层传的梯度。",
        "cap_nudge_q": "那么，梯度的数值究竟代表什么？",
        "cap_nudge": "重跑一次前向，只改标出的权重：从 {w} 改成 {w1}。",
        "cap_nudge_close": "梯度预测的变化：{g} × {h} = {p}。",
        "cap_nudge_rough": "梯度预测的变化：{g} × {h} = {p}。很接近但不相等：{h} 还不够小。",
        "cap_update": "每一步是 −lr 乘以梯度，学习率 lr = {lr}。",
        "undo_line": "撤回：w = {w1} → {w}",
        "cap_undo": "撤回这次微调：w 回到 {w}，损失回到 {l}。",
        "cap_end": "前向算出损失，反向算出所有梯度。更新则让每个权重都逆着梯度走一步；实际训练会把一批样本的梯度取平均。",
        "cap_update_rule": "每个权重和偏置都逆着梯度走一步。",
        "count": "梯度：{n} 个",
        "count_back": "反向传播：1 次",
        "count_nudge": "微调试算：{n} 次前向",
        "bias_key": "偏置：{g}",
        "cap_all_at_once": "一次反向传播就得到全部 {n} 个梯度，不论参数多少，代价只是一次前向的小倍数（约两到三倍）。靠微调去试，要在第一次之外再跑 {n} 次前向（每个参数一次）。",
    },
}


def f2(v, signed=False) -> str:
    return fmt_num(float(v), 2, signed=signed)


def square_a(a, slope) -> str:
    """The hidden value a at the fewest decimals (2 to 4) with which 1 − a², worked from the written a, rounds
    to the written slope (1 − 0.45² = 0.7975 reads 0.80 beside a slope 0.79; 1 − 0.454² = 0.7939 holds)."""
    for k in (2, 3, 4):
        if fmt_num(1 - round(float(a), k) ** 2, 2) == f2(slope):
            return fmt_num(float(a), k)
    return fmt_num(float(a), 4)


def paren(text: str) -> str:
    """A negative factor in brackets, as a product writes it: 0.60 × (−0.491)."""
    return f"({text})" if text.startswith("−") else text


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
            "nudge": "cap_nudge_close" if close else "cap_nudge_rough",
            "dir": "dir_neg" if d.nudge_grad < 0 else "dir_pos"}


def grad_text(d) -> str:
    """The nudged weight's gradient as its edge writes it, two decimals (−0.73): one precision for it in the
    label, the panel and the caption."""
    return f2(d.nudge_grad)


def pred_text(d, grad=None) -> str:
    """What the gradient predicts for the nudge, ∂L/∂w × nudge, written as the product of the two numbers on
    screen at the decimals that product has (−0.73 × 0.01 = −0.0073), so the written arithmetic holds; for the
    default lesson it is the engine's dloss_linear (−0.00729) at that precision."""
    g = float((grad_text(d) if grad is None else f2(grad)).replace("−", "-"))
    h = float(f2(d.nudge).replace("−", "-"))
    dec = 2 + max(0, len(f"{float(d.nudge):.10f}".rstrip("0").split(".")[1]))
    return fmt_num(round(g * h, dec), dec)


def f5(v) -> str:
    """A change of the loss (Δloss, ∂L/∂w × 0.01): five decimals, so the two can be compared."""
    return fmt_num(float(v), 5)



def path_sum(terms, total) -> tuple[int, list[str], str]:
    """The paths' contributions and their sum as written (∂L/∂x₁ = Σᵢ W₁[i, 0]·∂L/∂z₁[i]): the fewest
    decimals (2 to 5) at which the written terms add up to the written sum, so a viewer who adds
    them gets the number shown. Returns (decimals, the terms (signed), the sum)."""
    for dec in range(2, 6):
        shown = [round(float(t), dec) for t in terms]
        if abs(sum(shown) - round(float(total), dec)) < 0.5 * 10.0 ** -(dec + 3):
            break
    return dec, [fmt_num(float(t), dec, signed=True) for t in terms], fmt_num(float(total), dec)


def sum_text(terms: list[str]) -> str:
    """'−0.295 + 0.471 + 0.309' from signed terms ('−0.295', '+0.471', '+0.309')."""
    out = terms[0].lstrip("+")
    for t in terms[1:]:
        out += f" {t[0]} {t[1:]}" if t[0] in "+−" else f" + {t}"
    return out
