"""The lesson pages' words in English, Traditional Chinese and Simplified Chinese.

PROSE: a short paragraph per idea (topic introductions and one per widget). UI: labels of
controls, buttons and headings. Numbers never appear here: they come from studio.publish.pages.widgets.
"""
from __future__ import annotations

from studio.publish.pages import text_worked

PROSE = {
    "en": {
        "positional": "Attention reads a bag of vectors: swap two words and every score moves with them, "
                      "nothing else changes. Positional encoding gives each seat a fingerprint so order "
                      "becomes visible. Below: 十五 against 五十, clock hands turning at different speeds, why adding the seat "
                      "number fails, the fingerprint table, three ways to combine, angles that depend only on the gap, "
                      "the T² bill, and RoPE, which rotates q and k instead.",
        "worked": "One causal attention head on 'The cat sat on the', computed by hand: scores, the mask "
                  "on the future, a softmax per row, and the context vector x as a weighted sum.",
        "depth": "Why deep nets need LayerNorm and shortcuts: a signal through 30 layers, LayerNorm step "
                 "by step, one forward and backward pass of a tiny net, and what GPT-2's parameters are.",
        "seat": "Move the seat. Each of the eight hands turns by its own speed per seat; the sixteen "
                "numbers are the sine and cosine of each hand: the seat's fingerprint. Angles are read "
                "anticlockwise from 3 o'clock, as in the video.",
        "rope": "Move m and n. The score changes when the gap m − n changes and stays put when both move "
                "together: RoPE's score depends only on the distance between the two positions. The last two "
                "readouts add the position to q and k instead (absolute PE): that score changes when both move.",
        "reorder": "Swap neighbouring tokens. The causal head's output at a position sees only the tokens up "
                   "to it, as a bag, plus its own token: outputs marked 'same' did not change.",
        "gain": "Scale every layer's weights by s. Without LayerNorm the RMS after 30 layers vanishes "
                "for s < 1 and explodes for s > 1; with LayerNorm after each layer it stays near 1.",
        "drift": "Shift the neurons' inputs left or right. ReLU's gradient is exactly 0 for every input "
                 "at or below 0: those neurons stop learning. GELU's gradient grows small there, and is exactly 0 only at the single input −0.75 (its minimum).",
        "layernorm": "LayerNorm on the 2×6 output, one step at a time: each row's mean and variance, "
                     "centre, divide by the standard deviation, and check the result.",
        "forward": "The 2-3-1 tanh net forward: z1 = W1·x + b1, a1 = tanh(z1), ŷ = W2·a1 + b2, loss = ½(ŷ − 1)².",
        "backward": "And backward by the chain rule, then one update with learning rate 0.1: the loss falls.",
        "gpt2": "Choose the width and the number of blocks: the parameter count of the GPT model and its "
                "float32 size. Tying the output head to the token embedding removes one V × E matrix.",
    },
    "zh-Hant": {
        "positional": "注意力讀的是一袋向量：調換兩個字，分數只跟著搬家，其餘一個不變。位置編碼替每個座位發一張指紋，"
                      "順序才看得見。以下：「十五」對「五十」、轉速不同的時鐘指針、為什麼直接加座位號行不通、指紋表、字與位置的三種合併方式、"
                      "只看相隔幾步的夾角、T² 的帳，以及改為旋轉 q 與 k 的 RoPE。",
        "worked": "在「The cat sat on the」上手算一個因果注意力頭：分數、遮住未來、逐列 softmax，"
                  "以及上下文向量 x 作為加權和。",
        "depth": "深層網路為什麼需要 LayerNorm 與捷徑：訊號穿過 30 層、LayerNorm 逐步計算、"
                 "小網路的一次前向與反向傳播，以及 GPT-2 的參數從哪裡來。",
        "seat": "移動座位。八根指針每過一個座位各轉自己的角度；十六個數是每根指針的 sin 與 cos：這個座位的指紋。角度從三點鐘方向逆時針量起，與影片相同。",
        "rope": "移動 m 與 n。相隔 m − n 改變時分數跟著變，兩者一起移動時分數不變：RoPE 的分數只取決於兩個位置的距離。最後兩欄改把位置加到 q、k 上（絕對位置編碼）：兩者一起移動時，這個分數會變。",
        "reorder": "調換相鄰的 token。因果注意力在某個位置的輸出只看得到它之前（含自己）的 token，"
                   "當作一袋，再加上自己的 token：標「不變」的輸出沒有改變。",
        "gain": "把每一層的權重乘上 s。沒有 LayerNorm 時，30 層後的 RMS 在 s < 1 時消失、s > 1 時爆掉；"
                "每層後加上 LayerNorm 就維持在 1 附近。",
        "drift": "把這些神經元的輸入整體往左或往右移。ReLU 在輸入 ≤ 0 時梯度恰為 0，這些神經元就不再學習；"
                 "GELU 的梯度在那裡變小，只在輸入 −0.75（它的最低點）這一點恰為 0。",
        "layernorm": "2×6 輸出的 LayerNorm，一次一步：每列的平均與變異數、置中、除以標準差、驗收結果。",
        "forward": "2-3-1 tanh 網路的前向：z1 = W1·x + b1、a1 = tanh(z1)、ŷ = W2·a1 + b2、loss = ½(ŷ − 1)²。",
        "backward": "再用連鎖律反向傳播，以學習率 0.1 更新一次：loss 下降。",
        "gpt2": "選擇寬度與 Block 數：GPT 模型的參數量與 float32 大小。輸出層與 token 嵌入綁定時，少掉一個 V × E 矩陣。",
    },
    "zh-Hans": {
        "positional": "注意力读的是一袋向量：调换两个词，分数只跟着搬家，其余一个不变。位置编码给每个座位发一张指纹，"
                      "顺序才看得见。以下：「十五」对「五十」、转速不同的时钟指针、为什么直接加座位号行不通、指纹表、字与位置的三种合并方式、"
                      "只看相隔几步的夹角、T² 的账，以及改为旋转 q 与 k 的 RoPE。",
        "worked": "在「The cat sat on the」上手算一个因果注意力头：分数、遮住未来、逐行 softmax，"
                  "以及上下文向量 x 作为加权和。",
        "depth": "深层网络为什么需要 LayerNorm 与捷径：信号穿过 30 层、LayerNorm 逐步计算、"
                 "小网络的一次前向与反向传播，以及 GPT-2 的参数从哪里来。",
        "seat": "移动座位。八根指针每过一个座位各转自己的角度；十六个数是每根指针的 sin 与 cos：这个座位的指纹。角度从三点钟方向逆时针量起，与视频相同。",
        "rope": "移动 m 与 n。相隔 m − n 改变时分数跟着变，两者一起移动时分数不变：RoPE 的分数只取决于两个位置的距离。最后两栏改把位置加到 q、k 上（绝对位置编码）：两者一起移动时，这个分数会变。",
        "reorder": "调换相邻的 token。因果注意力在某个位置的输出只看得到它之前（含自己）的 token，"
                   "当作一袋，再加上自己的 token：标「不变」的输出没有改变。",
        "gain": "把每一层的权重乘上 s。没有 LayerNorm 时，30 层后的 RMS 在 s < 1 时消失、s > 1 时爆掉；"
                "每层后加上 LayerNorm 就保持在 1 附近。",
        "drift": "把这些神经元的输入整体往左或往右移。ReLU 在输入 ≤ 0 时梯度恰为 0，这些神经元就不再学习；"
                 "GELU 的梯度在那里变小，只在输入 −0.75（它的最低点）这一点恰为 0。",
        "layernorm": "2×6 输出的 LayerNorm，一次一步：每行的均值与方差、居中、除以标准差、验收结果。",
        "forward": "2-3-1 tanh 网络的前向：z1 = W1·x + b1、a1 = tanh(z1)、ŷ = W2·a1 + b2、loss = ½(ŷ − 1)²。",
        "backward": "再用链式法则反向传播，以学习率 0.1 更新一次：loss 下降。",
        "gpt2": "选择宽度与 Block 数：GPT 模型的参数量与 float32 大小。输出层与 token 嵌入绑定时，少掉一个 V × E 矩阵。",
    },
}

