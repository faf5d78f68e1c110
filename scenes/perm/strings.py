"""The permutation scene's words in en, zh-Hant and zh-Hans (scenes/permutation.py)."""
from __future__ import annotations

STRINGS = {
    "en": {
        "title": "Attention sees a bag of vectors, not a sequence",
        "position": "position",
        "vector": "word vector",
        "output": "attention output",
        "view": "arrows: the {d}-D vectors in their best-fitting plane",
        "view_all": "arrows: the 2-D vectors themselves",
        "scores": "score table",
        "query": "query",
        "key": "key",
        "fresh": "order b = {b}: outputs computed afresh",
        "fresh_short": "order b: outputs computed afresh",
        "float_note": "(zero up to the last bit of a float)",
        "proved": "Without position information,\nattention cannot tell\nthe two orders apart:\nthe same outputs, permuted.",
        "cap_intro": "十五 (fifteen) and 五十 (fifty) use the same two characters in a different order. "
                     "Each character enters attention as its word vector, drawn as an arrow.",
        "cap_intro_own": "{a} and {b} use the same {n} tokens in a different order. Each token enters "
                         "attention as its word vector, drawn as an arrow.",
        "cap_scores": "Attention scores every pair, one token's query against another token's key. "
                      "Each output arrow mixes all the vectors by those scores.",
        "cap_asym": " Q and K come from different matrices, so the table is not symmetric. The query "
                    "of {i} against the key of {j} scores {sij}; the other way round it scores {sji}.",
        "cap_swap": "Now swap the order. Each {unit} carries its vector and its output along, and the "
                    "score table's rows and columns move with them. Computed afresh, {b} gives "
                    "exactly the outputs that travelled.",
        "character": "character",
        "token": "token",
        "cap_sentence": "dog bites man and man bites dog: the same three words, opposite meanings. "
                        "Swap dog and man and watch the outputs.",
        "cap_sentence_own": "{a} and {b}: the same {n} tokens in another order. Reorder them and watch the "
                            "outputs.",
        "cap_sentence_long": "Two sentences, the same {n} tokens in another order. Reorder them and watch the "
                             "outputs.",
        "cap_equal": "Every output travels with its word, and the fresh computation agrees. The score "
                     "table is only permuted, new = P × old × P transposed, and the same P reorders "
                     "the outputs.",
        "cap_summary": "Without position information attention cannot tell the two orders apart: the same "
                       "outputs, only permuted. Order has to be added: positional encoding.",
    },
    "zh-Hant": {
        "title": "注意力看到的是一袋向量，不是一個序列",
        "position": "位置",
        "vector": "字向量",
        "output": "注意力輸出",
        "view": "箭頭：把 {d} 維向量畫在最貼合它們的平面上",
        "view_all": "箭頭：2 維向量本身",
        "scores": "分數表",
        "query": "查詢",
        "key": "鍵",
        "fresh": "語序 b =「{b}」：重新算出的輸出",
        "fresh_short": "語序 b：重新算出的輸出",
        "float_note": "（除了浮點數最後一位，就是 0）",
        "proved": "沒有位置資訊，注意力\n分不出這兩種語序：\n輸出相同，只是換了位置。",
        "cap_intro": "「十五」和「五十」用的是同樣兩個字，只是順序不同。每個字進入注意力時都是它的字向量，"
                     "這裡畫成一支箭頭。",
        "cap_intro_own": "「{a}」和「{b}」用的是同樣 {n} 個詞元，只是順序不同。每個詞元進入注意力時都是它的"
                         "字向量，這裡畫成一支箭頭。",
        "cap_scores": "注意力替每一對打分：拿一個詞元的查詢去比另一個詞元的鍵。每支輸出箭頭，"
                      "都是按這些分數把所有向量混合起來。",
        "cap_asym": "Q 和 K 來自不同的矩陣，所以分數表並不對稱：拿「{i}」的查詢去比「{j}」的鍵，得分 {sij}；反過來是 {sji}。",
        "cap_swap": "現在把順序換過來。每個{unit}都帶著自己的向量和輸出一起搬家，分數表的列和行也跟著換。"
                    "把「{b}」重新算一遍，得到的正是搬過去的那些輸出。",
        "character": "字",
        "token": "詞元",
        "cap_sentence": "狗咬人、人咬狗：同樣三個詞，意思正好相反。把 dog 和 man 對調，看輸出怎麼變。",
        "cap_sentence_own": "第一句「{a}」，第二句「{b}」：同樣 {n} 個詞元換了順序。看看換順序時，輸出怎麼變。",
        "cap_sentence_long": "這兩句話用的是同樣 {n} 個詞元，只是順序不同。看看換順序時，輸出怎麼變。",
        "cap_equal": "每個輸出都跟著自己的詞走，重新計算的結果也一致。分數表只是換了位置："
                     "新表是 P 乘舊表，再乘 P 的轉置；輸出也只被同一個 P 重新排列。",
        "cap_summary": "沒有位置資訊，注意力就分不出這兩種語序：輸出完全相同，只是換了位置。"
                       "順序必須另外補上：這就是位置編碼。",
    },
    "zh-Hans": {
        "title": "注意力看到的是一袋向量，不是一个序列",
        "position": "位置",
        "vector": "字向量",
        "output": "注意力输出",
        "view": "箭头：把 {d} 维向量画在最贴合它们的平面上",
        "view_all": "箭头：2 维向量本身",
        "scores": "分数表",
        "query": "查询",
        "key": "键",
        "fresh": "语序 b =「{b}」：重新算出的输出",
        "fresh_short": "语序 b：重新算出的输出",
        "float_note": "（除了浮点数最后一位，就是 0）",
        "proved": "没有位置信息，注意力\n分不出这两种语序：\n输出相同，只是换了位置。",
        "cap_intro": "「十五」和「五十」用的是同样两个字，只是顺序不同。每个字进入注意力时都是它的字向量，"
                     "这里画成一支箭头。",
        "cap_intro_own": "「{a}」和「{b}」用的是同样 {n} 个词元，只是顺序不同。每个词元进入注意力时都是它的"
                         "字向量，这里画成一支箭头。",
        "cap_scores": "注意力给每一对打分：拿一个词元的查询去比另一个词元的键。每支输出箭头，"
                      "都是按这些分数把所有向量混合起来。",
        "cap_asym": "Q 和 K 来自不同的矩阵，所以分数表并不对称：拿「{i}」的查询去比「{j}」的键，得分 {sij}；反过来是 {sji}。",
        "cap_swap": "现在把顺序换过来。每个{unit}都带着自己的向量和输出一起搬家，分数表的行和列也跟着换。"
                    "把「{b}」重新算一遍，得到的正是搬过去的那些输出。",
        "character": "字",
        "token": "词元",
        "cap_sentence": "狗咬人、人咬狗：同样三个词，意思正好相反。把 dog 和 man 对调，看输出怎么变。",
        "cap_sentence_own": "第一句「{a}」，第二句「{b}」：同样 {n} 个词元换了顺序。看看换顺序时，输出怎么变。",
        "cap_sentence_long": "这两句话用的是同样 {n} 个词元，只是顺序不同。看看换顺序时，输出怎么变。",
        "cap_equal": "每个输出都跟着自己的词走，重新计算的结果也一致。分数表只是换了位置："
                     "新表是 P 乘旧表，再乘 P 的转置；输出也只被同一个 P 重新排列。",
        "cap_summary": "没有位置信息，注意力就分不出这两种语序：输出完全相同，只是换了位置。"
                       "顺序必须另外补上：这就是位置编码。",
    },
}
