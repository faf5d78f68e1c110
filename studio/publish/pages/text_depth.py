"""Words of the depth lesson's further widgets (studio.publish.pages.widgets_depth), in English,
Traditional and Simplified Chinese; merged into text.PROSE, text.UI and text.PREDICT. Numbers never
appear here: they come from the engine (the {placeholders} are filled with its values)."""
from __future__ import annotations

PROSE = {
    "en": {
        "quiz": "Six questions, one per idea of the chapter. Pick an answer and check it: the explanation, with the "
                "numbers from the widgets above, appears as soon as you have answered.",
        "lndim": "Which way does the mean run? The book's 2×6 output (two samples, six features, after Linear + ReLU) "
                 "and out.mean along one dim. dim = −1, the last dimension, averages each row: one mean per sample, "
                 "the direction LayerNorm normalises, and still the embedding dimension when the tensor becomes "
                 "[batch, tokens, emb_dim]. dim = 0 averages each column across the batch: BatchNorm's direction.",
        "layernorm": "LayerNorm on the 2×6 output, one step at a time: each row's mean and variance, centre, divide "
                     "by the standard deviation, and check the result. The switch shows the chapter's own stepper "
                     "(divide by n − 1, no ε) beside nn.LayerNorm's (divide by n, ε under the root).",
        "forward": "The 2-3-1 tanh net forward: z1 = W1·x + b1, a1 = tanh(z1), ŷ = W2·a1 + b2, loss = ½(ŷ − target)². "
                   "Move the target: everything up to ŷ stays, only the loss changes.",
        "backward": "And backward by the chain rule, then one update with learning rate 0.1: the loss falls. Move the "
                    "target: every gradient scales with ŷ − target and changes sign when the target passes ŷ.",
        "word": "One word on its way into the model: the tokenizer looks it up in the vocabulary and gives its "
                "token ID, and the embedding table hands back the row with that number: the word as a vector. "
                "The rows here are the real ones of the untrained model (random weights, seed 123).",
        "causal": "All four positions are computed in one matrix product, yet none of them sees the future: the "
                  "causal mask lets position i use tokens 1 … i only. Pick a position to see what it may "
                  "attend to and which next word it is trained to predict.",
        "ffn": "The feed forward network on one token vector, small enough to read: widen 2 → 8 with W₁ and b₁, "
               "GELU on each number, narrow back 8 → 2 with W₂ and b₂. Move x and step through: the output has "
               "the width of the input, so blocks can be stacked. GPT-2 small does the same at its own width (last readout).",
        "shortcut": "The book's 5-layer network (Linear + GELU per layer), one backward pass. Step back from the "
                    "loss layer by layer and watch the mean |gradient| of each layer's weights; switch the "
                    "shortcut (x + layer(x)) on and off.",
        "block": "The transformer block's forward pass, one line at a time, on the worked example (two tokens of "
                 "width 4 with their positions added, x = X + P; two heads; a ReLU feed forward): save x, LayerNorm, "
                 "the sublayer, dropout (off when the model runs in eval mode), add x back; then the same again with "
                 "the feed forward. Inside attention and the feed forward it stops at every matrix (Q, K, V, the "
                 "scores, A, the widened layer), each to 4 decimals, so every number can be checked by hand. Switch the "
                 "shortcut off and the input no longer reaches the output.",
        "gpt2": "Move the width, heads, layers and vocabulary freely, or pick a GPT-2 size: the parameter count "
                "and its float32 size are computed here, part by part. The heads only split the width, so they "
                "do not change the count. Tying the output head to the token embedding removes one V × E matrix.",
        "decode": "Greedy generation with the untrained model: at each step it reads every ID so far, keeps the "
                  "last position's logits (one per vocabulary entry), turns them into probabilities and appends the most likely ID. "
                  "With random weights no ID stands out: the winner's probability is a small fraction of a percent, "
                  "so the text is gibberish: training is what gives the model language. Each new ID is shown with its text in "
                  "GPT-2's vocabulary, in ⟨ ⟩ (␣ is a space): the page carries those few entries, no tokenizer.",
    },
    "zh-Hant": {
        "quiz": "六題，每題對應本章一個重點。選一個答案後按「檢查」：作答後立即看到解析，數值和上面各個互動元件一致。",
        "lndim": "平均值沿哪個方向算？書中的 2×6 輸出（兩個樣本、六個特徵，Linear + ReLU 之後），沿某個 dim 取 out.mean。"
                 "dim = −1 是最後一維，每一列各自平均：每個樣本一個平均值，這正是 LayerNorm 正規化的方向；張量變成 "
                 "[batch, tokens, emb_dim] 時，dim = −1 仍然指 embedding 維。dim = 0 則把每一行跨整個 batch 平均：那是 BatchNorm 的方向。",
        "layernorm": "2×6 輸出的 LayerNorm，一次一步：每列的平均與變異數、置中、除以標準差、驗收結果。"
                     "開關切換本章自己的逐步計算（除以 n − 1、不加 ε）與 nn.LayerNorm（除以 n、根號內加 ε）。",
        "forward": "2-3-1 tanh 網路的前向：z1 = W1·x + b1、a1 = tanh(z1)、ŷ = W2·a1 + b2、loss = ½(ŷ − target)²。"
                   "移動目標值：ŷ 之前都不變，只有 loss 改變。",
        "backward": "再用連鎖律反向傳播，以學習率 0.1 更新一次：loss 下降。移動目標值：每個梯度都隨 ŷ − target 縮放，"
                    "目標值越過 ŷ 時正負號翻轉。",
        "word": "一個字走進模型的路：tokenizer 在詞彙表裡查到它的 token ID，embedding 表再取出那一列：這個字成了一個向量。"
                "這裡的數值是未訓練模型（隨機權重，種子 123）裡真正的那幾列。",
        "causal": "四個位置在同一次矩陣運算裡一起算出，卻沒有一個看得到未來：因果遮罩讓位置 i 只能用第 1 … i 個 token。"
                  "點一個位置，看它能注意哪些 token、訓練時要預測哪個下一個字。",
        "ffn": "把前饋網路放在一個 token 向量上，小到可以逐數讀：用 W₁、b₁ 放寬 2 → 8，每個數過 GELU，再用 W₂、b₂ 收回 8 → 2。"
               "移動 x、逐步看：輸出和輸入同寬，Block 才能一層層疊上去。GPT-2 小型在自己的寬度上做同一件事（最後一欄）。",
        "shortcut": "書中的 5 層網路（每層 Linear + GELU），一次反向傳播。從 loss 一層一層往回走，看每層權重的平均 |梯度|；"
                    "切換捷徑（x + f(x)）開或關。",
        "block": "Transformer Block 的前向傳播，一次一行，用手算例子（兩個寬度 4 的 token 加上位置，x = X + P；兩個頭；ReLU 前饋）："
                 "存下 x、LayerNorm、子層、dropout（推論時關閉）、把 x 加回；再對前饋網路做一次。"
                 "在注意力與前饋內部，每個矩陣（Q、K、V、分數、A、放寬後的那層）都停一步，四位小數，每個數都能手算驗證。"
                 "關掉捷徑，輸入就到不了輸出。",
        "gpt2": "自由拖動寬度、頭數、層數與詞彙量，或選一個 GPT-2 尺寸：參數量與 float32 大小在頁面裡逐項算出。"
                "頭數只是把寬度切開，不改變參數量。輸出層與 token 嵌入綁定時，少掉一個 V × E 矩陣。",
        "decode": "用未訓練的模型做貪婪生成：每一步讀入目前所有 ID，只取最後一個位置的 logits（詞彙表每個 token 一個），轉成機率，"
                  "接上機率最高的 ID。權重是隨機的，沒有哪個 ID 特別突出：勝出者的機率也只有百分之零點幾，所以生成的是亂碼：語言能力來自訓練。"
                  "每個新 ID 旁邊是它在 GPT-2 詞彙表裡的文字，放在 ⟨ ⟩ 裡（␣ 是空格）：頁面只帶著這幾個詞條，不需要 tokenizer。",
    },
    "zh-Hans": {
        "quiz": "六题，每题对应本章一个重点。选一个答案后按“检查”：作答后立即看到解析，数值和上面各个交互组件一致。",
        "lndim": "均值沿哪个方向算？书中的 2×6 输出（两个样本、六个特征，Linear + ReLU 之后），沿某个 dim 取 out.mean。"
                 "dim = −1 是最后一维，每一行各自平均：每个样本一个均值，这正是 LayerNorm 归一化的方向；张量变成 "
                 "[batch, tokens, emb_dim] 时，dim = −1 仍然指 embedding 维。dim = 0 则把每一列跨整个 batch 平均：那是 BatchNorm 的方向。",
        "layernorm": "2×6 输出的 LayerNorm，一次一步：每行的均值与方差、居中、除以标准差、验收结果。"
                     "开关切换本章自己的逐步计算（除以 n − 1、不加 ε）与 nn.LayerNorm（除以 n、根号内加 ε）。",
        "forward": "2-3-1 tanh 网络的前向：z1 = W1·x + b1、a1 = tanh(z1)、ŷ = W2·a1 + b2、loss = ½(ŷ − target)²。"
                   "移动目标值：ŷ 之前都不变，只有 loss 改变。",
        "backward": "再用链式法则反向传播，以学习率 0.1 更新一次：loss 下降。移动目标值：每个梯度都随 ŷ − target 缩放，"
                    "目标值越过 ŷ 时正负号翻转。",
        "word": "一个词走进模型的路：tokenizer 在词表里查到它的 token ID，embedding 表再取出那一行：这个词成了一个向量。"
                "这里的数值是未训练模型（随机权重，种子 123）里真正的那几行。",
        "causal": "四个位置在同一次矩阵运算里一起算出，却没有一个看得到未来：因果掩码让位置 i 只能用第 1 … i 个 token。"
                  "点一个位置，看它能关注哪些 token、训练时要预测哪个下一个词。",
        "ffn": "把前馈网络放在一个 token 向量上，小到可以逐个数读：用 W₁、b₁ 放宽 2 → 8，每个数过 GELU，再用 W₂、b₂ 收回 8 → 2。"
               "移动 x、逐步看：输出和输入同宽，Block 才能一层层叠上去。GPT-2 小型在自己的宽度上做同一件事（最后一栏）。",
        "shortcut": "书中的 5 层网络（每层 Linear + GELU），一次反向传播。从 loss 一层一层往回走，看每层权重的平均 |梯度|；"
                    "切换捷径（x + f(x)）开或关。",
        "block": "Transformer Block 的前向传播，一次一行，用手算例子（两个宽度 4 的 token 加上位置，x = X + P；两个头；ReLU 前馈）："
                 "存下 x、LayerNorm、子层、dropout（推理时关闭）、把 x 加回；再对前馈网络做一次。"
                 "在注意力与前馈内部，每个矩阵（Q、K、V、分数、A、放宽后的那层）都停一步，四位小数，每个数都能手算验证。"
                 "关掉捷径，输入就到不了输出。",
        "gpt2": "自由拖动宽度、头数、层数与词表大小，或选一个 GPT-2 尺寸：参数量与 float32 大小在页面里逐项算出。"
                "头数只是把宽度切开，不改变参数量。输出层与 token 嵌入绑定时，少掉一个 V × E 矩阵。",
        "decode": "用未训练的模型做贪心生成：每一步读入目前所有 ID，只取最后一个位置的 logits（词表每个 token 一个），转成概率，"
                  "接上概率最高的 ID。权重是随机的，没有哪个 ID 特别突出：胜出者的概率也只有百分之零点几，所以生成的是乱码：语言能力来自训练。"
                  "每个新 ID 旁边是它在 GPT-2 词表里的文字，放在 ⟨ ⟩ 里（␣ 是空格）：页面只带着这几个词条，不需要 tokenizer。",
    },
}

