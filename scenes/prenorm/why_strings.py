"""The words of prenorm_block's first residual add (scenes.prenorm.steps.residual, with scenes.prenorm.why and
scenes.prenorm.why_rows) in en, zh-Hant and zh-Hans, merged into scenes.prenorm.strings.STRINGS: why Pre-LN, first
as the two blocks' shapes (cap_residual1), then in token a's numbers, a caption of its own (cap_why_rows: its Post-LN
std {s} from the record's post_sum1_std; why_sum_stats and why_divided label Post-LN's own sum post_sum1
with its mean {m} and std {s})."""

WHY_STRINGS = {
    "en": {
        "cap_residual1": "Why Pre-LN: LayerNorm sits on the side branch, x + F(LN(x)), not on the skip line as in "
                         "Post-LN, LN(x + F(x)). On a clean skip line, gradients pass unchanged. "
                         "Here the first residual adds X + P itself, not its normalised form: Z′ = X + P + O.",
        "cap_why_rows": "Token a's row: the output minus x is exactly O's row, so x reaches the output unchanged. "
                         "Post-LN outputs LN(x + F(x)) instead: its own sum, with F on x itself, "
                         "minus its mean, {m}, and divided by its std, {s}. So the stream is rescaled in every block.",
        "cue_why_post": "Post-LNoutputs", "cue_why_mean": "minusitsmean", "cue_why_rescaled": "rescaled",
        "why_divided": "= (each entry − {m}) ÷ {s}",
        "why_sum_stats": "mean {m}, std {s}",
    },
    "zh-Hant": {
        "cap_residual1": "為什麼用 Pre-LN？它把正規化放在旁支上，跳線本身保持乾淨。Post-LN 則把它擋在線上。線乾淨，梯度才有恆等路徑。"
                         "殘差把 X + P 原樣加回，Z′ = X + P + O。",
        "cap_why_rows": "看詞元 a 那一列：輸出減去 x，正好是 O 那一列，所以 x 原封不動地到達輸出。"
                         "Post-LN 輸出的卻是 LN(x + F(x))：F 直接作用在 x 上，這個和 x + F(x) 要減去自己的均值 {m}，再除以自己的標準差 {s}。殘差流每過一個區塊，就被重新縮放一次。",
        "cue_why_post": "Post-LN輸出", "cue_why_mean": "自己的均值", "cue_why_rescaled": "重新縮放",
        "why_divided": "＝（每個分量 − {m}）÷ {s}",
        "why_sum_stats": "均值 {m}，標準差 {s}",
    },
    "zh-Hans": {
        "cap_residual1": "为什么用 Pre-LN？它把归一化放在旁支上，跳线本身保持干净。Post-LN 则把它挡在线上。线干净，梯度才有恒等路径。"
                         "残差把 X + P 原样加回，Z′ = X + P + O。",
        "cap_why_rows": "看词元 a 那一行：输出减去 x，正好是 O 那一行，所以 x 原封不动地到达输出。"
                         "Post-LN 输出的却是 LN(x + F(x))：F 直接作用在 x 上，这个和 x + F(x) 要减去自己的均值 {m}，再除以自己的标准差 {s}。残差流每过一个块，就被重新缩放一次。",
        "cue_why_post": "Post-LN输出", "cue_why_mean": "自己的均值", "cue_why_rescaled": "重新缩放",
        "why_divided": "＝（每个分量 − {m}）÷ {s}",
        "why_sum_stats": "均值 {m}，标准差 {s}",
    },
}
