// Playwright init script: what pywebview's Qt backend injects into the page, over HTTP.
// __FUNCTIONS__ is replaced by {method: [param names]} of the real Api (tests/harness/server.py).
(() => {
  if (window.top !== window) return;
  const functions = __FUNCTIONS__;
  const answered = {};
  window.__harness = { answered };

  async function call(name, args) {
    const response = await fetch("/api/" + name, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(args),
    });
    const answer = await response.json();
    // counted once the page's own continuations of this call have run (they are microtasks; this
    // timer is not): the tests' signal that, e.g., the first get_state has been drawn
    setTimeout(() => {
      answered[name] = (answered[name] || 0) + 1;
    }, 0);
    if (answer.error) {
      // pywebview rejects the Promise with an Error-like object when a call cannot be made
      const err = new Error(answer.error.message);
      err.name = answer.error.name;
      throw err;
    }
    return answer.value;
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
    }
  }

  async function install() {
    const start = await (await fetch("/events?since=-1")).json();
    const api = {};
    for (const name of Object.keys(functions)) {
      api[name] = (...args) => call(name, args);
    }
    // like pywebview, the object appears only after the page has loaded
    window.pywebview = { api, platform: "harness", token: "harness" };
    window.dispatchEvent(new CustomEvent("pywebviewready"));
    pollEvents(start.seq);
  }

  if (document.readyState === "complete") {
    install();
  } else {
    window.addEventListener("load", () => install(), { once: true });
  }
})();