UI = {
    "en": {
        "title_quiz": "Knowledge check", "quiz_check": "Check", "quiz_right": "Right.", "quiz_wrong": "Not quite.",
        "quiz_pick": "Pick an answer first.", "quiz_score": "{k} of {n} right ({a} of {n} answered)", "quiz_q": "Question {k}",
        "title_lndim": "Which way the mean runs: dim = −1 or dim = 0", "pick_dim": "Average along", "mean_label": "mean",
        "dim_rows": "dim = −1: one mean per row (sample)", "dim_cols": "dim = 0: one mean per column (feature)",
        "dim_row_note": "dim = −1 (the last dimension, the features): each sample gets its own statistics. LayerNorm uses this direction.",
        "dim_col_note": "dim = 0 (the batch dimension): the same feature of both samples averaged together. That is batch normalization's direction, not LayerNorm's.",
        "title_word": "A word into the model: token ID and embedding row", "pick_word": "Word",
        "word_0": "The word", "word_1": "The tokenizer: its token ID in the vocabulary",
        "word_2": "nn.Embedding: the table's row with that ID", "word_3": "The word as a vector",
        "token_id": "token ID", "emb_row": "tok_emb row", "numbers": "numbers",
        "title_causal": "Causal mask: what each position may attend to", "pick_q": "Query position",
        "query_key": "query \\ key", "sees": "h = Transformer( … ) of the tokens", "blind_to": "never sees",
        "answers": "its logits answer: what comes after", "target": "training target",
        "mask_weights": "attention weights if all scores were equal",
        "title_ffn": "FeedForward step by step: 2 → 8 → 2", "x0": "x₀", "x1": "x₁",
        "ffn_x": "Input x: one token vector of width 2", "ffn_h": "h = x W₁ + b₁: widen 2 → 8",
        "ffn_g": "GELU(h), number by number", "ffn_y": "y = GELU(h) W₂ + b₂: back to width 2",
        "shape_here": "shape here", "shape_big": "GPT-2 small, input [2, 3, 768]",
        "title_shortcut": "Shortcut connections: the gradient through 5 layers", "use_shortcut": "Use the shortcut connections",
        "sc_loss": "The loss: the backward pass starts here", "sc_layer": "One layer back: the gradient reaches layer",
        "sc_first": "The first layer reached: layer", "sc_ratio": "① fade: the last layer's mean |∂L/∂W| ÷ layer 1's", "sc_ratio_off": "① fade, without the shortcut: the last layer's mean |∂L/∂W| ÷ layer 1's", "sc_ratio_on": "With the shortcut (not ①): the last layer's mean |∂L/∂W| ÷ layer 1's",
        "sc_out": "output ŷ", "sc_pair": "Mean |∂L/∂W| of layer", "sc_pair_colon": ": ", "sc_without": "without the shortcut", "sc_with": "with it", "sc_hint": "No gradient yet. Next step sends it back from the loss: layer 5 first, then 4, … 1.", "sc_measures": "Three ratios on this page, each named by what it divides: ① without the shortcut, the last layer's mean |∂L/∂W| ÷ layer 1's (the question above): {fading}×; ② with ÷ without the shortcut, layer 1's mean |∂L/∂W| (the gradient of its weights, this widget): {weights}×; ③ with ÷ without the shortcut, layer 1's |∂L/∂h| (the backward signal at its output, in the figure after this widget): {signal}×.", "sc_fig_measures": "Measured here: the backward signal |∂L/∂h| at each layer's output, per unit of output error; the ×{signal} at layer 1 is with ÷ without the shortcut (③ in the list of the widget before this figure). That widget counts two other ratios of the same run: ① without the shortcut, the last layer's mean |∂L/∂W| ÷ layer 1's (the fade: the question in the widget asks for it), and ② with ÷ without, layer 1's weights' mean |∂L/∂W| ({weights}×).", "layer": "layer", "grad_axis": "mean |gradient| of each layer's weights, log scale 10⁻⁵ … 10¹",
        "title_block": "TransformerBlock.forward, line by line", "shape_gpt2": "the same line in GPT-2 small",
        "blk_save": "Keep x for the shortcut", "blk_norm": "LayerNorm before the sublayer",
        "blk_in": "The input: x = X + P (the tokens plus their positions), kept for the shortcut",
        "blk_qkv": "Inside att: each head's Q, K, V (head 1 reads x̃'s first two numbers, head 2 the last two)",
        "blk_scores": "Inside att: scores S = QKᵀ, scaled E = S / √d_k",
        "blk_weights": "Inside att: A = softmax of each row of E, every row sums to 1",
        "blk_hidden": "Inside ff: widen each token 4 → 8 with W₁, then ReLU sets the negatives to 0",
        "blk_att": "Multi-head attention: each head's C = A V, put side by side and times W_O: x = O", "blk_drop": "Dropout: off in eval mode, x unchanged",
        "blk_add": "Add the shortcut back: x + the sublayer's output", "blk_ff": "Feed forward: each token on its own",
        "blk_skip": "No shortcut: this line does nothing, x stays as it was",
        "ln_unbiased": "Divide by n − 1 and leave ε out, as the chapter's stepper does (off: nn.LayerNorm)",
        "mean_var_unbiased": "Mean and variance of each row (divide by n − 1)",
        "scaled_unbiased": "Scaled: divide by √variance, no ε (the chapter's stepper)",
        "target_y": "Target", "fb_net": "The 2-3-1 net: the nodes and edges this step computes, lit, with their values",
        "title_decode": "Greedy generation, one token per step", "prompt": "Prompt",
        "dec_start": "The prompt's token IDs: nothing generated yet",
        "dec_step": "One step: run the model on every ID, keep the last position, softmax, argmax, append",
        "dec_end": "Six new tokens: done", "ids": "token IDs", "tokens_text": "text (each new token in ⟨ ⟩)",
        "chosen": "argmax: the new token", "prob": "its probability", "runner": "runner-up",
        "uniform": "1 / vocabulary: every ID equally likely", "run_all": "Run all steps", "restart": "Start again",
        "heads": "Heads (n_heads)", "vocab": "Vocabulary (vocab_size)", "qkv_bias": "Q, K, V biases",
        "presets": "GPT-2 sizes", "preset_counted": " ({m}M counted)", "head_dim": "numbers per head (emb_dim / n_heads)",
        "head_bad": "not a whole number: pick heads that divide the width",
        "total_m": "parameters (millions)",
        "part_tok": "token embedding", "part_pos": "positional embedding", "part_blocks": "transformer blocks",
        "part_final": "final LayerNorm", "part_head": "output head", "parts_axis": "Share of all parameters (%): each bar is its part's count ÷ the total",
        "qkv_note": "Counted without Q, K, V biases unless the box is ticked: GPT-2 small tied has {tied} parameters "
                    "this way, and the released model, whose Q, K, V carry biases, has {tied_qkv}.",
    },
    "zh-Hant": {
        "title_quiz": "知識檢核", "quiz_check": "檢查", "quiz_right": "答對了。", "quiz_wrong": "不太對。",
        "quiz_pick": "請先選一個答案。", "quiz_score": "答對 {k} / {n} 題（已作答 {a} 題）", "quiz_q": "第 {k} 題",
        "title_lndim": "平均值沿哪個方向：dim = −1 還是 dim = 0", "pick_dim": "沿著", "mean_label": "平均值",
        "dim_rows": "dim = −1：每一列（樣本）一個平均值", "dim_cols": "dim = 0：每一行（特徵）一個平均值",
        "dim_row_note": "dim = −1（最後一維，特徵維）：每個樣本各自算統計量。LayerNorm 用的就是這個方向。",
        "dim_col_note": "dim = 0（batch 維）：把兩個樣本的同一個特徵放在一起平均。這是 batch normalization 的方向，不是 LayerNorm 要的。",
        "title_word": "一個字走進模型：token ID 與 embedding 列", "pick_word": "字",
        "word_0": "這個字", "word_1": "tokenizer：它在詞彙表裡的 token ID",
        "word_2": "nn.Embedding：表中那個 ID 的一列", "word_3": "這個字成為一個向量",
        "token_id": "token ID", "emb_row": "tok_emb 的列", "numbers": "個數",
        "title_causal": "因果遮罩：每個位置能注意哪些 token", "pick_q": "查詢位置",
        "query_key": "查詢 \\ 鍵", "sees": "h = Transformer( … )，用到的 token", "blind_to": "完全看不到",
        "answers": "它的 logits 在回答：接下來是哪個字", "target": "訓練目標",
        "mask_weights": "若所有分數相等時的注意力權重",
        "title_ffn": "FeedForward 逐步計算：2 → 8 → 2", "x0": "x₀", "x1": "x₁",
        "ffn_x": "輸入 x：一個寬度 2 的 token 向量", "ffn_h": "h = x W₁ + b₁：放寬 2 → 8",
        "ffn_g": "GELU(h)，逐個數計算", "ffn_y": "y = GELU(h) W₂ + b₂：收回寬度 2",
        "shape_here": "這裡的形狀", "shape_big": "GPT-2 小型，輸入 [2, 3, 768]",
        "title_shortcut": "捷徑連接：梯度穿過 5 層", "use_shortcut": "使用捷徑連接",
        "sc_loss": "loss：反向傳播從這裡開始", "sc_layer": "往回一層，梯度到達：層",
        "sc_first": "到達第一層：層", "sc_ratio": "① 衰減：最後一層的平均 |∂L/∂W| ÷ 第 1 層的", "sc_ratio_off": "① 衰減（沒捷徑）：最後一層的平均 |∂L/∂W| ÷ 第 1 層的", "sc_ratio_on": "有捷徑時（不是 ①）：最後一層的平均 |∂L/∂W| ÷ 第 1 層的",
        "sc_out": "輸出 ŷ", "sc_pair": "層", "sc_pair_colon": " 的平均 |∂L/∂W|：", "sc_without": "沒捷徑", "sc_with": "有捷徑", "sc_hint": "還沒有梯度。按「下一步」，梯度從 loss 往回送：先到第 5 層，再到第 4 層，…… 第 1 層。", "sc_measures": "這一頁有三個比值，各自寫明是誰除以誰：① 沒捷徑時，最後一層的平均 |∂L/∂W| ÷ 第 1 層的（上面的問題）：{fading}×；② 有捷徑 ÷ 沒捷徑，第 1 層的平均 |∂L/∂W|（權重的梯度，這個小工具）：{weights}×；③ 有捷徑 ÷ 沒捷徑，第 1 層的 |∂L/∂h|（輸出處的反向訊號，這個小工具之後的圖）：{signal}×。", "sc_fig_measures": "這張圖量的是：每層輸出處的反向訊號 |∂L/∂h|，以每單位輸出誤差計；第 1 層的 ×{signal} 是有捷徑 ÷ 沒捷徑（即這張圖前面那個小工具清單裡的 ③）。那個小工具算的是同一次執行的另外兩個比值：① 沒捷徑時，最後一層的平均 |∂L/∂W| ÷ 第 1 層的（衰減：小工具上方的問題問的就是它）；② 有捷徑 ÷ 沒捷徑，第 1 層權重的平均 |∂L/∂W|（{weights}×）。", "layer": "層", "grad_axis": "每層權重的平均 |梯度|，對數刻度 10⁻⁵ … 10¹",
        "title_block": "Transformer Block 的前向傳播，逐行執行", "shape_gpt2": "GPT-2 小型的同一行",
        "blk_save": "存下 x，留給捷徑", "blk_norm": "進子層前的 LayerNorm",
        "blk_in": "輸入：x = X + P（token 加上它們的位置），留給捷徑",
        "blk_qkv": "att 內部：每個頭的 Q、K、V（頭 1 讀 x̃ 的前兩個數，頭 2 讀後兩個）",
        "blk_scores": "att 內部：分數 S = QKᵀ，縮放後 E = S / √d_k",
        "blk_weights": "att 內部：A = 對 E 的每一列做 softmax，每列加起來是 1",
        "blk_hidden": "ff 內部：用 W₁ 把每個 token 從 4 放寬到 8，ReLU 把負數歸零",
        "blk_att": "多頭注意力：每個頭的 C = A V 並排接起來，再乘 W_O：x = O", "blk_drop": "Dropout：推論時關閉，x 不變",
        "blk_add": "把捷徑加回：x + 子層的輸出", "blk_ff": "前饋網路：每個 token 各自處理",
        "blk_skip": "沒有捷徑：這一行不做事，x 維持原樣",
        "ln_unbiased": "改為除以 n − 1、不加 ε，與本章的逐步計算相同（關閉：nn.LayerNorm）",
        "mean_var_unbiased": "每列的平均與變異數（除以 n − 1）",
        "scaled_unbiased": "縮放：除以 √變異數，不加 ε（本章逐步計算的數字）",
        "target_y": "目標值", "fb_net": "2-3-1 網路：這一步計算的節點與連線亮起，附上數值",
        "title_decode": "貪婪生成，一步一個 token", "prompt": "提示詞",
        "dec_start": "提示詞的 token ID：還沒有生成",
        "dec_step": "一步：模型讀入所有 ID，只取最後一個位置，softmax，argmax，接回去",
        "dec_end": "六個新 token：完成", "ids": "token ID", "tokens_text": "文字（每個新 token 放在 ⟨ ⟩ 裡）",
        "chosen": "argmax：新的 token", "prob": "它的機率", "runner": "第二名",
        "uniform": "1 / 詞彙量：每個 ID 機率相同時", "run_all": "跑完所有步驟", "restart": "重新開始",
        "heads": "頭數（n_heads）", "vocab": "詞彙量（vocab_size）", "qkv_bias": "Q、K、V 的偏置",
        "presets": "GPT-2 尺寸", "preset_counted": "（實算 {m}M）", "head_dim": "每個頭的數字數（emb_dim / n_heads）",
        "head_bad": "不是整數：請選能整除寬度的頭數",
        "total_m": "參數（百萬）",
        "part_tok": "token 嵌入", "part_pos": "位置嵌入", "part_blocks": "Transformer Block",
        "part_final": "最後的 LayerNorm", "part_head": "輸出層", "parts_axis": "佔全部參數的百分比（%）：每條是該部分的參數量 ÷ 總數",
        "qkv_note": "除非勾選，計數不含 Q、K、V 的偏置：這樣算，綁定的 GPT-2 小型模型有 {tied} 個參數；"
                    "實際發布的模型 Q、K、V 帶偏置，有 {tied_qkv} 個。",
    },
    "zh-Hans": {
        "title_quiz": "知识检测", "quiz_check": "检查", "quiz_right": "答对了。", "quiz_wrong": "不太对。",
        "quiz_pick": "请先选一个答案。", "quiz_score": "答对 {k} / {n} 题（已作答 {a} 题）", "quiz_q": "第 {k} 题",
        "title_lndim": "均值沿哪个方向：dim = −1 还是 dim = 0", "pick_dim": "沿着", "mean_label": "均值",
        "dim_rows": "dim = −1：每一行（样本）一个均值", "dim_cols": "dim = 0：每一列（特征）一个均值",
        "dim_row_note": "dim = −1（最后一维，特征维）：每个样本各自算统计量。LayerNorm 用的就是这个方向。",
        "dim_col_note": "dim = 0（batch 维）：把两个样本的同一个特征放在一起平均。这是 batch normalization 的方向，不是 LayerNorm 要的。",
        "title_word": "一个词走进模型：token ID 与 embedding 行", "pick_word": "词",
        "word_0": "这个词", "word_1": "tokenizer：它在词表里的 token ID",
        "word_2": "nn.Embedding：表中那个 ID 的一行", "word_3": "这个词成为一个向量",
        "token_id": "token ID", "emb_row": "tok_emb 的行", "numbers": "个数",
        "title_causal": "因果掩码：每个位置能关注哪些 token", "pick_q": "查询位置",
        "query_key": "查询 \\ 键", "sees": "h = Transformer( … )，用到的 token", "blind_to": "完全看不到",
        "answers": "它的 logits 在回答：接下来是哪个词", "target": "训练目标",
        "mask_weights": "若所有分数相等时的注意力权重",
        "title_ffn": "FeedForward 逐步计算：2 → 8 → 2", "x0": "x₀", "x1": "x₁",
        "ffn_x": "输入 x：一个宽度 2 的 token 向量", "ffn_h": "h = x W₁ + b₁：放宽 2 → 8",
        "ffn_g": "GELU(h)，逐个数计算", "ffn_y": "y = GELU(h) W₂ + b₂：收回宽度 2",
        "shape_here": "这里的形状", "shape_big": "GPT-2 小型，输入 [2, 3, 768]",
        "title_shortcut": "捷径连接：梯度穿过 5 层", "use_shortcut": "使用捷径连接",
        "sc_loss": "loss：反向传播从这里开始", "sc_layer": "往回一层，梯度到达：层",
        "sc_first": "到达第一层：层", "sc_ratio": "① 衰减：最后一层的平均 |∂L/∂W| ÷ 第 1 层的", "sc_ratio_off": "① 衰减（没捷径）：最后一层的平均 |∂L/∂W| ÷ 第 1 层的", "sc_ratio_on": "有捷径时（不是 ①）：最后一层的平均 |∂L/∂W| ÷ 第 1 层的",
        "sc_out": "输出 ŷ", "sc_pair": "层", "sc_pair_colon": " 的平均 |∂L/∂W|：", "sc_without": "没捷径", "sc_with": "有捷径", "sc_hint": "还没有梯度。按“下一步”，梯度从 loss 往回送：先到第 5 层，再到第 4 层，…… 第 1 层。", "sc_measures": "这一页有三个比值，各自写明是谁除以谁：① 没捷径时，最后一层的平均 |∂L/∂W| ÷ 第 1 层的（上面的问题）：{fading}×；② 有捷径 ÷ 没捷径，第 1 层的平均 |∂L/∂W|（权重的梯度，这个小组件）：{weights}×；③ 有捷径 ÷ 没捷径，第 1 层的 |∂L/∂h|（输出处的反向信号，这个小组件之后的图）：{signal}×。", "sc_fig_measures": "这张图量的是：每层输出处的反向信号 |∂L/∂h|，以每单位输出误差计；第 1 层的 ×{signal} 是有捷径 ÷ 没捷径（即这张图前面那个小组件清单里的 ③）。那个小组件算的是同一次运行的另外两个比值：① 没捷径时，最后一层的平均 |∂L/∂W| ÷ 第 1 层的（衰减：小组件上方的问题问的就是它）；② 有捷径 ÷ 没捷径，第 1 层权重的平均 |∂L/∂W|（{weights}×）。", "layer": "层", "grad_axis": "每层权重的平均 |梯度|，对数刻度 10⁻⁵ … 10¹",
        "title_block": "Transformer Block 的前向传播，逐行执行", "shape_gpt2": "GPT-2 小型的同一行",
        "blk_save": "存下 x，留给捷径", "blk_norm": "进子层前的 LayerNorm",
        "blk_in": "输入：x = X + P（token 加上它们的位置），留给捷径",
        "blk_qkv": "att 内部：每个头的 Q、K、V（头 1 读 x̃ 的前两个数，头 2 读后两个）",
        "blk_scores": "att 内部：分数 S = QKᵀ，缩放后 E = S / √d_k",
        "blk_weights": "att 内部：A = 对 E 的每一行做 softmax，每行加起来是 1",
        "blk_hidden": "ff 内部：用 W₁ 把每个 token 从 4 放宽到 8，ReLU 把负数归零",
        "blk_att": "多头注意力：每个头的 C = A V 并排接起来，再乘 W_O：x = O", "blk_drop": "Dropout：推理时关闭，x 不变",
        "blk_add": "把捷径加回：x + 子层的输出", "blk_ff": "前馈网络：每个 token 各自处理",
        "blk_skip": "没有捷径：这一行不做事，x 保持原样",
        "ln_unbiased": "改为除以 n − 1、不加 ε，与本章的逐步计算相同（关闭：nn.LayerNorm）",
        "mean_var_unbiased": "每行的均值与方差（除以 n − 1）",
        "scaled_unbiased": "缩放：除以 √方差，不加 ε（本章逐步计算的数字）",
        "target_y": "目标值", "fb_net": "2-3-1 网络：这一步计算的节点与连线亮起，附上数值",
        "title_decode": "贪心生成，一步一个 token", "prompt": "提示词",
        "dec_start": "提示词的 token ID：还没有生成",
        "dec_step": "一步：模型读入所有 ID，只取最后一个位置，softmax，argmax，接回去",
        "dec_end": "六个新 token：完成", "ids": "token ID", "tokens_text": "文字（每个新 token 放在 ⟨ ⟩ 里）",
        "chosen": "argmax：新的 token", "prob": "它的概率", "runner": "第二名",
        "uniform": "1 / 词表大小：每个 ID 概率相同时", "run_all": "跑完所有步骤", "restart": "重新开始",
        "heads": "头数（n_heads）", "vocab": "词表大小（vocab_size）", "qkv_bias": "Q、K、V 的偏置",
        "presets": "GPT-2 尺寸", "preset_counted": "（实算 {m}M）", "head_dim": "每个头的数字数（emb_dim / n_heads）",
        "head_bad": "不是整数：请选能整除宽度的头数",
        "total_m": "参数（百万）",
        "part_tok": "token 嵌入", "part_pos": "位置嵌入", "part_blocks": "Transformer Block",
        "part_final": "最后的 LayerNorm", "part_head": "输出层", "parts_axis": "占全部参数的百分比（%）：每条是该部分的参数量 ÷ 总数",
        "qkv_note": "除非勾选，计数不含 Q、K、V 的偏置：这样算，绑定的 GPT-2 小型模型有 {tied} 个参数；"
                    "实际发布的模型 Q、K、V 带偏置，有 {tied_qkv} 个。",
    },
}

