// The words of the Learn tab's status "Rating" (ui/js/rating.js), in English and Chinese.

import * as i18n from "../i18n.js";

i18n.addTexts({
  en: {
    "rating.rating": "Rating",
    "rating.scores": "SE {score} · HoDoKu {hodoku} · QQwing: {qqwing}",
    "rating.steps": "{count} steps: {list}",
    "rating.count": "{name} ×{count}",
    "rating.bottleneck": "Hardest step: {index}. {name} ({score}) — open it on the Timeline",
    "rating.rating_now": "Rating the puzzle…",
    "rating.variant": "By the variant logic: hardest step {score} ({name})",
    "rating.guesses": "Logic alone does not finish it: the path guesses where it stops.",
    "level.extreme": "Extreme",
    "qqwing.simple": "simple",
    "qqwing.easy": "easy",
    "qqwing.intermediate": "intermediate",
    "qqwing.expert": "expert",
    "error.not_at_start": "The rating's path starts from the givens: use Restart puzzle, then open the step.",
  },
  zh: {
    "rating.rating": "评分",
    "rating.scores": "SE {score} · HoDoKu {hodoku} · QQwing：{qqwing}",
    "rating.steps": "共 {count} 步：{list}",
    "rating.count": "{name} ×{count}",
    "rating.bottleneck": "最难的一步：第 {index} 步，{name}（{score}）— 在时间轴上打开",
    "rating.rating_now": "正在评分…",
    "rating.variant": "按变体逻辑：最难一步 {score}（{name}）",
    "rating.guesses": "仅靠逻辑解不完：路径在卡住处猜测。",
    "level.extreme": "极限",
    "qqwing.simple": "简单",
    "qqwing.easy": "容易",
    "qqwing.intermediate": "中等",
    "qqwing.expert": "专家",
    "error.not_at_start": "评分的路径从题目开始：请先“重新开始”，再打开这一步。",
  },
});
