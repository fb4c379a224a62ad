/* Progressive enhancements: player search, sortable tables, highlighting a player in a table, pages
   that follow the event live. Pages are complete without this script. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";

  /* Search over players (Chinese included), clubs and events: every word of the query must begin a
     word of the entry, in any order ("Lucia Garcia" finds "García, Lucía"), ignoring case and
     accents, and one of them a word of its name, club or romanization; in Chinese, Japanese and
     Korean every character begins a word. The index is split by the first characters of a word
     (views/search_index.py): when the reader starts typing, the keys of the query's words are
     loaded, then the part of each word. */
  var LETTERS = { "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th" };
  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[øłđßæœıþ]/g, function (c) { return LETTERS[c]; });
  }
  var WORD = /[\p{L}\p{N}]/u;
  var CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]/u;
  function beginsWord(text, word) {
    var cjk = CJK.test(Array.from(word)[0]);
    for (var at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      if (at === 0 || cjk || !WORD.test(Array.from(text.slice(Math.max(0, at - 2), at)).pop())) { return true; }
    }
    return false;
  }
  /* a query's words: split at spaces and commas, each without the quotes, brackets and other
     marks at its ends, which begin no word of the index (views/search_index.py, query_words) */
  var EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
  function queryWords(text) {
    return fold(text).split(/[\s,，、]+/).map(function (word) { return word.replace(EDGES, ""); })
      .filter(Boolean);
  }
  function partName(key) {
    return Array.prototype.map.call(new TextEncoder().encode(key), function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("") + ".js";
  }
  var FIELDS = ["name", "club", "section", "url", "keys", "languages", "site"];
  var BUCKETS = 64;  /* the keys files, by the code point of a key's first character */
  var SHOWN = 20;  /* results listed; a line says how many more there are */
  var index = { buckets: {}, parts: {}, counts: {}, waiting: {} };
  function bucketOf(key) { return key.codePointAt(0) % BUCKETS; }
  function arrived(name) {
    var waiting = index.waiting[name] || [];
    delete index.waiting[name];
    waiting.forEach(function (then) { then(); });
  }
  window.BULLETIN_SEARCH = {
    keys: function (bucket, listed) {  /* key: 0 for a whole part, else the count of a cut one */
      Object.keys(listed).forEach(function (key) { index.counts[key] = listed[key]; });
      index.buckets[bucket] = true;
      arrived("keys-" + (bucket < 10 ? "0" : "") + bucket + ".js");
    },
    part: function (key, packed) {
      index.parts[key] = packed.map(function (values) {
        var entry = {};
        FIELDS.forEach(function (name, i) { entry[name] = values[i + 1] || ""; });
        return { order: values[0], entry: entry,
                 text: fold([entry.name, entry.club, entry.section, entry.keys].filter(Boolean).join(" ")),
                 own: fold([entry.name, entry.club, entry.keys].filter(Boolean).join(" ")) };
      });
      arrived(partName(key));
    }
  };
  /* the part that answers `word`: its first letter's, or, where that part is cut, one more
     letter's, and so on; null where no entry has a word beginning with it */
  function keyOf(word) {
    var chars = Array.from(word);
    for (var n = 1; n <= chars.length; n++) {
      var key = chars.slice(0, n).join("");
      if (!(key in index.counts)) { return null; }
      if (index.counts[key] === 0 || n === chars.length) { return key; }
    }
    return null;
  }
  /* adds the script of the index's file `name`; `then` once it has arrived, `failed` where it cannot
     be fetched (offline, a shared index not deployed yet), after which the next keystroke tries again */
  function load(base, name, then, failed) {
    var first = !index.waiting[name];
    (index.waiting[name] = index.waiting[name] || []).push(then);
    if (!first) { return; }
    var script = document.createElement("script");
    script.src = base + name;
    script.onerror = function () {
      delete index.waiting[name];
      script.remove();
      failed();
    };
    document.head.appendChild(script);
  }
  function setupSearch() {
    var input = document.getElementById("player-search");
    var list = document.getElementById("search-results");
    var base = document.documentElement.getAttribute("data-search");
    if (!input || !list || !base) { return; }
    input.parentNode.hidden = false;
    function note(text) {
      var item = document.createElement("li");
      item.className = "muted";
      item.textContent = text;
      list.appendChild(item);
    }
    function show(words, candidates, capped) {
      list.innerHTML = "";
      var all = candidates.filter(function (item) {
        return words.every(function (word) { return beginsWord(item.text, word); }) &&
          words.some(function (word) { return beginsWord(item.own, word); });
      }).map(function (item) { return item.entry; });
      all.slice(0, SHOWN).forEach(function (entry) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        /* an event published in the page's language too: its page in that language (<event>/en/…) */
        var variant = entry.languages && entry.languages[document.documentElement.lang];
        var path = variant ? entry.url.replace("/", "/" + variant + "/") : entry.url;
        link.href = (entry.site || root) + path;  /* `site`: another site's address (a shared index) */
        link.textContent = entry.name;
        var where = document.createElement("small");
        where.textContent = " " + [entry.club, entry.section].filter(Boolean).join(" · ");
        item.appendChild(link);
        item.appendChild(where);
        list.appendChild(item);
      });
      if (!all.length) { note(list.getAttribute("data-none")); }
      /* a query of one short word: its part, cut, holds the first entries and says how many there are */
      var more = (capped ? capped : all.length) - SHOWN;
      if (more > 0) { note(list.getAttribute("data-more").replace("{n}", more)); }
      list.hidden = false;
    }
    function unreachable() {  /* the index cannot be fetched: the reader, still searching, is told so */
      if (!queryWords(input.value).length) { return; }
      list.innerHTML = "";
      note(list.getAttribute("data-unreachable"));
      list.hidden = false;
    }
    function waiting() {  /* the results of the query before are not this one's: none until they come */
      list.innerHTML = "";
      list.hidden = true;
    }
    function search() {
      var words = queryWords(input.value);
      if (!words.length) { list.innerHTML = ""; list.hidden = true; return; }
      var buckets = words.map(bucketOf).filter(function (bucket) { return !index.buckets[bucket]; });
      if (buckets.length) {
        waiting();
        buckets.forEach(function (b) {
          load(base, "keys-" + (b < 10 ? "0" : "") + b + ".js", search, unreachable);
        });
        return;
      }
      var keys = [];
      words.forEach(function (word) {
        var key = keyOf(word);
        if (key !== null && keys.indexOf(key) === -1) { keys.push(key); }
      });
      var missing = keys.filter(function (key) { return !index.parts[key]; });
      if (missing.length) {
        waiting();
        missing.forEach(function (key) { load(base, partName(key), search, unreachable); });
        return;
      }
      var seen = {};
      var candidates = [];
      keys.forEach(function (key) {
        index.parts[key].forEach(function (item) {
          if (!seen[item.order]) { seen[item.order] = true; candidates.push(item); }
        });
      });
      candidates.sort(function (a, b) { return a.order - b.order; });
      show(words, candidates, words.length === 1 && keys.length === 1 ? index.counts[keys[0]] : 0);
    }
    input.addEventListener("input", search);
  }

  /* Sorting: click a column header of a table marked sortable. */
  function cellValue(row, index) {
    var cell = row.cells[index];
    var text = cell ? cell.textContent.trim() : "";
    var number = parseFloat(text.replace(/^=/, ""));
    return isNaN(number) ? text : number;
  }
  function setupSorting(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("table.standings, table.crosstable, table.players"),
      function (table) {
        var body = table.tBodies[0];
        if (!body || !table.tHead) { return; }
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, index) {
          header.classList.add("sortable");
          header.tabIndex = 0;
          header.setAttribute("aria-sort", "none");
          function highestFirst() {
            return !header.classList.contains("rank") && body.rows.length > 0 &&
              typeof cellValue(body.rows[0], index) === "number";
          }
          function sort() {
            /* the first sort of points, tiebreaks or ratings puts the highest first; of places,
               pairing numbers and names the lowest */
            var current = header.getAttribute("aria-sort");
            var ascending = current === "none" ? !highestFirst() : current === "descending";
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = cellValue(a, index), y = cellValue(b, index);
              var order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "zh");
              return ascending ? order : -order;
            });
            rows.forEach(function (row) { body.appendChild(row); });
            Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.setAttribute("aria-sort", "none"); });
            header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
          }
          header.addEventListener("click", sort);
          header.addEventListener("keydown", function (event) {
            if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sort(); }
          });
        });
      });
  }

  /* Highlight: clicking a row marks every link to that row's player in the table. */
  function setupHighlight(scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("table.standings, table.crosstable"), function (table) {
      table.addEventListener("click", function (event) {
        if (event.target.closest("a")) { return; }
        var row = event.target.closest("tr");
        var link = row && row.querySelector("th a");
        if (!link) { return; }
        var href = link.getAttribute("href");
        var on = !row.classList.contains("hl");
        Array.prototype.forEach.call(table.querySelectorAll(".hl"), function (el) { el.classList.remove("hl"); });
        if (!on) { return; }
        row.classList.add("hl");
        Array.prototype.forEach.call(table.querySelectorAll("a"), function (a) {
          if (a.getAttribute("href") === href) { a.closest("td, th").classList.add("hl"); }
        });
      });
    });
  }

  /* Live pages: a page whose <main> has data-live (its key in live.json, which every build writes at
     the site's root) polls live.json: every 30 s, twice as long after each poll that finds nothing
     new up to 5 minutes, again every 30 s after a change; not while the tab is hidden, once as soon
     as it shows again. When the page's key changes, the page is fetched again and its <main>
     replaced in place (the scroll position kept); where that fails, a button offers to reload.
     From file:// there is nothing to poll. `?live-poll=S` on the page's address polls every S
     seconds at first (up to 10 × S) instead: for tests. */
  var POLL = 30, LONGEST = 10;  /* seconds, and the longest wait as a multiple of the first */
  function setupLive() {
    var main = document.getElementById("main");
    var note = document.getElementById("live-note");
    if (!main || !note || !main.hasAttribute("data-live") || !window.fetch || !window.DOMParser ||
        !/^https?:$/.test(location.protocol)) { return; }
    var key = main.getAttribute("data-live");
    var first = parseFloat(new URLSearchParams(location.search).get("live-poll")) || POLL;
    first = Math.max(first, 0.05);
    var wait = first, timer = null, busy = false, seen = null, stopped = false;
    function schedule() {
      clearTimeout(timer);
      timer = stopped || document.hidden ? null : setTimeout(check, wait * 1000);
    }
    function slower() { wait = Math.min(wait * 2, first * LONGEST); }
    function check() {
      if (busy || stopped) { return; }
      busy = true;
      fetch(root + "live.json", { cache: "no-store" }).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.json();
      }).then(function (live) {
        var value = live && live.keys ? live.keys[key] : undefined;
        if (seen === null || value === seen) {  /* the first answer is what the page shows */
          if (seen !== null) { slower(); }
          seen = value === undefined ? "" : value;
          main.setAttribute("data-live-seen", seen);
          return null;
        }
        seen = value === undefined ? "" : value;
        wait = first;
        return update().then(function () { main.setAttribute("data-live-seen", seen); });
      }).catch(slower).then(function () { busy = false; schedule(); });
    }
    function update() {
      return fetch(location.href.split("#")[0], { cache: "no-store" }).then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      }).then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("main");
        if (!fresh || fresh.getAttribute("data-live") !== key) { throw new Error("not this page"); }
        var x = window.scrollX, y = window.scrollY;
        var open = Array.prototype.map.call(main.querySelectorAll("details"), function (d) { return d.open; });
        main.innerHTML = fresh.innerHTML;
        var folds = main.querySelectorAll("details");  /* a list the reader opened stays open */
        if (folds.length === open.length) {
          Array.prototype.forEach.call(folds, function (d, i) { d.open = open[i]; });
        }
        if (page.title) { document.title = page.title; }
        setupSorting(main);
        setupHighlight(main);
        setupFit();  /* the new tables: whether each fits */
        window.scrollTo(x, y);
        say(note.getAttribute("data-updated"), "sr");
      }).catch(function () {
        stopped = true;  /* the page cannot follow: offer to reload it */
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = note.getAttribute("data-refresh");
        button.addEventListener("click", function () { location.reload(); });
        say(button);
      });
    }
    function say(what, className) {  /* the note's one item: a text (read out) or the button */
      var item = what;
      if (typeof what === "string") {
        item = document.createElement("span");
        item.textContent = what;
        item.className = className || "";
      }
      note.textContent = "";
      note.appendChild(item);
    }
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) { clearTimeout(timer); timer = null; } else { check(); }
    });
    check();  /* at once: the key of what the page shows */
  }

  /* Tables that fit: a .table-wrap scrolls sideways (style.css) and so is the box its table's header row
     sticks to; while its table is no wider than the page, it is marked .fits and lets the header row
     stick to the window instead. Measured again as the window or the table (all its columns shown on
     a phone) changes width. */
  function setupFit() {
    var wraps = Array.prototype.slice.call(document.querySelectorAll(".table-wrap"));
    if (!wraps.length || !window.ResizeObserver) { return; }
    function fit(wrap) { wrap.classList.toggle("fits", wrap.scrollWidth <= wrap.clientWidth); }
    var observer = new ResizeObserver(function (entries) {
      entries.forEach(function (entry) { fit(entry.target.closest(".table-wrap")); });
    });
    wraps.forEach(function (wrap) {
      fit(wrap);
      observer.observe(wrap);
      Array.prototype.forEach.call(wrap.querySelectorAll("table"), function (t) { observer.observe(t); });
    });
  }

  /* A knockout bracket wider than the page scrolls in its box under a hint (style.css); one that fits is
     marked .fits, which hides the hint. Measured again as the window changes width. */
  function setupBracket() {
    var bracket = document.querySelector(".bracket");
    if (!bracket) { return; }
    function fit() { bracket.classList.toggle("fits", bracket.scrollWidth <= bracket.clientWidth); }
    fit();
    if (window.ResizeObserver) { new ResizeObserver(fit).observe(bracket); }
  }

  /* The menu of a phone is one line that scrolls sideways (style.css): the page's own link in view. */
  function showCurrentMenuItem() {
    var menu = document.querySelector(".site-header .nav");
    var current = menu && menu.querySelector('a[aria-current="page"]');
    if (!current || menu.scrollWidth <= menu.clientWidth) { return; }
    var left = current.getBoundingClientRect().left - menu.getBoundingClientRect().left + menu.scrollLeft;
    menu.scrollLeft = Math.max(0, left - menu.clientWidth / 3);
  }

  setupSearch();
  showCurrentMenuItem();
  setupBracket();
  setupSorting(document);
  setupHighlight(document);
  setupFit();
  setupLive();
})();
