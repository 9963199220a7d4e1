// Playwright init script: what pywebview's Qt backend injects into the page, over HTTP
// (tests/harness/server.py). As in the app, pywebview lists no functions (desktop/exposed.py):
// the page calls window.pywebview._jsApiCallback(name, args, id) and gets the answer through
// window.pywebview._returnValuesCallbacks[name][id]({value: JSON text} or {isError, value}).
// An answer runs after the events its call emitted, as in the window (desktop/bridge.py's flush: the
// GUI thread runs the events' scripts and the answers in the order they were handed to it).
(() => {
  if (window.top !== window) return;
  const answered = {};
  window.__harness = { answered };
  let delivered = 0; // events run in the page so far (numbered as the server counts them)
  let caughtUp = []; // [count, resolve]: answers waiting for the events before them

  function ran(count) {
    delivered = count;
    caughtUp = caughtUp.filter(([want, resolve]) => (want <= delivered ? resolve() : true));
  }

  function after(count) {
    return count <= delivered ? null : new Promise((resolve) => caughtUp.push([count, resolve]));
  }

  async function jsApiCallback(name, params, id) {
    let answer;
    try {
      const response = await fetch("/api/" + name, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(params),
      });
      if (response.status === 404) return; // pywebview logs an unknown name and never answers
      answer = await response.json();
    } catch (err) {
      return; // the server closed: the test is over
    }
    await after(answer.events);
    const callbacks = window.pywebview._returnValuesCallbacks[name] || {};
    const callback = callbacks[id];
    if (typeof callback !== "function") return;
    if (answer.error) {
      callback({ isError: true, value: JSON.stringify(answer.error) });
    } else {
      callback({ value: JSON.stringify(answer.value) });
    }
    // counted once the page's own continuations of this call have run (they are microtasks; this
    // timer is not): the tests' signal that, e.g., the first get_state has been drawn
    setTimeout(() => {
      answered[name] = (answered[name] || 0) + 1;
    }, 0);
  }

  // Events arrive as the real WindowBridge sends them: its own script per emit, run in order in the
  // page's global scope (the browser context bypasses CSP, as run_js does).
  async function pollEvents(seq) {
    for (;;) {
      let batch;
      try {
        const response = await fetch("/events?since=" + seq);
        batch = await response.json();
      } catch (err) {
        return; // the server closed: the test is over
      }
      for (const script of batch.events) {
        try {
          (0, eval)(script);
        } catch (err) {
          console.error("event script failed", script.slice(0, 80), err);
        }
      }
      seq = batch.seq;
      ran(seq);
    }
  }

  async function install() {
    const start = await (await fetch("/events?since=-1")).json();
    ran(start.seq); // the events before the page loaded are not sent it
    // like pywebview, the object appears only after the page has loaded
    window.pywebview = {
      api: {},
      platform: "harness",
      token: "harness",
      _returnValuesCallbacks: {},
      _jsApiCallback: jsApiCallback,
    };
    window.dispatchEvent(new CustomEvent("pywebviewready"));
    pollEvents(start.seq);
  }

  if (document.readyState === "complete") {
    install();
  } else {
    window.addEventListener("load", () => install(), { once: true });
  }
})();
