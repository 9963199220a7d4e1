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
  for (const fn of listeners) fn(next);
  for (let i = waiting.length - 1; i >= 0; i -= 1) {
    if (next.seq > waiting[i].seq) waiting.splice(i, 1)[0].resolve(next);
  }
}

/** Resolve with the first state numbered after `seq` (the state held if none comes within a while). */
function after(seq, timeoutMs = 3000) {
  if (current && current.seq > seq) return Promise.resolve(current);
  return new Promise((resolve) => {
    const entry = { seq, resolve };
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
  return { answer, state: answer.ok ? await after(before) : current };
}
