// The one state of the page. Only Python's `state` events (and the first get_state answer) change it;
// each carries a sequence number, and one older than the state held is dropped. Calls answer only
// {ok} (plus a question's value): a caller that wants the state its call made waits for it here.

let current = null;
const listeners = [];
const waiting = [];

/** The state held, or null before the first one. */
export function state() {
  return current;
}

/** Call fn(state) for every newer state accepted. */
export function onState(fn) {
  listeners.push(fn);
}

/** Take a state from Python; an older one than the state held is dropped. */
export function accept(next) {
  if (!next || (current && next.seq <= current.seq)) return;
  current = next;
  // waiters see the state as Python sent it, before a listener overlays what is still on its way
  for (let i = waiting.length - 1; i >= 0; i -= 1) {
    if (waiting[i].test(next)) waiting.splice(i, 1)[0].resolve(next);
  }
  for (const fn of listeners) fn(next);
}

/** Resolve with the first state for which test(state) holds (the state held if none comes in a while). */
export function until(test, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const entry = { test, resolve };
    waiting.push(entry);
    setTimeout(() => {
      const at = waiting.indexOf(entry);
      if (at >= 0) waiting.splice(at, 1)[0].resolve(current);
    }, timeoutMs);
  });
}

/** Make a call; resolve with {answer, state}: the state published after it (when it succeeded). */
export async function act(call) {
  const before = current ? current.seq : 0;
  const answer = await call();
  if (!answer.ok) return { answer, state: current };
  const state = current && current.seq > before ? current : await until((s) => s.seq > before);
  return { answer, state };
}
