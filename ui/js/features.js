// The features that plug into the page beside the core panels (colours, photos, the trainer, …).
// Each is an object with optional hooks, called by main.js:
//   mount(ctx)            once, after the core is wired; ctx = {render, say, announce, focusBoard, select};
//                         the state and the view state are read from the store (ui/js/store.js)
//   accepted(state, old)  for every state the store accepts, before it is drawn
//   model(model, state)   may add to the board's model before the board draws it
//   render(state, active) after the board and the panels are drawn (active: a solve is on screen)
// A feature keeps its words in ui/js/words/ (i18n.addTexts) and its calls in api.js.

import { colours } from "./colours.js";
import { daily } from "./daily.js";
import { editor } from "./editor.js";
import { marks } from "./marks.js";
import { needs } from "./needs.js";
import { photo } from "./photo.js";
import { practise } from "./practise.js";
import { print } from "./print.js";
import { rating } from "./rating.js";
import { share } from "./share.js";
import { trueCandidates } from "./truth.js";
import { variants } from "./variants.js";
import { why } from "./why.js";

// marks before colours: a cell's label names its marks, then its colours, then what constrains it
export const FEATURES = [marks, colours, why, rating, practise, needs, share, daily, print, photo, variants, editor,
  trueCandidates];
