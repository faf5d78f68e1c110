"""naive_position's words in en, zh-Hant and zh-Hans (the same keys in each language) (seed 001, lesson 5
second station, "最笨的塞法" and the bar machine).

cap_bars_pq is for two different seats; title_plain, cap_swap_small and cap_summary_later for words and
seats where the seat term does not swamp the content (scenes.naive_position picks the one that holds).
"""

STRINGS = {
    "en": {
        "title_plain": "Adding the seat number to every dimension",
        "cap_bars_pq": "Four bars on one scale. At p = q = 0 only the content term is there. Move the "
                       "seats and ④ = p·q·d grows like the product.",
        "cap_bars_pq_end": "At p = {p}, q = {q} term ④ is {t4}, against a content term of {c}.",
        "cap_swap_small": "Swap the first word for another: term ① changes, term ④ stays {t4} to the last "
                          "digit. It does not depend on the words at all.",
        "cap_summary_later": "A seat number is unbounded and the same in every dimension: at larger seats it "
                             "swamps the content, and it carries no structure. Positions need bounded, varied numbers.",
        "title": "Adding the seat number: the position drowns the word",
        "word": "word vector E({w})",
        "plus": "+ {p} on every one of the {d} numbers (seat {p})",
        "result": "E({w}) + {p}",
        "t1": "① content  E·E′",
        "t2": "② word × seat  q·ΣE",
        "t3": "③ seat × word  p·ΣE′",
        "t4": "④ seat × seat  p·q·d",
        "words": "E = E({a}),  E′ = E({b})",
        "total": "total",
        "share": "share of ① in the total bar length",
        "scale": "one scale for all four bars: full width = {v}",
        "zoom": "① enlarged: full width = {v}",
        "swap_note": "E({a}) → E({b}): ① {c1} → {c2},  ④ {t1} → {t2}",
        "cap_idea": "The crudest way to add order: take the seat number as one number and add it to "
                    "every dimension. At seat {p}, E({w}) + {p}: all {d} numbers go up by {p}.",
        "cap_expand": "Two placed words meet in a dot product (E + p)·(E′ + q). Expand it: four terms, "
                      "and only the first one is about the words.",
        "cap_bars": "Four bars on one scale. At p = q = 0 only the content term is there. Move the "
                    "seats and ④ = p·q·d grows like the product.",
        "cap_bars_end": "At p = q = {p} term ④ is {t4}, against a content term of {c}.",
        "cap_swap": "Swap the first word for another: term ① changes, term ④ stays {t4} to the last "
                    "digit. Most of this \"similarity\" is seat number talking to seat number.",
        "cap_summary": "A seat number is unbounded and the same in every dimension: it swamps the "
                       "content and carries no structure. Positions need bounded, varied numbers.",
    },
    "zh-Hant": {
        "title_plain": "把座位號直接加到每一維",
        "cap_bars_pq": "四根長條同一個刻度。座位往後挪，④ = p·q·d 照乘積長大。",
        "cap_bars_pq_end": "座位 p = {p}，q = {q} 時：④ 是 {t4}，內容項是 {c}。",
        "cap_swap_small": "把第一個字換成別的字：① 跟著變，④ 一位不差地還是 {t4}。"
                          "它跟字完全無關。",
        "cap_summary_later": "座位號沒有上限，而且每一維都一樣：座位再往後，它就會淹沒內容，也不帶任何結構。"
                             "位置需要有界、各維不同的數。",
        "title": "直接加上座位號：位置把字淹沒了",
        "word": "字向量 E({w})",
        "plus": "{d} 個數每一個都加 {p}（第 {p} 個座位）",
        "result": "E({w}) + {p}",
        "t1": "① 內容  E·E′",
        "t2": "② 字 × 座位  q·ΣE",
        "t3": "③ 座位 × 字  p·ΣE′",
        "t4": "④ 座位 × 座位  p·q·d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "總和",
        "share": "① 占四根長條總長",
        "scale": "四根長條同一刻度：滿格 = {v}",
        "zoom": "① 放大：滿格 = {v}",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位號當成一個數，加到字向量的每一維上。第 {p} 個座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 個數一起加 {p}。",
        "cap_expand": "兩個放好位置的字要量相似度，就是 (E + p)·(E′ + q)。展開來是四項，"
                      "只有第一項跟字有關。",
        "cap_bars": "四根長條同一個刻度。座位往後挪，④ = p·q·d 照乘積長大。",
        "cap_bars_end": "兩個座位都是 {p} 時，④ 是 {t4}，內容項只有 {c}。",
        "cap_swap": "把第一個字換成別的字：① 跟著變，④ 一位不差地還是 {t4}。"
                    "這個「相似度」的絕大部分，是座位號自己在跟座位號聊天。",
        "cap_summary": "座位號沒有上限，而且每一維都一樣：它淹沒了內容，也不帶任何結構。"
                       "位置需要有界、各維不同的數。",
    },
    "zh-Hans": {
        "title_plain": "把座位号直接加到每一维",
        "cap_bars_pq": "四根长条同一个刻度。座位往后挪，④ = p·q·d 照乘积长大。",
        "cap_bars_pq_end": "座位 p = {p}，q = {q} 时：④ 是 {t4}，内容项是 {c}。",
        "cap_swap_small": "把第一个字换成别的字：① 跟着变，④ 一位不差地还是 {t4}。"
                          "它跟字完全无关。",
        "cap_summary_later": "座位号没有上限，而且每一维都一样：座位再往后，它就会淹没内容，也不带任何结构。"
                             "位置需要有界、各维不同的数。",
        "title": "直接加上座位号：位置把字淹没了",
        "word": "字向量 E({w})",
        "plus": "{d} 个数每一个都加 {p}（第 {p} 个座位）",
        "result": "E({w}) + {p}",
        "t1": "① 内容  E·E′",
        "t2": "② 字 × 座位  q·ΣE",
        "t3": "③ 座位 × 字  p·ΣE′",
        "t4": "④ 座位 × 座位  p·q·d",
        "words": "E = E({a})，E′ = E({b})",
        "total": "总和",
        "share": "① 占四根长条总长",
        "scale": "四根长条同一刻度：满格 = {v}",
        "zoom": "① 放大：满格 = {v}",
        "swap_note": "E({a}) → E({b})：① {c1} → {c2}，④ {t1} → {t2}",
        "cap_idea": "最笨的塞法：把座位号当成一个数，加到字向量的每一维上。第 {p} 个座位的「{w}」"
                    "就是 E({w}) + {p}，{d} 个数一起加 {p}。",
        "cap_expand": "两个放好位置的字要量相似度，就是 (E + p)·(E′ + q)。展开来是四项，"
                      "只有第一项跟字有关。",
        "cap_bars": "四根长条同一个刻度。座位往后挪，④ = p·q·d 照乘积长大。",
        "cap_bars_end": "两个座位都是 {p} 时，④ 是 {t4}，内容项只有 {c}。",
        "cap_swap": "把第一个字换成别的字：① 跟着变，④ 一位不差地还是 {t4}。"
                    "这个「相似度」的绝大部分，是座位号自己在跟座位号聊天。",
        "cap_summary": "座位号没有上限，而且每一维都一样：它淹没了内容，也不带任何结构。"
                       "位置需要有界、各维不同的数。",
    },
}