UI = {
    "en": {
        "title_seat": "Seat slider: eight hands (d_model = 16) and the fingerprint", "seat": "Seat",
        "explored_q": "Predict: at this frame's values, what will the masked readouts show?",
        "title_rope": "RoPE: the score depends only on m − n", "m": "Query position m", "n": "Key position n",
        "score": "score q(m)·k(n)", "gap": "gap m − n", "gap_score": "RoPE score for the same gap, starting at position 0", "abs_score": "PE added instead: (q + PE(m))·(k + PE(n))", "abs_gap_score": "PE added, the same gap from position 0",
        "shape_names": "Each size is named as in the code: b sentences in the batch, num_tokens tokens in each, "
                       "emb_dim numbers per token (the width), num_heads heads of head_dim numbers each, d_ff the "
                       "feed-forward's width.",
        "title_reorder": "Reorder the tokens of the causal toy head", "swap": "Swap the tokens at positions {a} and {b}",
        "position": "position p", "token": "token", "output": "output c", "same": "same", "changed": "changed",
        "context": "context vector x (last output)", "reset": "Lecture order",
        "title_gain": "Gain slider: 30 layers with and without LayerNorm", "s": "Gain s",
        "last_plain": "RMS after layer 30, no LayerNorm", "last_ln": "RMS after layer 30, with LayerNorm",
        "plain": "no LayerNorm", "ln": "with LayerNorm", "axis": "RMS per layer, log scale {lo} … {hi}",
        "title_drift": "Drift slider: ReLU vs GELU", "shift": "Shift of the inputs",
        "relu_dead": "ReLU: gradient exactly 0", "gelu_zero": "GELU: gradient exactly 0",
        "relu_below": "ReLU: |gradient| below 0.001", "gelu_below": "GELU: |gradient| below 0.001",
        "title_layernorm": "LayerNorm stepper on the 2×6 output", "title_forward": "Forward stepper: 2-3-1 net",
        "title_backward": "Backward stepper: 2-3-1 net", "prev": "Previous step", "next": "Next step",
        "step_fmt": "Step {k} of {n}",
        "out": "The output, two rows of six", "mean_var": "Mean and variance of each row (divide by n, as nn.LayerNorm)",
        "centred": "Centred: subtract the row's mean", "scaled": "Scaled: divide by √(variance + ε), ε = 10⁻⁵",
        "check": "Check: mean and variance of the result",
        "x": "Input x", "z1": "z1 = W1·x + b1", "a1": "a1 = tanh(z1)", "y_hat": "ŷ = W2·a1 + b2",
        "loss": "loss = ½(ŷ − target)²", "dy": "∂L/∂ŷ = ŷ − target", "da1": "∂L/∂a1 = W2 · ∂L/∂ŷ",
        "dz1": "∂L/∂z1 = ∂L/∂a1 · (1 − a1²)", "dw": "Gradients of the weights",
        "update": "After one update (lr 0.1): before → after",
        "title_gpt2": "GPT-2 parameter calculator", "qkv_note": "Counted without the Q, K, V biases, as in the figures; the released GPT-2 small has them: {n} parameters.", "emb": "Width (emb_dim)", "layers": "Blocks (n_layers)",
        "tied": "Tie the output head to the token embedding", "total": "parameters",
        "cfg_caption": "The GPT-2 configurations: click a row to set every size in the calculator",
        "cfg_size": "GPT-2", "cfg_params": "parameters (tied)",
        "cfg_hint": "A row sets emb_dim, n_layers, n_heads and vocab_size and ties the output head, so the calculator's count is the row's; context_length is 1,024 in all four. n_heads only cuts emb_dim into heads: it does not change the count.",
        "per_block": "per block", "mib": "float32 size (MiB)", "mb": "float32 size (MB)",
        "theme": "Dark theme", "skip": "Skip to the lesson", "checks_prediction": "Check your prediction from the widget above against it.", "after_reveal": "Figure with the answer: opens with the answer above, or here once you have predicted", "explore": "Explore a pause in the widget, at the frame's values:", "present": "Present", "presenter_help":
            "→ next section · ← previous · C captions · F full screen · E this frame in its widget · Esc leave",
        "scenes": "Scenes", "lesson": "The lesson, step by step", "scroll_box": "Wide table: scroll sideways", "scroll_figure": "Figure at a legible size: scroll sideways, or open it full size", "open_figure": "Open the figure full size", "figures": "Figures", "widgets": "Try it", "in_english": "(English version)",
        "captions": "Captions", "section": "Section", "lang_name": "English", "topics": "Lessons", "language": "Language",
        "copy_link": "Copy link", "pin": "Pin", "unpin": "Unpin", "pinned": "Pinned", "pin_title": "Freeze these readouts and settings beside the live ones, to compare with another setting", "copy_link_title": "Copy a link that opens this widget as it is set now", "link_copied": "Link copied: it opens the widget as set now", "link_manual": "Copy this link:",
    },
    "zh-Hant": {
        "title_seat": "座位滑桿：八根指針（d_model = 16）與指紋", "seat": "座位",
        "explored_q": "先猜：在這一格畫面的數值下，遮住的讀數會是多少？",
        "title_rope": "RoPE：分數只取決於 m − n", "m": "查詢位置 m", "n": "鍵位置 n",
        "score": "分數 q(m)·k(n)", "gap": "相隔 m − n", "gap_score": "同樣相隔、從位置 0 開始的 RoPE 分數", "abs_score": "改為加上 PE：(q + PE(m))·(k + PE(n))", "abs_gap_score": "加上 PE、同樣相隔、從位置 0 開始",
        "shape_names": "每個尺寸都用程式碼裡的名字標出：b 是一批裡的句子數，num_tokens 是每句的 token 數，"
                       "emb_dim 是每個 token 的數字個數（寬度），num_heads 是注意力頭數、每個頭 head_dim 個數字，"
                       "d_ff 是前饋層的寬度。",
        "title_reorder": "調換因果注意力小例子的 token 順序", "swap": "調換位置 {a} 與位置 {b} 的 token",
        "position": "位置 p", "token": "token", "output": "輸出 c", "same": "不變", "changed": "改變",
        "context": "上下文向量 x（最後一個輸出）", "reset": "課堂上的順序",
        "title_gain": "增益滑桿：30 層，有無 LayerNorm", "s": "增益 s",
        "last_plain": "第 30 層後的 RMS，沒有 LayerNorm", "last_ln": "第 30 層後的 RMS，加上 LayerNorm",
        "plain": "沒有 LayerNorm", "ln": "加上 LayerNorm", "axis": "每層的 RMS，對數刻度 {lo} … {hi}",
        "title_drift": "漂移滑桿：ReLU 對照 GELU", "shift": "輸入的平移量",
        "relu_dead": "ReLU：梯度恰為 0", "gelu_zero": "GELU：梯度恰為 0",
        "relu_below": "ReLU：|梯度| 小於 0.001", "gelu_below": "GELU：|梯度| 小於 0.001",
        "title_layernorm": "LayerNorm 逐步計算：2×6 輸出", "title_forward": "前向逐步：2-3-1 網路",
        "title_backward": "反向逐步：2-3-1 網路", "prev": "上一步", "next": "下一步",
        "step_fmt": "第 {k} 步，共 {n} 步",
        "out": "輸出：兩列，每列六個數", "mean_var": "每列的平均與變異數（除以 n，與 nn.LayerNorm 相同）",
        "centred": "置中：減去該列的平均", "scaled": "縮放：除以 √(變異數 + ε)，ε = 10⁻⁵", "check": "驗收：結果的平均與變異數",
        "x": "輸入 x", "z1": "z1 = W1·x + b1", "a1": "a1 = tanh(z1)", "y_hat": "ŷ = W2·a1 + b2",
        "loss": "loss = ½(ŷ − target)²", "dy": "∂L/∂ŷ = ŷ − target", "da1": "∂L/∂a1 = W2 · ∂L/∂ŷ",
        "dz1": "∂L/∂z1 = ∂L/∂a1 · (1 − a1²)", "dw": "權重的梯度",
        "update": "更新一次後（lr 0.1）：更新前 → 更新後",
        "title_gpt2": "GPT-2 參數計算器", "qkv_note": "計數不含 Q、K、V 的偏置，與圖相同；實際發布的 GPT-2 小型模型有這些偏置：{n} 個參數。", "emb": "寬度（emb_dim）", "layers": "Block 數（n_layers）",
        "tied": "輸出層與 token 嵌入綁定", "total": "參數", "per_block": "每個 Block",
        "mib": "float32 大小（MiB）", "mb": "float32 大小（MB）",
        "theme": "深色主題", "skip": "跳到課程內容", "checks_prediction": "用這張圖核對你在上面元件裡的預測。", "after_reveal": "附答案的圖：打開上面的答案時一起打開，或先猜完再點這裡", "explore": "在互動元件裡探索某個停格（用那一格的數值）：", "present": "簡報模式", "presenter_help":
            "→ 下一段 · ← 上一段 · C 字幕 · F 全螢幕 · E 在元件裡看這一格 · Esc 離開",
        "scenes": "動畫", "lesson": "課程，一步一步", "scroll_box": "寬表格：可左右捲動", "scroll_figure": "圖以可讀的大小顯示：可左右捲動，或點開看全圖", "open_figure": "點開看全尺寸的圖", "figures": "圖", "widgets": "動手試試", "in_english": "（英文版）",
        "captions": "字幕", "section": "段落", "lang_name": "繁體中文", "topics": "課程", "language": "語言",
        "copy_link": "複製連結", "pin": "釘選", "unpin": "取消釘選", "pinned": "已釘選", "pin_title": "把現在的讀數和設定釘在旁邊，再調別的設定來對照", "copy_link_title": "複製連結：打開它，這個互動圖就是現在的設定", "link_copied": "連結已複製：打開它就是現在的設定", "link_manual": "請複製這個連結：",
        "size_small": "小型", "size_medium": "中型", "size_large": "大型", "size_xl": "超大型",
        "cfg_caption": "GPT-2 的各種設定：點一列，計算器的每個尺寸都設成那一列",
        "cfg_size": "GPT-2", "cfg_params": "參數（綁定）",
        "cfg_hint": "點一列會設定 emb_dim、n_layers、n_heads 和 vocab_size，並把輸出層綁定，所以計算器的數字就是那一列的；四種的 context_length 都是 1,024。n_heads 只是把 emb_dim 切成幾個頭，不改變參數量。",
    },
    "zh-Hans": {
        "title_seat": "座位滑块：八根指针（d_model = 16）与指纹", "seat": "座位",
        "explored_q": "先猜：在这一帧画面的数值下，遮住的读数会是多少？",
        "title_rope": "RoPE：分数只取决于 m − n", "m": "查询位置 m", "n": "键位置 n",
        "score": "分数 q(m)·k(n)", "gap": "相隔 m − n", "gap_score": "同样相隔、从位置 0 开始的 RoPE 分数", "abs_score": "改为加上 PE：(q + PE(m))·(k + PE(n))", "abs_gap_score": "加上 PE、同样相隔、从位置 0 开始",
        "shape_names": "每个尺寸都用代码里的名字标出：b 是一批里的句子数，num_tokens 是每句的 token 数，"
                       "emb_dim 是每个 token 的数字个数（宽度），num_heads 是注意力头数、每个头 head_dim 个数字，"
                       "d_ff 是前馈层的宽度。",
        "title_reorder": "调换因果注意力小例子的 token 顺序", "swap": "调换位置 {a} 与位置 {b} 的 token",
        "position": "位置 p", "token": "token", "output": "输出 c", "same": "不变", "changed": "改变",
        "context": "上下文向量 x（最后一个输出）", "reset": "课堂上的顺序",
        "title_gain": "增益滑块：30 层，有无 LayerNorm", "s": "增益 s",
        "last_plain": "第 30 层后的 RMS，没有 LayerNorm", "last_ln": "第 30 层后的 RMS，加上 LayerNorm",
        "plain": "没有 LayerNorm", "ln": "加上 LayerNorm", "axis": "每层的 RMS，对数刻度 {lo} … {hi}",
        "title_drift": "漂移滑块：ReLU 对照 GELU", "shift": "输入的平移量",
        "relu_dead": "ReLU：梯度恰为 0", "gelu_zero": "GELU：梯度恰为 0",
        "relu_below": "ReLU：|梯度| 小于 0.001", "gelu_below": "GELU：|梯度| 小于 0.001",
        "title_layernorm": "LayerNorm 逐步计算：2×6 输出", "title_forward": "前向逐步：2-3-1 网络",
        "title_backward": "反向逐步：2-3-1 网络", "prev": "上一步", "next": "下一步",
        "step_fmt": "第 {k} 步，共 {n} 步",
        "out": "输出：两行，每行六个数", "mean_var": "每行的均值与方差（除以 n，与 nn.LayerNorm 相同）",
        "centred": "居中：减去该行的均值", "scaled": "缩放：除以 √(方差 + ε)，ε = 10⁻⁵", "check": "验收：结果的均值与方差",
        "x": "输入 x", "z1": "z1 = W1·x + b1", "a1": "a1 = tanh(z1)", "y_hat": "ŷ = W2·a1 + b2",
        "loss": "loss = ½(ŷ − target)²", "dy": "∂L/∂ŷ = ŷ − target", "da1": "∂L/∂a1 = W2 · ∂L/∂ŷ",
        "dz1": "∂L/∂z1 = ∂L/∂a1 · (1 − a1²)", "dw": "权重的梯度",
        "update": "更新一次后（lr 0.1）：更新前 → 更新后",
        "title_gpt2": "GPT-2 参数计算器", "qkv_note": "计数不含 Q、K、V 的偏置，与图相同；实际发布的 GPT-2 小型模型有这些偏置：{n} 个参数。", "emb": "宽度（emb_dim）", "layers": "Block 数（n_layers）",
        "tied": "输出层与 token 嵌入绑定", "total": "参数", "per_block": "每个 Block",
        "mib": "float32 大小（MiB）", "mb": "float32 大小（MB）",
        "theme": "深色主题", "skip": "跳到课程内容", "checks_prediction": "用这张图核对你在上面组件里的预测。", "after_reveal": "附答案的图：打开上面的答案时一起打开，或先猜完再点这里", "explore": "在交互组件里探索某个停格（用那一帧的数值）：", "present": "演示模式", "presenter_help":
            "→ 下一段 · ← 上一段 · C 字幕 · F 全屏 · E 在组件里看这一帧 · Esc 离开",
        "scenes": "动画", "lesson": "课程，一步一步", "scroll_box": "宽表格：可左右滚动", "scroll_figure": "图以可读的大小显示：可左右滚动，或点开看全图", "open_figure": "点开看全尺寸的图", "figures": "图", "widgets": "动手试试", "in_english": "（英文版）",
        "captions": "字幕", "section": "段落", "lang_name": "简体中文", "topics": "课程", "language": "语言",
        "copy_link": "复制链接", "pin": "固定", "unpin": "取消固定", "pinned": "已固定", "pin_title": "把现在的读数和设置固定在旁边，再调别的设置来对照", "copy_link_title": "复制链接：打开它，这个互动图就是现在的设置", "link_copied": "链接已复制：打开它就是现在的设置", "link_manual": "请复制这个链接：",
        "size_small": "小型", "size_medium": "中型", "size_large": "大型", "size_xl": "超大型",
        "cfg_caption": "GPT-2 的各种配置：点一行，计算器的每个尺寸都设成那一行",
        "cfg_size": "GPT-2", "cfg_params": "参数（绑定）",
        "cfg_hint": "点一行会设置 emb_dim、n_layers、n_heads 和 vocab_size，并把输出层绑定，所以计算器的数字就是那一行的；四种的 context_length 都是 1,024。n_heads 只是把 emb_dim 切成几个头，不改变参数量。",
    },
}

