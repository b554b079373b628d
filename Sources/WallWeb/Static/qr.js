/* A QR code encoder, for the first-run panel's "connect your phone": text as UTF-8 bytes (byte
   mode), error correction level M, the smallest version (1 to 40) that holds it, the mask with
   the lowest penalty (ISO/IEC 18004, as Project Nayuki's qrcodegen reads it). Exposes
   `DWQR.encode(text)` (`{size, dark(x, y)}`) and `DWQR.svg(text, label)` (an <svg> element,
   four modules of quiet zone, dark on white in either colour scheme). No dependencies. */
(function () {
  "use strict";

  /* Level M's error correction codewords per block and blocks, by version (index 0 unused). */
  var ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
  var BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21,
    23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];

  function rawModules(version) {
    var n = (16 * version + 128) * version + 64;
    if (version >= 2) {
      var align = Math.floor(version / 7) + 2;
      n -= (25 * align - 10) * align - 55;
      if (version >= 7) n -= 36;
    }
    return n;
  }
  function dataCodewords(version) {
    return Math.floor(rawModules(version) / 8) - ECC_PER_BLOCK[version] * BLOCKS[version];
  }

  /* ---- Reed-Solomon over GF(256), polynomial 0x11D ---------------------------------------- */
  function multiply(x, y) {
    var z = 0;
    for (var i = 7; i >= 0; i--) { z = (z << 1) ^ ((z >>> 7) * 0x11D); z ^= ((y >>> i) & 1) * x; }
    return z;
  }
  function divisor(degree) {
    var result = [], root = 1, i, j;
    for (i = 0; i < degree - 1; i++) result.push(0);
    result.push(1);
    for (i = 0; i < degree; i++) {
      for (j = 0; j < result.length; j++) {
        result[j] = multiply(result[j], root);
        if (j + 1 < result.length) result[j] ^= result[j + 1];
      }
      root = multiply(root, 0x02);
    }
    return result;
  }
  function remainder(data, div) {
    var result = div.map(function () { return 0; });
    data.forEach(function (b) {
      var factor = b ^ result.shift();
      result.push(0);
      div.forEach(function (coef, i) { result[i] ^= multiply(coef, factor); });
    });
    return result;
  }

  /* ---- Codewords: the bytes, padded, split into blocks, each with its error correction, interleaved */
  function utf8(text) {
    return Array.prototype.slice.call(new TextEncoder().encode(text));
  }
  function codewords(bytes, version) {
    var bits = [], capacity = dataCodewords(version) * 8;
    function put(value, length) { for (var i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); }
    put(4, 4);
    put(bytes.length, version <= 9 ? 8 : 16);
    bytes.forEach(function (b) { put(b, 8); });
    put(0, Math.min(4, capacity - bits.length));
    put(0, (8 - bits.length % 8) % 8);
    for (var pad = 0xEC; bits.length < capacity; pad ^= 0xEC ^ 0x11) put(pad, 8);
    var data = [];
    for (var i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2));

    var blocks = BLOCKS[version], eccLength = ECC_PER_BLOCK[version], raw = Math.floor(rawModules(version) / 8);
    var short = blocks - raw % blocks, shortLength = Math.floor(raw / blocks), div = divisor(eccLength);
    var split = [], k = 0;
    for (i = 0; i < blocks; i++) {
      var block = data.slice(k, k + shortLength - eccLength + (i < short ? 0 : 1));
      k += block.length;
      var ecc = remainder(block, div);
      if (i < short) block.push(null); /* a short block's gap, skipped when interleaving */
      split.push(block.concat(ecc));
    }
    var result = [];
    for (i = 0; i < split[0].length; i++) {
      split.forEach(function (b) { if (b[i] !== null && b[i] !== undefined) result.push(b[i]); });
    }
    return result;
  }

  /* ---- The symbol ------------------------------------------------------------------------ */
  function alignmentPositions(version) {
    if (version === 1) return [];
    var count = Math.floor(version / 7) + 2, size = version * 4 + 17;
    var step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
    var result = [6];
    for (var pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
    return result;
  }
  function Symbol(version) {
    var size = version * 4 + 17, self = this;
    this.version = version; this.size = size;
    this.modules = []; this.fixed = [];
    for (var y = 0; y < size; y++) { this.modules.push(new Array(size).fill(false)); this.fixed.push(new Array(size).fill(false)); }
    function set(x, y, dark) { self.modules[y][x] = dark; self.fixed[y][x] = true; }
    this.set = set;
    for (var i = 0; i < size; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
    [[3, 3], [size - 4, 3], [3, size - 4]].forEach(function (c) {
      for (var dy = -4; dy <= 4; dy++) {
        for (var dx = -4; dx <= 4; dx++) {
          var d = Math.max(Math.abs(dx), Math.abs(dy)), x = c[0] + dx, yy = c[1] + dy;
          if (x >= 0 && x < size && yy >= 0 && yy < size) set(x, yy, d !== 2 && d !== 4);
        }
      }
    });
    var align = alignmentPositions(version), n = align.length;
    for (i = 0; i < n; i++) {
      for (var j = 0; j < n; j++) {
        if ((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0)) continue;
        for (var ay = -2; ay <= 2; ay++) {
          for (var ax = -2; ax <= 2; ax++) set(align[i] + ax, align[j] + ay, Math.max(Math.abs(ax), Math.abs(ay)) !== 1);
        }
      }
    }
    this.format(0); /* reserves the format areas; drawn again with the chosen mask */
    if (version >= 7) {
      var rem = version;
      for (i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1F25);
      var bits = version << 12 | rem;
      for (i = 0; i < 18; i++) {
        var bit = ((bits >>> i) & 1) === 1, a = size - 11 + i % 3, b = Math.floor(i / 3);
        set(a, b, bit); set(b, a, bit);
      }
    }
  }
  /* The format bits: level M (00) and the mask, with their BCH code, in both places. */
  Symbol.prototype.format = function (mask) {
    var data = mask, rem = data, i, size = this.size, set = this.set;
    for (i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    var bits = (data << 10 | rem) ^ 0x5412;
    function bit(k) { return ((bits >>> k) & 1) === 1; }
    for (i = 0; i <= 5; i++) set(8, i, bit(i));
    set(8, 7, bit(6)); set(8, 8, bit(7)); set(7, 8, bit(8));
    for (i = 9; i < 15; i++) set(14 - i, 8, bit(i));
    for (i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
    for (i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
    set(8, size - 8, true);
  };
  /* The codewords in the zigzag of column pairs, right to left. */
  Symbol.prototype.place = function (data) {
    var i = 0, size = this.size;
    for (var right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (var v = 0; v < size; v++) {
        for (var j = 0; j < 2; j++) {
          var x = right - j, upward = ((right + 1) & 2) === 0, y = upward ? size - 1 - v : v;
          if (!this.fixed[y][x] && i < data.length * 8) {
            this.modules[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
            i++;
          }
        }
      }
    }
  };
  var MASKS = [
    function (x, y) { return (x + y) % 2 === 0; }, function (x, y) { return y % 2 === 0; },
    function (x) { return x % 3 === 0; }, function (x, y) { return (x + y) % 3 === 0; },
    function (x, y) { return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0; },
    function (x, y) { return x * y % 2 + x * y % 3 === 0; },
    function (x, y) { return (x * y % 2 + x * y % 3) % 2 === 0; },
    function (x, y) { return ((x + y) % 2 + x * y % 3) % 2 === 0; }
  ];
  Symbol.prototype.mask = function (m) {
    for (var y = 0; y < this.size; y++) {
      for (var x = 0; x < this.size; x++) if (!this.fixed[y][x] && MASKS[m](x, y)) this.modules[y][x] = !this.modules[y][x];
    }
  };
  /* How bad a masked symbol is for a reader: runs, 2×2 blocks, finder look-alikes, imbalance. */
  Symbol.prototype.penalty = function () {
    var size = this.size, m = this.modules, score = 0, x, y, dark = 0;
    function lines(get) {
      for (var a = 0; a < size; a++) {
        var run = 1, line = [];
        for (var b = 0; b < size; b++) {
          line.push(get(a, b) ? 1 : 0);
          if (b > 0) {
            if (get(a, b) === get(a, b - 1)) { run++; if (run === 5) score += 3; else if (run > 5) score++; }
            else run = 1;
          }
        }
        var text = "0000" + line.join("") + "0000";
        for (var k = text.indexOf("1011101"); k >= 0; k = text.indexOf("1011101", k + 1)) {
          if (text.slice(k - 4, k) === "0000" || text.slice(k + 7, k + 11) === "0000") score += 40;
        }
      }
    }
    lines(function (a, b) { return m[a][b]; });
    lines(function (a, b) { return m[b][a]; });
    for (y = 0; y < size - 1; y++) {
      for (x = 0; x < size - 1; x++) {
        var c = m[y][x];
        if (c === m[y][x + 1] && c === m[y + 1][x] && c === m[y + 1][x + 1]) score += 3;
      }
    }
    for (y = 0; y < size; y++) for (x = 0; x < size; x++) if (m[y][x]) dark++;
    var total = size * size;
    score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
    return score;
  };

  function encode(text) {
    var bytes = utf8(text), version = 1;
    while (version <= 40 && dataCodewords(version) < bytes.length + (version <= 9 ? 2 : 3)) version++;
    if (version > 40) throw new Error("Too long for a QR code.");
    var data = codewords(bytes, version), best = null, bestScore = Infinity;
    for (var m = 0; m < 8; m++) {
      var symbol = new Symbol(version);
      symbol.place(data); symbol.mask(m); symbol.format(m);
      var score = symbol.penalty();
      if (score < bestScore) { best = symbol; bestScore = score; }
    }
    return { size: best.size, version: version, dark: function (x, y) { return best.modules[y][x]; } };
  }

  var SVG = "http://www.w3.org/2000/svg";
  function svg(text, label) {
    var code = encode(text), quiet = 4, side = code.size + quiet * 2, path = [];
    for (var y = 0; y < code.size; y++) {
      for (var x = 0; x < code.size; x++) if (code.dark(x, y)) path.push("M" + (x + quiet) + " " + (y + quiet) + "h1v1h-1z");
    }
    var el = document.createElementNS(SVG, "svg");
    el.setAttribute("viewBox", "0 0 " + side + " " + side);
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label || text);
    el.setAttribute("shape-rendering", "crispEdges");
    var paper = document.createElementNS(SVG, "rect");
    paper.setAttribute("width", side); paper.setAttribute("height", side); paper.setAttribute("fill", "#fff");
    var ink = document.createElementNS(SVG, "path");
    ink.setAttribute("d", path.join("")); ink.setAttribute("fill", "#000");
    el.appendChild(paper); el.appendChild(ink);
    return el;
  }

  window.DWQR = { encode: encode, svg: svg };
})();
