/* Board viewer: each <figure class="game-viewer"> (site_builder/games/viewer_markup.py) gets a board
   and controls in place of its still diagram; the moves list, arrow keys, Home, End, swipes and taps
   on the board and the address (#ply-12) choose the position. Pages are complete without it. */
(function () {
  "use strict";

  /* The drawing: diagram.py's SVG, byte for byte (tests/games/test_viewer.py compares them), from
     the game's data (`d`: diagram.py's viewer_frame) in the styles of drawing.py. */
  const SANS = "system-ui,sans-serif", SERIF_SC = "KaiTi,STKaiti,'Noto Serif CJK SC',serif";
  const SERIF_JP = "'Noto Serif CJK JP','Hiragino Mincho ProN','Yu Mincho',serif";
  const BASE = "M10 30.5h20v3.5H10z", BAND = "M11.3 27h17.4";
  const BALLS = ["6.7 12", "12.7 9", "18.2 8", "23.7 9", "29.7 12"]
    .map((at) => `M${at}a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0`).join("");
  const FIGURES = { __proto__: null,  /* Staunton figures: body, lines over it */
    P: ["M20 7a5 5 0 0 0-3.3 8.75H14.5v2.5h2.8c-.3 4.5-2.3 9-5.3 12.25H28c-3-3.25-5-7.75-5.3-12.25" +
        "h2.8v-2.5h-2.2A5 5 0 0 0 20 7zM11 30.5h18v3.5H11z", ""],
    R: ["M13 30.5l1.3-13h11.4l1.3 13zM12 17.5v-9h3.5v3h3v-3h3v3h3v-3h3.5v9z" + BASE,
        "M12.8 16.5h14.4M14 29.5h12"],
    B: ["M15 30.5c1.5-1.5 2.5-3.5 2.5-6.5h5c0 3 1 5 2.5 6.5zM14.5 21.5h11V24h-11zM20 9c-4.5 3-6.5 7-4.5 " +
        "12.5h9c2-5.5 0-9.5-4.5-12.5zM18 7a2 2 0 1 0 4 0a2 2 0 1 0-4 0" + BASE, "M20 13v5M17.5 15.5h5"],
    N: ["M14 30.5c-.5-4 1.5-6.5 4-8.5 1.5-1.2 2-2.5 1.8-3.8-1.2 1.6-3 2.2-5 2.8-1.6.5-2.8 2-3.5 3.2-1 .6" +
        "-2.3.2-2.6-.9-.6-2 1.2-4.6 3.8-8.3 1.2-1.7 2-3.4 2.3-5.4l.8-3.6 2.4 3c7.5.5 13.5 7 12.5 21.5z" + BASE,
        "M14.8 14.4l1.4-.4M19.5 10.5c6 1.5 8.5 8 8.3 18"],
    Q: ["M11.5 30.5l-3-17 5.5 9.5.5-12.5 3.8 11.5L20 9.5l1.7 12.5 3.8-11.5.5 12.5 5.5-9.5-3 17z" + BALLS + BASE,
        BAND],
    K: ["M11.5 30.5c-1-3-4.5-6-4.5-10 0-4 4.5-6 8-3.5 2 1.4 3.8 3.5 5 6 1.2-2.5 3-4.6 5-6 3.5-2.5 8-.5 8 " +
        "3.5 0 4-3.5 7-4.5 10zM17.5 18.5c0-3 1-5.5 2.5-5.5s2.5 2.5 2.5 5.5c-1 1.2-1.8 2.6-2.5 4.5-.7-1.9" +
        "-1.5-3.3-2.5-4.5zM19 5.5h2V8h2.5v2H21v3h-2v-3h-2.5V8H19z" + BASE, BAND] };
  const PENTAGON = "M0-19L12-14 15 18H-15l3-32z", RED = "#c0171c";
  const upper = (code) => code !== code.toLowerCase();
  const join = (items, draw) => items.map(draw).join("");
  const own = (map, key) => (map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);
  const glyph = (d, code) => own(d.glyphs, code) || own(d.glyphs, code.toUpperCase()) || "";

  /* Where files and ranks are drawn, the opening tag and the labels: see diagram.py's _board. */
  function frame(data, flipped) {
    const d = data.d, [x0, y0] = d.origin, [cw, ch] = d.cell;
    const col = (f) => x0 + (flipped ? data.f - 1 - f : f) * cw;
    const row = (r) => y0 + (flipped ? r : data.r - 1 - r) * ch;
    const texts = d.labels.flatMap(([files, at, flippedAt, shift, names]) => names.map((name, i) =>
      files ? [col(i), flipped ? flippedAt : at, name] : [flipped ? flippedAt : at, row(i) + shift, name]));
    const labels = `<g font-family="${SANS}" font-size="${d.font}" fill="currentColor" ` +
      `text-anchor="middle">${join(texts, ([x, y, t]) => `<text x="${x}" y="${y}">${t}</text>`)}</g>`;
    const opening = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.size[0]} ${d.size[1]}" ` +
      `class="diagram diagram-${data.g}" role="img">`;
    return { opening, labels, col, row };
  }

  const tint = (d, marked, fill, opacity) => join(marked, ([x, y]) => `<rect x="${x - d.cell[0] / 2}" ` +
    `y="${y - d.cell[1] / 2}" width="${d.cell[0]}" height="${d.cell[1]}" fill="${fill}" ` +
    `fill-opacity="${opacity}"/>`);

  function pentagon(d, code, x, y, turned, scale) {
    return `<g transform="translate(${x} ${y})${turned ? " rotate(180)" : ""} ` +
      `scale(${scale || own(d.scales, code.slice(-1).toUpperCase())})"><path d="${PENTAGON}" fill="#fbe6b8" ` +
      `stroke="#8a6a3a" stroke-width="1.5"/><text y="9" fill="${code[0] === "+" ? RED : "#111"}">` +
      `${glyph(d, code)}</text></g>`;
  }

  function hand(d, held, first, x, y, top) {  /* see drawing.py's _hand */
    const items = [...d.hands[0]].filter((k) => held[k] > 0), at = top ? x : x - 22 - 44 * items.length;
    return `<g class="hand"><path transform="translate(${at + 11} ${y}) scale(0.5)" d="${PENTAGON}" ` +
      `fill="${first ? "#111" : "#fff"}" stroke="currentColor" stroke-width="2"/>` +
      join(items, (k, i) => pentagon(d, k, at + 36 + 44 * i, y, top, "0.8") + (held[k] > 1 ?
        `<text x="${at + 58 + 44 * i}" y="${y + 10}" font-family="${SANS}" font-size="14" fill="currentColor">` +
        `${held[k] | 0}</text>` : "")) + "</g>";
  }

  /* The pieces in each style (`d.pieces`), with the marks of the last move: see drawing.py. */
  const STYLES = { __proto__: null,
    figures: ({ d, at, marked }) => tint(d, marked, "#9bc700", ".45") +
      '<g class="pieces" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">' +
      join(at, ([x, y, , code]) => {
        const [body, lines] = FIGURES[code.toUpperCase()] || [];
        const [fill, ink] = upper(code) ? ["#fff", "#000"] : ["#222", "#eee"];
        return body ? `<g transform="translate(${x - 20} ${y - 20})"><path d="${body}" fill="${fill}" ` +
          `stroke="#000"/>${lines ? `<path d="${lines}" fill="none" stroke="${ink}"/>` : ""}</g>` : "";
      }),
    discs: ({ d, at, marked }) => join(marked, ([x, y]) =>  /* corners around the points */
      `<path d="M${x - 21} ${y - 13}v-8h8m26 0h8v8m0 26v8h-8m-26 0h-8v-8" fill="none" stroke="#1565c0" ` +
      'stroke-width="2.5"/>') +
      `<g class="pieces" font-family="${SERIF_SC}" font-size="22" font-weight="bold" text-anchor="middle">` +
      join(at, ([x, y, , code]) => {
        const ink = upper(code) ? RED : "#111";
        return `<g transform="translate(${x} ${y})"><circle r="18" fill="#fbe8c4" stroke="#8b5a2b" ` +
          `stroke-width="1.5"/><circle r="15" fill="none" stroke="${ink}"/>` +
          `<text y="8" fill="${ink}">${glyph(d, code)}</text></g>`;
      }),
    pentagons({ d, at, marked, flipped, hands }) {
      const [first, second] = hands || [{}, {}];
      return tint(d, marked, "#f08c00", ".35") +
        `<g font-family="${SERIF_JP}" font-size="22" text-anchor="middle"><g class="pieces">` +
        join(at, ([x, y, , code]) => pentagon(d, code, x, y, upper(code.slice(-1)) === flipped)) + "</g>" +
        (d.hands ? hand(d, flipped ? second : first, !flipped, ...d.hands[1], false) +
          hand(d, flipped ? first : second, flipped, ...d.hands[2], true) : "");
    },
    stones: ({ at, marks, numbers }) =>
      `<g class="pieces" font-family="${SANS}" font-size="16" text-anchor="middle">` +
      join(at, ([x, y, p, code]) => {
        const black = code === "B", ink = black ? "#fff" : "#111", marked = marks.includes(p);
        return `<circle cx="${x}" cy="${y}" r="19" fill="${black ? "#111" : "#fafafa"}" ` +
          `stroke="${black ? "#000" : "#555"}"/>` + (numbers && p in numbers ?
          `<text x="${x}" y="${y + 6}" fill="${marked ? (black ? "#ff6b6b" : RED) : ink}">` +
          `${numbers[p] | 0}</text>` :
          marked ? `<circle cx="${x}" cy="${y}" r="9" fill="none" stroke="${ink}" stroke-width="2.5"/>` : "");
      }) };

  /* The position as SVG, on the board of diagram.py's diagram (its <g class="board">): data is the
     game's (viewer_data.py: g, f, r, d); points maps points to piece codes; hands are the pieces in
     hand (the first player's, the second's); marks the points of the last move; numbers the stones'
     move numbers by point. */
  function diagram(data, board, points, hands, marks, flipped, numbers, title) {
    flipped = !!flipped;
    const { opening, labels, col, row } = frame(data, flipped);
    const where = (p) => [col(p % data.f), row(Math.floor(p / data.f))];
    const escaped = String(title || data.g).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    marks = [...new Set(marks)].sort((a, b) => a - b);
    const at = Object.keys(points).map(Number).sort((a, b) => a - b).map((p) => [...where(p), p, points[p]]);
    const style = STYLES[data.d.pieces];
    const scene = { d: data.d, at, marked: marks.map(where), marks, flipped, hands, numbers };
    return opening + `<title>${escaped}</title>` + board + labels + (style ? style(scene) : "") + "</g></svg>";
  }
  window.gameDiagram = diagram;

  /* The viewer */
  const WORDS = { en: ["First move", "Previous move", "Next move", "Last move", "Flip board"],
                  zh: ["第一步", "上一步", "下一步", "最后一步", "翻转棋盘"] };
  const ICONS = ["M3 3h2v10H3zM13 3v10L6 8z", "M11 3v10L4 8z", "M5 3v10l7-5z", "M11 3h2v10h-2zM3 3v10l7-5z",
                 "M5 1l3.5 4.5H6V15H4V5.5H1.5zM11 15l-3.5-4.5H10V1h2v9.5h2.5z"];

  /* Every position of the game (see viewer_data.py): pieces, hands, marks, the stones' move numbers. */
  function positions(data) {
    let points = {}, numbers = {}, hands = data.h || [{}, {}];
    const pairs = (list, each) => {
      for (let i = 0; i < (list || []).length; i += 2) { each(list[i], list[i + 1]); }
    };
    pairs(data.s, (p, code) => { points[p] = code; });
    const states = [{ points, hands, marks: [], numbers }];
    data.p.forEach((ply, i) => {
      const changed = [];
      points = { ...points };
      numbers = { ...numbers };
      pairs(ply.c, (p, code) => {
        changed.push(p);
        if (code) { points[p] = code; numbers[p] = i + 1; } else { delete points[p]; delete numbers[p]; }
      });
      hands = ply.h || hands;
      states.push({ points, hands, marks: ply.m || changed, numbers });
    });
    return states;
  }

  function setup(figure) {
    let data;
    try { data = JSON.parse(figure.querySelector("script.game-data").textContent); } catch (e) { return; }
    const states = positions(data), plies = data.p, last = plies.length;
    const still = figure.querySelector("svg.diagram"), list = figure.querySelector("ol.moves");
    const drawn = still && still.querySelector("g.board"), title = still && still.querySelector("title");
    if (!drawn) { return; }
    const board = drawn.outerHTML;
    const moves = list ? [...list.querySelectorAll("[data-ply]")] : [];
    const words = WORDS[document.documentElement.lang.slice(0, 2)] || WORDS.en;
    const prefix = figure.id ? figure.id + "-ply-" : "ply-";
    let ply = last, flipped = figure.hasAttribute("data-flipped"), down = null;

    const element = (tag, name) => Object.assign(document.createElement(tag), { className: name });
    const main = element("div", "viewer-main"), stage = element("div", "viewer-board");
    const controls = element("div", "controls"), counter = element("span", "counter");
    const comment = element("p", "comment-now");
    comment.setAttribute("aria-live", "polite");
    const actions = [() => go(0), () => go(ply - 1), () => go(ply + 1), () => go(last),
                     () => { flipped = !flipped; show(ply); }];
    const buttons = actions.map((action, i) => {
      const b = Object.assign(element("button", "control"), { type: "button", title: words[i], onclick: action });
      b.setAttribute("aria-label", words[i]);
      b.innerHTML = `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${ICONS[i]}"/></svg>`;
      return b;
    });
    controls.append(buttons[0], buttons[1], counter, ...buttons.slice(2));
    main.append(stage, controls, comment);
    still.replaceWith(main);
    figure.classList.add("live");
    if (!figure.hasAttribute("tabindex")) { figure.tabIndex = 0; }
    if (title && !figure.hasAttribute("aria-label")) { figure.setAttribute("aria-label", title.textContent); }

    function show(n) {
      ply = Math.max(0, Math.min(last, n));
      const s = states[ply], current = moves.find((b) => +b.getAttribute("data-ply") === ply);
      stage.innerHTML = diagram(data, board, s.points, s.hands, s.marks, flipped,
        data.d.numbered && s.numbers, title && title.textContent);
      moves.forEach((b) => b.removeAttribute("aria-current"));
      if (current) { current.setAttribute("aria-current", "true"); }
      comment.textContent = (ply ? plies[ply - 1].t : data.t) || "";
      comment.hidden = !comment.textContent;
      counter.textContent = `${ply} / ${last}`;
      buttons.slice(0, 4).forEach((b, i) => b.setAttribute("aria-disabled", ply === (i < 2 ? 0 : last)));
      if (current && list.scrollHeight > list.clientHeight) {  /* the move in view in its list */
        const top = current.offsetTop;
        if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      }
    }
    function go(n) {
      show(n);
      try { history.replaceState(null, "", "#" + prefix + ply); } catch (e) { /* not allowed here */ }
    }
    function linked() {  /* the ply the address names, or null */
      const hash = decodeURIComponent(location.hash.slice(1)), n = hash.slice(prefix.length);
      return hash.startsWith(prefix) && /^\d+$/.test(n) ? +n : null;
    }

    if (list) {
      list.addEventListener("click", (event) => {
        const target = event.target.closest("[data-ply]");
        if (target) { event.preventDefault(); go(+target.getAttribute("data-ply")); }
      });
    }
    figure.addEventListener("keydown", (event) => {
      const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last }[event.key];
      if (to !== undefined && !event.altKey && !event.ctrlKey && !event.metaKey) { event.preventDefault(); go(to); }
    });
    /* a swipe to the left shows the next move, to the right the previous one; a tap on the right
       half of the board the next, on the left half the previous */
    stage.addEventListener("pointerdown", (event) => {
      down = event.isPrimary && [event.clientX, event.clientY];
      figure.focus({ preventScroll: true });
    });
    stage.addEventListener("pointercancel", () => { down = null; });
    stage.addEventListener("pointerup", (event) => {
      if (!down) { return; }
      const dx = event.clientX - down[0], dy = event.clientY - down[1], box = stage.getBoundingClientRect();
      down = null;
      if (Math.abs(dx) > 30 && Math.abs(dx) > Math.abs(dy)) { go(ply + (dx < 0 ? 1 : -1)); }
      else if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
        go(ply + (event.clientX > box.left + box.width / 2 ? 1 : -1));
      }
    });
    window.addEventListener("hashchange", () => { if (linked() !== null) { show(linked()); } });

    show(linked() === null ? last : linked());
    if (linked() !== null) { figure.scrollIntoView(); }
  }

  function start() { document.querySelectorAll("figure.game-viewer").forEach(setup); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); }
  else { start(); }
})();