# The figures that state a predict widget's answer: the lesson order (studio.catalogue.topics, LESSON)
# puts them after the widget, and each says it checks the prediction (UI "checks_prediction").
REVEALED_BY = {"training": ("loss_curves",), "wx": ("scores_wx", "scores_wx_probs"), "drift": ("gelu_relu_dying",), "gpt2": ("param_count",),
               "shortcut": ("shortcut_gradients",)}

# Predict, then reveal: a question above a widget, its answer (with the engine's numbers, filled in by
# studio.publish.pages.widgets.predictions) hidden until the reader opens it.
PREDICT = {
    "en": {
        "toy": ("Predict, at the starting values: which tokens does the last 'the' (row 5) weigh most, and do any tie?",
                "{top} tie at {w_top}: with A_Q = A_K = I each score is a dot product of embeddings, and (0, 1)·e keeps only e's second number, 1 for each of them; {rest}. So x = {x}."),
        "seat": ("Predict: from seat 0 to seat 31, which hand turns the least, and by how much?",
                 "Hand {slow}, the slowest: {slow_deg}° in all, while hand 0 turns 1 rad = {fast_deg}° every seat."),
        "rope": ("Predict: move the query and the key three positions earlier together (m = 7, n = 3 → m = 4, "
                 "n = 0). Which score changes: RoPE's, or the one with PE added?",
                 "RoPE's stays at {rope} (the gap is still 4); with PE added it moves from {abs_b} to {abs_a}."),
        "wx": ("Predict: with the lecture's W and x = ({x}), what are the three scores, and which word takes most of the probability?",
               "s = [{scores}]; probabilities {probs}: '{top}' takes most."),
        "reorder": ("Predict: swap 'cat' and 'sat'. Which outputs change?",
                    "Positions {changed} change; the others stay, because each output sees the tokens up to it "
                    "as a bag."),
        "gain": ("Predict: at s = {s}, how large is the signal after 30 layers without LayerNorm, and with it?",
                 "Without LayerNorm the RMS is {plain}; with LayerNorm it is {ln}."),
        "drift": ("Predict: shift every input by {shift}. Of the {n} neurons, how many get a gradient of exactly 0 "
                  "with ReLU, and how many a |gradient| below {floor} with GELU?",
                  "ReLU: {relu} of {n} exactly 0; GELU: {gelu} of {n} below {floor}, none exactly 0."),
        "gpt2": ("Predict: how many parameters does GPT-2 small have when the output head is not tied to the "
                 "token embedding?",
                 "{untied}, against {tied} tied: the head is one more vocabulary × width matrix."),
        "reveal": "Show the answer", "hide": "Hide the answer",
    },
    "zh-Hant": {
        "toy": ("先猜（用起始數值）：最後一個「the」（第 5 列）最看重哪些 token？有沒有平手？",
                "{top} 平手，各得 {w_top}：A_Q = A_K = I 時分數就是嵌入的內積，(0, 1)·e 只留下 e 的第二個數，它們的都是 1；{rest}。所以 x = {x}。"),
        "seat": ("先猜：從座位 0 到座位 31，哪根指針轉得最少？轉了多少？",
                 "第 {slow} 根，最慢的那根：一共只轉 {slow_deg}°；第 0 根每過一個座位就轉 1 弧度 = {fast_deg}°。"),
        "rope": ("先猜：把查詢和鍵一起往前移三個位置（m = 7、n = 3 → m = 4、n = 0），哪個分數會變：RoPE 的，還是加上 PE 的？",
                 "RoPE 的分數仍是 {rope}（相隔還是 4）；加上 PE 的分數從 {abs_b} 變成 {abs_a}。"),
        "wx": ("先猜：用講義的 W 和 x = ({x})，三個分數是多少？哪個詞拿到大部分機率？",
               "s = [{scores}]；機率 {probs}：「{top}」拿到大部分。"),
        "reorder": ("先猜：把「cat」和「sat」對調，哪些輸出會變？",
                    "位置 {changed} 會變；其他不變，因為每個輸出只把到它為止的詞元當成一袋來看。"),
        "gain": ("先猜：s = {s} 時，訊號經過 30 層後有多大？沒有 LayerNorm 和有 LayerNorm 各是多少？",
                 "沒有 LayerNorm 時 RMS 是 {plain}；有 LayerNorm 時是 {ln}。"),
        "drift": ("先猜：每個輸入都平移 {shift}，{n} 個神經元裡，用 ReLU 時有幾個梯度恰為 0？用 GELU 時有幾個 |梯度| 小於 {floor}？",
                  "ReLU：{n} 個中 {relu} 個恰為 0；GELU：{n} 個中 {gelu} 個小於 {floor}，沒有一個恰為 0。"),
        "gpt2": ("先猜：輸出層不與 token 嵌入綁定時，GPT-2 小型模型有多少參數？",
                 "{untied} 個，綁定時是 {tied} 個：輸出層多出一個「詞彙數 × 寬度」的矩陣。"),
        "reveal": "看答案", "hide": "隱藏答案",
    },
    "zh-Hans": {
        "toy": ("先猜（用起始数值）：最后一个“the”（第 5 行）最看重哪些 token？有没有打平？",
                "{top} 打平，各得 {w_top}：A_Q = A_K = I 时分数就是嵌入的内积，(0, 1)·e 只留下 e 的第二个数，它们的都是 1；{rest}。所以 x = {x}。"),
        "seat": ("先猜：从座位 0 到座位 31，哪根指针转得最少？转了多少？",
                 "第 {slow} 根，最慢的那根：一共只转 {slow_deg}°；第 0 根每过一个座位就转 1 弧度 = {fast_deg}°。"),
        "rope": ("先猜：把查询和键一起往前移三个位置（m = 7、n = 3 → m = 4、n = 0），哪个分数会变：RoPE 的，还是加上 PE 的？",
                 "RoPE 的分数仍是 {rope}（相隔还是 4）；加上 PE 的分数从 {abs_b} 变成 {abs_a}。"),
        "wx": ("先猜：用讲义的 W 和 x = ({x})，三个分数是多少？哪个词拿到大部分概率？",
               "s = [{scores}]；概率 {probs}：“{top}”拿到大部分。"),
        "reorder": ("先猜：把“cat”和“sat”对调，哪些输出会变？",
                    "位置 {changed} 会变；其他不变，因为每个输出只把到它为止的词元当成一袋来看。"),
        "gain": ("先猜：s = {s} 时，信号经过 30 层后有多大？没有 LayerNorm 和有 LayerNorm 各是多少？",
                 "没有 LayerNorm 时 RMS 是 {plain}；有 LayerNorm 时是 {ln}。"),
        "drift": ("先猜：每个输入都平移 {shift}，{n} 个神经元里，用 ReLU 时有几个梯度恰为 0？用 GELU 时有几个 |梯度| 小于 {floor}？",
                  "ReLU：{n} 个中 {relu} 个恰为 0；GELU：{n} 个中 {gelu} 个小于 {floor}，没有一个恰为 0。"),
        "gpt2": ("先猜：输出层不与 token 嵌入绑定时，GPT-2 小型模型有多少参数？",
                 "{untied} 个，绑定时是 {tied} 个：输出层多出一个“词汇数 × 宽度”的矩阵。"),
        "reveal": "看答案", "hide": "隐藏答案",
    },
}

