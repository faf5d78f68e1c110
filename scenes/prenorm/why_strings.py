"""The words of prenorm_block's first residual add (scenes.prenorm.steps.residual, with scenes.prenorm.why and
scenes.prenorm.why_rows) in en, zh-Hant and zh-Hans, merged into scenes.prenorm.strings.STRINGS: why Pre-LN, first
as the two blocks' shapes (cap_residual1), then in token a's numbers, a caption of its own (cap_why_rows: its Post-LN
std {s} from the record's post_sum1_std; why_sum_stats and why_divided label Post-LN's own sum post_sum1
with its mean {m} and std {s})."""

WHY_STRINGS = {
    "en": {
        "cap_depth_grad": "Now backwards, from block 3's output: the gradient of token a's first entry. "
                          "Beside each skip line: the share that the line alone carries back. "
                          "Pre-LN's block passes back the identity plus its branch's term, as written above it: the identity carries {a1} to every block's input. "
                          "Post-LN's skip line passes two LayerNorms in every block (2 × LN), so its share falls to {b1}, {b2} and {b3}.",
        "cue_grad_pre": "Pre-LN'sblock", "cue_grad_post": "Post-LN'sskip", "cue_grad_share": "Besideeach",
        "depth_grad": "{g}", "depth_share": "skip-line share\nof the gradient", "depth_ln2": "2 × LN",
        "cap_residual1": "Why Pre-LN: LayerNorm sits on the side branch, x + F(LN(x)), not on the skip line as in "
                         "Post-LN, LN(x + F(x)). A clean skip line gives gradients an identity path. "
                         "Here the first residual adds X + P itself, not its normalised form: Z′ = X + P + O.",
        "cap_why_rows": "Token a's row: the output minus x is exactly O's row, so x reaches the output unchanged. "
                         "Post-LN outputs LN(x + F(x)) instead: its own sum, with F on x itself, "
                         "minus its mean, {m}, and divided by its std, {s}. So the stream is rescaled in every block.",
        "cue_why_post": "Post-LNoutputs", "cue_why_mean": "minusitsmean", "cue_why_rescaled": "rescaled",
        "why_divided": "= (sum − {m}) ÷ {s}",
        "why_sum_stats": "mean {m}, std {s}",
        "cap_depth": "Now the finished block, stacked three deep with the same weights. In Pre-LN token a's std grows {p1} → {p2} → {p3}. "
                     "In Post-LN it is {q} after every LN. The raw stream keeps an identity path; one final LN cleans it up.",
        "cue_depth_pre": "InPre-LN", "cue_depth_post": "InPost-LN", "cue_depth_end": "Therawstream",
        "depth_block": "block {k}", "depth_std": "std {s}",
    },
    "zh-Hant": {
        "cap_depth_grad": "現在反過來看梯度。起點是區塊 3 的輸出：詞元 a 第一個分量的梯度。"
                          "跳線旁的數字，是只沿跳線傳回的那一份梯度。"
                          "Pre-LN 的區塊傳回恆等項加上旁支的一項（見上方公式）。恆等項把這一份原樣傳下去，每個區塊的輸入都是 {a1}。"
                          "Post-LN 的跳線在每個區塊都經過兩次 LN（2 × LN），這一份依次變成 {b1}、{b2} 和 {b3}。",
        "cue_grad_pre": "Pre-LN的區塊", "cue_grad_post": "Post-LN的跳線", "cue_grad_share": "跳線旁的數字",
        "depth_grad": "{g}", "depth_share": "跳線傳回的\n那一份梯度", "depth_ln2": "2 × LN",
        "cap_residual1": "Pre-LN 把正規化放在旁支上，跳線保持乾淨。Post-LN 則把它擋在線上。線乾淨，梯度才有恆等路徑。"
                         "殘差把 X + P 原樣加回，Z′ = X + P + O。",
        "cap_why_rows": "看詞元 a 那一列：輸出減去 x，正好是 O 那一列，所以 x 原封不動地到達輸出。"
                         "Post-LN 輸出的卻是 LN(x + F(x))：F 直接作用在 x 上，這個和 x + F(x) 要減去自己的均值 {m}，再除以自己的標準差 {s}。殘差流每過一個區塊，就被重新縮放一次。",
        "cue_why_post": "Post-LN輸出", "cue_why_mean": "自己的均值", "cue_why_rescaled": "重新縮放",
        "why_divided": "＝（和 − {m}）÷ {s}",
        "why_sum_stats": "均值 {m}，標準差 {s}",
        "cap_depth": "把做好的區塊疊三層，權重都相同。在 Pre-LN 裡，詞元 a 的標準差逐塊變大，三塊之後各是 {p1}、{p2} 和 {p3}。"
                     "Post-LN 每次 LN 之後，標準差都回到 {q}。原始的殘差流保有恆等路徑，最後再用一次 LN 整理就好。",
        "cue_depth_pre": "在Pre-LN裡", "cue_depth_post": "Post-LN每次", "cue_depth_end": "原始的殘差流",
        "depth_block": "區塊 {k}", "depth_std": "σ = {s}",
    },
    "zh-Hans": {
        "cap_depth_grad": "现在反过来看梯度。起点是块 3 的输出：词元 a 第一个分量的梯度。"
                          "跳线旁的数字，是只沿跳线传回的那一份梯度。"
                          "Pre-LN 的块传回恒等项加上旁支的一项（见上方公式）。恒等项把这一份原样传下去，每个块的输入都是 {a1}。"
                          "Post-LN 的跳线在每个块都经过两次 LN（2 × LN），这一份依次变成 {b1}、{b2} 和 {b3}。",
        "cue_grad_pre": "Pre-LN的块", "cue_grad_post": "Post-LN的跳线", "cue_grad_share": "跳线旁的数字",
        "depth_grad": "{g}", "depth_share": "跳线传回的\n那一份梯度", "depth_ln2": "2 × LN",
        "cap_residual1": "Pre-LN 把归一化放在旁支上，跳线保持干净。Post-LN 则把它挡在线上。线干净，梯度才有恒等路径。"
                         "残差把 X + P 原样加回，Z′ = X + P + O。",
        "cap_why_rows": "看词元 a 那一行：输出减去 x，正好是 O 那一行，所以 x 原封不动地到达输出。"
                         "Post-LN 输出的却是 LN(x + F(x))：F 直接作用在 x 上，这个和 x + F(x) 要减去自己的均值 {m}，再除以自己的标准差 {s}。残差流每过一个块，就被重新缩放一次。",
        "cue_why_post": "Post-LN输出", "cue_why_mean": "自己的均值", "cue_why_rescaled": "重新缩放",
        "why_divided": "＝（和 − {m}）÷ {s}",
        "why_sum_stats": "均值 {m}，标准差 {s}",
        "cap_depth": "把做好的块叠三层，权重都相同。在 Pre-LN 里，词元 a 的标准差逐块变大，三块之后各是 {p1}、{p2} 和 {p3}。"
                     "Post-LN 每次 LN 之后，标准差都回到 {q}。原始的残差流保有恒等路径，最后再用一次 LN 整理就好。",
        "cue_depth_pre": "在Pre-LN里", "cue_depth_post": "Post-LN每次", "cue_depth_end": "原始的残差流",
        "depth_block": "块 {k}", "depth_std": "σ = {s}",
    },
}
