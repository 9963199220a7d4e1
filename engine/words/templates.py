"""Each classic technique's explanation templates, English then Chinese, by technique id: the words
of :mod:`engine.words.wording`, kept here in one place (the finders and their records live in
:mod:`engine.logic.strategies`, whose ``Family.add`` gives each record its templates from here).

A template is ``str.format`` text over the fields :func:`engine.words.wording.explain` fills
(``{cells}``, ``{digit}``, ``{units}``, ``{removed}``, ...).  In the families' order, as their modules
declare them.
"""

from __future__ import annotations

TEMPLATES: dict[str, tuple[str, str]] = {
    # singles
    "full_house": (
        "Full house: {cells} is the last empty cell of {units}, so it takes the missing digit {digit}.",
        "唯一空格：{cells} 是{units}中最后一个空格，填入缺少的数字 {digit}。",
    ),
    "hidden_single": (
        "Hidden single: in {units}, {digit} can only go in {cells}, so {cells} = {digit}.",
        "排除法（隐性唯一）：在{units}中，数字 {digit} 只能填在 {cells}，所以 {cells} = {digit}。",
    ),
    "naked_single": (
        "Naked single: {digit} is the only candidate left in {cells}, so {cells} = {digit}.",
        "唯余法（显性唯一）：{cells} 只剩候选数 {digit}，所以 {cells} = {digit}。",
    ),
    # intersections
    "pointing": (
        "Pointing: in {first}, {digit} can only go in {cells}, all in {second}, so the rest of {second} "
        "loses {digit}: {removed}.",
        "区块摒除：{first}中数字 {digit} 只能填在 {cells}，都在{second}内，所以{second}的其余格删去 "
        "{digit}：{removed}。",
    ),
    "claiming": (
        "Claiming: in {first}, {digit} can only go in {cells}, all in {second}, so the rest of {second} "
        "loses {digit}: {removed}.",
        "区块摒除：{first}中数字 {digit} 只能填在 {cells}，都在{second}内，所以{second}的其余格删去 "
        "{digit}：{removed}。",
    ),
    "locked_pair": (
        "Locked pair: {cells} hold only {digits} and share {both}, so both lose {digits} elsewhere: "
        "{removed}.",
        "区块数对：{cells} 只含 {digits}，且同在{both}，所以这两个区域的其余格删去它们：{removed}。",
    ),
    "locked_triple": (
        "Locked triple: {cells} hold only {digits} and share {both}, so both lose {digits} elsewhere: "
        "{removed}.",
        "区块三数组：{cells} 只含 {digits}，且同在{both}，所以这两个区域的其余格删去它们：{removed}。",
    ),
    # subsets
    "naked_pair": (
        "Naked pair: {cells} hold only {digits} between them in {units}, so the other cells there lose "
        "those digits: {removed}.",
        "显性数对：{cells} 在{units}中只含 {digits}，所以同一区域的其余格删去这些数字：{removed}。",
    ),
    "naked_triple": (
        "Naked triple: {cells} hold only {digits} between them in {units}, so the other cells there lose "
        "those digits: {removed}.",
        "显性三数组：{cells} 在{units}中只含 {digits}，所以同一区域的其余格删去这些数字：{removed}。",
    ),
    "naked_quad": (
        "Naked quad: {cells} hold only {digits} between them in {units}, so the other cells there lose "
        "those digits: {removed}.",
        "显性四数组：{cells} 在{units}中只含 {digits}，所以同一区域的其余格删去这些数字：{removed}。",
    ),
    "hidden_pair": (
        "Hidden pair: in {units}, {digits} can only go in {cells}, so those cells lose every other "
        "candidate: {removed}.",
        "隐性数对：在{units}中，{digits} 只能填在 {cells}，所以这些格删去其他候选数：{removed}。",
    ),
    "hidden_triple": (
        "Hidden triple: in {units}, {digits} can only go in {cells}, so those cells lose every other "
        "candidate: {removed}.",
        "隐性三数组：在{units}中，{digits} 只能填在 {cells}，所以这些格删去其他候选数：{removed}。",
    ),
    "hidden_quad": (
        "Hidden quad: in {units}, {digits} can only go in {cells}, so those cells lose every other "
        "candidate: {removed}.",
        "隐性四数组：在{units}中，{digits} 只能填在 {cells}，所以这些格删去其他候选数：{removed}。",
    ),
    # fish
    "x_wing": (
        "X-Wing: in {base}, {digit} lies only in {cover}, so the rest of {cover} loses {digit}: {removed}.",
        "X翼：在 {base} 中，数字 {digit} 只出现在 {cover}，所以 {cover} 的其余格删去 {digit}：{removed}。",
    ),
    "finned_x_wing": (
        "Finned X-Wing: in {base}, {digit} lies only in {cover} or in the fins {fins}; either way the "
        "cells of the fins' box in {cover} lose {digit}: {removed}.",
        "鳍X翼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；无论哪种情况，鳍所在宫中位于 "
        "{cover} 的格都删去 {digit}：{removed}。",
    ),
    "sashimi_x_wing": (
        "Sashimi X-Wing: in {base}, {digit} lies only in {cover} or in the fins {fins} (without them it is "
        "not even a fish); the cells of the fins' box in {cover} lose {digit}: {removed}.",
        "退化鳍X翼（刺身）：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；鳍所在宫中位于 "
        "{cover} 的格删去 {digit}：{removed}。",
    ),
    "swordfish": (
        "Swordfish: in {base}, {digit} lies only in {cover}, so the rest of {cover} loses {digit}: "
        "{removed}.",
        "剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover}，所以 {cover} 的其余格删去 {digit}：{removed}。",
    ),
    "finned_swordfish": (
        "Finned Swordfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either way the "
        "cells of the fins' box in {cover} lose {digit}: {removed}.",
        "鳍剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；无论哪种情况，鳍所在宫中位于 "
        "{cover} 的格都删去 {digit}：{removed}。",
    ),
    "sashimi_swordfish": (
        "Sashimi Swordfish: in {base}, {digit} lies only in {cover} or in the fins {fins} (without them it "
        "is not even a fish); the cells of the fins' box in {cover} lose {digit}: {removed}.",
        "退化鳍剑鱼（刺身）：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；鳍所在宫中位于 "
        "{cover} 的格删去 {digit}：{removed}。",
    ),
    "jellyfish": (
        "Jellyfish: in {base}, {digit} lies only in {cover}, so the rest of {cover} loses {digit}: "
        "{removed}.",
        "水母：在 {base} 中，数字 {digit} 只出现在 {cover}，所以 {cover} 的其余格删去 {digit}：{removed}。",
    ),
    "finned_jellyfish": (
        "Finned Jellyfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either way the "
        "cells of the fins' box in {cover} lose {digit}: {removed}.",
        "鳍水母：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；无论哪种情况，鳍所在宫中位于 "
        "{cover} 的格都删去 {digit}：{removed}。",
    ),
    "sashimi_jellyfish": (
        "Sashimi Jellyfish: in {base}, {digit} lies only in {cover} or in the fins {fins} (without them it "
        "is not even a fish); the cells of the fins' box in {cover} lose {digit}: {removed}.",
        "退化鳍水母（刺身）：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；鳍所在宫中位于 "
        "{cover} 的格删去 {digit}：{removed}。",
    ),
    # complex_fish
    "franken_x_wing": (
        "Franken X-Wing: in {base}, {digit} lies only in {cover}; each of the 2 base units places {digit} "
        "once and the 2 cover units can take only one each, so the cover's other candidates lose {digit}: "
        "{removed}.",
        "弗兰肯X翼：在 {base} 中，数字 {digit} 只出现在 {cover}；2 个基础单元各填一个 {digit}，2 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_franken_x_wing": (
        "Finned Franken X-Wing: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a "
        "fin holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍弗兰肯X翼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "franken_swordfish": (
        "Franken Swordfish: in {base}, {digit} lies only in {cover}; each of the 3 base units places "
        "{digit} once and the 3 cover units can take only one each, so the cover's other candidates lose "
        "{digit}: {removed}.",
        "弗兰肯剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover}；3 个基础单元各填一个 {digit}，3 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_franken_swordfish": (
        "Finned Franken Swordfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a "
        "fin holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍弗兰肯剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "franken_jellyfish": (
        "Franken Jellyfish: in {base}, {digit} lies only in {cover}; each of the 4 base units places "
        "{digit} once and the 4 cover units can take only one each, so the cover's other candidates lose "
        "{digit}: {removed}.",
        "弗兰肯水母：在 {base} 中，数字 {digit} 只出现在 {cover}；4 个基础单元各填一个 {digit}，4 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_franken_jellyfish": (
        "Finned Franken Jellyfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a "
        "fin holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍弗兰肯水母：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "mutant_x_wing": (
        "Mutant X-Wing: in {base}, {digit} lies only in {cover}; each of the 2 base units places {digit} "
        "once and the 2 cover units can take only one each, so the cover's other candidates lose {digit}: "
        "{removed}.",
        "变异X翼：在 {base} 中，数字 {digit} 只出现在 {cover}；2 个基础单元各填一个 {digit}，2 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_mutant_x_wing": (
        "Finned Mutant X-Wing: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a fin "
        "holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍变异X翼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "mutant_swordfish": (
        "Mutant Swordfish: in {base}, {digit} lies only in {cover}; each of the 3 base units places "
        "{digit} once and the 3 cover units can take only one each, so the cover's other candidates lose "
        "{digit}: {removed}.",
        "变异剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover}；3 个基础单元各填一个 {digit}，3 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_mutant_swordfish": (
        "Finned Mutant Swordfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a "
        "fin holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍变异剑鱼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "mutant_jellyfish": (
        "Mutant Jellyfish: in {base}, {digit} lies only in {cover}; each of the 4 base units places "
        "{digit} once and the 4 cover units can take only one each, so the cover's other candidates lose "
        "{digit}: {removed}.",
        "变异水母：在 {base} 中，数字 {digit} 只出现在 {cover}；4 个基础单元各填一个 {digit}，4 "
        "个覆盖单元各只能容纳一个，所以覆盖单元中的其余候选删去 {digit}：{removed}。",
    ),
    "finned_mutant_jellyfish": (
        "Finned Mutant Jellyfish: in {base}, {digit} lies only in {cover} or in the fins {fins}; either a "
        "fin holds it or the fish does, so the candidates that see every fin lose {digit}: {removed}.",
        "鳍变异水母：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}；要么某个鳍是 {digit}，"
        "要么鱼成立，所以能看到所有鳍的候选删去 {digit}：{removed}。",
    ),
    "siamese_franken_fish": (
        "Siamese Franken Fish: two finned Franken {fish_en} fish share the base {base} for {digit}, one "
        "covered by {cover} with the fins {fins}, the other by {cover2} with the fins {fins2}; each "
        "removes {digit} where it sees all its own fins: {removed}.",
        "连体弗兰肯鱼：两条鳍弗兰肯{fish_zh}共用数字 {digit} 的基础单元 {base}，一条由 {cover} 覆盖、鳍为 "
        "{fins}，另一条由 {cover2} 覆盖、鳍为 {fins2}；各自删去能看到自己所有鳍的候选 {digit}：{removed}。",
    ),
    "siamese_mutant_fish": (
        "Siamese Mutant Fish: two finned Mutant {fish_en} fish share the base {base} for {digit}, one "
        "covered by {cover} with the fins {fins}, the other by {cover2} with the fins {fins2}; each "
        "removes {digit} where it sees all its own fins: {removed}.",
        "连体变异鱼：两条鳍变异{fish_zh}共用数字 {digit} 的基础单元 {base}，一条由 {cover} 覆盖、鳍为 "
        "{fins}，另一条由 {cover2} 覆盖、鳍为 {fins2}；各自删去能看到自己所有鳍的候选 {digit}：{removed}。",
    ),
    "kraken_fish": (
        "Kraken Fish: in {base}, {digit} lies only in {cover} or in the fins {fins}. {reason}. Either way: "
        "{removed}.",
        "海怪鱼：在 {base} 中，数字 {digit} 只出现在 {cover} 或鳍 {fins}。{reason}。无论哪种情况："
        "{removed}。",
    ),
    # single_digit
    "skyscraper": (
        "Skyscraper on {digit}: two strong links joined at one end, so one of {ends} holds {digit}; cells "
        "seeing both lose it: {removed}.",
        "摩天楼（数字 {digit}）：两条强链一端相连，所以 {ends} 中必有一格是 {digit}；"
        "同时看到两者的格删去它：{removed}。",
    ),
    "two_string_kite": (
        "2-String Kite on {digit}: a row and a column strong link meet in a box, so one of {ends} holds "
        "{digit}; cells seeing both lose it: {removed}.",
        "双线风筝（数字 {digit}）：一行一列两条强链在同一宫相接，所以 {ends} 中必有一格是 {digit}；"
        "同时看到两者的格删去它：{removed}。",
    ),
    "turbot_fish": (
        "Turbot fish on {digit}: strong, weak, strong link, so one of {ends} holds {digit}; cells seeing "
        "both lose it: {removed}.",
        "多宝鱼（数字 {digit}）：强链-弱链-强链，所以 {ends} 中必有一格是 {digit}；同时看到两者的格删去它："
        "{removed}。",
    ),
    "empty_rectangle": (
        "Empty rectangle on {digit}: in box {box} the digit lies on one row and one column only; with the "
        "strong link {link} that removes {digit}: {removed}.",
        "空矩形（数字 {digit}）：第{box}宫中该数只在一行一列上；结合强链 {link}，删去 {digit}：{removed}。",
    ),
    # coloring
    "simple_coloring": (
        "Simple colouring on {digit} ({kind}): the strong links colour {colours}; one colour holds "
        "{digit}, so: {removed}.",
        "简单染色（数字 {digit}，{kind}）：强链把格染成 {colours}；其中一种颜色为真，所以：{removed}。",
    ),
    "multi_coloring": (
        "Multi-colouring on {digit} ({kind}): the coloured clusters {colours} see each other, so: "
        "{removed}.",
        "多重染色（数字 {digit}，{kind}）：染色簇 {colours} 相互可见，所以：{removed}。",
    ),
    # wings
    "xy_wing": (
        "XY-wing: pivot {pivot} with pincers {pincers}; one pincer must be {digit}, so cells seeing both "
        "lose it: {removed}.",
        "XY翼：枢纽 {pivot}，两翼 {pincers}；两翼中必有一格是 {digit}，同时看到两翼的格删去它：{removed}。",
    ),
    "xyz_wing": (
        "XYZ-wing: pivot {pivot} with pincers {pincers}; one of the three must be {digit}, so cells seeing "
        "all three lose it: {removed}.",
        "XYZ翼：枢纽 {pivot}，两翼 {pincers}；三格中必有一格是 {digit}，同时看到三者的格删去它：{removed}。",
    ),
    "w_wing": (
        "W-wing: {pincers} hold the same two digits and the strong link on {link_digit} ({link}) joins "
        "them, so one of them is {digit}; cells seeing both lose it: {removed}.",
        "W翼：{pincers} 含相同的两个候选数，数字 {link_digit} 的强链 {link} 连接两者，所以其中一格必是 "
        "{digit}；同时看到两者的格删去它：{removed}。",
    ),
    # uniqueness
    "unique_rectangle_1": (
        "Unique rectangle type 1 on {digits} ({cells}): three corners hold only {digits}, so {roof} loses "
        "both: {removed}.",
        "唯一矩形 1 型（{digits}，{cells}）：三个角只含 {digits}，所以 {roof} 删去这两个数：{removed}。",
    ),
    "unique_rectangle_2": (
        "Unique rectangle type 2 on {digits} ({cells}): the roof {roof} holds {digits} plus {extra}, so "
        "one of them is {extra}: {removed}.",
        "唯一矩形 2 型（{digits}，{cells}）：顶部 {roof} 含 {digits} 和 {extra}，其中一格必是 {extra}："
        "{removed}。",
    ),
    "unique_rectangle_3": (
        "Unique rectangle type 3 on {digits} ({cells}): the extras of {roof} form a naked subset with "
        "{subset}: {removed}.",
        "唯一矩形 3 型（{digits}，{cells}）：{roof} 的额外候选数与 {subset} 构成数组：{removed}。",
    ),
    "unique_rectangle_4": (
        "Unique rectangle type 4 on {digits} ({cells}): {locked} appears in the roof's unit only in "
        "{roof}, so the roof loses the other digit: {removed}.",
        "唯一矩形 4 型（{digits}，{cells}）：{locked} 在顶部所在区域只出现在 {roof}，所以顶部删去另一个数："
        "{removed}。",
    ),
    "unique_rectangle_5": (
        "Unique rectangle type 5 on {digits} ({cells}): the cells {roof} hold {digits} plus {extra}, so "
        "one of them is {extra}: {removed}.",
        "唯一矩形 5 型（{digits}，{cells}）：{roof} 含 {digits} 和 {extra}，其中一格必是 {extra}："
        "{removed}。",
    ),
    "unique_rectangle_6": (
        "Unique rectangle type 6 on {digits} ({cells}): {locked} is confined to the rectangle in two "
        "lines, so the roof {roof} loses it: {removed}.",
        "唯一矩形 6 型（{digits}，{cells}）：{locked} 在两条线上只出现在矩形内，所以 {roof} 删去它："
        "{removed}。",
    ),
    "hidden_rectangle": (
        "Hidden rectangle on {digits} ({cells}): {locked} is confined to the rectangle in the row and "
        "column of {far}, so {far} cannot take the other digit: {removed}.",
        "隐性唯一矩形（{digits}，{cells}）：在 {far} 所在的行和列中 {locked} 只出现在矩形内，所以 {far} "
        "删去另一个数：{removed}。",
    ),
    "avoidable_rectangle": (
        "Avoidable rectangle ({kind}) on {digits} ({cells}): the placed digits could swap, so {removed}.",
        "可规避矩形（{kind}，{digits}，{cells}）：已填数字可以互换，所以{removed}。",
    ),
    "bug_plus_1": (
        "BUG+1: every other cell holds two candidates, so {cell} must be {digit}: {removed}.",
        "BUG+1 全双值坟墓：其余格都只有两个候选数，所以 {cell} 必须是 {digit}：{removed}。",
    ),
    # unique_loops
    "unique_loop": (
        "Unique loop type {kind} on {digits} ({cells}): every unit these {size} cells touch holds two of "
        "them, so if they held only {digits} the digits could alternate round the loop either way: two "
        "solutions. So the loop keeps an extra candidate: {why}: {removed}.",
        "唯一环 {kind} 型（{digits}，{cells}）：这 {size} 格所在的每个区域都恰有其中两格，若它们只含 "
        "{digits}，两个数可以沿环交替、两种填法都成立，谜题就有两个解。所以环里必有额外候选数成立：{why}："
        "{removed}。",
    ),
    # chains
    "remote_pair": (
        "Remote pair {digits} along {chain}: {said}. So the cells alternate between the two digits, and a "
        "cell seeing two of them an odd number of steps apart sees both: {removed}.",
        "远程数对 {digits}（{chain}）：{said}。所以链上的格交替填这两个数，"
        "同时看到相隔奇数步的两格的格两个数都不能填：{removed}。",
    ),
    "x_chain": (
        "X-chain on {digit}: {story}",
        "X链（数字 {digit}）：{story}",
    ),
    "xy_chain": (
        "XY-chain: {story}",
        "XY链：{story}",
    ),
    "aic": (
        "{title}: {story}",
        "{title}：{story}",
    ),
    # strong_links
    "grouped_fish": (
        "Grouped strong-link fish ({strong} strong links) on {digit}: {story}",
        "分组强链鱼（{strong} 条强链，数字 {digit}）：{story}",
    ),
    # als
    "als_xz": (
        "ALS-XZ: almost locked sets {sets} share the restricted digit {x}; {result}.",
        "待定数组 XZ：待定数组 {sets} 以 {x} 为受限公共数；{result}。",
    ),
    "als_xy_wing": (
        "ALS-XY-wing: almost locked sets {sets} (the last is the pivot, restricted digits {x} and {y}); "
        "{result}.",
        "待定数组 XY-Wing：待定数组 {sets}（最后一个为枢纽，受限公共数 {x} 与 {y}）；{result}。",
    ),
    "death_blossom": (
        "Death blossom: whatever the stem {stem} holds locks one petal of {sets}; {result}.",
        "死亡之花：无论茎 {stem} 填什么，花瓣 {sets} 之一被锁定；{result}。",
    ),
    # als_chain
    "als_chain": (
        "ALS chain: {chain}, each almost locked set linked to the next by the restricted digit between "
        "them. Were {z} not in {first}, that set would be locked and push its linking digit out of the "
        "next set, which would then be locked in turn, and so on to {last}, which would then hold {z}; so "
        "{z} is in the first or the last set: {result}.",
        "待定数组链：{chain}，相邻两个待定数组由其间标出的受限公共数相连。若 {first} 中没有 {z}，"
        "它就被锁定，它的链接数便从下一个数组中排除，下一个数组也被锁定，如此直到 {last}，它就必须含有 "
        "{z}；所以 {z} 必在首尾两个数组之一中：{result}。",
    ),
    # sue_de_coq
    "sue_de_coq": (
        "Sue de Coq: {core} with {line_cells} (digits {line_digits}) and {box_cells} (digits {box_digits}) "
        "form one locked set across {units}; {result}.",
        "融合数组（苏德科克）：{core} 与 {line_cells}（数 {line_digits}）及 {box_cells}（数 "
        "{box_digits}）在{units}中构成锁定集；{result}。",
    ),
    # exocet
    "exocet": (
        "Junior exocet on {digits}: base cells {base} hold two of these digits. Each cross-line ({units}) "
        "holds each digit once, and outside the band each of these digits fits in at most two {lines}, so "
        "whatever the base holds also lies on a cross-line inside the band, where only the targets "
        "{targets} can take it (companions {companions} hold none of these digits). So the targets hold "
        "the base's two digits: {result}.",
        "初级飞鱼导弹（{digits}）：基础格 {base} 填其中两个数。每条交叉线（{units}）中每个数各出现一次，"
        "而在本区带之外这些数都只落在至多两{lines}中，所以基础格的数也必在区带之内的某条交叉线上，"
        "那里只有目标格 {targets} 能填（伴随格 {companions} 不含这些数）。"
        "所以目标格填的正是基础格的两个数：{result}。",
    ),
    # forcing
    "digit_forcing_chain": (
        "Digit forcing chain: {story}",
        "数字强制链：{story}",
    ),
    "forcing_chain": (
        "Forcing chain: {story}",
        "强制链：{story}",
    ),
    "forcing_net": (
        "Forcing net: {story}",
        "强制网：{story}",
    ),
    "guess": (
        "Guess: no logical step is left, so {result} (the solution's digit; {cells} has {options} "
        "candidates).",
        "猜测：已没有逻辑步骤，按答案{result}（{cells} 有 {options} 个候选数）。",
    ),
    # nishio
    "nishio": (
        "Nishio forcing chain (only the digit {digit} is followed): {story}",
        "西尾强制链（只追踪数字 {digit}）：{story}",
    ),
    # medusa
    "medusa_3d": (
        "3D Medusa: strong links (cells with two candidates, digits with two places in a unit) colour "
        "{first} one colour and {second} the other; exactly one colour is all true. {why}So: {result}.",
        "3D 美杜莎：强链（只有两个候选数的格、在某单元只有两个位置的数）把 {first} 染成一种颜色，{second} "
        "染成另一种；恰有一种颜色全部为真。{why}所以：{result}。",
    ),
    # bent_sets
    "wxyz_wing": (
        "WXYZ-wing: the {size} cells {set} hold only the digits {digits}; {reason}. So: {result}.",
        "WXYZ翼：{size} 格 {set} 只含数字 {digits}；{reason}。所以：{result}。",
    ),
    "vwxyz_wing": (
        "VWXYZ-wing: the {size} cells {set} hold only the digits {digits}; {reason}. So: {result}.",
        "VWXYZ翼：{size} 格 {set} 只含数字 {digits}；{reason}。所以：{result}。",
    ),
    "uvwxyz_wing": (
        "UVWXYZ-wing: the {size} cells {set} hold only the digits {digits}; {reason}. So: {result}.",
        "UVWXYZ翼：{size} 格 {set} 只含数字 {digits}；{reason}。所以：{result}。",
    ),
    "tuvwxyz_wing": (
        "TUVWXYZ-wing: the {size} cells {set} hold only the digits {digits}; {reason}. So: {result}.",
        "TUVWXYZ翼：{size} 格 {set} 只含数字 {digits}；{reason}。所以：{result}。",
    ),
    # bug
    "bug_plus_n": (
        "BUG+{n}: without {extras}, every empty cell would have two candidates and every digit two places "
        "in each unit, a state with no unique solution; so one of them is true, and what each of them "
        "rules out goes: {result}.",
        "BUG+{n}：若没有 {extras}，每个空格都只剩两个候选数、每个数在每个单元都只剩两个位置，"
        "这样的局面不会有唯一解；所以它们中至少一个为真，它们每一个都排除的候选数可以删去：{result}。",
    ),
    # exclusion
    "aligned_pair_exclusion": (
        "Aligned pair exclusion on {pair}: a pair of digits for them is impossible when the digits are "
        "equal or when they would leave one of {blockers} (cells seeing both) with no candidate; a digit "
        "with no possible partner goes: {result}.",
        "对齐数对排除（{pair}）：两格所填数字相同、或会让同时看到两格的 {blockers} 之一无数可填时，"
        "这对数字不可能；找不到可能搭配的数字可以删去：{result}。",
    ),
    "aligned_triple_exclusion": (
        "Aligned triple exclusion on {triple}: a combination of digits for them is impossible when two of "
        "them that see each other take the same digit or when it would leave one of {blockers} (cells "
        "seeing all three) with no candidate; a digit no possible combination uses goes: {result}.",
        "对齐三格排除（{triple}）：三格所填数字中，互相可见的两格相同、或会让同时看到三格的 {blockers} "
        "之一无数可填时，这组数字不可能；不出现在任何可能组合中的数字可以删去：{result}。",
    ),
    # msls
    "msls": (
        "Multi-sector locked set: the {count} empty cells where rows {rows} meet columns {cols} hold one "
        "digit each. Counting digits {row_digits} once for each of those rows they can take there, and "
        "digits {col_digits} once for each of those columns, also gives {count}, so every such row and "
        "column takes its digit inside these cells: {result}.",
        "多扇区锁定集：第 {rows} 行与第 {cols} 列相交处的 {count} 个空格各填一个数。数字 {row_digits} "
        "按这些格中能放它的行计数、数字 {col_digits} 按列计数，每行（列）至多一个，合计也是 {count} 个，"
        "所以这些行与列的这个数都只能落在这些格中：{result}。",
    ),
}