# The lecture deck's own labels (studio.publish.deck): keys, overview, speaker view.
DECK = {
    "en": {
        "help": "→ / PageDown / Space next (on a widget slide: first its question, then its answer) · ← / PageUp previous (outside an entered widget these change slides, "
                "even with a button focused; ←/→ on a focused slider move the slider) · ↑/↓ move a focused slider · O overview · B black screen · D dim · "
                "S speaker view · C captions · T light/dark theme · F full screen · V values on screen at this moment · E explore this frame in its widget (on a widget slide: "
                "enter the widget, so ←/→, ↑/↓, Home/End and Enter work its controls while PageUp/PageDown and Space still change slides; "
                "Esc leaves it) · ? this list of keys · Esc back",
        "keys_title": "Keys (? or Esc closes this list)",
        "entered": "Widget active — Esc to leave",
        "next_question": "next: the question", "next_answer": "next: the answer",
        "deck": "Slides", "overview": "All slides", "slide_fmt": "Slide {k} of {n}", "notes": "Notes",
        "next": "Next", "end": "End of the deck", "timer": "Time", "reset": "Restart the timer",
        "explore": "Explore this frame in its widget (E)", "speaker": "Speaker view", "current": "Now: ",
        "parts_left": "Left in this item before the next one: {n}", "no_notes": "(no notes)",
        "blackout": "Black screen: B or Esc to come back", "dim": "Dimmed: D or Esc to come back",
        "clip_playing": "Playing to pause {k} of {n}", "clip_held": "Held on pause {k} of {n}",
        "onscreen": "Values on screen (V)", "onscreen_at": "On screen at {t} s (paused):", "onscreen_none": "No number on screen at this moment.", "close": "Close",
    },
    "zh-Hant": {
        "help": "→ / PageDown / 空白鍵 下一張（元件投影片上先出問題、再出答案）· ← / PageUp 上一張（沒進入元件時，即使焦點在按鈕上也換頁；焦點在滑桿上時 ←/→ 調整滑桿）· ↑/↓ 調整選中的滑桿 · O 總覽 · B 黑屏 · D 調暗 · S 講者視窗 · C 字幕 · T 淺色／深色主題 · "
                "F 全螢幕 · V 這一刻畫面上的數值 · E 在元件裡探索這一格（在元件投影片上：進入元件，用 ←/→、↑/↓、Home/End、Enter 操作它的控制項，PageUp/PageDown 和空白鍵照樣換頁，Esc 離開）· ? 這份按鍵清單 · Esc 返回",
        "keys_title": "按鍵（按 ? 或 Esc 關閉這份清單）",
        "entered": "正在操作元件：按 Esc 離開",
        "next_question": "下一步：問題", "next_answer": "下一步：答案",
        "deck": "投影片", "overview": "全部投影片", "slide_fmt": "第 {k} 張，共 {n} 張", "notes": "講稿",
        "next": "下一張", "end": "投影片結束", "timer": "時間", "reset": "計時器歸零",
        "explore": "在互動元件裡探索這一格（E）", "speaker": "講者視窗", "current": "目前：",
        "parts_left": "這一項還剩 {n} 步，之後進入下一項", "no_notes": "（沒有講稿）",
        "blackout": "黑屏：按 B 或 Esc 回來", "dim": "已調暗：按 D 或 Esc 回來",
        "clip_playing": "播放中，前往第 {k} 個停點（共 {n} 個）", "clip_held": "停在第 {k} 個停點（共 {n} 個）",
        "onscreen": "畫面上的數值（V）", "onscreen_at": "{t} 秒時畫面上的數值（已暫停）：", "onscreen_none": "這一刻畫面上沒有數字。", "close": "關閉",
    },
    "zh-Hans": {
        "help": "→ / PageDown / 空格键 下一张（组件幻灯片上先出问题、再出答案）· ← / PageUp 上一张（没进入组件时，即使焦点在按钮上也换页；焦点在滑块上时 ←/→ 调整滑块）· ↑/↓ 调整选中的滑块 · O 总览 · B 黑屏 · D 调暗 · S 演讲者视图 · C 字幕 · T 浅色／深色主题 · "
                "F 全屏 · V 这一刻画面上的数值 · E 在组件里探索这一帧（在组件幻灯片上：进入组件，用 ←/→、↑/↓、Home/End、Enter 操作它的控件，PageUp/PageDown 和空格键照样换页，Esc 退出）· ? 这份按键清单 · Esc 返回",
        "keys_title": "按键（按 ? 或 Esc 关闭这份清单）",
        "entered": "正在操作组件：按 Esc 退出",
        "next_question": "下一步：问题", "next_answer": "下一步：答案",
        "deck": "幻灯片", "overview": "全部幻灯片", "slide_fmt": "第 {k} 张，共 {n} 张", "notes": "讲稿",
        "next": "下一张", "end": "幻灯片结束", "timer": "时间", "reset": "计时器归零",
        "explore": "在交互组件里探索这一帧（E）", "speaker": "演讲者视图", "current": "当前：",
        "parts_left": "这一项还剩 {n} 步，之后进入下一项", "no_notes": "（没有讲稿）",
        "blackout": "黑屏：按 B 或 Esc 回来", "dim": "已调暗：按 D 或 Esc 回来",
        "clip_playing": "播放中，前往第 {k} 个停点（共 {n} 个）", "clip_held": "停在第 {k} 个停点（共 {n} 个）",
        "onscreen": "画面上的数值（V）", "onscreen_at": "{t} 秒时画面上的数值（已暂停）：", "onscreen_none": "这一刻画面上没有数字。", "close": "关闭",
    },
}

