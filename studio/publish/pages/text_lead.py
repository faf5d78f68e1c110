"""The lesson's own words before each widget of the depth page (seed 004, "Depth and training"): the
claim the widget tests, said before the widget, so the page reads as a lesson (a claim, then a widget
to check it) rather than a row of tools. One paragraph a widget, in English, Traditional and Simplified
Chinese; a question in it is one to answer in your head before touching the widget. No numbers here:
every number a reader checks is the widget's, from the engine.

Used by the lesson page (templates/views.html, macro lesson_list: a p.lead just above the widget) and the
deck (studio.publish.deck.slides: the first paragraph of the widget's speaker notes).
"""
from __future__ import annotations

LEAD = {
    "en": {
        "word": "Everything in a Transformer starts from numbers, not letters. So the first step turns a word into "
                "a vector, and it is a plain lookup, no arithmetic yet: an ID, then a row of a table. Step through it.",
        "causal": "A language model is trained to predict the next word at every position at once. That only "
                  "works if no position can peek at the word it has to predict. Guess first: which words may "
                  "the first position read, and which the last? Then check their rows.",
        "gain": "Now stack layers. Each layer multiplies the signal by its weights, so a small excess or shortfall "
                "compounds over depth. The claim: without normalisation the signal vanishes or explodes; with "
                "LayerNorm after each layer it stays at a usable size. Test it with the gain slider.",
        "lndim": "LayerNorm is the fix, but it has to average over the right axis. Every token is normalised on "
                 "its own, across its features, never across the batch. Decide which dim that is before you switch.",
        "layernorm": "What exactly does LayerNorm compute? Four steps: the mean, the variance, centre, divide. "
                     "Predict the result before the last step: what should each row's mean and spread be after "
                     "normalising? Step through and check the last line.",
        "drift": "Normalised inputs still pass through an activation. Here is why GPT uses GELU rather than ReLU: "
                 "when a neuron's inputs drift below zero, ReLU passes no gradient at all and the neuron stops "
                 "learning. Shift the inputs and count the neurons that go silent.",
        "ffn": "The activation lives inside the feed forward network, the second half of every block. Its one "
               "structural promise: whatever it does inside, it hands back a vector as wide as the one it got, so "
               "blocks can be stacked. Watch the shape at each step.",
        "forward": "How does a network learn from its mistake? First it has to make one: the forward pass. On a "
                   "net small enough to check by hand, follow x to the prediction and the loss.",
        "backward": "Then the chain rule carries the error back: each weight gets a gradient saying which way "
                    "to move to lower the loss. One update later the loss should be smaller. Check that it is.",
        "training": "One update lowers the loss; now repeat it for a whole training run. The claim: the scale of the "
                    "initial weights decides the run. Too small and the gradients vanish, so the loss is stuck; too "
                    "large and the numbers overflow to NaN; with LayerNorm the same large start learns. Predict, train, "
                    "then step through the run.",
        "shortcut": "In a deep net the backward pass multiplies many small factors, and the first layers receive "
                    "almost no gradient. The claim: a shortcut, x + layer(x), gives the gradient a direct path "
                    "back. Switch it off and on and compare the first layer's bar with the last layer's.",
        "block": "Now put the pieces together. A Transformer block is LayerNorm, attention, a shortcut, then "
                 "LayerNorm, the feed forward network, a shortcut. Read the code one line at a time, with every "
                 "matrix on a case small enough to check by hand.",
        "gpt2": "How big is the model those blocks make? Almost all parameters sit in the blocks and the token "
                "embedding; the heads only split the width. Guess which part is largest before you move a slider.",
        "decode": "Finally, generation: the model predicts one token, appends it, and reads everything again. "
                  "Before training its weights are random. What should its first prediction look like?",
    },
    "zh-Hant": {
        "word": "Transformer 處理的一切都從數字開始，而不是字母。所以第一步是把詞變成向量，而這只是查表，還沒有任何運算："
                "先得到一個 ID，再取出表中的一列。一步步看。",
        "causal": "語言模型同時在每個位置上學習預測下一個詞。這只有在任何位置都偷看不到它要預測的詞時才行得通。"
                  "先猜：第一個位置可以讀哪些詞？最後一個呢？再看它們那一列。",
        "gain": "現在把層疊起來。每一層都用權重乘上訊號，所以一點點偏大或偏小都會隨深度累積。"
                "要驗證的說法：沒有正規化，訊號會消失或爆炸；每層後面加上 LayerNorm，訊號就保持在可用的大小。用增益滑桿試試。",
        "lndim": "LayerNorm 是解法，但它得沿著正確的軸取平均。每個 token 各自正規化，沿著它自己的特徵，"
                 "從不跨過批次。切換之前先決定那是哪一個 dim。",
        "layernorm": "LayerNorm 到底算了什麼？四步：平均、變異數、置中、相除。"
                     "在最後一步之前先預測：正規化之後每一列的平均和分散應該是多少？一步步走完，檢查最後一行。",
        "drift": "正規化後的輸入還要經過激活函數。這裡說明為什麼 GPT 用 GELU 而不用 ReLU："
                 "神經元的輸入漂到零以下時，ReLU 完全不傳梯度，神經元就停止學習。移動輸入，數一數有幾個神經元沉默了。",
        "ffn": "激活函數在前饋網路裡，也就是每個 Block 的後半段。它在結構上只保證一件事："
               "裡面怎麼做都行，交回的向量和收到的一樣寬，所以 Block 可以一個接一個疊起來。看每一步的形狀。",
        "forward": "網路怎麼從錯誤中學習？首先它得先犯錯：前向傳播。在一個小到可以手算的網路上，"
                   "從 x 一路跟到預測和損失。",
        "backward": "接著連鎖律把誤差傳回去：每個權重得到一個梯度，指出往哪個方向移動能降低損失。"
                    "更新一次之後損失應該變小。檢查看看是不是。",
        "training": "更新一次讓損失下降；現在把它重複成一整段訓練。要驗證的說法：初始權重的大小決定這次訓練的結局。"
                    "太小，梯度消失，損失卡住；太大，數值溢位變成 NaN；加上 LayerNorm，同樣大的起點也能學。先猜，再訓練，然後逐步查看。",
        "shortcut": "在很深的網路裡，反向傳播要乘上許多小因子，前面幾層幾乎收不到梯度。"
                    "要驗證的說法：捷徑 x + layer(x) 給梯度一條直接回去的路。把它關掉再打開，比較第一層和最後一層的長條。",
        "block": "現在把零件組起來。一個 Transformer Block 是：LayerNorm、注意力、捷徑，然後 LayerNorm、前饋網路、捷徑。"
                 "一行一行讀程式碼，每個矩陣都在小到可以手算的例子上。",
        "gpt2": "這些 Block 組成的模型有多大？幾乎所有參數都在 Block 和詞嵌入裡；頭數只是切分寬度。"
                "動滑桿之前先猜哪一部分最大。",
        "decode": "最後是生成：模型預測一個 token，接到後面，再把全部重讀一遍。訓練之前它的權重是隨機的。"
                  "它的第一個預測應該長什麼樣？",
    },
    "zh-Hans": {
        "word": "Transformer 处理的一切都从数字开始，而不是字母。所以第一步是把词变成向量，而这只是查表，还没有任何运算："
                "先得到一个 ID，再取出表中的一行。一步步看。",
        "causal": "语言模型同时在每个位置上学习预测下一个词。这只有在任何位置都偷看不到它要预测的词时才行得通。"
                  "先猜：第一个位置可以读哪些词？最后一个呢？再看它们那一行。",
        "gain": "现在把层叠起来。每一层都用权重乘上信号，所以一点点偏大或偏小都会随深度累积。"
                "要验证的说法：没有归一化，信号会消失或爆炸；每层后面加上 LayerNorm，信号就保持在可用的大小。用增益滑杆试试。",
        "lndim": "LayerNorm 是解法，但它得沿着正确的轴取平均。每个 token 各自归一化，沿着它自己的特征，"
                 "从不跨过批次。切换之前先决定那是哪一个 dim。",
        "layernorm": "LayerNorm 到底算了什么？四步：平均、方差、居中、相除。"
                     "在最后一步之前先预测：归一化之后每一行的平均和分散应该是多少？一步步走完，检查最后一行。",
        "drift": "归一化后的输入还要经过激活函数。这里说明为什么 GPT 用 GELU 而不用 ReLU："
                 "神经元的输入漂到零以下时，ReLU 完全不传梯度，神经元就停止学习。移动输入，数一数有几个神经元沉默了。",
        "ffn": "激活函数在前馈网络里，也就是每个 Block 的后半段。它在结构上只保证一件事："
               "里面怎么做都行，交回的向量和收到的一样宽，所以 Block 可以一个接一个叠起来。看每一步的形状。",
        "forward": "网络怎么从错误中学习？首先它得先犯错：前向传播。在一个小到可以手算的网络上，"
                   "从 x 一路跟到预测和损失。",
        "backward": "接着链式法则把误差传回去：每个权重得到一个梯度，指出往哪个方向移动能降低损失。"
                    "更新一次之后损失应该变小。检查看看是不是。",
        "training": "更新一次让损失下降；现在把它重复成一整段训练。要验证的说法：初始权重的大小决定这次训练的结局。"
                    "太小，梯度消失，损失卡住；太大，数值溢出变成 NaN；加上 LayerNorm，同样大的起点也能学。先猜，再训练，然后逐步查看。",
        "shortcut": "在很深的网络里，反向传播要乘上许多小因子，前面几层几乎收不到梯度。"
                    "要验证的说法：捷径 x + layer(x) 给梯度一条直接回去的路。把它关掉再打开，比较第一层和最后一层的长条。",
        "block": "现在把零件组起来。一个 Transformer Block 是：LayerNorm、注意力、捷径，然后 LayerNorm、前馈网络、捷径。"
                 "一行一行读代码，每个矩阵都在小到可以手算的例子上。",
        "gpt2": "这些 Block 组成的模型有多大？几乎所有参数都在 Block 和词嵌入里；头数只是切分宽度。"
                "动滑杆之前先猜哪一部分最大。",
        "decode": "最后是生成：模型预测一个 token，接到后面，再把全部重读一遍。训练之前它的权重是随机的。"
                  "它的第一个预测应该长什么样？",
    },
}
