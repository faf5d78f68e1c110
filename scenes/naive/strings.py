"""naive_position's words in en, zh-Hant and zh-Hans (the same keys in each language) (seed 001, lesson 5
second station, "最笨的塞法" and the bar machine).

cap_bars_most, cap_swap_most and cap_summary hold when the seat × seat term ④ is most of the last bar
(|④| above half of |①| + |②| + |③| + |④|); title_plain, cap_swap_small and cap_summary_later are for
words and seats where it is not (scenes.naive_position picks the one that holds).
"""

STRINGS = {
    "en": {
        "title": "Adding the seat number: the position drowns the word",
        "title_plain": "Adding the seat number to every dimension",
        "word": "word vector E({w})",
        "plus": "+ {p} on every one of the {d} numbers (seat {p})",
        "result": "E({w}) + {p}",
        "t1": "① content  E·E′",
        "t2": "② word × seat  q·ΣE",
        "t3": "③ seat × word  p·ΣE′",
        "t4": "④ seat × seat  p·q·d",
        "words": "E = E({a}),  E′ = E({b})",
        "total": "total",
        "axis": "size of each term, log scale: each gridline is 10 × the last (hollow bar: negative)",
        "bound": "sin/cos: seat × seat never above d = {d}",
        "ratio": "④ ≈ {r} × ①",
        "swap_note": "E({a}) → E({b}): ① {c1} → {c2},  ④ {t1} → {t2}",
        "cap_idea": "The crudest way to add order: take the seat number as one number and add it to "
                    "every dimension. At seat {p}, E({w}) + {p}: all {d} numbers go up by {p}.",
        "cap_expand": "Two placed words meet in a dot product (E + p)·(E′ + q). Expand it: four terms, "
                      "and only the first one is about the words.",
        "cap_bars": "Each term gets a bar on one fixed log scale, where each gridline is ten times the "
                    "one before. At p = q = 0 only the content term ① has a bar.",
        "cap_move": "Now the seats move, one seat at a time. ① stays where it is, while ④ = p·q·d grows "
                    "with the product of the two seats.",
        "cap_bars_end": "At p = {p}, q = {q}, ④ = p·q·d is {t4}, while ① is still {c}.",
        "cap_bars_most": " Most of the total, {tot}, is term ④.",
        "cap_swap_intro": "Now put another word in the first word's place.",
        "cap_swap": "① changes, from {c1} to {c2}; ④ stays {t4}.",
        "cap_swap_most": " Most of this \"similarity\" is seat number talking to seat number.",
        "cap_swap_small": " It does not depend on the words at all.",
        "cap_summary": "Adding raw seat numbers swamps the word vectors, more with every seat. That is why "
                       "positions are encoded with sin and cos: their numbers stay between −1 and 1, so "
                       "the seat × seat term never passes d = {d}.",
        "cap_summary_later": "Here the words still hold their own, but a raw seat number has no bound: at "
                             "later seats ④ swamps the word vectors. That is why positions are encoded with "
                             "sin and cos: their numbers stay between −1 and 1, so the seat × seat term "
                             "never passes d = {d}.",
    },
    "zh-Hant": {
        "title": "直接加上座位號：位置把字淹沒了",
        "title_plain": "把座位號直接加到每一維",
        "word": "字向量 E({w})",
        "plus": "{d} 個數每一個都加 {p}（第 {p} 個座位）",
        "result": "E({w}) + {p}",
        "t1": "① 內容  E·E′",
        "t2": "② 字 × 座位  q·ΣE",
        "t3": "③ 座位 × 字  p·ΣE′",
        "t4": "④ 座位 × 座位  p·q·d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "總和",
        "axis": "各項的大小，對數刻度：每條格線是前一條的 10 倍（空心長條是負數）",
        "bound": "sin/cos：座位 × 座位永遠不超過 d = {d}",
        "ratio": "④ ≈ ① 的 {r} 倍",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位號當成一個數，加到字向量的每一維上。第 {p} 個座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 個數一起加 {p}。",
        "cap_expand": "兩個放好位置的字要量相似度，就是 (E + p)·(E′ + q)。展開來是四項，"
                      "只有第一項跟字有關。",
        "cap_bars": "每一項畫成一根長條，全用同一把固定的對數尺，每條格線都是前一條的十倍。"
                    "座位 p = q = 0 時，只有內容項 ① 有長條。",
        "cap_move": "現在讓座位一格一格往後挪。① 待在原地不動，④ = p·q·d 卻跟著兩個座位號的乘積長大。",
        "cap_bars_end": "座位到了 p = {p}、q = {q} 的時候，④ = p·q·d 已經是 {t4}，內容項 ① 仍然只有 {c}。",
        "cap_bars_most": "總和 {tot} 裡，大半是 ④ 這一項。",
        "cap_swap_intro": "現在把第一個字換成另一個字。",
        "cap_swap": "① 從 {c1} 變成 {c2}，④ 卻一位不差地停在 {t4}。",
        "cap_swap_most": "這個「相似度」的絕大部分，是座位號自己在跟座位號聊天。",
        "cap_swap_small": "它跟字完全無關。",
        "cap_summary": "把原始的座位號直接加上去，字向量就被淹沒了，座位越往後越嚴重。所以位置改用 sin 和 cos "
                       "來編碼：每個數都在 −1 和 1 之間，座位 × 座位這一項永遠不會超過 d = {d}。",
        "cap_summary_later": "在這幾個座位，字的內容還撐得住；但座位號沒有上限，座位再往後，④ 就會淹沒字向量。"
                             "所以位置改用 sin 和 cos 來編碼：每個數都在 −1 和 1 之間，"
                             "座位 × 座位這一項永遠不會超過 d = {d}。",
    },
    "zh-Hans": {
        "title": "直接加上座位号：位置把字淹没了",
        "title_plain": "把座位号直接加到每一维",
        "word": "字向量 E({w})",
        "plus": "{d} 个数每一个都加 {p}（第 {p} 个座位）",
        "result": "E({w}) + {p}",
        "t1": "① 内容  E·E′",
        "t2": "② 字 × 座位  q·ΣE",
        "t3": "③ 座位 × 字  p·ΣE′",
        "t4": "④ 座位 × 座位  p·q·d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "总和",
        "axis": "各项的大小，对数刻度：每条格线是前一条的 10 倍（空心长条是负数）",
        "bound": "sin/cos：座位 × 座位永远不超过 d = {d}",
        "ratio": "④ ≈ ① 的 {r} 倍",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位号当成一个数，加到字向量的每一维上。第 {p} 个座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 个数一起加 {p}。",
        "cap_expand": "两个放好位置的字要量相似度，就是 (E + p)·(E′ + q)。展开来是四项，"
                      "只有第一项跟字有关。",
        "cap_bars": "每一项画成一根长条，全用同一把固定的对数尺，每条格线都是前一条的十倍。"
                    "座位 p = q = 0 时，只有内容项 ① 有长条。",
        "cap_move": "现在让座位一格一格往后挪。① 待在原地不动，④ = p·q·d 却跟着两个座位号的乘积长大。",
        "cap_bars_end": "座位到了 p = {p}、q = {q} 的时候，④ = p·q·d 已经是 {t4}，内容项 ① 仍然只有 {c}。",
        "cap_bars_most": "总和 {tot} 里，大半是 ④ 这一项。",
        "cap_swap_intro": "现在把第一个字换成另一个字。",
        "cap_swap": "① 从 {c1} 变成 {c2}，④ 却一位不差地停在 {t4}。",
        "cap_swap_most": "这个“相似度”的绝大部分，是座位号自己在跟座位号聊天。",
        "cap_swap_small": "它跟字完全无关。",
        "cap_summary": "把原始的座位号直接加上去，字向量就被淹没了，座位越往后越严重。所以位置改用 sin 和 cos "
                       "来编码：每个数都在 −1 和 1 之间，座位 × 座位这一项永远不会超过 d = {d}。",
        "cap_summary_later": "在这几个座位，字的内容还撑得住；但座位号没有上限，座位再往后，④ 就会淹没字向量。"
                             "所以位置改用 sin 和 cos 来编码：每个数都在 −1 和 1 之间，"
                             "座位 × 座位这一项永远不会超过 d = {d}。",
    },
}
