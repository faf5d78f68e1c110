"""The words of the depth page's training replay (studio.publish.pages.widgets_training), seed 004 §4.2
"互動②：那 loss 會怎樣？（瀏覽器裡真的訓練 300 步）", in the page's three languages; the conclusion is the
seed's "把結論記成三句話" (its note after the widget), shown whole once the seed's three runs were run; before, the
sentence of each outcome seen so far (tr_sent_*) and the runs still to run (tr_todo). Every {field} is filled from the engine's run."""
from __future__ import annotations

PROSE = {
    "en": {"training": "A small network of its own, not the stack of linear layers above: 6 layers of width 24, "
                       "each a weight matrix followed by GELU, trained for 300 steps of gradient descent (forward, "
                       "backward, weight update). Every run starts from the same random weights multiplied by s "
                       "(0.3 or 3.0, outside the gain slider's range, replayed from PyTorch; or the gain slider's own s, trained here in "
                       "your browser), and the runs differ only in s and in "
                       "whether each hidden layer is followed by LayerNorm. Choose a start, predict what the loss will do, then train; "
                       "afterwards, scrub through the steps."},
    "zh-Hant": {"training": "另一個小網路，不是上面那疊線性層：6 層、寬 24，每層是權重矩陣加 GELU，用梯度下降訓練 300 步"
                            "（真實的前向、反向計算與權重更新）。每次都從同一組隨機權重出發、乘上倍率 s"
                            "（0.3 或 3.0，在增益滑桿的範圍之外，重播 PyTorch 的紀錄；或增益滑桿自己的 s，在你的瀏覽器裡現場訓練），差別只在 s，以及每個"
                            "隱藏層之後有沒有 LayerNorm。選好起點，先猜 loss 會怎樣，再按訓練；跑完可以逐步拖動查看。"},
    "zh-Hans": {"training": "另一个小网络，不是上面那叠线性层：6 层、宽 24，每层是权重矩阵加 GELU，用梯度下降训练 300 步"
                            "（真实的前向、反向计算与权重更新）。每次都从同一组随机权重出发、乘上倍率 s"
                            "（0.3 或 3.0，在增益滑块的范围之外，重播 PyTorch 的记录；或增益滑块自己的 s，在你的浏览器里现场训练），差别只在 s，以及每个"
                            "隐藏层之后有没有 LayerNorm。选好起点，先猜 loss 会怎样，再按训练；跑完可以逐步拖动查看。"},
}

