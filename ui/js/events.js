// The only thing Python calls: window.sudokuEvents.dispatch(name, payload), or dispatch([[name, payload], ...]).
// Handlers subscribe with on(name, fn); one failing handler never stops the others.

const handlers = new Map();

/** Call fn(payload) for every event called name. */
export function on(name, fn) {
  if (!handlers.has(name)) handlers.set(name, []);
  handlers.get(name).push(fn);
}

function deliver(name, payload) {
  for (const fn of handlers.get(name) || []) {
    try {
      fn(payload);
    } catch (err) {
      console.error(`sudokuEvents: handler for ${name} failed`, err);
    }
  }
}

function dispatch(nameOrBatch, payload) {
  if (Array.isArray(nameOrBatch)) {
    for (const item of nameOrBatch) {
      if (Array.isArray(item)) deliver(String(item[0]), item[1]);
    }
  } else {
    deliver(String(nameOrBatch), payload);
  }
  return true;
}

Object.defineProperty(window, "sudokuEvents", {
  value: Object.freeze({ dispatch }),
  writable: false,
  configurable: false,
});
