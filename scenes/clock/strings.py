"""pe_clock's words in en, zh-Hant and zh-Hans (the same keys in each language), and how its captions
and formula write the base and the speed ratio (seed 001 "fingerprint", "distance" and "angle table"
stations; seed 002 §04).
"""

STRINGS = {
    "en": {
        "title": "Positional encoding: a fingerprint for every seat",
        "by_gap": "distance by gap",
        "gap_axis": "gap",
        "smallest": "smallest: {v} > 0",
        "cap_compare": "How far apart are two fingerprints? Subtract one row from the other. "
                       "The difference's length is the distance.",
        "cap_compare_near_tie": "Neighbours {a} and {b}: distance {adj}. Every adjacent pair gives the same.",
        "cap_compare_near": "Neighbours {a} and {b}: distance {adj}.",
        "cap_compare_near_one": "Seats {a} and {b}, the only pair: distance {adj}.",
        "cap_compare_far_pair": "Now a pair far apart: seats {a} and {b}.",
        "cap_compare_far_tie": "Among seats 0–{last}, the largest distance is {max}, at gap {gap} (e.g. seats {a} and {b}).",
        "cap_compare_far": "Among seats 0–{last}, the largest distance is {max}, between seats {a} and {b}.",
        "cap_compare_gaps": "As for the neighbours, the distance depends only on the gap. The smallest is {min}, above zero: "
                            "no two fingerprints are equal.",
        "seat_range": "seats {a}–{b}",
        "wrap_seats": "seat {a} → seat {b}",
        "rotate_name": "the turn by {k} seats",
        "differ": "differ by {v}",
        "wrap_gap": "gap {g}: {v}",
        "cap_wrap_one": "Why several hands? Take hand 0 alone, ω = 1. From seat 0 to seat {g}, it turns {g} rad. "
                        "That is {deg}°, only {short}° short of a full turn. On it the two seats differ by just {v}.",
        "cap_wrap_slow": "A slower hand has not come round: hand 1 turns only {deg}°, and there the seats differ by {v}. "
                         "Hand 1 tells these two seats apart; hand 0 barely does. The fast hands turn most "
                         "with each seat.",
        "wrap_fast_key": "The fast hands",
        "wrap_slowest_key": "The slowest",
        "cap_wrap_slowest": "The slowest barely turn over all {n} seats.",
        "cap_wrap_bars": "After {g} seats, hand 0 is nearly back. The distance takes in every hand, and hand 0 turns the most: "
                         "that is why the bars rise and fall: "
                         "at gap {g} the distance is {v}, lower than {vp} at gap {p}.",
        "same": "same two vectors, same scores",
        "hand": "hand {i}",
        "speed": "{w} rad / seat",
        "turn_rad": "{r} rad",
        "seat": "seat p =",
        "table": "[{n}, {d}] fingerprint",
        "fastest": "hand 0: {deg}° (1 rad) per seat",
        "convention": "angles as in maths:\nfrom 3 o'clock, anticlockwise",
        "ratio": "fastest / slowest: {ratio}×",
        "angles": "angle turned in {gap} seats",
        "start": "{a} → {b}",
        "and": " and ",
        "sep": ", ",
        "score_title": "score: {q} looks at {k}",
        "words_only": "words only",
        "with_pe": "words + PE",
        "cap_intro": "Attention alone cannot tell 十五 (fifteen) from 五十 (fifty): the same two vectors give the "
                     "same scores.",
        "cap_hands": "So every seat gets a fingerprint, made by {h} clock hands. Hands with higher numbers "
                     "turn slower: hand 0 is the fastest, and the slowest turns {ratio} times slower. Each hand's "
                     "(sin, cos): two of the {d} numbers.",
        "cap_run": "The seat runs from 0 to {last}, and the hands turn with it. At each whole seat, "
                   "the {d} numbers fill one row of the table.",
        "cap_run_slow": "The slow hands barely move: the last columns hardly change.",
        "cap_relative": "Move {gap} seats from anywhere, and each hand turns by its own fixed angle.",
        "cap_relative_one": "From seat {a} to seat {b} each hand turns by the gap times its speed, "
                            "wherever it starts: the angle encodes the distance.",
        "cap_relative_again": "Again from seat {b}: the same arcs.",
        "cap_relative_last": "And from seat {b}: the same again.",
        "hand_term": "cos = {v}",
        "cap_relative_terms": "Hand by hand, the product adds the cosine of that hand's fixed turn: "
                              "{t0} for hand 0, {t1} for hand 1, {t2} for hand 2.",
        "cap_relative_sum": "The {h} terms add up to {v}, the same bar from every start: only the gap sets them.",
        "cap_relative_same": "Starts {starts} give the same angles.",
        "cap_relative_dot": "So PE(p + {gap}) is PE(p), turned by fixed angles. The rows PE(p) differ, but "
                            "the dot product of PE(p) and PE(p + {gap}) is {v} from every start: it sees only the gap.",
        "cap_rotate": "This turn by {k} seats moves the fingerprint of seat {p}: each hand by {k} times its speed, the fast ones far, "
                      "the slow ones barely.",
        "cap_rotate_matrix": "On hand 0, that turn is this 2 × 2 matrix. With the vectors as rows, as in every formula here, "
                             "seat {p}'s pair (sin, cos) times the matrix gives seat {b}'s pair.",
        "rows_note": "vectors as rows",
        "cap_rotate_land": "Each covers seat {b}'s grey hand, up to rounding error.",
        "cap_rotate_again": "The same turn takes seat {q} to seat {b}: it depends only on the gap k = {k}, not on the seat.",
        "cap_look": "A turn is the same matrix at every seat, so a query matrix can hold one. This one is built by hand: it turns every hand back one seat. "
                    "So PE(p) times it is PE(p − 1): the query at seat p is {c} times PE(p − 1). The key matrix is the identity: each key is the fingerprint itself.",
        "cap_look_rows": "Seat {a}'s scores peak at seat {a1}, and seat {b}'s peak at seat {b1}. One matrix looks one seat back, at every seat after the first.",
        "cap_look_one": "Seat {a}'s scores peak at seat {a1}: one matrix looks one seat back, at every seat after the first.",
        "look_dims": "{size}: one 2 × 2 turn per hand",
        "look_query": "query at seat {p}",
        "look_with": "with {c}: w({j}) = {w}",
        "look_without": "without: w({j}) = {w1}",
        "cap_look_values": "Each peak is {top}, that is {f} × d/2 at dimension d = {d}; the seats beside it score {side}.",
        "cap_look_ahead": "From seat {p}, seats {pb} and {pa} are both one seat away. Yet seat {pb} scores {hb}, seat {pa} only {ha}. "
                          "The head's turn matches one seat back, so the seat before scores higher.",
        "cap_look_soft": "Softmax turns each row into weights: from seat {a}, seat {a1} gets {w}, each seat beside it {side}. "
                         "The factor {c} makes the peak this sharp.",
        "cap_use": "In {ta}, {q} sits at seat {qs} and {k} at seat {ks}: each word's vector x gets "
                   "the fingerprint of its seat added.",
        "cap_use_head": "The look-back head projects the sums. Its query matrix, {c} times the turn back one seat, "
                        "takes {q}, which asks. Its key matrix, the identity, takes {k}.",
        "cap_use_dot": "The two products meet in their dot product: q · k is {raw}.",
        "cap_use_score": "q · k divided by {r}, the square root of {d}, is the score: {a} in {ta}.",
        "cap_use_swap": "In {tb} the same words swap seats, so each gets the other's fingerprint. "
                        "Same vectors, same matrices, new sums.",
        "cap_use_parts": "The word part is the same in both orders. The seat parts differ: that is where the order enters.",
        "part_ww": "word·word", "part_ws": "word·seat", "part_sw": "seat·word", "part_ss": "seat·seat",
        "part_roles": "q: {q} asks    k: {k} is looked at",
        "part_peak": "PE·PE = look-back chart",
        "part_through": "each part:",
        "part_seats": "the seat parts",
        "cap_use_words": "The word vectors are toy numbers, made up for this example. Words only, {q} scores {k} at {v}: the same in both orders.",
        "cap_use_pe": "With the fingerprints added, it is {a} in {ta} and {b} in {tb}. In {ta}, {k} sits one seat before {q}, "
                      "where this head looks: we set it by hand to look one seat back; a trained head learns these matrices. "
                      "The same two words in the other order score differently.",
        "cap_summary_apart": "No two seats share a fingerprint. The closest are neighbours, such as seats {a} and {b}: "
                             "still {v} apart.",
        "cap_summary_turn": "Moving k seats turns each hand by its own fixed angle, from any start.",
        "cap_summary_gap": "So on its own, PE(p) · PE(p + k) sees only the gap k. Through the head, "
                           "seats before and after can score differently.",
        "cap_summary": "The scores now depend on the order: {ta} and {tb} score differently.",
        "cap_summary_trained": "This sinusoidal fingerprint is computed, not trained; many models, such as BERT and GPT-2, "
                               "learn theirs instead. The formula gives a vector for any seat, "
                               "though a model may falter on texts longer than any it saw.",
        "cap_end": "With the fingerprints, word order counts.",
        "claim": "• No two seats share a fingerprint:\n   neighbours (e.g. {a} and {b}) are {v} apart.\n"
                 "• Moving k seats: a fixed turn on each dial,\n   so PE(p)·PE(p + k) sees only the gap k.\n"
                 "• Through the head, which comes first counts:\n"
                 "   the scores now depend on the order.\n• Computed, not trained:\n"
                 "   the formula gives each seat its row.",
    },
    "zh-Hant": {
        "title": "位置編碼：每個座位一張指紋",
        "by_gap": "各相隔步數的距離",
        "gap_axis": "相隔",
        "smallest": "最小：{v} > 0",
        "cap_compare": "兩張指紋差多遠？把兩列相減，差的長度就是距離。",
        "cap_compare_near_tie": "相鄰的 {a} 和 {b}：距離 {adj}。每一對相鄰座位都一樣。",
        "cap_compare_near": "相鄰的 {a} 和 {b}：距離 {adj}。",
        "cap_compare_near_one": "座位 {a} 和 {b} 是唯一一對：距離 {adj}。",
        "cap_compare_far_pair": "再看相隔很遠的一對：座位 {a} 和 {b}。",
        "cap_compare_far_tie": "在座位 0–{last} 之間，相隔 {gap} 步的距離最大：{max}，例如座位 {a} 和 {b}。",
        "cap_compare_far": "在座位 0–{last} 裡，座位 {a} 和 {b} 的距離最大，是 {max}。",
        "cap_compare_gaps": "和相鄰座位一樣，距離只看相隔幾步。最小的是 {min}，大於零：沒有兩張指紋相同。",
        "seat_range": "座位 {a}–{b}",
        "wrap_seats": "座位 {a} → 座位 {b}",
        "rotate_name": "轉 {k} 個座位",
        "differ": "相差 {v}",
        "wrap_gap": "相隔 {g}：{v}",
        "cap_wrap_one": "為什麼要好幾根指針？只看指針 0（ω = 1）。從座位 0 到座位 {g}，它轉了 {g} 弧度。換算成角度是 {deg}°，"
                        "離整整一圈只差 {short}°。在這根指針上，兩個座位只差 {v}。",
        "cap_wrap_slow": "慢一點的指針還沒轉回來：指針 1 只轉了 {deg}°，兩個座位相差 {v}。指針 0 幾乎分不出這兩個座位，指針 1 分得出。每走一格，快的指針轉得最多。",
        "wrap_fast_key": "快的指針",
        "wrap_slowest_key": "最慢的指針",
        "cap_wrap_slowest": "最慢的指針走完全部 {n} 個座位也幾乎不動。",
        "cap_wrap_bars": "走 {g} 步，指針 0 幾乎轉回原處。距離算進所有指針，但指針 0 轉得最多。所以長條有高有低：相隔 {g} 步，距離只有 {v}，比相隔 {p} 步時的 {vp} 還低。",
        "same": "同樣兩個向量，同樣的分數",
        "hand": "指針 {i}",
        "speed": "{w} 弧度 / 座位",
        "turn_rad": "{r} 弧度",
        "seat": "座位 p =",
        "table": "[{n}, {d}] 指紋表",
        "fastest": "指針 0：每座位 {deg}°",
        "ratio": "最快 / 最慢：{ratio} 倍",
        "convention": "角度照數學慣例：\n從 3 點鐘方向逆時針量",
        "angles": "挪 {gap} 步轉過的夾角",
        "start": "{a} → {b}",
        "and": "、",
        "sep": "、",
        "score_title": "分數：「{q}」看「{k}」",
        "words_only": "只有詞向量",
        "with_pe": "詞向量 + PE",
        "cap_intro": "只靠注意力，分不出「十五」和「五十」。兩種順序是同樣兩個向量，算出同樣的分數。",
        "cap_hands": "所以給每個座位發一張指紋，由 {h} 根時鐘指針轉出來。編號越大，指針轉得越慢："
                     "最快與最慢相差 {ratio} 倍。每根指針的 (sin, cos)，就是 {d} "
                     "個數裡的兩個。",
        "cap_run": "座位從 0 走到 {last}，指針跟著轉。每到一個整數座位，{d} "
                   "個數就填進表的一列。",
        "cap_run_slow": "慢的指針幾乎不動，表右邊幾欄變化很小。",
        "cap_relative": "從哪裡出發都一樣：往後挪 {gap} 步，每根指針都轉過自己固定的角度。",
        "cap_relative_one": "從座位 {a} 到座位 {b}，不管從哪裡出發，"
                            "每根指針的轉角都是相隔步數 × 轉速。夾角記下的是距離。",
        "cap_relative_again": "從座位 {b} 再走一次：弧一樣長。",
        "cap_relative_last": "從座位 {b} 出發，也一樣。",
        "hand_term": "cos = {v}",
        "cap_relative_terms": "逐根指針來看內積：每一項，是一根指針固定轉角的餘弦。指針 0 是 {t0}，指針 1 是 {t1}，指針 2 是 {t2}。",
        "cap_relative_sum": "{h} 項加起來就是 {v}。每個起點的長條都一樣：只由相隔決定。",
        "cap_relative_same": "從 {starts} 出發，轉過的角度都一樣。",
        "cap_relative_dot": "PE(p + {gap}) 就是 PE(p) 轉過固定角度。各列 PE(p) 都不同。"
                            "但相隔 {gap} 步的兩列，內積從哪裡算都是 {v}。內積只看相隔幾步。",
        "cap_rotate": "轉過 {k} 個座位的旋轉，轉動座位 {p} 的指紋。每根指針轉過的角度是速度乘 {k}。快的轉得遠，慢的幾乎不動。",
        "cap_rotate_matrix": "在指針 0 上，這個旋轉是一個 2 × 2 矩陣。這裡的向量一律寫成橫向量：(sin, cos) 乘上它：座位 {p} 的變成座位 {b} 的。",
        "rows_note": "向量寫成橫向量",
        "cap_rotate_land": "每根都落在座位 {b} 的灰色指針上，把它蓋住，差距只是捨入誤差。",
        "cap_rotate_again": "同一個矩陣也轉動座位 {q}，讓它落在座位 {b}：轉角只看相隔 k = {k}，和從哪個座位出發無關。",
        "cap_look": "轉動在每個座位都是同一個矩陣，所以能放進查詢矩陣。這個矩陣是手工搭的：它讓每根指針轉回一格。所以 PE(p) 乘上它就是 PE(p − 1)，座位 p 的查詢是 PE(p − 1) 乘上 {c}。鍵矩陣是單位矩陣：鍵就是指紋本身。",
        "cap_look_rows": "座位 {a} 的分數在 {a1} 最高，座位 {b} 的在 {b1}。同一個矩陣，讓座位 0 之後的所有座位都回看前一格。",
        "cap_look_one": "座位 {a} 的分數在 {a1} 最高。同一個矩陣，讓座位 0 之後的所有座位都回看前一格。",
        "look_dims": "{size}：每根指針一個 2 × 2 旋轉",
        "look_query": "座位 {p} 的查詢",
        "look_with": "乘上 {c}：w({j}) = {w}",
        "look_without": "不乘：w({j}) = {w1}",
        "cap_look_values": "峰值都是 {top}，也就是 {f} × d/2，維度 d = {d}；兩旁的座位是 {side}。",
        "cap_look_ahead": "從座位 {p} 看，座位 {pb} 和 {pa} 都只差一格。座位 {pb} 得 {hb}，座位 {pa} 只得 {ha}。注意力頭的旋轉對準的是前一格，所以前一格得分較高。",
        "cap_look_soft": "softmax 把每列分數變成權重：座位 {a} 給座位 {a1} 的權重是 {w}，兩旁各是 {side}。乘上 {c}，峰才這麼尖。",
        "cap_use": "在{ta}裡，「{q}」坐座位 {qs}，「{k}」坐座位 {ks}。每個詞向量 x，加上自己座位的指紋。",
        "cap_use_head": "剛才往回看的注意力頭，把兩個和各自投影：發問的「{q}」乘查詢矩陣（{c} 倍的往回轉一格），被看的「{k}」乘鍵矩陣，也就是單位矩陣。",
        "cap_use_dot": "兩個投影相遇，做內積：q · k 是 {raw}。",
        "cap_use_score": "內積除以 {r}（{d} 的平方根），就是分數：{ta}得 {a}。",
        "cap_use_swap": "換成{tb}：同樣兩個字，座位對調，各自拿到對方的指紋。向量和矩陣都沒變，變的是和。",
        "cap_use_parts": "只看詞向量的那一項，兩種順序相同。不同的是含座位的幾項：順序就是從這裡進來的。",
        "part_ww": "詞·詞", "part_ws": "詞·位", "part_sw": "位·詞", "part_ss": "位·位",
        "part_roles": "q：「{q}」發問    k：「{k}」被看",
        "part_peak": "PE·PE＝往回看的長條圖",
        "part_through": "每一項：",
        "part_seats": "含座位的幾項",
        "cap_use_words": "這裡的詞向量，是為這個例子編的玩具數字。只有詞向量時，兩種順序都得 {v}。",
        "cap_use_pe": "加上指紋，{ta}得 {a}，{tb}得 {b}。在{ta}裡，「{k}」在「{q}」前一格，正是這個注意力頭看的地方：它是我們手動設定成往回看一格的，訓練出來的注意力頭，會自己學出這兩個矩陣。同樣兩個字換個順序，分數就不同。",
        "cap_summary_apart": "沒有兩個座位的指紋相同。最接近的是相鄰座位，例如座位 {a} 和座位 {b}，也相距 {v}。",
        "cap_summary_turn": "往後挪 k 步，不管從哪裡出發，每根指針都轉過自己固定的角度。",
        "cap_summary_gap": "所以指紋本身的內積只看得到相隔 k。經過注意力頭，前一格和後一格的分數可以不同。",
        "cap_summary": "現在分數會隨順序改變：{ta}和{tb}的分數不同。",
        "cap_summary_trained": "這種正弦指紋是算出來的，不是訓練出來的；很多模型，例如 BERT、GPT-2，是學出自己的指紋。公式對任何座位都給得出向量。"
                               "但模型超過訓練時的長度，未必還可靠。",
        "cap_end": "有了指紋，詞序就算數了。",
        "claim": "• 沒有兩個座位的指紋相同：\n   相鄰座位如 {a} 和 {b} 也相距 {v}。\n"
                 "• 挪 k 步，每根指針轉過固定的角度：\n   PE(p)·PE(p + k) 只看相隔 k。\n"
                 "• 經過注意力頭，分數分得出誰在前：\n"
                 "   分數現在會隨順序改變。\n• 算出來的，不是訓練的：\n"
                 "   公式為每個座位算出一列。",
    },
    "zh-Hans": {
        "title": "位置编码：每个座位一张指纹",
        "by_gap": "各相隔步数的距离",
        "gap_axis": "相隔",
        "smallest": "最小：{v} > 0",
        "cap_compare": "两张指纹差多远？把两行相减，差的长度就是距离。",
        "cap_compare_near_tie": "相邻的 {a} 和 {b}：距离 {adj}。每一对相邻座位都一样。",
        "cap_compare_near": "相邻的 {a} 和 {b}：距离 {adj}。",
        "cap_compare_near_one": "座位 {a} 和 {b} 是唯一一对：距离 {adj}。",
        "cap_compare_far_pair": "再看相隔很远的一对：座位 {a} 和 {b}。",
        "cap_compare_far_tie": "在座位 0–{last} 之间，相隔 {gap} 步的距离最大：{max}，例如座位 {a} 和 {b}。",
        "cap_compare_far": "在座位 0–{last} 里，座位 {a} 和 {b} 的距离最大，是 {max}。",
        "cap_compare_gaps": "和相邻座位一样，距离只看相隔几步。最小的是 {min}，大于零：没有两张指纹相同。",
        "seat_range": "座位 {a}–{b}",
        "wrap_seats": "座位 {a} → 座位 {b}",
        "rotate_name": "转 {k} 个座位",
        "differ": "相差 {v}",
        "wrap_gap": "相隔 {g}：{v}",
        "cap_wrap_one": "为什么要好几根指针？只看指针 0（ω = 1）。从座位 0 到座位 {g}，它转了 {g} 弧度。换算成角度是 {deg}°，"
                        "离整整一圈只差 {short}°。在这根指针上，两个座位只差 {v}。",
        "cap_wrap_slow": "慢一点的指针还没转回来：指针 1 只转了 {deg}°，两个座位相差 {v}。指针 0 几乎分不出这两个座位，指针 1 分得出。每走一格，快的指针转得最多。",
        "wrap_fast_key": "快的指针",
        "wrap_slowest_key": "最慢的指针",
        "cap_wrap_slowest": "最慢的指针走完全部 {n} 个座位也几乎不动。",
        "cap_wrap_bars": "走 {g} 步，指针 0 几乎转回原处。距离算进所有指针，但指针 0 转得最多。所以长条有高有低：相隔 {g} 步，距离只有 {v}，比相隔 {p} 步时的 {vp} 还低。",
        "same": "同样两个向量，同样的分数",
        "hand": "指针 {i}",
        "speed": "{w} 弧度 / 座位",
        "turn_rad": "{r} 弧度",
        "seat": "座位 p =",
        "table": "[{n}, {d}] 指纹表",
        "fastest": "指针 0：每座位 {deg}°",
        "ratio": "最快 / 最慢：{ratio} 倍",
        "convention": "角度照数学惯例：\n从 3 点钟方向逆时针量",
        "angles": "挪 {gap} 步转过的夹角",
        "start": "{a} → {b}",
        "and": "、",
        "sep": "、",
        "score_title": "分数：「{q}」看「{k}」",
        "words_only": "只有词向量",
        "with_pe": "词向量 + PE",
        "cap_intro": "只靠注意力，分不出「十五」和「五十」。两种顺序是同样两个向量，算出同样的分数。",
        "cap_hands": "所以给每个座位发一张指纹，由 {h} 根时钟指针转出来。编号越大，指针转得越慢："
                     "最快与最慢相差 {ratio} 倍。每根指针的 (sin, cos)，就是 {d} "
                     "个数里的两个。",
        "cap_run": "座位从 0 走到 {last}，指针跟着转。每到一个整数座位，{d} "
                   "个数就填进表的一行。",
        "cap_run_slow": "慢的指针几乎不动，表右边几栏变化很小。",
        "cap_relative": "从哪里出发都一样：往后挪 {gap} 步，每根指针都转过自己固定的角度。",
        "cap_relative_one": "从座位 {a} 到座位 {b}，不管从哪里出发，"
                            "每根指针的转角都是相隔步数 × 转速。夹角记下的是距离。",
        "cap_relative_again": "从座位 {b} 再走一次：弧一样长。",
        "cap_relative_last": "从座位 {b} 出发，也一样。",
        "hand_term": "cos = {v}",
        "cap_relative_terms": "逐根指针来看内积：每一项，是一根指针固定转角的余弦。指针 0 是 {t0}，指针 1 是 {t1}，指针 2 是 {t2}。",
        "cap_relative_sum": "{h} 项加起来就是 {v}。每个起点的长条都一样：只由相隔决定。",
        "cap_relative_same": "从 {starts} 出发，转过的角度都一样。",
        "cap_relative_dot": "PE(p + {gap}) 就是 PE(p) 转过固定角度。各行 PE(p) 都不同。"
                            "但相隔 {gap} 步的两行，内积从哪里算都是 {v}。内积只看相隔几步。",
        "cap_rotate": "转过 {k} 个座位的旋转，转动座位 {p} 的指纹。每根指针转过的角度是速度乘 {k}。快的转得远，慢的几乎不动。",
        "cap_rotate_matrix": "在指针 0 上，这个旋转是一个 2 × 2 矩阵。这里的向量一律写成横向量：(sin, cos) 乘上它：座位 {p} 的变成座位 {b} 的。",
        "rows_note": "向量写成横向量",
        "cap_rotate_land": "每根都落在座位 {b} 的灰色指针上，把它盖住，差距只是舍入误差。",
        "cap_rotate_again": "同一个矩阵也转动座位 {q}，让它落在座位 {b}：转角只看相隔 k = {k}，和从哪个座位出发无关。",
        "cap_look": "转动在每个座位都是同一个矩阵，所以能放进查询矩阵。这个矩阵是手工搭的：它让每根指针转回一格。所以 PE(p) 乘上它就是 PE(p − 1)，座位 p 的查询是 PE(p − 1) 乘上 {c}。键矩阵是单位矩阵：键就是指纹本身。",
        "cap_look_rows": "座位 {a} 的分数在 {a1} 最高，座位 {b} 的在 {b1}。同一个矩阵，让座位 0 之后的所有座位都回看前一格。",
        "cap_look_one": "座位 {a} 的分数在 {a1} 最高。同一个矩阵，让座位 0 之后的所有座位都回看前一格。",
        "look_dims": "{size}：每根指针一个 2 × 2 旋转",
        "look_query": "座位 {p} 的查询",
        "look_with": "乘上 {c}：w({j}) = {w}",
        "look_without": "不乘：w({j}) = {w1}",
        "cap_look_values": "峰值都是 {top}，也就是 {f} × d/2，维度 d = {d}；两旁的座位是 {side}。",
        "cap_look_ahead": "从座位 {p} 看，座位 {pb} 和 {pa} 都只差一格。座位 {pb} 得 {hb}，座位 {pa} 只得 {ha}。注意力头的旋转对准的是前一格，所以前一格得分较高。",
        "cap_look_soft": "softmax 把每行分数变成权重：座位 {a} 给座位 {a1} 的权重是 {w}，两旁各是 {side}。乘上 {c}，峰才这么尖。",
        "cap_use": "在{ta}里，“{q}”坐座位 {qs}，“{k}”坐座位 {ks}。每个词向量 x，加上自己座位的指纹。",
        "cap_use_head": "刚才往回看的注意力头，把两个和各自投影：发问的“{q}”乘查询矩阵（{c} 倍的往回转一格），被看的“{k}”乘键矩阵，也就是单位矩阵。",
        "cap_use_dot": "两个投影相遇，做内积：q · k 是 {raw}。",
        "cap_use_score": "内积除以 {r}（{d} 的平方根），就是分数：{ta}得 {a}。",
        "cap_use_swap": "换成{tb}：同样两个字，座位对调，各自拿到对方的指纹。向量和矩阵都没变，变的是和。",
        "cap_use_parts": "只看词向量的那一项，两种顺序相同。不同的是含座位的几项：顺序就是从这里进来的。",
        "part_ww": "词·词", "part_ws": "词·位", "part_sw": "位·词", "part_ss": "位·位",
        "part_roles": "q：“{q}”发问    k：“{k}”被看",
        "part_peak": "PE·PE＝往回看的条形图",
        "part_through": "每一项：",
        "part_seats": "含座位的几项",
        "cap_use_words": "这里的词向量，是为这个例子编的玩具数字。只有词向量时，两种顺序都得 {v}。",
        "cap_use_pe": "加上指纹，{ta}得 {a}，{tb}得 {b}。在{ta}里，“{k}”在“{q}”前一格，正是这个注意力头看的地方：它是我们手动设定成往回看一格的，训练出来的注意力头，会自己学出这两个矩阵。同样两个字换个顺序，分数就不同。",
        "cap_summary_apart": "没有两个座位的指纹相同。最接近的是相邻座位，例如座位 {a} 和座位 {b}，也相距 {v}。",
        "cap_summary_turn": "往后挪 k 步，不管从哪里出发，每根指针都转过自己固定的角度。",
        "cap_summary_gap": "所以指纹本身的内积只看得到相隔 k。经过注意力头，前一格和后一格的分数可以不同。",
        "cap_summary": "现在分数会随顺序改变：{ta}和{tb}的分数不同。",
        "cap_summary_trained": "这种正弦指纹是算出来的，不是训练出来的；很多模型，例如 BERT、GPT-2，是学出自己的指纹。公式对任何座位都给得出向量。"
                               "但模型超过训练时的长度，未必还可靠。",
        "cap_end": "有了指纹，词序就算数了。",
        "claim": "• 没有两个座位的指纹相同：\n   相邻座位如 {a} 和 {b} 也相距 {v}。\n"
                 "• 挪 k 步，每根指针转过固定的角度：\n   PE(p)·PE(p + k) 只看相隔 k。\n"
                 "• 经过注意力头，分数分得出谁在前：\n"
                 "   分数现在会随顺序改变。\n• 算出来的，不是训练的：\n"
                 "   公式为每个座位算出一行。",
    },
}


def base_text(base: float) -> str:
    """The base as a formula writes it: 10000, 500000; two decimals when it is not whole."""
    return f"{base:.0f}" if float(base).is_integer() else f"{base:.2f}"


def ratio_text(ratio: float) -> str:
    """A speed ratio: whole with separators from 100 up (3,162), else two decimals (1.41)."""
    return f"{ratio:,.0f}" if ratio >= 100 else f"{ratio:.2f}"

