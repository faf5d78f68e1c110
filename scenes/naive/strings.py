"""naive_position's words in en, zh-Hant and zh-Hans (the same keys in each language) (seed 001, lesson 5
second station, "最笨的塞法" and the bar machine).

cap_bars_most and cap_swap_most hold when the seat × seat term ④ is most of the last bar
(|④| above half of |①| + |②| + |③| + |④|); title_plain, cap_swap_small and cap_sincos_later are for
words and seats where it is not (scenes.naive_position picks the one that holds; when ④ is most of the
bar, the swap's last cue has just said so and the sin/cos section starts with the fix). Formulas use the
narrow dot ⋅ (U+22C5): the caption font's middle dot · is full width.
"""

STRINGS = {
    "en": {
        "att_words": "word vectors alone",
        "cap_frac": "An obvious fix: divide the seat p by the sentence's length N. Every seat then lands between 0 and 1. "
                    "But in a sentence of {n1} tokens, neighbours are 1/{n1} = {a1} apart. In one of {n2} tokens, they are only 1/{n2} = {a2} apart. "
                    "So \"one seat apart\" has no fixed size.",
        "mark_frac_range": "0 and 1",
        "att_seats": "word vectors + seat numbers",
        "att_seat": "key's seat",
        "att_score": "score",
        "cap_att": "What does this do to attention? The query word {a}, at seat {p}, scores each of {n} keys at seats {k0} to {k1} by a dot product divided by √d. Softmax turns the scores into weights: each between 0 and 1, together 1.",
        "cap_att_words": " With the word vectors alone, the weights spread out. The largest, {w}, goes to the key at seat {s}.",
        "cap_att_seats": " Add the seat numbers, and the scores jump to between {lo} and {hi}. The largest is at seat {s}. Softmax gives that key {w} of the weight, every other key {r}. The largest seat number wins, not the query's own seat {p}.",
        "att_sincos": "word vectors + sin/cos rows",
        "cap_att_again": "Back to the attention row: with seat numbers, seat {s} took {w} of the weight.",
        "cap_att_sincos": " With sin/cos rows in place of the seat numbers, no key takes it all: the weights run from {lo} to {hi}. The largest, {wmax}, goes to seat {at}: the seats still shape the weights.",
        "cap_att_split": " Why seat {at}? Split each score into its four terms, each divided by √d. ④, the seats alone, is largest at the query's own seat {own}: {t4own}. At seat {at}, ④ is only {t4top}. The cross term {cm}, {cdesc}, adds {tc} there. So a cross term, not ④, puts seat {at} first with {wmax}.",
        "split_head": "sin/cos score = (① + ② + ③ + ④) / √d",
        "mark_split": "four terms",
        "cross_2": "the query word against the key's row PE(q)",
        "cross_3": "the query's row PE(p) against the key word",
        "cap_att_seats_most": " Add the seat numbers, and the scores jump to between {lo} and {hi}. The largest is at seat {s}. Softmax gives that key {w} of the weight, every other key at most {r}. The largest seat number wins, not the query's own seat {p}.",
        "title": "Adding the seat number: the position drowns the word",
        "title_plain": "Adding the seat number to every dimension",
        "title_sincos": "Adding sin/cos rows instead: ④ stays bounded",
        "title_concl": "Seat numbers against sin/cos rows",
        "gloss_加": " (\"add\")",
        "gloss_法": " (\"law/method\")",
        "gloss_十": " (\"ten\")",
        "word": "word vector E({w})",
        "plus": "+ {p} on every one of the {d} numbers (seat {p})",
        "result": "E({w}) + {p}",
        "t1": "① content",
        "t2": "② word × seat",
        "t3": "③ seat × word",
        "t4": "④ seat × seat",
        "words": "E = E({a}),  E′ = E({b})",
        "total": "total",
        "hollow": "hollow = negative",
        "ghost_was": "was\n{v}",
        "ghost_cut": "{v}\n(cut)",
        "many_pairs": "{n} pairs",
        "many_pairs_scale": "÷ {k}",
        "share": "① of Σ|①…④|:",
        "axis": "size of each term (log scale: × 10 per gridline)",
        "axis_short": "log scale: × 10 per gridline",
        "axis_word": "log scale",
        "axis_folded": "log scale: \nnow up to {top}",
        "bound": "sin/cos: seat × seat at most {hb}",
        "bound_line": "max ④\n= {b}",
        "ratio": "≈ {r} × ①",
        "swap_note": "E({a}) → E({b}):",
        "swap_note_1": "① {c1} → {c2}",
        "swap_note_sum": "ΣE {e1} → {e2}",
        "swap_note_2": "② {s1} → {s2}",
        "swap_note_4": "④ {t1} → {t2}",
        "cap_idea": "The crudest way to add order: add the seat number (the position) to every dimension of the word vector. At seat p = {p}, the word {w}{gw} becomes E({w}) + {p}: each of its {d} numbers goes up by {p}. The second word, E′ = E({w2}){gw2}, is moved by its own seat q.",
        "cap_idea_seats": " The query word sits at seat p, the key word at seat q: here p = {p} and q = {q}.",
        "cap_idea_same": " The query word sits at seat p, the key word at seat q: here both are {p}. With the same seat, only the words differ; the seats part later.",
        "role_query": "query word {w}, seat",
        "role_key": "key word {w}, seat",
        "cap_expand": "Two placed words meet in the dot product of E + p and E′ + q, which expands into four terms. Only ① is free of the seats. ② and ③ see the word only through its coordinate sum, times a seat. ④ = p × q × d is seats alone. This is the raw dot product: real attention first multiplies each side by a learned query or key matrix.",
        "mark_raw": "raw dot product",
        "axis_linear": "size of each term (linear scale)",
        "cap_linear": "First, a plain linear scale, at two different seats: p = {p} and q = {q}. Each term is a bar from 0 on one fixed axis, with its value written at its end.",
        "cap_linear_terms": "The content term ① is {c}. The cross term ② = q ΣE is {s2}, and ③ = p ΣE′ is {s3}. The seat term ④ = p × q × d is {t4}, from the seats alone.",
        "cap_linear_move": "Now move both seats on, to p = {p} and q = {q}.",
        "cap_linear_off": "The content term ① stays at {c}. ② and ③ grow with the seats: ② is now {s2}, and ③ is now {s3}. ④ grows with their product, to {t4}: it runs off the end of the axis, and an arrow carries it on.",
        "cap_linear_big": "The content term ① stays at {c}, while ② is now {s2}, and ③ is now {s3}. ④ is {t4}: a bar that runs off the end of the axis is carried on by an arrow.",
        "cap_linear_log": "Stretch the axis until ④ = {t4} fits, and ① = {c} becomes a sliver, 1/{r} of ④'s bar, so the next chart uses a log scale.",
        "cap_bars": "The same bars, at the same seats, now on one log scale. The scale stays fixed: each gridline is "
                    "ten times the one before. Back at p = q = 0, only the content term ① has a bar: "
                    "the other three are zero.",
        "cap_move": "Now the seats move up: ①'s share of the four sizes keeps falling. ① stays where it is, while ④ = p × q × d grows with the product of the two seats.",
        "cap_step": "Why a large ④ hurts: with p held, each seat the key word moves on adds p × d = {pd} to ④; one seat earlier it was {a}.",
        "step_seat": "seat {q}: ④ = {t}",
        "step_each": "+ p × d = {pd} a seat",
        "cap_bars_end": "At p = {p} and q = {q}, ① is still {c}, while ④ = p × q × d is {t4}.",
        "cap_bars_most": " Most of the total, {tot}, is term ④.",
        "cap_swap_intro": "Now swap the first word for {a}{ga}:",
        "cap_swap": "① changes from {c1} to {c2}, and ② jumps from {s1} to {s2}. But ④ stays at {t4}.",
        "cap_swap_most": " Most of this \"similarity\" is seat number talking to seat number.",
        "cap_swap_small": " ④ does not depend on the words at all.",
        "cap_sincos_later": "A raw seat number has no bound: at later seats, ④ would swamp the words. ",
        "cap_sincos": "Sine and cosine stay bounded, however far the seat, so positions are encoded with sin and cos. With sin/cos rows in place of p and q, ④ falls from {t1} "
                      "to {t2}, and ② and ③ change with it. The rows PE(p) and PE(q) hold {d} numbers each, between −1 and 1. "
                      "④ is now a sum of cosines of p − q, never above {hb}.",
        "cap_sincos_walk": "The same walk again, from seat 0: nothing grows with the seat any more. "
                           "Wherever p = q, ④ reaches the dashed line; when the seats part, it drops below it. "
                           "Yet as they part further, it rises again. At p − q = {g} it is back at {back}{why}. "
                           "So with only {n} pairs, ④ is not a distance; with hundreds of pairs, ④ falls over the first few gaps, then levels off. "
                           "{step}"
                           "④ depends only on p − q; ② and ③ still depend on the seats themselves.",
        "cap_sincos_walk_plain": "The same walk again, from seat 0: nothing grows with the seat any more. "
                                 "Wherever p = q, ④ reaches the dashed line; when the seats part, it drops below it. "
                                 "④ depends only on p − q; ② and ③ still depend on the seats themselves.",
        "why_full_turn": ". The fast pair (ω = 1) has turned almost a full circle ({g} ≈ 2π)",
        "cap_pairs": "Why only p − q? Take one (sin, cos) pair of PE(p) and of PE(q) as two points on a circle, "
                     "at angles a = ωp and b = ωq. Here q = {q2}: they part by the angle a − b between them. "
                     "Their dot product is sin(a)sin(b) + cos(a)cos(b). "
                     "That sum is exactly cos(a − b), the cosine of the angle between them. "
                     "So the pair gives cos(ω(p − q)), whatever p and q are. "
                     "Each pair turns at its own ω: {omegas}, each slower than the last. "
                     "The {hb} pairs add up to ④ = {s}, and that sum is ④'s bar. "
                     "Drawn against every gap p − q, the sum is one curve, never above {bound}.",
        "cap_sincos_end": "① was {raw} % of the four sizes, now {share} %; {helps}{a} and {b} are nearly orthogonal.",
        "and": " and ",
        "share_was": "before: {raw} %",
        "sincos_helps": "only its share grew: ① itself is still {c}, as ",
        "sincos_small": "it is small as ",
        "cap_conclusion": "This is still the raw dot product, before the query and key matrices. "
                          "Seat numbers: ④ grows with p × q until it swamps the content term ①. "
                          "With sin and cos, every term is bounded. In the raw dot product, ④ depends only on p − q.",
        "concl_seat_head": "Seat numbers added",
        "concl_sincos_head": "sin/cos added",
        "mark_encoded": "encoded with sin and cos",
        "mark_shrank": "shrank",
        "mark_many": "hundreds",
        "cap_step_fixed": "Unlike p/N, sin/cos has one fixed step. "
                          "At p − q = 1, ④ is {s1} at every seat, for any length N. ",
        "step_frac": "p/N: {a1} at N = {n1}, {a2} at N = {n2}",
        "step_pe": "sin/cos: ④ = {s1}, any N",
    },
    "zh-Hant": {
        "att_words": "只有字向量",
        "att_seats": "字向量 + 座位號",
        "cap_frac": "最直接的補救：把座位 p 除以句子的長度 N，座位就全都落在 0 到 1 之間。"
                    "可是在 {n1} 個詞元的句子裡，相鄰兩個座位相差 1/{n1} = {a1}。換成 {n2} 個詞元的句子，就只差 1/{n2} = {a2}。"
                    "於是「隔一個座位」不再有固定的大小。",
        "mark_frac_range": "0 到 1",
        "att_seat": "鍵的座位",
        "att_score": "分數",
        "cap_att": "這對注意力有什麼影響？查詢字「{a}」坐在座位 {p}，跟座位 {k0} 到 {k1} 的 {n} 個鍵各算一次內積，再除以 √d，當作分數。softmax 把分數換成權重：每個都在 0 到 1 之間，加起來剛好是 1。",
        "cap_att_words": "只看字向量時，權重分得很散：最大的 {w}，給了座位 {s} 的鍵。",
        "cap_att_seats": "加上座位號之後，分數一下跳到 {lo} 到 {hi} 之間，最大的是座位 {s}。softmax 把 {w} 的權重給了這個鍵，其他鍵不管是什麼字，都只剩 {r}。贏的是座位號最大的鍵，不是查詢字自己的座位 {p}。",
        "att_sincos": "字向量 + sin/cos 行",
        "cap_att_again": "回到前面那一列注意力：直接加座位號時，座位 {s} 的鍵拿走了 {w} 的權重。",
        "cap_att_sincos": "改加 sin/cos 行之後，沒有哪個鍵全部拿走：權重落在 {lo} 到 {hi} 之間。最大的 {wmax} 給了座位 {at}：座位仍左右權重。",
        "cap_att_split": "為什麼是座位 {at}？把每個分數拆成四項，每項都除以 √d。④ 只看座位，在查詢自己的座位 {own} 最大：{t4own}。座位 {at} 的 ④ 只有 {t4top}。交叉項 {cm}（{cdesc}）在那裡加了 {tc}。所以是交叉項，不是 ④，讓座位 {at} 以 {wmax} 排第一。",
        "split_head": "sin/cos 分數 = (① + ② + ③ + ④) / √d",
        "mark_split": "四項",
        "cross_2": "查詢的字對鍵的 PE(q)",
        "cross_3": "查詢的 PE(p) 對鍵的字",
        "cap_att_seats_most": "加上座位號之後，分數一下跳到 {lo} 到 {hi} 之間，最大的是座位 {s}。softmax 把 {w} 的權重給了這個鍵，其他鍵不管是什麼字，最多只剩 {r}。贏的是座位號最大的鍵，不是查詢字自己的座位 {p}。",
        "title": "直接加上座位號：位置把字淹沒了",
        "title_plain": "把座位號直接加到每一維",
        "title_sincos": "改加 sin/cos 行：④ 有上限",
        "title_concl": "直接加座位號，對比改加 sin/cos",
        "gloss_加": "",
        "gloss_法": "",
        "gloss_十": "",
        "word": "字向量 E({w})",
        "plus": "{d} 個數每一個都加 {p}（第 {p} 個座位）",
        "result": "E({w}) + {p}",
        "t1": "① 內容",
        "t2": "② 字 × 座位",
        "t3": "③ 座位 × 字",
        "t4": "④ 座位 × 座位",
        "words": "E = E({a})，E′ = E({b})",
        "total": "總和",
        "hollow": "空心 = 負數",
        "ghost_was": "原本\n{v}",
        "ghost_cut": "{v}\n截斷",
        "many_pairs": "{n} 對",
        "many_pairs_scale": "÷ {k}",
        "share": "① 佔 Σ|①…④|：",
        "axis": "各項的大小（對數刻度：每條格線 × 10）",
        "axis_short": "對數刻度：每條格線 × 10",
        "axis_word": "對數刻度",
        "axis_folded": "對數刻度：\n現在只到 {top}",
        "bound": "sin/cos：座位 × 座位最多 {hb}",
        "bound_line": "④ 上限\n= {b}",
        "ratio": "≈ ① 的 {r} 倍",
        "swap_note": "E({a}) → E({b})：",
        "swap_note_1": "① {c1} → {c2}",
        "swap_note_sum": "ΣE {e1} → {e2}",
        "swap_note_2": "② {s1} → {s2}",
        "swap_note_4": "④ {t1} → {t2}",
        "cap_idea": "最笨的做法：把座位號當成一個數，加到字向量的每一維上。座位 p = {p} 的「{w}」{gw}就是 E({w}) + {p}，它的 {d} 個數，每一個都加上 {p}。第二個字 E′ = E({w2}){gw2}，則加上它自己的座位 q。",
        "cap_idea_seats": "p 是查詢字的座位，q 是鍵字的座位：這裡兩個座位是 p = {p}、q = {q}。",
        "cap_idea_same": "p 是查詢字的座位，q 是鍵字的座位：這裡兩個都是 {p}，好讓兩行只差在字本身。座位稍後會分開。",
        "role_query": "查詢字「{w}」的座位",
        "role_key": "鍵字「{w}」的座位",
        "cap_expand": "兩個放好位置的字要量相似度，就是 (E + p) 和 (E′ + q) 的內積。把它展開來，一共有四項，每項的來源都不同。只有 ① 跟座位無關，是兩個字自己的內積。② 和 ③ 只看字的各維總和，再乘上一個座位號。④ 全是座位：p × q × d，跟字完全無關。這裡用的是原始內積：真正的注意力會先把兩邊各乘上查詢、鍵的權重矩陣。",
        "mark_raw": "原始內積",
        "axis_linear": "各項的大小（線性刻度）",
        "cap_linear": "先用一把普通的線性尺，看 p = {p}、q = {q} 兩個不同的座位。每一項都是一根從 0 畫起的長條，軸固定不變，數值就寫在長條的末端。",
        "cap_linear_terms": "內容項 ① 是 {c}。字乘座位的 ② 等於 {s2}，座位乘字的 ③ 等於 {s3}。座位乘座位的 ④ = p × q × d，已經是 {t4} 了。",
        "cap_linear_move": "接著把兩個座位都往後挪，挪到 p = {p}、q = {q}。",
        "cap_linear_off": "內容項 ① 仍然是 {c}。② 和 ③ 跟著座位變大：其中 ② 變成 {s2}，③ 也跟著變成 {s3}。④ 跟著兩個座位的乘積長大，到了 {t4}，衝出了軸的盡頭，只能用箭頭接著畫。",
        "cap_linear_big": "內容項 ① 仍然是 {c}；② 變成了 {s2}，③ 也跟著變成 {s3}。④ 成了 {t4}：衝出軸外的長條，都用箭頭接著畫。",
        "cap_linear_log": "把線性尺拉長到放得下 ④ = {t4}，① = {c} 的長條就只剩 ④ 的 1/{r}，細得像一條線，所以下一張圖改用對數尺。",
        "cap_bars": "同樣的長條、同樣的座位，改畫在同一把固定的對數尺上，每條格線都是前一條的十倍。"
                    "座位退回 p = q = 0 時，只有內容項 ① 有長條。",
        "cap_move": "現在讓座位往後挪：① 在四項裡的佔比越來越小。① 待在原地不動。④ 卻隨 p × q 一起長大。",
        "cap_step": "④ 太大為什麼是壞事？p 不動時，鍵字每往後挪一個座位，④ 就多出 p × d = {pd}；前一個座位時它還是 {a}。",
        "step_seat": "座位 {q}：④ = {t}",
        "step_each": "每挪一位：+ p × d = {pd}",
        "cap_bars_end": "座位到了 p = {p}、q = {q} 時，④ 長成了 {t4}，內容項 ① 仍然只有 {c}。",
        "cap_bars_most": "總和 {tot} 裡，大半是 ④ 這一項。",
        "cap_swap_intro": "現在把第一個字換成「{a}」{ga}。",
        "cap_swap": "換字之後，① 變了：{c1} → {c2}；② 也跳了：{s1} → {s2}。"
                    "④ 則分毫不差，還是 {t4}。",
        "cap_swap_most": "這個「相似度」的絕大部分，是兩個座位號在互相聊天。",
        "cap_swap_small": "④ 跟字完全無關。",
        "cap_sincos_later": "座位號沒有上限：座位再往後，④ 會把字向量淹沒。",
        "cap_sincos": "位置編碼要的是：座位再遠，數值也有界。sin 和 cos 做得到，所以位置改用 sin/cos 來編碼。改加上 sin/cos 兩行之後，④ 從 {t1} 落到 {t2}，② ③ 兩項也跟著變了。"
                      "這兩行 PE(p)、PE(q) 取代了 p 和 q，每行 {d} 個數，每個都在 [−1, 1] 之內。"
                      "這樣 ④ 是幾個 cos 相加，只看 p − q，最多只有 {hb}。",
        "cap_sincos_walk": "從座位 0 再走一次同樣的路：再也沒有哪一項跟著座位長大。"
                           "只要 p = q，④ 就碰到虛線；兩個座位一分開，它就落到虛線下。"
                           "但座位再分開，它又升回來。到了 p − q = {g}，它回到 {back}{why}。"
                           "所以只有 {n} 對時，④ 不是距離；配對數多到幾百，④ 在頭幾格往下掉，之後大致持平。"
                           "{step}"
                           "④ 只跟 p − q 有關；② ③ 兩項仍然要看座位本身。",
        "cap_sincos_walk_plain": "從座位 0 再走一次同樣的路：再也沒有哪一項跟著座位長大。"
                                 "只要 p = q，④ 就碰到虛線；兩個座位一分開，它就落到虛線下。"
                                 "④ 只跟 p − q 有關；② ③ 兩項仍然要看座位本身。",
        "why_full_turn": "，因為最快的 ω = 1 那一對，轉了將近一整圈（{g} ≈ 2π）",
        "cap_pairs": "為什麼只看 p − q？PE(p)、PE(q) 各取一對 (sin, cos)，當成圓上的兩個點，"
                     "角度分別是 a = ωp 和 b = ωq。這裡 q = {q2}：兩點之間張開的角度是 a − b。"
                     "兩點的內積是 sin(a)sin(b) + cos(a)cos(b)。"
                     "這個和剛好就是 cos(a − b)，也就是兩點夾角的餘弦。"
                     "所以這一對給的是 cos(ω(p − q))，跟 p、q 本身無關。每一對有自己的 ω：{omegas_zh}。"
                     "{hb} 對加起來，就是 ④ = {s}，這個和就是 ④ 的長條。每個 p − q 都得到一個和，連成一條曲線，最多只有 {bound}。",
        "cap_sincos_end": "① 原本只佔 {raw} %，現在佔 {share} %；{helps}「{a}」「{b}」幾乎正交。",
        "and": "、",
        "cap_conclusion": "這裡仍是原始內積，還沒乘上查詢和鍵的權重矩陣。"
                          "直接加座位號，④ 隨 p × q 長大。它淹沒了 ①。"
                          "用 sin/cos，每項都有上限。在原始內積裡，④ 只看 p − q。",
        "share_was": "原本 {raw} %",
        "sincos_helps": "變大的只是佔比：① 本身仍是 {c}，因為",
        "sincos_small": "它仍然小，因為",
        "concl_seat_head": "直接加座位號",
        "concl_sincos_head": "改用 sin/cos",
        "mark_encoded": "來編碼",
        "mark_shrank": "縮小",
        "mark_many": "幾百",
        "cap_step_fixed": "p/N 的一步隨 N 而變；"
                          "sin/cos 的一步則處處相同，跟 N 無關：p − q = 1 時，④ 在每個座位都是 {s1}。",
        "step_frac": "p/N：N = {n1} 是 {a1}，N = {n2} 是 {a2}",
        "step_pe": "sin/cos：④ = {s1}，不看 N",
    },
    "zh-Hans": {
        "att_words": "只有字向量",
        "att_seats": "字向量 + 座位号",
        "cap_frac": "最直接的补救：把座位 p 除以句子的长度 N，座位就全都落在 0 到 1 之间。"
                    "可是在 {n1} 个词元的句子里，相邻两个座位相差 1/{n1} = {a1}。换成 {n2} 个词元的句子，就只差 1/{n2} = {a2}。"
                    "于是“隔一个座位”不再有固定的大小。",
        "mark_frac_range": "0 到 1",
        "att_seat": "键的座位",
        "att_score": "分数",
        "cap_att": "这对注意力有什么影响？查询字“{a}”坐在座位 {p}，跟座位 {k0} 到 {k1} 的 {n} 个键各算一次内积，再除以 √d，当作分数。softmax 把分数换成权重：每个都在 0 到 1 之间，加起来刚好是 1。",
        "cap_att_words": "只看字向量时，权重分得很散：最大的 {w}，给了座位 {s} 的键。",
        "cap_att_seats": "加上座位号之后，分数一下跳到 {lo} 到 {hi} 之间，最大的是座位 {s}。softmax 把 {w} 的权重给了这个键，其他键不管是什么字，都只剩 {r}。赢的是座位号最大的键，不是查询字自己的座位 {p}。",
        "att_sincos": "字向量 + sin/cos 行",
        "cap_att_again": "回到前面那一列注意力：直接加座位号时，座位 {s} 的键拿走了 {w} 的权重。",
        "cap_att_sincos": "改加 sin/cos 行之后，没有哪个键全部拿走：权重落在 {lo} 到 {hi} 之间。最大的 {wmax} 给了座位 {at}：座位仍左右权重。",
        "cap_att_split": "为什么是座位 {at}？把每个分数拆成四项，每项都除以 √d。④ 只看座位，在查询自己的座位 {own} 最大：{t4own}。座位 {at} 的 ④ 只有 {t4top}。交叉项 {cm}（{cdesc}）在那里加了 {tc}。所以是交叉项，不是 ④，让座位 {at} 以 {wmax} 排第一。",
        "split_head": "sin/cos 分数 = (① + ② + ③ + ④) / √d",
        "mark_split": "四项",
        "cross_2": "查询的字对键的 PE(q)",
        "cross_3": "查询的 PE(p) 对键的字",
        "cap_att_seats_most": "加上座位号之后，分数一下跳到 {lo} 到 {hi} 之间，最大的是座位 {s}。softmax 把 {w} 的权重给了这个键，其他键不管是什么字，最多只剩 {r}。赢的是座位号最大的键，不是查询字自己的座位 {p}。",
        "title": "直接加上座位号：位置把字淹没了",
        "title_plain": "把座位号直接加到每一维",
        "title_sincos": "改加 sin/cos 行：④ 有上限",
        "title_concl": "直接加座位号，对比改加 sin/cos",
        "gloss_加": "",
        "gloss_法": "",
        "gloss_十": "",
        "word": "字向量 E({w})",
        "plus": "{d} 个数每一个都加 {p}（第 {p} 个座位）",
        "result": "E({w}) + {p}",
        "t1": "① 内容",
        "t2": "② 字 × 座位",
        "t3": "③ 座位 × 字",
        "t4": "④ 座位 × 座位",
        "words": "E = E({a})，E′ = E({b})",
        "total": "总和",
        "hollow": "空心 = 负数",
        "ghost_was": "原本\n{v}",
        "ghost_cut": "{v}\n截断",
        "many_pairs": "{n} 对",
        "many_pairs_scale": "÷ {k}",
        "share": "① 占 Σ|①…④|：",
        "axis": "各项的大小（对数刻度：每条格线 × 10）",
        "axis_short": "对数刻度：每条格线 × 10",
        "axis_word": "对数刻度",
        "axis_folded": "对数刻度：\n现在只到 {top}",
        "bound": "sin/cos：座位 × 座位最多 {hb}",
        "bound_line": "④ 上限\n= {b}",
        "ratio": "≈ ① 的 {r} 倍",
        "swap_note": "E({a}) → E({b})：",
        "swap_note_1": "① {c1} → {c2}",
        "swap_note_sum": "ΣE {e1} → {e2}",
        "swap_note_2": "② {s1} → {s2}",
        "swap_note_4": "④ {t1} → {t2}",
        "cap_idea": "最笨的做法：把座位号当成一个数，加到字向量的每一维上。座位 p = {p} 的“{w}”{gw}就是 E({w}) + {p}，它的 {d} 个数，每一个都加上 {p}。第二个字 E′ = E({w2}){gw2}，则加上它自己的座位 q。",
        "cap_idea_seats": "p 是查询字的座位，q 是键字的座位：这里两个座位是 p = {p}、q = {q}。",
        "cap_idea_same": "p 是查询字的座位，q 是键字的座位：这里两个都是 {p}，好让两行只差在字本身。座位稍后会分开。",
        "role_query": "查询字“{w}”的座位",
        "role_key": "键字“{w}”的座位",
        "cap_expand": "两个放好位置的字要量相似度，就是 (E + p) 和 (E′ + q) 的内积。把它展开来，一共有四项，每项的来源都不同。只有 ① 跟座位无关，是两个字自己的内积。② 和 ③ 只看字的各维总和，再乘上一个座位号。④ 全是座位：p × q × d，跟字完全无关。这里用的是原始内积：真正的注意力会先把两边各乘上查询、键的权重矩阵。",
        "mark_raw": "原始内积",
        "axis_linear": "各项的大小（线性刻度）",
        "cap_linear": "先用一把普通的线性尺，看 p = {p}、q = {q} 两个不同的座位。每一项都是一根从 0 画起的长条，轴固定不变，数值就写在长条的末端。",
        "cap_linear_terms": "内容项 ① 是 {c}。字乘座位的 ② 等于 {s2}，座位乘字的 ③ 等于 {s3}。座位乘座位的 ④ = p × q × d，已经是 {t4} 了。",
        "cap_linear_move": "接着把两个座位都往后挪，挪到 p = {p}、q = {q}。",
        "cap_linear_off": "内容项 ① 仍然是 {c}。② 和 ③ 跟着座位变大：其中 ② 变成 {s2}，③ 也跟着变成 {s3}。④ 跟着两个座位的乘积长大，到了 {t4}，冲出了轴的尽头，只能用箭头接着画。",
        "cap_linear_big": "内容项 ① 仍然是 {c}；② 变成了 {s2}，③ 也跟着变成 {s3}。④ 成了 {t4}：冲出轴外的长条，都用箭头接着画。",
        "cap_linear_log": "把线性尺拉长到放得下 ④ = {t4}，① = {c} 的长条就只剩 ④ 的 1/{r}，细得像一条线，所以下一张图改用对数尺。",
        "cap_bars": "同样的长条、同样的座位，改画在同一把固定的对数尺上，每条格线都是前一条的十倍。"
                    "座位退回 p = q = 0 时，只有内容项 ① 有长条。",
        "cap_move": "现在让座位往后挪：① 在四项里的占比越来越小。① 待在原地不动。④ 却随 p × q 一起长大。",
        "cap_step": "④ 太大为什么是坏事？p 不动时，键字每往后挪一个座位，④ 就多出 p × d = {pd}；前一个座位时它还是 {a}。",
        "step_seat": "座位 {q}：④ = {t}",
        "step_each": "每挪一位：+ p × d = {pd}",
        "cap_bars_end": "座位到了 p = {p}、q = {q} 时，④ 长成了 {t4}，内容项 ① 仍然只有 {c}。",
        "cap_bars_most": "总和 {tot} 里，大半是 ④ 这一项。",
        "cap_swap_intro": "现在把第一个字换成“{a}”{ga}。",
        "cap_swap": "换字之后，① 变了：{c1} → {c2}；② 也跳了：{s1} → {s2}。"
                    "④ 则分毫不差，还是 {t4}。",
        "cap_swap_most": "这个“相似度”的绝大部分，是两个座位号在互相聊天。",
        "cap_swap_small": "④ 跟字完全无关。",
        "cap_sincos_later": "座位号没有上限：座位再往后，④ 会把字向量淹没。",
        "cap_sincos": "位置编码要的是：座位再远，数值也有界。sin 和 cos 做得到，所以位置改用 sin/cos 来编码。改加上 sin/cos 两行之后，④ 从 {t1} 落到 {t2}，② ③ 两项也跟着变了。"
                      "这两行 PE(p)、PE(q) 取代了 p 和 q，每行 {d} 个数，每个都在 [−1, 1] 之内。"
                      "这样 ④ 是几个 cos 相加，只看 p − q，最多只有 {hb}。",
        "cap_sincos_walk": "从座位 0 再走一次同样的路：再也没有哪一项跟着座位长大。"
                           "只要 p = q，④ 就碰到虚线；两个座位一分开，它就落到虚线下。"
                           "但座位再分开，它又升回来。到了 p − q = {g}，它回到 {back}{why}。"
                           "所以只有 {n} 对时，④ 不是距离；配对数多到几百，④ 在头几格往下掉，之后大致持平。"
                           "{step}"
                           "④ 只跟 p − q 有关；② ③ 两项仍然要看座位本身。",
        "cap_sincos_walk_plain": "从座位 0 再走一次同样的路：再也没有哪一项跟着座位长大。"
                                 "只要 p = q，④ 就碰到虚线；两个座位一分开，它就落到虚线下。"
                                 "④ 只跟 p − q 有关；② ③ 两项仍然要看座位本身。",
        "why_full_turn": "，因为最快的 ω = 1 那一对，转了将近一整圈（{g} ≈ 2π）",
        "cap_pairs": "为什么只看 p − q？PE(p)、PE(q) 各取一对 (sin, cos)，当成圆上的两个点，"
                     "角度分别是 a = ωp 和 b = ωq。这里 q = {q2}：两点之间张开的角度是 a − b。"
                     "两点的内积是 sin(a)sin(b) + cos(a)cos(b)。"
                     "这个和刚好就是 cos(a − b)，也就是两点夹角的余弦。"
                     "所以这一对给的是 cos(ω(p − q))，跟 p、q 本身无关。每一对有自己的 ω：{omegas_zh}。"
                     "{hb} 对加起来，就是 ④ = {s}，这个和就是 ④ 的长条。每个 p − q 都得到一个和，连成一条曲线，最多只有 {bound}。",
        "cap_sincos_end": "① 原本只占 {raw} %，现在占 {share} %；{helps}“{a}”“{b}”几乎正交。",
        "and": "、",
        "cap_conclusion": "这里仍是原始内积，还没乘上查询和键的权重矩阵。"
                          "直接加座位号，④ 随 p × q 长大。它淹没了 ①。"
                          "用 sin/cos，每项都有上限。在原始内积里，④ 只看 p − q。",
        "share_was": "原本 {raw} %",
        "sincos_helps": "变大的只是占比：① 本身仍是 {c}，因为",
        "sincos_small": "它仍然小，因为",
        "concl_seat_head": "直接加座位号",
        "concl_sincos_head": "改用 sin/cos",
        "mark_encoded": "来编码",
        "mark_shrank": "缩小",
        "mark_many": "几百",
        "cap_step_fixed": "p/N 的一步随 N 而变；"
                          "sin/cos 的一步则处处相同，跟 N 无关：p − q = 1 时，④ 在每个座位都是 {s1}。",
        "step_frac": "p/N：N = {n1} 是 {a1}，N = {n2} 是 {a2}",
        "step_pe": "sin/cos：④ = {s1}，不看 N",
    },
}
