"""The words of gelu_relu and gelu_relu_dying in English, Traditional and Simplified Chinese (seed 004 §4.3);
figures.gelu_relu draws with them."""
from __future__ import annotations

STRINGS = {
    "en": {
        "c_shapes": ("ReLU is max(0, x); GELU is x·Φ(x), with Φ the standard normal distribution function, drawn "
                     "in the tanh approximation GPT-2 uses (dashed), for x from {x0} to {x1}; on this range it differs "
                     "from the exact x·Φ(x) by at most {d}, too little to draw. The right panel magnifies x < 0. GELU dips to its minimum ({mx}, {my}), "
                     "the only point where GELU′ = 0; left of it GELU′ is small and negative but not zero, while "
                     "ReLU's gradient is exactly 0 for every x < 0. Values: {rows}."),
        "c_row": "x = {x}: GELU {g}, ReLU {r}, GELU′ {gg}",
        "c_dying": ("Each mark is one of {n} neurons, one input z each from N({mu}, {sd}²), seed {seed}, clipped to "
                    "±{lim}: each z drawn once from a normal distribution with mean {mu} and standard deviation {sd}. A drift adds the same "
                    "number to every z, as one update of a shared bias or of the weights can. GELU and GELU′ here are "
                    "the tanh approximation GPT-2 uses, not the exact x·Φ(x) (the two differ by at most {d}). After the "
                    "title's drift of {shift}, a ReLU neuron at or left of z = 0 is dead (its gradient is exactly 0, as it "
                    "is for every z left of 0): {dead} are dead and {alive} still learn. GELU′ is exactly 0 only at the "
                    "single point z = {mx} (GELU's minimum), negative left of it and about 1 right of 0; at this drift "
                    "the smallest |GELU′| is {gmin}.{near} "
                    "The x axis is the drift, not z; the lines count the neurons whose gradient is exactly 0. Not drawn, counted with a cut-off: the number of the {n} neurons whose |gradient| is below {floor}, "
                    "counted from {s0} to {s1} every {ds} of drift and at each drift where a neuron sits at GELU's minimum, so no spike falls between two counts. For ReLU these are its exactly-0 gradients (it has none between 0 and {floor}); "
                    "GELU's gradient is exactly 0 only at those {gz} single drifts (one neuron each), and below {floor} for at most {gmax} neurons at once: {tail}; {close}. "
                    "{alldead} At the title's drift the mean |f′(z)| over the {n} neurons is {mr} for "
                    "ReLU and {mg} for GELU."),
        "c_all_past": "ReLU's count stops at {dead0} of {n} only because the drift axis stops at {s0}: from a drift of {sall} all {n} are dead.",
        "c_all_in": "From a drift of {sall} all {n} ReLU neurons are dead.",
        "c_tail": "on the far-left tail (z < {edge}, where GELU′ fades towards 0) at drifts below {drifts}",
        "c_close": ("in {k} narrow spikes around those drifts, each one neuron whose GELU′ passes through 0 at GELU's minimum "
                    "z = {mx}, at that single drift only: not a dead neuron, as ReLU's are, whose gradient is 0 for every "
                    "z < 0; a drift a little to either side and it learns again; computed at those drifts, none of these gradients comes out exactly 0 (the drift meets the minimum only to rounding), so GELU's line, which counts exact zeros, stays at 0"),
        "c_tail_none": "none on the far-left tail (z < {edge})",
        "c_close_none": "none close to z = {mx}",
        "c_near": " The neuron at z = {z} sits just right of 0, so ReLU still passes its gradient.",
        "count": "neurons whose\ngradient is exactly 0",
        "title_curves": "GELU bends smoothly and dips to {y} left of 0; ReLU is exactly 0 there",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0, magnified",
        "xlabel": "x",
        "ylabel": "activation output",
        "min": "minimum ({x}, {y}):\nGELU′ = 0 only here",
        "title_dying": "A drift of {s} zeroes {dead} of {n} ReLU gradients{gelu}",
        "title_gelu_none": "; GELU's smallest |gradient| there is {gmin}",
        "title_gelu_some": "; {k} of GELU's are below {floor}, its smallest {gmin}",
        "sub_dying": "one draw (seed {seed}): {n} neurons, one input z each from N({mu}, {sd}²), clipped to ±{lim}",
        "c_floor": (" The cut-off {floor} separates ReLU's exactly-0 gradients from the rest and barely touches GELU's; "
                    "ten times larger, at {floor2}, GELU's count reaches at most {gmax2} and is {at2} at the title's "
                    "drift, while ReLU's is unchanged."),
        "shift": "drift added to every neuron's input z",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "readout": "ReLU: {dead}\nGELU: {k}",
        "gelu_marks": "{curve}: never exactly 0\nover an interval",
        "gmin_dot": "smallest |GELU′| here: {g}",
        "c_marks": (" ReLU's gradient is 0 or 1, so any cut-off gives it the same count; GELU's depends on the cut-off."
                    " The smallest |GELU′| over the neurons at every drift counted is in the numbers file. ReLU's count is the thick line and GELU's the thin one drawn over it, so where "
                    "both counts are 0 the thin line runs inside the thick one; the thin vertical line rises to the ringed dot at the title's drift, {shift}, where the read-out gives ReLU's count and GELU's."
),
    },
    "zh-Hant": {
        "c_shapes": ("ReLU 是 max(0, x)；GELU 是 x·Φ(x)，Φ 為標準常態分布函數，圖中畫的是 GPT-2 使用的 tanh 近似"
                     "（虛線），x 從 {x0} 到 {x1}；在此範圍內它與精確的 x·Φ(x) 最多相差 {d}，小到畫不出來。"
                     "右圖放大 x < 0 的部分。GELU 在最低點 "
                     "({mx}, {my}) 處 GELU′ = 0，只有這一點；它左邊 GELU′ 很小且為負，但不是零，而 ReLU 在每個 "
                     "x < 0 的梯度都恰為 0。數值：{rows}。"),
        "c_row": "x = {x}：GELU {g}、ReLU {r}、GELU′ {gg}",
        "c_dying": ("每個記號是 {n} 個神經元之一；{n} 個神經元各有一個輸入 z，取自 N({mu}, {sd}²)，種子 {seed}，截在 ±{lim} 以內："
                    "每個 z 從平均 {mu}、標準差 {sd} 的常態分布抽一次。漂移是把同一個數加到每個 z 上，就像共用偏置或權重的一次更新會造成的那樣。"
                    "這裡的 GELU 與 GELU′ 用的是 GPT-2 的 tanh 近似，不是精確的 x·Φ(x)（兩者最多相差 {d}）。"
                    "漂移到標題的 {shift} 之後，z = 0 或其左邊的 ReLU 神經元就死掉（梯度恰為 0，z 在 0 左邊處處如此）："
                    "{dead} 個死掉、{alive} 個還能學。GELU′ 只在 z = {mx}（GELU 的最低點）這一點恰為 0，"
                    "在它左邊為負，在 0 右邊約為 1；在這個漂移量下最小的 |GELU′| 是 {gmin}。{near}"
                    "橫軸是漂移量而不是 z；兩條線數的是梯度恰為 0 的神經元。改用門檻來數：{n} 個神經元中 |梯度| 小於 {floor} 的個數，從 {s0} 到 {s1} 每隔 {ds} 數一次，另外在每個有神經元正好落在 GELU 最低點的漂移量也數，所以沒有尖峰落在兩次計數之間。"
                    "ReLU 的就是梯度恰為 0 的（它沒有介於 0 與 {floor} 之間的梯度）；GELU 的梯度只在這 {gz} 個漂移量（各一個神經元）恰為 0，"
                    "同時小於 {floor} 的最多 {gmax} 個：{tail}；{close}。{alldead}"
                    "在標題的漂移量下，{n} 個神經元的平均 |f′(z)| 是 "
                    "ReLU {mr}、GELU {mg}。"),
        "c_all_past": "ReLU 的個數停在 {n} 個中 {dead0} 個，只是因為漂移軸停在 {s0}：漂移到 {sall} 時 {n} 個全部死掉。",
        "c_all_in": "漂移到 {sall} 時，{n} 個 ReLU 神經元全部死掉。",
        "c_tail": "在最左邊的尾端（z < {edge}，GELU′ 在那裡趨近 0），漂移小於 {drifts} 時",
        "c_close": "在這些漂移量附近的 {k} 個窄尖峰，每個是一個神經元的 GELU′ 在 GELU 的最小值 z = {mx} 經過 0，只在這一個漂移量：它不是死掉的神經元，漂移量稍有不同它又能學；ReLU 的梯度則在每個 z < 0 都是 0；在這些漂移量實際算出的梯度沒有一個恰為 0（漂移量只在捨入誤差內碰到最低點），所以只數恰為 0 的 GELU 線停在 0",
        "c_tail_none": "最左邊的尾端（z < {edge}）沒有",
        "c_close_none": "z = {mx} 附近沒有",
        "c_near": "z = {z} 的神經元剛好在 0 的右邊，所以 ReLU 仍會傳回它的梯度。",
        "count": "梯度恰為 0 的\n神經元個數",
        "title_curves": "GELU 與 ReLU：GELU 平滑彎曲，在 0 左邊降到 {y}；ReLU 在那裡恰為 0",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0 放大",
        "xlabel": "x",
        "ylabel": "激活函數的輸出",
        "min": "最低點 ({x}, {y})：\n只有這一點 GELU′ = 0",
        "title_dying": "漂移 {s} 讓 {n} 個 ReLU 梯度中的 {dead} 個變成 0{gelu}",
        "title_gelu_none": "；GELU 在那裡最小的 |梯度| 是 {gmin}",
        "title_gelu_some": "；GELU 的有 {k} 個低於 {floor}，最小的是 {gmin}",
        "sub_dying": "只抽一次（種子 {seed}）：{n} 個神經元各有一個輸入 z，取自 N({mu}, {sd}²)，截在 ±{lim} 以內",
        "c_floor": ("門檻 {floor} 把 ReLU 恰好為 0 的梯度和其餘的分開，幾乎不影響 GELU；門檻放大十倍到 {floor2} 時，"
                    "GELU 的個數最多 {gmax2} 個，在標題的漂移量下是 {at2} 個，ReLU 的個數不變。"),
        "shift": "加到每個神經元輸入 z 的漂移量",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "readout": "ReLU：{dead}\nGELU：{k}",
        "gelu_marks": "{curve}：在任何區間上都不恰為 0",
        "gmin_dot": "這裡最小的 |GELU′|：{g}",
        "c_marks": "ReLU 的梯度只會是 0 或 1，所以任何門檻下它的個數都一樣；只有 GELU 的個數取決於門檻。每個漂移量下各神經元中最小的 |GELU′| 記在數值檔裡。ReLU 的個數是粗線，GELU 的是畫在上面的細線，所以兩者都是 0 的地方，細線就在粗線裡；細直線升到標題漂移量 {shift} 處描邊的圓點，旁邊寫出 ReLU 與 GELU 在那裡的個數。",
    },
    "zh-Hans": {
        "c_shapes": ("ReLU 是 max(0, x)；GELU 是 x·Φ(x)，Φ 为标准正态分布函数，图中画的是 GPT-2 使用的 tanh 近似"
                     "（虚线），x 从 {x0} 到 {x1}；在此范围内它与精确的 x·Φ(x) 最多相差 {d}，小到画不出来。"
                     "右图放大 x < 0 的部分。GELU 在最低点 "
                     "({mx}, {my}) 处 GELU′ = 0，只有这一点；它左边 GELU′ 很小且为负，但不是零，而 ReLU 在每个 "
                     "x < 0 的梯度都恰为 0。数值：{rows}。"),
        "c_row": "x = {x}：GELU {g}、ReLU {r}、GELU′ {gg}",
        "c_dying": ("每个记号是 {n} 个神经元之一；{n} 个神经元各有一个输入 z，取自 N({mu}, {sd}²)，种子 {seed}，截在 ±{lim} 以内："
                    "每个 z 从均值 {mu}、标准差 {sd} 的正态分布抽一次。漂移是把同一个数加到每个 z 上，就像共享偏置或权重的一次更新会造成的那样。"
                    "这里的 GELU 与 GELU′ 用的是 GPT-2 的 tanh 近似，不是精确的 x·Φ(x)（两者最多相差 {d}）。"
                    "漂移到标题的 {shift} 之后，z = 0 或其左边的 ReLU 神经元就死掉（梯度恰为 0，z 在 0 左边处处如此）："
                    "{dead} 个死掉、{alive} 个还能学。GELU′ 只在 z = {mx}（GELU 的最低点）这一点恰为 0，"
                    "在它左边为负，在 0 右边约为 1；在这个漂移量下最小的 |GELU′| 是 {gmin}。{near}"
                    "横轴是漂移量而不是 z；两条线数的是梯度恰为 0 的神经元。改用阈值来数：{n} 个神经元中 |梯度| 小于 {floor} 的个数，从 {s0} 到 {s1} 每隔 {ds} 数一次，另外在每个有神经元正好落在 GELU 最低点的漂移量也数，所以没有尖峰落在两次计数之间。"
                    "ReLU 的就是梯度恰为 0 的（它没有介于 0 与 {floor} 之间的梯度）；GELU 的梯度只在这 {gz} 个漂移量（各一个神经元）恰为 0，"
                    "同时小于 {floor} 的最多 {gmax} 个：{tail}；{close}。{alldead}"
                    "在标题的漂移量下，{n} 个神经元的平均 |f′(z)| 是 "
                    "ReLU {mr}、GELU {mg}。"),
        "c_all_past": "ReLU 的个数停在 {n} 个中 {dead0} 个，只是因为漂移轴停在 {s0}：漂移到 {sall} 时 {n} 个全部死掉。",
        "c_all_in": "漂移到 {sall} 时，{n} 个 ReLU 神经元全部死掉。",
        "c_tail": "在最左边的尾端（z < {edge}，GELU′ 在那里趋近 0），漂移小于 {drifts} 时",
        "c_close": "在这些漂移量附近的 {k} 个窄尖峰，每个是一个神经元的 GELU′ 在 GELU 的最小值 z = {mx} 经过 0，只在这一个漂移量：它不是死掉的神经元，漂移量稍有不同它又能学；ReLU 的梯度则在每个 z < 0 都是 0；在这些漂移量实际算出的梯度没有一个恰为 0（漂移量只在舍入误差内碰到最低点），所以只数恰为 0 的 GELU 线停在 0",
        "c_tail_none": "最左边的尾端（z < {edge}）没有",
        "c_close_none": "z = {mx} 附近没有",
        "c_near": "z = {z} 的神经元刚好在 0 的右边，所以 ReLU 仍会传回它的梯度。",
        "count": "梯度恰为 0 的\n神经元个数",
        "title_curves": "GELU 与 ReLU：GELU 平滑弯曲，在 0 左边降到 {y}；ReLU 在那里恰为 0",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0 放大",
        "xlabel": "x",
        "ylabel": "激活函数的输出",
        "min": "最低点 ({x}, {y})：\n只有这一点 GELU′ = 0",
        "title_dying": "漂移 {s} 让 {n} 个 ReLU 梯度中的 {dead} 个变成 0{gelu}",
        "title_gelu_none": "；GELU 在那里最小的 |梯度| 是 {gmin}",
        "title_gelu_some": "；GELU 的有 {k} 个低于 {floor}，最小的是 {gmin}",
        "sub_dying": "只抽一次（种子 {seed}）：{n} 个神经元各有一个输入 z，取自 N({mu}, {sd}²)，截在 ±{lim} 以内",
        "c_floor": ("阈值 {floor} 把 ReLU 恰好为 0 的梯度和其余的分开，几乎不影响 GELU；阈值放大十倍到 {floor2} 时，"
                    "GELU 的个数最多 {gmax2} 个，在标题的漂移量下是 {at2} 个，ReLU 的个数不变。"),
        "shift": "加到每个神经元输入 z 的漂移量",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "readout": "ReLU：{dead}\nGELU：{k}",
        "gelu_marks": "{curve}：在任何区间上都不恰为 0",
        "gmin_dot": "这里最小的 |GELU′|：{g}",
        "c_marks": "ReLU 的梯度只会是 0 或 1，所以任何阈值下它的个数都一样；只有 GELU 的个数取决于阈值。每个漂移量下各神经元中最小的 |GELU′| 记在数值文件里。ReLU 的个数是粗线，GELU 的是画在上面的细线，所以两者都是 0 的地方，细线就在粗线里；细直线升到标题漂移量 {shift} 处描边的圆点，旁边写出 ReLU 与 GELU 在那里的个数。",
    },
}