UI = {
    "en": {"title_training": "What happens to the loss? 300 training steps",
           "tr_s": "Initial weight scale s", "tr_ln": "LayerNorm after each hidden layer",
           "tr_ln_off": "off", "tr_ln_on": "on", "tr_predict": "Predict: over 300 steps the loss will",
           "tr_stay": "stay where it is", "tr_nan": "blow up to NaN", "tr_fall": "fall",
           "tr_train": "Train 300 steps", "tr_need": "Pick a prediction first.", "tr_step": "Step",
           "tr_loss": "Loss", "tr_chart": "Loss against training step, log scale",
           "tr_axis": "Up: loss, log scale (as in the figure below). Across: step 0 … {n}, log scale, so steps 0–10 "
                      "take {share} % of the width.",
           "tr_scrub": "Step through the run:", "tr_this": "this run", "tr_earlier": "earlier run", "tr_you": "you predicted “{pred}”",
           "tr_name": "s = {s}, LayerNorm {ln}", "tr_at_end": "loss {last} at step {n}",
           "tr_at_nan": "NaN from step {nan_at}", "tr_above": "↑ step {k}: {v}, above the chart",
           "tr_replay": "Trained with PyTorch when this page was made ({layers} layers, width "
                        "{width}, {n} samples, learning rate {lr}, seed {seed}): the pills 0.3 and 3.0 "
                        "replay those {steps} recorded float32 steps. The third pill takes the gain slider's s and "
                        "trains the same network here, in your browser, in float64 (checked step by step "
                        "against the same training done in Python).",
           "tr_s_gain": "the gain slider's s = {s}",
           "tr_out_dead": "the loss went from {first} up to {peak}, then sat at {last}: what a network that always "
                          "outputs 0 scores. The huge step killed every unit; it is stuck, not learning.",
           "tr_right": "Your prediction “{pred}” was right: ",
           "tr_wrong": "You predicted “{pred}”; it {did}, so the prediction was wrong: ",
           "tr_did_stay": "stayed where it was", "tr_did_nan": "blew up to NaN", "tr_did_fall": "fell",
           "tr_overflow": "NaN at step {nan_at}",
           "tr_none": "No run yet: pick a prediction, then train.", "tr_next": "next run",
           "tr_not_yet": " — not run yet",
           "tr_out_stay": "the loss stayed at {first} (step {n}: {last}). It is stuck, not 0.",
           "tr_out_nan": "the loss went from {first} to {last_finite}, then NaN from step {nan_at} on.",
           "tr_out_fall": "the loss fell from {first} to {last} at step {n}.",
           "tr_sofar_h": "What the runs so far show:",
           "tr_colon": ": ",  # after "this run" / "earlier run" in the legend
           "tr_sent_stay": "Gradients → 0 ⇒ the weights stop updating ⇒ the loss is stuck (note: it does not become 0!).",
           "tr_sent_nan": "Gradients → ∞ ⇒ the numbers overflow ⇒ the loss becomes NaN and training blows up.",
           "tr_sent_fall": "With LayerNorm ⇒ each layer's signal is brought back to the same size ⇒ the loss falls.",
           "tr_todo": "Predict and run the other starts to complete the conclusion: {runs}.", "tr_todo_sep": "; ",
           "tr_conclude_h": "The conclusion in three sentences:",
           "tr_conclude": "gradients → 0 ⇒ the weights stop updating ⇒ the loss is stuck (note: it does not "
                          "become 0!); gradients → ∞ ⇒ the numbers overflow ⇒ the loss becomes NaN and training "
                          "blows up; add LayerNorm ⇒ each layer's signal is brought back to the same size ⇒ the loss falls. "
                          "In these runs of this small 6-layer network, the loss fell only in the runs with LayerNorm."},
    "zh-Hant": {"title_training": "那 loss 會怎樣？訓練 300 步",
                "tr_s": "初始權重的倍率 s", "tr_ln": "每層之後加 LayerNorm",
                "tr_ln_off": "不加", "tr_ln_on": "加", "tr_predict": "先猜：300 步裡 loss 會",
                "tr_stay": "卡住不動", "tr_nan": "變成 NaN", "tr_fall": "下降",
                "tr_train": "訓練 300 步", "tr_need": "請先選一個預測。", "tr_step": "步數",
                "tr_loss": "loss", "tr_chart": "loss 對訓練步數，對數刻度",
                "tr_axis": "縱軸：loss，對數刻度（和下面的圖相同）。橫軸：步數 0 … {n}，對數刻度，第 0–10 步佔寬度的 {share} %。",
                "tr_scrub": "逐步查看這次訓練：", "tr_this": "這次", "tr_earlier": "先前", "tr_you": "你猜「{pred}」",
                "tr_name": "s = {s}，LayerNorm {ln}", "tr_at_end": "第 {n} 步 loss {last}",
                "tr_at_nan": "第 {nan_at} 步起 NaN", "tr_above": "↑ 第 {k} 步：{v}，超出圖的上緣",
                "tr_replay": "製作本頁時用 PyTorch 訓練（{layers} 層、寬 {width}、{n} 筆資料、學習率 "
                             "{lr}、隨機種子 {seed}）：s 選 0.3 與 3.0 重播記下的 {steps} 步（float32）。"
                             "第三個選項取增益滑桿的 s，在你的瀏覽器裡用 float64 訓練同一個網路（每一步都與另行算出的同一段訓練核對過）。",
                "tr_s_gain": "增益滑桿的 s = {s}",
                "tr_out_dead": "loss 從 {first} 衝到 {peak}，然後停在 {last}：一個永遠輸出 0 的網路的 loss。那一大步讓所有單元"
                               "都死了；是卡住，不是在學。",
                "tr_right": "你猜「{pred}」，猜對了：",
                "tr_wrong": "你猜「{pred}」，但 loss {did}，所以猜錯了：",
                "tr_did_stay": "卡住不動", "tr_did_nan": "變成了 NaN", "tr_did_fall": "下降了",
                "tr_overflow": "第 {nan_at} 步起 NaN",
                "tr_none": "還沒有跑過：先選一個預測，再按訓練。", "tr_next": "下一次",
                "tr_not_yet": "（還沒跑）",
                "tr_out_stay": "loss 停在 {first}（第 {n} 步：{last}）。是卡住，不是變 0。",
                "tr_out_nan": "loss 從 {first} 變成 {last_finite}，第 {nan_at} 步起是 NaN。",
                "tr_out_fall": "loss 從 {first} 降到 {last}（第 {n} 步）。",
                "tr_sofar_h": "目前跑過的結果說明：",
                "tr_colon": "：",  # after "this run" / "earlier run" in the legend
                "tr_sent_stay": "梯度 → 0 ⇒ 權重不再更新 ⇒ loss 卡住不動（注意：不是變 0！）。",
                "tr_sent_nan": "梯度 → ∞ ⇒ 數值溢位 ⇒ loss 變 NaN，訓練直接炸掉。",
                "tr_sent_fall": "加 LayerNorm ⇒ 每層訊號被校準回同一量級 ⇒ loss 順利下降。",
                "tr_todo": "先猜再跑其他起點，結論才完整：{runs}。", "tr_todo_sep": "；",
                "tr_conclude_h": "把結論記成三句話：",
                "tr_conclude": "梯度 → 0 ⇒ 權重不再更新 ⇒ loss 卡住不動（注意：不是變 0！）；梯度 → ∞ ⇒ "
                               "數值溢位 ⇒ loss 變 NaN，訓練直接炸掉；加 LayerNorm ⇒ 每層訊號被校準回同一量級 ⇒ "
                               "loss 順利下降。在這個 6 層小網路的這幾次訓練裡，只有加了 LayerNorm 的 loss 下降了。"},
    "zh-Hans": {"title_training": "那 loss 会怎样？训练 300 步",
                "tr_s": "初始权重的倍率 s", "tr_ln": "每层之后加 LayerNorm",
                "tr_ln_off": "不加", "tr_ln_on": "加", "tr_predict": "先猜：300 步里 loss 会",
                "tr_stay": "卡住不动", "tr_nan": "变成 NaN", "tr_fall": "下降",
                "tr_train": "训练 300 步", "tr_need": "请先选一个预测。", "tr_step": "步数",
                "tr_loss": "loss", "tr_chart": "loss 对训练步数，对数刻度",
                "tr_axis": "纵轴：loss，对数刻度（和下面的图相同）。横轴：步数 0 … {n}，对数刻度，第 0–10 步占宽度的 {share} %。",
                "tr_scrub": "逐步查看这次训练：", "tr_this": "这次", "tr_earlier": "先前", "tr_you": "你猜「{pred}」",
                "tr_name": "s = {s}，LayerNorm {ln}", "tr_at_end": "第 {n} 步 loss {last}",
                "tr_at_nan": "第 {nan_at} 步起 NaN", "tr_above": "↑ 第 {k} 步：{v}，超出图的上缘",
                "tr_replay": "制作本页时用 PyTorch 训练（{layers} 层、宽 {width}、{n} 条数据、学习率 "
                             "{lr}、随机种子 {seed}）：s 选 0.3 与 3.0 重播记下的 {steps} 步（float32）。"
                             "第三个选项取增益滑块的 s，在你的浏览器里用 float64 训练同一个网络（每一步都与另行算出的同一段训练核对过）。",
                "tr_s_gain": "增益滑块的 s = {s}",
                "tr_out_dead": "loss 从 {first} 冲到 {peak}，然后停在 {last}：一个永远输出 0 的网络的 loss。那一大步让所有单元"
                               "都死了；是卡住，不是在学。",
                "tr_right": "你猜「{pred}」，猜对了：",
                "tr_wrong": "你猜「{pred}」，但 loss {did}，所以猜错了：",
                "tr_did_stay": "卡住不动", "tr_did_nan": "变成了 NaN", "tr_did_fall": "下降了",
                "tr_overflow": "第 {nan_at} 步起 NaN",
                "tr_none": "还没有跑过：先选一个预测，再按训练。", "tr_next": "下一次",
                "tr_not_yet": "（还没跑）",
                "tr_out_stay": "loss 停在 {first}（第 {n} 步：{last}）。是卡住，不是变 0。",
                "tr_out_nan": "loss 从 {first} 变成 {last_finite}，第 {nan_at} 步起是 NaN。",
                "tr_out_fall": "loss 从 {first} 降到 {last}（第 {n} 步）。",
                "tr_sofar_h": "目前跑过的结果说明：",
                "tr_colon": "：",  # after "this run" / "earlier run" in the legend
                "tr_sent_stay": "梯度 → 0 ⇒ 权重不再更新 ⇒ loss 卡住不动（注意：不是变 0！）。",
                "tr_sent_nan": "梯度 → ∞ ⇒ 数值溢出 ⇒ loss 变 NaN，训练直接炸掉。",
                "tr_sent_fall": "加 LayerNorm ⇒ 每层信号被校准回同一量级 ⇒ loss 顺利下降。",
                "tr_todo": "先猜再跑其他起点，结论才完整：{runs}。", "tr_todo_sep": "；",
                "tr_conclude_h": "把结论记成三句话：",
                "tr_conclude": "梯度 → 0 ⇒ 权重不再更新 ⇒ loss 卡住不动（注意：不是变 0！）；梯度 → ∞ ⇒ "
                               "数值溢出 ⇒ loss 变 NaN，训练直接炸掉；加 LayerNorm ⇒ 每层信号被校准回同一量级 ⇒ "
                               "loss 顺利下降。在这个 6 层小网络的这几次训练里，只有加了 LayerNorm 的 loss 下降了。"},
}


def merge(prose: dict, ui: dict) -> None:
    """Add these words to the page's PROSE and UI (studio.publish.pages.text)."""
    for lang in prose:
        prose[lang] |= PROSE[lang]
        ui[lang] |= UI[lang]