# The deck's exports (studio.publish.deck.handout, studio.publish.deck.powerpoint): the handout's
# labels and the PowerPoint title slide's line.
EXPORT = {
    "en": {"on_screen": "On screen at {t:.2f} s", "numbers_file": "Every number: {name}",
           "more": "… {n} more: {name}", "handout": "Handout", "slides": "{n} slides",
           "question": "Question: {q}", "answer": "Answer: {a}", "live": "Interactive: live on slide {n} of the HTML deck (index.html).",
           "page_of": "page {p} / {pages} · slide {s} of {total}", "next_up": "Next: {title}",
           "last": "This is the last slide.",
           "opens": "On the slide as it opens (the engine's numbers; ? is an answer still hidden):",
           "controls": "Its controls: {c}.",
           "demo": "Demonstrate live on slide {n} of the HTML deck (index.html): ask the question and let the room commit to an answer; then move {what} one step at a time, read the changed values aloud, and open the answer.",
           "demo_plain": "Demonstrate live on slide {n} of the HTML deck (index.html): move {what} one step at a time and read the changed values aloud.",
           "the_controls": "its controls"},
    "zh-Hant": {"on_screen": "{t:.2f} 秒時畫面上的數值", "numbers_file": "全部數值：{name}",
                "more": "……另有 {n} 個：{name}", "handout": "講義", "slides": "共 {n} 張",
                "question": "問題：{q}", "answer": "答案：{a}", "live": "互動元件：在 HTML 簡報（index.html）第 {n} 張投影片上操作。",
                "page_of": "第 {p} / {pages} 頁 · 投影片 {s}（共 {total} 張）", "next_up": "接下來：{title}",
                "last": "這是最後一張投影片。",
                "opens": "投影片打開時的數值（引擎算出的；? 是尚未揭曉的答案）：",
                "controls": "控制項：{c}。",
                "demo": "在 HTML 簡報（index.html）第 {n} 張投影片上現場示範：先問問題，讓全班各自選定答案；再一次一格地移動{what}，把變化的數值念出來，最後打開答案。",
                "demo_plain": "在 HTML 簡報（index.html）第 {n} 張投影片上現場示範：一次一格地移動{what}，把變化的數值念出來。",
                "the_controls": "控制項"},
    "zh-Hans": {"on_screen": "{t:.2f} 秒时画面上的数值", "numbers_file": "全部数值：{name}",
                "more": "……另有 {n} 个：{name}", "handout": "讲义", "slides": "共 {n} 张",
                "question": "问题：{q}", "answer": "答案：{a}", "live": "交互组件：在 HTML 幻灯片（index.html）第 {n} 张上操作。",
                "page_of": "第 {p} / {pages} 页 · 幻灯片 {s}（共 {total} 张）", "next_up": "接下来：{title}",
                "last": "这是最后一张幻灯片。",
                "opens": "幻灯片打开时的数值（引擎算出的；? 是尚未揭晓的答案）：",
                "controls": "控件：{c}。",
                "demo": "在 HTML 幻灯片（index.html）第 {n} 张上现场演示：先问问题，让全班各自选定答案；再一次一格地移动{what}，把变化的数值念出来，最后打开答案。",
                "demo_plain": "在 HTML 幻灯片（index.html）第 {n} 张上现场演示：一次一格地移动{what}，把变化的数值念出来。",
                "the_controls": "控件"},
}

