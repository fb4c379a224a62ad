/* Progressive enhancements: player search, sortable tables, highlighting a player in a table.
   Pages are complete without this script. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";

  /* Search over players (Chinese included), clubs and events: every word of the query must occur,
     in any order ("Lucia Garcia" finds "García, Lucía"), ignoring case and accents. */
  var LETTERS = { "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th" };
  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[øłđßæœıþ]/g, function (c) { return LETTERS[c]; });
  }
  var SHOWN = 20;  /* results listed; a line says how many more there are */
  function setupSearch() {
    var input = document.getElementById("player-search");
    var list = document.getElementById("search-results");
    if (!input || !list || !window.BULLETIN_INDEX) { return; }
    input.parentNode.hidden = false;
    /* `keys`: what a reader may type besides the name (pinyin, initials, O'Brien as obrien, Müller
       as mueller, an event's game in every language), written by the build */
    var entries = window.BULLETIN_INDEX.map(function (entry) {
      return { entry: entry,
               text: fold([entry.name, entry.club, entry.section, entry.keys].filter(Boolean).join(" ")) };
    });
    function note(text) {
      var item = document.createElement("li");
      item.className = "muted";
      item.textContent = text;
      list.appendChild(item);
    }
    input.addEventListener("input", function () {
      var words = fold(input.value).split(/[\s,，、]+/).filter(Boolean);
      list.innerHTML = "";
      if (!words.length) { list.hidden = true; return; }
      var all = entries.filter(function (item) {
        return words.every(function (word) { return item.text.indexOf(word) !== -1; });
      }).map(function (item) { return item.entry; });
      var found = all.slice(0, SHOWN);
      found.forEach(function (entry) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        /* an event published in the page's language too: its page in that language (<event>/en/…) */
        var variant = entry.languages && entry.languages[document.documentElement.lang];
        link.href = root + (variant ? entry.url.replace("/", "/" + variant + "/") : entry.url);
        link.textContent = entry.name;
        var where = document.createElement("small");
        where.textContent = " " + [entry.club, entry.section].filter(Boolean).join(" · ");
        item.appendChild(link);
        item.appendChild(where);
        list.appendChild(item);
      });
      if (!all.length) { note(list.getAttribute("data-none")); }
      if (all.length > SHOWN) { note(list.getAttribute("data-more").replace("{n}", all.length - SHOWN)); }
      list.hidden = false;
    });
  }

  /* Sorting: click a column header of a table marked sortable. */
  function cellValue(row, index) {
    var cell = row.cells[index];
    var text = cell ? cell.textContent.trim() : "";
    var number = parseFloat(text.replace(/^=/, ""));
    return isNaN(number) ? text : number;
  }
  function setupSorting() {
    Array.prototype.forEach.call(document.querySelectorAll("table.standings, table.crosstable, table.players"),
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
  function setupHighlight() {
    Array.prototype.forEach.call(document.querySelectorAll("table.standings, table.crosstable"), function (table) {
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

  setupSearch();
  setupSorting();
  setupHighlight();
  setupFit();
})();