PREDICT = {
    "en": {
        "lndim": ("Predict: out.mean(dim=0) averages down each column instead of along each row. How many means does it give, and what is the first?",
                  "{n} means, one per feature; the first is ({a} + {b}) / {rows} = {c0}. dim = −1 gives {rows}, one per sample ({m0} for the first): LayerNorm's."),
        "forward": ("Predict: the net is untrained and the target is {target}. Is ŷ near the target? About what loss ½(ŷ − {target})² follows?",
                    "At x = ({x}): ŷ = {y}, far from {target}, so the loss is ½({y} − {target})² = {loss} (the last step)."),
        "backward": ("Predict: after one step of gradient descent (learning rate {lr}), does ŷ move toward the target, and what happens to the loss?",
                     "At x = ({x}) and target {target}: ŷ moves from {y} to {y_new}, toward the target, and the loss falls from {loss} to {loss_new} (the last step)."),
        "ffn": ("Predict: at x = ({x}), {n_neg} of h's {n} numbers are negative. Does GELU set them to 0, as ReLU would? How many numbers does y have?",
                "No: GELU({h}) = {g}, a small negative number, not 0 (step 3). y = ({y}): two numbers, the width of x, so blocks can be stacked."),
        "block": ("Predict: in head {head}, token {token}'s query is q = ({q}). What are its {n} attention weights without the causal mask, and with it?",
                  "Without the mask {weights}: a zero query scores 0 against every key, and the softmax of equal scores is uniform. With GPT-2's causal mask {masked}: token {token} may use only itself (step 5, A{mark}[{token}])."),
        "shortcut": ("Predict: without the shortcut, how does the first layer's mean |gradient| compare with the last layer's?",
                     "Without the shortcut, the last layer's mean |∂L/∂W| ÷ layer 1's = {ratio}× ({last} ÷ {first}); "
                     "with the shortcut layer 1's is {first_sc}. This is ①, a fade inside one network; ② and ③ compare the network with and without the shortcut (the note under the widget)."),
        "decode": ("Predict: how sure is the untrained model of its first new token?",
                   "{prob}: a small fraction of a percent. Choosing uniformly among {vocab} IDs would give each {uniform}."),
    },
    "zh-Hant": {
        "lndim": ("先猜：out.mean(dim=0) 改成沿每一行往下平均，而不是沿每一列。它給出幾個平均值？第一個是多少？",
                  "{n} 個，每個特徵一個；第一個是 ({a} + {b}) / {rows} = {c0}。dim = −1 給出 {rows} 個，每個樣本一個（第一個是 {m0}）：LayerNorm 用的是這個。"),
        "forward": ("先猜：網路還沒訓練，目標值是 {target}。ŷ 接近目標嗎？loss ½(ŷ − {target})² 大約多少？",
                    "在 x = ({x})：ŷ = {y}，離 {target} 很遠，所以 loss = ½({y} − {target})² = {loss}（最後一步）。"),
        "backward": ("先猜：以學習率 {lr} 做一步梯度下降後，ŷ 會往目標移動嗎？loss 會怎樣？",
                     "在 x = ({x})、目標值 {target}：ŷ 從 {y} 移到 {y_new}，朝目標靠近；loss 從 {loss} 降到 {loss_new}（最後一步）。"),
        "ffn": ("先猜：x = ({x}) 時，h 的 {n} 個數裡有 {n_neg} 個是負的。GELU 會像 ReLU 一樣把它們變成 0 嗎？y 有幾個數？",
                "不會：GELU({h}) = {g}，是個小小的負數，不是 0（第 3 步）。y = ({y})：兩個數，和 x 同寬，Block 才能疊起來。"),
        "block": ("先猜：在頭 {head} 裡，token {token} 的查詢是 q = ({q})。不加因果遮罩時，它的 {n} 個注意力權重是多少？加了呢？",
                  "不加遮罩是 {weights}：零查詢和每個鍵的分數都是 0，相等分數的 softmax 是平均分配。加上 GPT-2 的因果遮罩是 {masked}：token {token} 只能用自己（第 5 步，A{mark}[{token}]）。"),
        "shortcut": ("先猜：沒有捷徑時，第一層的平均 |梯度| 和最後一層比起來差多少？",
                     "沒捷徑時，最後一層的平均 |∂L/∂W| ÷ 第 1 層的 = {ratio}×（{last} ÷ {first}）；加上捷徑，第 1 層是 {first_sc}。這是 ①，同一個網路裡的衰減；② 和 ③ 比的是有捷徑和沒捷徑的網路（見小工具下方的說明）。"),
        "decode": ("先猜：未訓練的模型對第一個新 token 有多大把握？",
                   "{prob}：只有百分之零點幾。在 {vocab} 個 ID 裡平均地挑，每個是 {uniform}。"),
    },
    "zh-Hans": {
        "lndim": ("先猜：out.mean(dim=0) 改成沿每一列往下平均，而不是沿每一行。它给出几个均值？第一个是多少？",
                  "{n} 个，每个特征一个；第一个是 ({a} + {b}) / {rows} = {c0}。dim = −1 给出 {rows} 个，每个样本一个（第一个是 {m0}）：LayerNorm 用的是这个。"),
        "forward": ("先猜：网络还没训练，目标值是 {target}。ŷ 接近目标吗？loss ½(ŷ − {target})² 大约多少？",
                    "在 x = ({x})：ŷ = {y}，离 {target} 很远，所以 loss = ½({y} − {target})² = {loss}（最后一步）。"),
        "backward": ("先猜：以学习率 {lr} 做一步梯度下降后，ŷ 会往目标移动吗？loss 会怎样？",
                     "在 x = ({x})、目标值 {target}：ŷ 从 {y} 移到 {y_new}，朝目标靠近；loss 从 {loss} 降到 {loss_new}（最后一步）。"),
        "ffn": ("先猜：x = ({x}) 时，h 的 {n} 个数里有 {n_neg} 个是负的。GELU 会像 ReLU 一样把它们变成 0 吗？y 有几个数？",
                "不会：GELU({h}) = {g}，是个小小的负数，不是 0（第 3 步）。y = ({y})：两个数，和 x 同宽，Block 才能叠起来。"),
        "block": ("先猜：在头 {head} 里，token {token} 的查询是 q = ({q})。不加因果掩码时，它的 {n} 个注意力权重是多少？加了呢？",
                  "不加掩码是 {weights}：零查询和每个键的分数都是 0，相等分数的 softmax 是平均分配。加上 GPT-2 的因果掩码是 {masked}：token {token} 只能用自己（第 5 步，A{mark}[{token}]）。"),
        "shortcut": ("先猜：没有捷径时，第一层的平均 |梯度| 和最后一层比起来差多少？",
                     "没捷径时，最后一层的平均 |∂L/∂W| ÷ 第 1 层的 = {ratio}×（{last} ÷ {first}）；加上捷径，第 1 层是 {first_sc}。这是 ①，同一个网络里的衰减；② 和 ③ 比的是有捷径和没捷径的网络（见小组件下方的说明）。"),
        "decode": ("先猜：未训练的模型对第一个新 token 有多大把握？",
                   "{prob}：只有百分之零点几。在 {vocab} 个 ID 里平均地挑，每个是 {uniform}。"),
    },
}


