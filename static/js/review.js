/*
 * A game's review stepped through without a page load.
 *
 * The server draws every step (templates/review/_stage.html): without
 * JavaScript each step is its own page, ?paso=N.  Here the links and keys
 * fetch the same step's stage (?paso=N&parte=paso) and swap it in, keeping
 * the list where it was scrolled, the focus on the same control and the
 * address in step with the step on show; a live region says which step it
 * is.  Keys: ← → previous and next, Home and End, N next error, P previous
 * error.  A click on the graph, the worst decisions or the list also brings
 * the board into view, as the links' #tablero does without a script.  While gnubg is still grading the game, the page listens to the
 * game's review socket (live games, uploaded matches) or asks for the progress (practice)
 * and fills the review in when it is ready.  No rule is known here.
 */

const KEYS = {
  ArrowLeft: "previous",
  ArrowRight: "next",
  Home: "first",
  End: "last",
  n: "next-error",
  N: "next-error",
  p: "previous-error",
  P: "previous-error",
};

const root = document.querySelector("[data-review]");
if (root) {
  enhance(root);
}

function enhance(root) {
  const cache = new Map();
  const announce = root.querySelector("[data-review-announce]");
  const stage = () => root.querySelector("[data-review-stage]");

  function address(number, part) {
    const url = new URL(window.location.href);
    url.hash = "";
    url.searchParams.set("paso", String(number));
    if (part) {
      url.searchParams.set("parte", "paso");
    } else {
      url.searchParams.delete("parte");
    }
    return url;
  }

  function fetchStage(number) {
    if (!cache.has(number)) {
      const loading = fetch(address(number, true), { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then((response) => {
          if (!response.ok) {
            throw new Error(`HTTP ${response.status}`);
          }
          return response.text();
        })
        .catch((error) => {
          cache.delete(number);
          throw error;
        });
      cache.set(number, loading);
    }
    return cache.get(number);
  }

  function target(current, key) {
    const data = current.dataset;
    const wanted = {
      first: 1,
      previous: data.previous,
      next: data.next,
      last: data.total,
      "next-error": data.nextError,
      "previous-error": data.previousError,
    }[key];
    return wanted ? Number(wanted) : null;
  }

  async function go(number, { focus = null, push = true, reveal = false } = {}) {
    const current = stage();
    if (!current || !number || number === Number(current.dataset.step)) {
      return;
    }
    let html;
    try {
      html = await fetchStage(number);
    } catch {
      window.location.assign(`${address(number, false)}#tablero`);
      return;
    }
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("[data-review-stage]");
    const before = current.querySelector("[data-review-moves]");
    const scrolled = before ? before.scrollTop : 0;
    const hadFocus = current.contains(document.activeElement);
    current.replaceWith(fresh);
    keepInView(fresh.querySelector("[data-review-moves]"), scrolled);
    if (push) {
      window.history.pushState({ paso: number }, "", address(number, false));
    }
    announce.textContent = fresh.dataset.announce || "";
    if (hadFocus || focus) {
      const control = (focus && fresh.querySelector(focus)) || fresh.querySelector("#paso-actual");
      control.focus({ preventScroll: true });
    }
    if (reveal) {
      showBoard(fresh.querySelector("#tablero"));
    }
    for (const key of ["next", "previous", "next-error"]) {
      const next = target(fresh, key);
      if (next) {
        fetchStage(next).catch(() => {});
      }
    }
  }

  root.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = event.target.closest("a[data-go], a[data-step]");
    if (!link || !root.contains(link)) {
      return;
    }
    event.preventDefault();
    const number = Number(link.dataset.go || link.dataset.step);
    // From the graph, the worst decisions or the list: show the board, as the link's #tablero does.
    const reveal = link.hasAttribute("data-jump") || Boolean(link.closest("svg"));
    let focus = null;
    if (link.dataset.key) {
      focus = `[data-key="${link.dataset.key}"]`;
    } else if (link.closest("[data-review-moves]")) {
      focus = `[data-review-moves] [data-go="${number}"]`;
    }
    go(number, { focus, reveal });
  });

  document.addEventListener("keydown", (event) => {
    const key = KEYS[event.key];
    if (!key || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
      return;
    }
    const current = stage();
    if (!current) {
      return;
    }
    event.preventDefault();
    const number = target(current, key);
    if (number) {
      go(number);
    } else {
      announce.textContent = key.endsWith("error") ? "No hay más errores en esa dirección." : "No hay más decisiones en esa dirección.";
    }
  });

  window.addEventListener("popstate", () => {
    const wanted = Number(new URL(window.location.href).searchParams.get("paso") || 1);
    go(wanted, { push: false });
  });

  const first = stage();
  if (first) {
    window.history.replaceState({ paso: Number(first.dataset.step) }, "");
    const next = target(first, "next");
    if (next) {
      fetchStage(next).catch(() => {});
    }
  }

  listenForGrades(root, () => {
    cache.clear();
    fillIn(root, announce);
  });
  root.classList.add("is-enhanced");
}

