"""Words of the gain widget's "any s" slider (studio.publish.pages.widgets.gain_live, static/gain.js), in English,
Traditional and Simplified Chinese; merged into text.UI. {seed}: the record's seed; {lo}, {hi}: the chart's log axis."""
from __future__ import annotations

UI = {
    "en": {"s_any": "Every layer at the same s, computed in this page:", "any_chart": "RMS after each layer 0 … 30 at the chosen s, log scale",
           "any_axis": "RMS after each layer (layer 0 = the input … layer 30), log scale {lo} … {hi}",
           "any_note": "Computed in your browser from the same input and the same 30 matrices (seed {seed}) as the bars above: "
                       "x ← (s·W)x layer by layer, and in the second curve LayerNorm (ε = 10⁻⁵) after each layer. "
                       "The slider above follows the table; this one takes any s.",
           "lin_chart": "The same RMS after each layer on a linear scale",
           "lin_axis": "The same two curves on a linear scale, 0 … {top}: a fade that the log scale above ({lo} … {hi}) flattens is plain here",
           "gain_ask_first": "Answer first: the bars and curves below are the answer, so they appear with it (Show the answer) or as soon as you move a slider."},
    "zh-Hant": {"s_any": "同一個 s 下的每一層，在這個頁面裡算：", "any_chart": "所選 s 下每層後的 RMS（第 0 … 30 層），對數刻度",
                "any_axis": "每層後的 RMS（第 0 層是輸入 … 第 30 層），對數刻度 {lo} … {hi}",
                "any_note": "在你的瀏覽器裡算：和上面的長條用同一個輸入、同樣 30 個矩陣（種子 {seed}），一層一層做 x ← (s·W)x；"
                            "第二條曲線在每層後再做 LayerNorm（ε = 10⁻⁵）。上面的滑桿取表格裡的值，這一個可以取任意 s。",
                "lin_chart": "同樣的每層後 RMS，線性刻度",
                "lin_axis": "同樣兩條曲線，線性刻度 0 … {top}：上面對數刻度（{lo} … {hi}）壓平的衰減，在這裡一眼看得出",
                "gain_ask_first": "先作答：下面的長條和曲線就是答案，按「看答案」或移動滑桿後才出現。"},
    "zh-Hans": {"s_any": "同一个 s 下的每一层，在这个页面里算：", "any_chart": "所选 s 下每层后的 RMS（第 0 … 30 层），对数刻度",
                "any_axis": "每层后的 RMS（第 0 层是输入 … 第 30 层），对数刻度 {lo} … {hi}",
                "any_note": "在你的浏览器里算：和上面的长条用同一个输入、同样 30 个矩阵（种子 {seed}），一层一层做 x ← (s·W)x；"
                            "第二条曲线在每层后再做 LayerNorm（ε = 10⁻⁵）。上面的滑块取表格里的值，这一个可以取任意 s。",
                "lin_chart": "同样的每层后 RMS，线性刻度",
                "lin_axis": "同样两条曲线，线性刻度 0 … {top}：上面对数刻度（{lo} … {hi}）压平的衰减，在这里一眼看得出",
                "gain_ask_first": "先作答：下面的长条和曲线就是答案，按「看答案」或移动滑块后才出现。"},
}


def merge(ui: dict) -> None:
    """Add these words to the page's UI (studio.publish.pages.text)."""
    for lang in ui:
        ui[lang] |= UI[lang]
