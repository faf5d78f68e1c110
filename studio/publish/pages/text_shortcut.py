"""Words of the shortcut widget's prediction (studio.publish.pages.widgets_depth.shortcut_widget), in English,
Traditional and Simplified Chinese; merged into text.UI. The student picks how much smaller layer 1's mean
|gradient| is than the last layer's without the shortcut, then walks the gradient back; at layer 1 the verdict
sets the engine's numbers beside the prediction. {a}, {b}: the bands' bounds; {n}: the layers; {first}, {last},
{ratio}: layer 1's and the last layer's mean |∂L/∂W| and their ratio, all the engine's."""
from __future__ import annotations

UI = {
    "en": {"sc_predict": "Your answer, before stepping back: without the shortcut, layer 1's mean |gradient| against layer {n}'s is",
           "sc_g0": "about the same (under {a}× smaller)", "sc_g1": "{a}× to {b}× smaller", "sc_g2": "over {b}× smaller",
           "sc_need": "Pick a prediction first, then walk the gradient back.",
           "sc_right": "Your prediction “{pred}” was right: ",
           "sc_wrong": "You predicted “{pred}”, so the prediction was wrong: ",
           "sc_said": "without the shortcut, layer 1's mean |∂L/∂W| is {first} and layer {n}'s {last}: {ratio}× smaller."},
    "zh-Hant": {"sc_predict": "往回走之前先作答：沒有捷徑時，第 1 層的平均 |梯度| 和第 {n} 層的比起來",
                "sc_g0": "差不多（小不到 {a} 倍）", "sc_g1": "小 {a} 到 {b} 倍", "sc_g2": "小超過 {b} 倍",
                "sc_need": "請先選一個預測，再把梯度往回送。",
                "sc_right": "你猜「{pred}」，猜對了：", "sc_wrong": "你猜「{pred}」，猜錯了：",
                "sc_said": "沒捷徑時，第 1 層的平均 |∂L/∂W| 是 {first}，第 {n} 層是 {last}：小 {ratio} 倍。"},
    "zh-Hans": {"sc_predict": "往回走之前先作答：没有捷径时，第 1 层的平均 |梯度| 和第 {n} 层的比起来",
                "sc_g0": "差不多（小不到 {a} 倍）", "sc_g1": "小 {a} 到 {b} 倍", "sc_g2": "小超过 {b} 倍",
                "sc_need": "请先选一个预测，再把梯度往回送。",
                "sc_right": "你猜「{pred}」，猜对了：", "sc_wrong": "你猜「{pred}」，猜错了：",
                "sc_said": "没捷径时，第 1 层的平均 |∂L/∂W| 是 {first}，第 {n} 层是 {last}：小 {ratio} 倍。"},
}


def merge(ui: dict) -> None:
    """Add these words to the page's UI (studio.publish.pages.text)."""
    for lang in ui:
        ui[lang] |= UI[lang]