from studio.publish.pages import text_positional  # noqa: E402 (the positional page's words)

text_positional.merge(PROSE, UI, PREDICT)
text_worked.merge(PROSE, UI)  # the worked page's words (seed 003's simulator)
from studio.publish.pages import text_depth as _depth  # noqa: E402 (the depth lesson's further widgets)
for _lang in PROSE: PROSE[_lang] |= _depth.PROSE[_lang]; UI[_lang] |= _depth.UI[_lang]; PREDICT[_lang] |= _depth.PREDICT[_lang]  # noqa: E702
from studio.publish.pages import text_training  # noqa: E402 (the depth page's training replay)

text_training.merge(PROSE, UI)
from studio.publish.pages import text_batch, text_block, text_gain, text_shortcut  # noqa: E402 (the further widgets' words)

for _words in (text_shortcut, text_gain, text_block, text_batch): _words.merge(UI)  # noqa: E701 (shortcut, gain, block, batch)
# The answers that hold only for the widget's opening values: each starts with the case it is for, and
# page.js hides it again as soon as a control moves away from that case (details[data-case]). A widget
# in CASE_CONTROLS is judged by those controls alone (reorder: its swaps are what the question asks for).
CASE_CONTROLS = {"reorder": "p"}
# answers that go on past the question to the sliders' own values: page.js fills {field} from the widget's
# state at every move (the fields are the widget's readouts, computed by the engine at build time)
LIVE = {
    "en": {"rope": " Now, at m = {m}, n = {n} (gap {gap}): RoPE's score is {score}, as at the same gap from "
                   "position 0 ({gap_score}); with PE added it is {abs_score}, against {abs_gap_score} from position 0."},
    "zh-Hant": {"rope": "現在 m = {m}、n = {n}（相隔 {gap}）：RoPE 的分數是 {score}，與同樣相隔、從位置 0 開始時"
                        "（{gap_score}）相同；加上 PE 時是 {abs_score}，從位置 0 開始則是 {abs_gap_score}。"},
    "zh-Hans": {"rope": "现在 m = {m}、n = {n}（相隔 {gap}）：RoPE 的分数是 {score}，与同样相隔、从位置 0 开始时"
                        "（{gap_score}）相同；加上 PE 时是 {abs_score}，从位置 0 开始则是 {abs_gap_score}。"},
}
CASE = {
    "en": {"naive": "For {word} at p = {p}, q = {q}: ", "gain": "At s = {s}: ", "drift": "At a shift of {shift}: ",
           "ffn": "At x = ({x}): ", "forward": "For the target {target}: ", "backward": "For the target {target}: ",
           "toy": "At the starting values: ", "wx": "With the lecture's W and x = ({x}): ",
           "angles": "At a gap of {gap} seats: ", "decode": "For the prompt “{prompt}”: ",
           "reorder": "Without P added: "},
    "zh-Hant": {"naive": "「{word}」、p = {p}、q = {q} 時：", "gain": "s = {s} 時：", "drift": "平移 {shift} 時：",
                "ffn": "x = ({x}) 時：", "forward": "目標值 {target} 時：", "backward": "目標值 {target} 時：",
                "toy": "用起始數值時：", "wx": "用課堂上的 W、x = ({x}) 時：",
                "angles": "相隔 {gap} 個座位時：", "decode": "提示詞「{prompt}」時：", "reorder": "不加 P 時："},
    "zh-Hans": {"naive": "「{word}」、p = {p}、q = {q} 时：", "gain": "s = {s} 时：", "drift": "平移 {shift} 时：",
                "ffn": "x = ({x}) 时：", "forward": "目标值 {target} 时：", "backward": "目标值 {target} 时：",
                "toy": "用起始数值时：", "wx": "用课堂上的 W、x = ({x}) 时：",
                "angles": "相隔 {gap} 个座位时：", "decode": "提示词「{prompt}」时：", "reorder": "不加 P 时："},
}
for _lang in UI: UI[_lang]["quiz_items"] = _depth.QUIZ[_lang]  # noqa: E701 (the knowledge check's questions)
