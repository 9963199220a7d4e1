// The one catalogue of the window's text, English and Chinese, switchable at run time.
// Static text is marked in the HTML (data-i18n, data-i18n-aria-label); dynamic text asks t(key, params).

const CATALOGUE = {
  en: {
    "app.title": "Sudoku Studio",
    "label.language": "Language",
    "label.theme": "Theme",
    "theme.system": "System",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "label.boardState": "Board state",
    "label.board": "Sudoku board",
    "label.pad": "Digits",
    "label.algorithm": "Algorithm",
    "label.difficulty": "Difficulty",
    "level.any": "Any",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    "level.expert": "Expert",
    "level.master": "Master",
    "msg.newPuzzleLevel": "New puzzle ({level}): {clues} givens, exactly one solution.",
    "label.delay": "Step delay",
    "label.steps": "Steps",
    "label.backtracks": "Backtracks",
    "label.elapsed": "Elapsed time",
    "mode.enter": "Entering a puzzle",
    "help.board": "Arrow keys or click to select, 1-9 to enter, Backspace, Delete, 0 or Esc to clear, Tab to move on.",
    "help.shortcuts": "Ctrl+Z undo · Ctrl+Y redo · Space pauses a solve",
    "group.puzzle": "Puzzle",
    "group.help": "Possible numbers",
    "group.solve": "Watch it solve",
    "btn.new": "New puzzle",
    "btn.clear": "Clear",
    "btn.enter": "Enter puzzle",
    "btn.undo": "Undo",
    "btn.redo": "Redo",
    "btn.candidates": "Candidates",
    "btn.fill": "Fill last remaining cells",
    "btn.solve": "Solve",
    "btn.pause": "Pause",
    "btn.resume": "Resume",
    "btn.step": "Step",
    "btn.stop": "Stop",
    "btn.erase": "Erase",
    "btn.hint": "Hint",
    "msg.noHint": "No logical step applies to this board.",
    "algo.naive": "Backtracking",
    "algo.smart": "Smart search",
    "algo.human": "Human logic",
    "cell.filled": "row {row}, column {col}, {digit}",
    "cell.empty": "row {row}, column {col}, empty",
    "unit.row": "row {index}",
    "unit.column": "column {index}",
    "unit.box": "box {index}",
    "conflict.2": "{digit} twice in {unit}",
    "conflict.n": "{digit} {count} times in {unit}",
    "state.solved": "Solved",
    "state.empty": "Valid: the board is empty",
    "state.valid": "Valid: {filled} of 81 cells filled",
    "state.validUnique": "Valid: {filled} of 81 cells filled, exactly one solution",
    "state.validMultiple": "Valid: {filled} of 81 cells filled, more than one solution",
    "state.invalid": "Invalid: {conflicts}",
    "state.unsolvable": "Unsolvable: no solution from here",
    "state.more": "{first} and {count} more",
    "check.invalid": "The puzzle repeats digits: {conflicts}.",
    "check.none": "The puzzle has no solution.",
    "check.unique": "The puzzle has exactly one solution.",
    "check.multiple": "The puzzle has {count} solutions.",
    "check.multipleCapped": "The puzzle has several solutions (at least {count}).",
    "check.entering": "Enter puzzle: the digits you type become the puzzle's givens.",
    "solve.running": "Solving with {algorithm}…",
    "solve.paused": "Paused.",
    "solve.solved": "Solved in {steps} steps with {backtracks} backtracks.",
    "solve.solvedAtOnce": "Solved at once: propagation from the givens filled every cell.",
    "solve.failed": "No solution: the search tried everything.",
    "solve.stopped": "Stopped.",
    "msg.generating": "Making a new puzzle…",
    "msg.newPuzzle": "New puzzle: {clues} givens, exactly one solution.",
    "msg.filled": "Filled {count} cells by hidden singles.",
    "msg.nothingFilled": "No cell can be filled by a hidden single.",
    "msg.cleared": "Board cleared.",
    "msg.entered": "{digit} in row {row}, column {col}.",
    "msg.erased": "Row {row}, column {col} cleared.",
    "msg.undo": "Undone.",
    "msg.redo": "Redone.",
    "msg.nothingUndo": "Nothing to undo.",
    "msg.nothingRedo": "Nothing to redo.",
    "msg.conflict": "Conflict: {conflicts}.",
    "msg.checking": "Checking the puzzle…",
    "error.read_only": "That cell is a given of the puzzle; use Enter puzzle to change it.",
    "error.busy": "The solver is running; stop it first.",
    "error.invalid_board": "The board repeats a digit; remove the repeat first.",
    "error.nothing_to_do": "The board is already full.",
    "error.bridge": "The app did not answer: {message}",
    "notice.damaged_save": "The saved {what} could not be read; starting fresh. The damaged file was kept beside it.",
    "notice.save_failed": "Could not save your game: {message}",
    "notice.generate_failed": "Could not make a puzzle: {message}",
    "notice.solve_failed": "The solver found no solution.",
    "what.game": "game",
    "what.settings": "settings",
    "time.seconds": "{s} s",
    "delay.ms": "{ms} ms",
  },
  zh: {
    "app.title": "数独工作室",
    "label.language": "语言",
    "label.theme": "主题",
    "theme.system": "跟随系统",
    "theme.light": "浅色",
    "theme.dark": "深色",
    "label.boardState": "棋盘状态",
    "label.board": "数独棋盘",
    "label.pad": "数字",
    "label.algorithm": "算法",
    "label.difficulty": "难度",
    "level.any": "随机",
    "level.easy": "简单",
    "level.medium": "中等",
    "level.hard": "困难",
    "level.expert": "专家",
    "level.master": "大师",
    "msg.newPuzzleLevel": "新题目（{level}）：{clues} 个已知数，唯一解。",
    "label.delay": "步进延迟",
    "label.steps": "步数",
    "label.backtracks": "回溯次数",
    "label.elapsed": "用时",
    "mode.enter": "正在输入题目",
    "help.board": "用方向键或点击选择格子，按 1-9 填数，Backspace、Delete、0 或 Esc 清除，Tab 移到下一格。",
    "help.shortcuts": "Ctrl+Z 撤销 · Ctrl+Y 重做 · 空格键暂停求解",
    "group.puzzle": "题目",
    "group.help": "候选数",
    "group.solve": "观看求解",
    "btn.new": "新题目",
    "btn.clear": "清空",
    "btn.enter": "输入题目",
    "btn.undo": "撤销",
    "btn.redo": "重做",
    "btn.candidates": "候选数",
    "btn.fill": "填入隐性唯一数",
    "btn.solve": "求解",
    "btn.pause": "暂停",
    "btn.resume": "继续",
    "btn.step": "单步",
    "btn.stop": "停止",
    "btn.erase": "擦除",
    "btn.hint": "提示",
    "msg.noHint": "这个局面找不到可用的逻辑步骤。",
    "algo.naive": "回溯法",
    "algo.smart": "智能搜索",
    "algo.human": "人类逻辑",
    "cell.filled": "第{row}行第{col}列，{digit}",
    "cell.empty": "第{row}行第{col}列，空",
    "unit.row": "第{index}行",
    "unit.column": "第{index}列",
    "unit.box": "第{index}宫",
    "conflict.2": "{unit}有两个{digit}",
    "conflict.n": "{unit}有{count}个{digit}",
    "state.solved": "已解出",
    "state.empty": "有效：棋盘为空",
    "state.valid": "有效：已填 {filled}/81 格",
    "state.validUnique": "有效：已填 {filled}/81 格，唯一解",
    "state.validMultiple": "有效：已填 {filled}/81 格，多于一个解",
    "state.invalid": "无效：{conflicts}",
    "state.unsolvable": "无解：当前局面无法完成",
    "state.more": "{first}，另有 {count} 处",
    "check.invalid": "题目中有重复数字：{conflicts}。",
    "check.none": "这道题无解。",
    "check.unique": "这道题恰有一个解。",
    "check.multiple": "这道题有 {count} 个解。",
    "check.multipleCapped": "这道题有多个解（至少 {count} 个）。",
    "check.entering": "输入题目：你输入的数字将成为题目的已知数。",
    "solve.running": "正在用{algorithm}求解…",
    "solve.paused": "已暂停。",
    "solve.solved": "已解出：{steps} 步，回溯 {backtracks} 次。",
    "solve.solvedAtOnce": "一步解出：由已知数推出的数字填满了所有格子。",
    "solve.failed": "无解：搜索已穷尽所有可能。",
    "solve.stopped": "已停止。",
    "msg.generating": "正在生成新题目…",
    "msg.newPuzzle": "新题目：{clues} 个已知数，唯一解。",
    "msg.filled": "用隐性唯一数填入了 {count} 格。",
    "msg.nothingFilled": "没有可用隐性唯一数填入的格子。",
    "msg.cleared": "棋盘已清空。",
    "msg.entered": "第{row}行第{col}列填入 {digit}。",
    "msg.erased": "已清除第{row}行第{col}列。",
    "msg.undo": "已撤销。",
    "msg.redo": "已重做。",
    "msg.nothingUndo": "没有可撤销的操作。",
    "msg.nothingRedo": "没有可重做的操作。",
    "msg.conflict": "冲突：{conflicts}。",
    "msg.checking": "正在检查题目…",
    "error.read_only": "这是题目的已知数；请用“输入题目”修改。",
    "error.busy": "求解正在进行，请先停止。",
    "error.invalid_board": "棋盘上有重复数字，请先去掉重复。",
    "error.nothing_to_do": "棋盘已经填满。",
    "error.bridge": "程序没有响应：{message}",
    "notice.damaged_save": "保存的{what}无法读取，已重新开始；损坏的文件已在原处保留备份。",
    "notice.save_failed": "无法保存游戏：{message}",
    "notice.generate_failed": "无法生成题目：{message}",
    "notice.solve_failed": "求解器没有找到解。",
    "what.game": "游戏",
    "what.settings": "设置",
    "time.seconds": "{s} 秒",
    "delay.ms": "{ms} 毫秒",
  },
};

export const LANGUAGES = Object.keys(CATALOGUE);
let current = "en";

/** Return the current language code ("en" or "zh"). */
export function language() {
  return current;
}

/** Switch the language (unknown codes fall back to English) and rewrite every marked element. */
export function setLanguage(lang, root = document) {
  current = CATALOGUE[lang] ? lang : "en";
  document.documentElement.lang = current === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-aria-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
  }
  document.title = t("app.title");
}

/** Return the text for key with {name} fields filled from params; the key itself if unknown. */
export function t(key, params = {}) {
  const text = CATALOGUE[current][key] ?? CATALOGUE.en[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Return true if the catalogue has key. */
export function has(key) {
  return key in CATALOGUE.en;
}

/** Return one repeated digit described in words, e.g. "5 twice in row 1". */
export function describeConflict(conflict) {
  const unit = t(`unit.${conflict.kind}`, { index: conflict.index });
  const count = conflict.cells.length;
  return t(count === 2 ? "conflict.2" : "conflict.n", { digit: conflict.digit, unit, count });
}

/** Return every repeated digit in words, joined. */
export function describeConflicts(conflicts) {
  return conflicts.map(describeConflict).join(current === "zh" ? "；" : "; ");
}