function typing(element) {
  return Boolean(element && element.closest && element.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

/* Scroll the board into view unless at least half of it is on the screen already. */
function showBoard(board) {
  if (!board) {
    return;
  }
  const box = board.getBoundingClientRect();
  const seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  if (seen < box.height / 2) {
    board.scrollIntoView({ block: "start" });
  }
}

function keepInView(list, scrolled) {
  if (!list) {
    return;
  }
  list.scrollTop = scrolled;
  const current = list.querySelector('[aria-current="step"]');
  if (!current) {
    return;
  }
  const box = list.getBoundingClientRect();
  const item = current.getBoundingClientRect();
  if (item.top < box.top) {
    list.scrollTop -= box.top - item.top;
  } else if (item.bottom > box.bottom) {
    list.scrollTop += item.bottom - box.bottom;
  }
}

/*
 * While gnubg grades the game: the socket's news (live games, uploaded matches) or a look every two
 * seconds (practice).  A page with both (uploaded matches) looks at the progress only while its socket
 * is closed, every data-review-fallback-seconds, and opens the socket again.
 */
function listenForGrades(root, ready) {
  const socketPath = root.dataset.reviewSocket;
  const progressUrl = root.dataset.reviewProgressUrl;
  let done = false;
  const hear = (news) => {
    showProgress(root, news);
    if (news.ready && !done) {
      done = true;
      ready();
    }
  };
  const look = async () => {
    try {
      const response = await fetch(progressUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      hear(await response.json());
    } catch {
      /* a lost look: the next one will tell */
    }
  };
  if (!socketPath) {
    if (progressUrl) {
      const poll = async () => {
        await look();
        if (!done) {
          window.setTimeout(poll, 2000);
        }
      };
      window.setTimeout(poll, 1000);
    }
    return;
  }
  const slowly = 1000 * Number(root.dataset.reviewFallbackSeconds || 10);
  let open = false;
  let fallback = null;
  const lookWhileClosed = () => {
    if (!progressUrl || fallback !== null) {
      return;
    }
    const tick = async () => {
      fallback = null;
      if (done || open) {
        return;
      }
      await look();
      if (!done && !open) {
        fallback = window.setTimeout(tick, slowly);
      }
    };
    fallback = window.setTimeout(tick, slowly);
  };
  let tries = 0;
  const connect = () => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${window.location.host}${socketPath}`);
    socket.addEventListener("open", () => {
      open = true;
      tries = 0;
    });
    socket.addEventListener("message", (event) => {
      const news = JSON.parse(event.data);
      if (news.type !== "progress") {
        return;
      }
      hear(news);
      if (done) {
        socket.close();
      }
    });
    socket.addEventListener("close", () => {
      open = false;
      if (done) {
        return;
      }
      lookWhileClosed();
      tries += 1;
      if (tries < 20) {
        window.setTimeout(connect, 3000);
      }
    });
  };
  connect();
}

function showProgress(root, news) {
  const count = root.querySelector("[data-review-count]");
  const bar = root.querySelector("[data-review-bar]");
  const queue = root.querySelector("[data-review-queue]");
  if (queue) {
    queue.textContent = news.queue || "";
  }
  if (count) {
    count.textContent = `${news.done} de ${news.total}`;
  }
  if (bar) {
    bar.max = news.total || 1;
    bar.value = news.done;
  }
}

/* The review is ready: the same step, now with every light, without reloading the page. */
async function fillIn(root, announce) {
  const response = await fetch(window.location.href.split("#")[0], { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (!response.ok) {
    return;
  }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.querySelector("[data-review]");
  if (!fresh) {
    return;
  }
  const hadFocus = root.contains(document.activeElement);
  const progress = root.querySelector("[data-review-progress]");
  if (progress) {
    progress.remove();
  }
  const stage = root.querySelector("[data-review-stage]");
  const freshStage = fresh.querySelector("[data-review-stage]");
  if (stage && freshStage) {
    stage.replaceWith(freshStage);
  }
  for (const name of ["data-review-socket", "data-review-progress-url"]) {
    root.removeAttribute(name);
  }
  const totals = document.querySelector(".review-totals");
  const freshTotals = page.querySelector(".review-totals");
  if (totals && freshTotals) {
    totals.replaceWith(freshTotals);
  }
  announce.textContent = "La revisión está lista: GNU Backgammon ha revisado todas las decisiones.";
  if (hadFocus) {
    root.querySelector("#paso-actual")?.focus({ preventScroll: true });
  }
}