# The end-of-chapter knowledge check (widgets_quiz.QUIZ, in its order): per question the question, its
# options and the explanation shown once it is answered ({placeholders}: the engine's numbers).
QUIZ = {
    "en": {
        "ln_dim": ("LayerNorm in GPT takes its mean and variance over which dimension of a [batch, tokens, emb_dim] tensor?",
                   ("dim = 0, the batch", "dim = 1, the tokens", "dim = −1, emb_dim"),
                   "dim = −1: each token's own emb_dim numbers, so every token is normalised on its own, whatever the batch "
                   "holds. On the 2×6 example the two row means are {m0} and {m1}; dim = 0 would be BatchNorm's direction."),
        "gelu": ("A neuron's input has drifted to {z} for every example. Which activation still passes a gradient back?",
                 ("ReLU", "GELU", "both", "neither"),
                 "GELU: its gradient at {z} is {gelu}, not 0, so the weights can still move. ReLU's is exactly "
                 "{relu} for every input at or below 0: the neuron has stopped learning."),
        "ffn": ("GPT-2 small's feed forward takes a batch of shape {x}. What is the shape after its first Linear?",
                ("{x}", "{h}", "[2, 3, 192]", "[2, 768, 3]"),
                "{h}: the first Linear widens each token 4×, GELU keeps the shape, the second Linear brings it back to {y}, "
                "the input's shape, so blocks can be stacked."),
        "shortcut": ("In the book's 5-layer net, what do shortcut connections do to the first layer's mean |gradient|?",
                     ("make it smaller", "leave it about the same", "make it much larger"),
                     "Much larger: {off} without shortcuts, {on} with them ({ratio}× larger: ② with ÷ without, layer 1's weights' mean |∂L/∂W|; the figure's ×{signal} is ③, the backward signal |∂L/∂h|). x + layer(x) passes the "
                     "gradient straight back through the addition, so it no longer fades layer by layer."),
        "tying": ("The model built in this chapter has {untied} parameters; GPT-2 small is quoted as {tied}. Why?",
                  ("GPT-2 small has fewer layers", "the output head reuses the token embedding's weights (weight tying)",
                   "GPT-2 stores float16", "GPT-2 has no positional embedding"),
                  "Weight tying: {untied} − {tied} = {diff} = {vocab} × {emb}, exactly the output head's vocabulary × width matrix."),
        "untrained": ("The untrained model continues '{prompt}' with six tokens. What comes out?",
                      ("a sensible continuation", "gibberish", "an error", "the prompt repeated"),
                      "Gibberish: the weights are random, so the probabilities are nearly uniform; the first token's winner "
                      "had {prob}, against {uniform} each for a uniform choice. Training is what gives the model language."),
    },
    "zh-Hant": {
        "ln_dim": ("GPT 裡的 LayerNorm 在 [batch, tokens, emb_dim] 張量的哪一維上算平均值與變異數？",
                   ("dim = 0，batch", "dim = 1，tokens", "dim = −1，emb_dim"),
                   "dim = −1：每個 token 自己的 emb_dim 個數，所以每個 token 各自正規化，和 batch 裡還有誰無關。"
                   "在 2×6 的例子裡，兩列的平均值是 {m0} 與 {m1}；dim = 0 則是 BatchNorm 的方向。"),
        "gelu": ("某個神經元的輸入在每個樣本上都漂到了 {z}。哪種激活函數還能把梯度傳回去？",
                 ("ReLU", "GELU", "兩者都可以", "兩者都不行"),
                 "GELU：它在 {z} 的梯度是 {gelu}，不是 0，權重仍然能更新。ReLU 對所有 ≤ 0 的輸入梯度恰為 {relu}：這個神經元不再學習。"),
        "ffn": ("GPT-2 小型的前饋網路輸入形狀是 {x}。第一個 Linear 之後形狀是什麼？",
                ("{x}", "{h}", "[2, 3, 192]", "[2, 768, 3]"),
                "{h}：第一個 Linear 把每個 token 放寬 4 倍，GELU 不改形狀，第二個 Linear 收回到 {y}，和輸入同形，Block 才能疊起來。"),
        "shortcut": ("在書中的 5 層網路裡，捷徑連接對第一層的平均 |梯度| 有什麼影響？",
                     ("變小", "差不多", "大很多"),
                     "大很多：沒有捷徑時是 {off}，有捷徑時是 {on}（大 {ratio} 倍：② 有捷徑 ÷ 沒捷徑，第 1 層權重的平均 |∂L/∂W|；圖上的 ×{signal} 是 ③，反向訊號 |∂L/∂h|）。x + f(x) 讓梯度直接穿過加法往回傳，不再一層層衰減。"),
        "tying": ("本章搭出的模型有 {untied} 個參數，GPT-2 小型卻常說是 {tied} 個。為什麼？",
                  ("GPT-2 小型的層數比較少", "輸出層共用 token 嵌入的權重（權重綁定）", "GPT-2 用 float16 儲存", "GPT-2 沒有位置嵌入"),
                  "權重綁定：{untied} − {tied} = {diff} = {vocab} × {emb}，正好是輸出層那個「詞彙數 × 寬度」的矩陣。"),
        "untrained": ("未訓練的模型接著「{prompt}」生成六個 token。會得到什麼？",
                      ("通順的續寫", "亂碼", "程式錯誤", "把提示重複一遍"),
                      "亂碼：權重是隨機的，機率幾乎平均；第一個 token 的勝出者只有 {prob}，平均挑選時每個是 {uniform}。語言能力來自訓練。"),
    },
    "zh-Hans": {
        "ln_dim": ("GPT 里的 LayerNorm 在 [batch, tokens, emb_dim] 张量的哪一维上算均值与方差？",
                   ("dim = 0，batch", "dim = 1，tokens", "dim = −1，emb_dim"),
                   "dim = −1：每个 token 自己的 emb_dim 个数，所以每个 token 各自归一化，和 batch 里还有谁无关。"
                   "在 2×6 的例子里，两行的均值是 {m0} 与 {m1}；dim = 0 则是 BatchNorm 的方向。"),
        "gelu": ("某个神经元的输入在每个样本上都漂到了 {z}。哪种激活函数还能把梯度传回去？",
                 ("ReLU", "GELU", "两者都可以", "两者都不行"),
                 "GELU：它在 {z} 的梯度是 {gelu}，不是 0，权重仍然能更新。ReLU 对所有 ≤ 0 的输入梯度恰为 {relu}：这个神经元不再学习。"),
        "ffn": ("GPT-2 小型的前馈网络输入形状是 {x}。第一个 Linear 之后形状是什么？",
                ("{x}", "{h}", "[2, 3, 192]", "[2, 768, 3]"),
                "{h}：第一个 Linear 把每个 token 放宽 4 倍，GELU 不改形状，第二个 Linear 收回到 {y}，和输入同形，Block 才能叠起来。"),
        "shortcut": ("在书中的 5 层网络里，捷径连接对第一层的平均 |梯度| 有什么影响？",
                     ("变小", "差不多", "大很多"),
                     "大很多：没有捷径时是 {off}，有捷径时是 {on}（大 {ratio} 倍：② 有捷径 ÷ 没捷径，第 1 层权重的平均 |∂L/∂W|；图上的 ×{signal} 是 ③，反向信号 |∂L/∂h|）。x + f(x) 让梯度直接穿过加法往回传，不再一层层衰减。"),
        "tying": ("本章搭出的模型有 {untied} 个参数，GPT-2 小型却常说是 {tied} 个。为什么？",
                  ("GPT-2 小型的层数比较少", "输出层共用 token 嵌入的权重（权重绑定）", "GPT-2 用 float16 存储", "GPT-2 没有位置嵌入"),
                  "权重绑定：{untied} − {tied} = {diff} = {vocab} × {emb}，正好是输出层那个“词表大小 × 宽度”的矩阵。"),
        "untrained": ("未训练的模型接着“{prompt}”生成六个 token。会得到什么？",
                      ("通顺的续写", "乱码", "程序错误", "把提示重复一遍"),
                      "乱码：权重是随机的，概率几乎平均；第一个 token 的胜出者只有 {prob}，平均挑选时每个是 {uniform}。语言能力来自训练。"),
    },
}
