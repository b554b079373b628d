// Runs in the page (chrome.scripting.executeScript with `func`): it must be self-contained.
// Captures the page as the person sees it: title, selection, canonical link and the rendered
// document's readable part, trimmed to fit `maxBytes` of UTF-8.

/** The page snapshot of the document this runs in. */
export function capturePage(maxBytes) {
  const encoder = new TextEncoder();
  // The server's rules: one-line fields hold no control characters, text fields only line
  // breaks and tabs; lengths within its limits (counted here in UTF-16 units, never fewer).
  // Cut by code points, so no surrogate pair is split in two.
  const cut = (value, limit) => (value.length <= limit ? value : Array.from(value).slice(0, limit).join("").slice(0, limit).replace(/[\ud800-\udbff]$/, ""));
  const oneLine = (value, limit) => cut(String(value || "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim(), limit);
  const multiLine = (value, limit) => cut(String(value || "").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim(), limit);
  const fits = (text) => encoder.encode(text).length <= maxBytes;
  const canonicalLink = document.querySelector('link[rel~="canonical"][href]');
  const selection = multiLine(window.getSelection ? window.getSelection() : "", 20000);
  // The readable part: the main article if the page marks one, else the whole rendered body,
  // without what never reads as text (scripts, styles, templates, embedded frames and media).
  const pick = document.querySelector("article, main, [role=main]");
  const root = (pick && pick.innerText && pick.innerText.trim().length > 200 ? pick : document.body) || document.documentElement;
  const clone = root.cloneNode(true);
  for (const node of clone.querySelectorAll("script, style, noscript, template, iframe, object, embed, svg, canvas, video, audio, link")) {
    node.remove();
  }
  for (const node of clone.querySelectorAll("*")) {
    for (const attribute of [...node.attributes]) {
      if (!["href", "src", "alt", "title", "lang", "dir"].includes(attribute.name)) node.removeAttribute(attribute.name);
    }
  }
  const head = ["<head><meta charset=\"utf-8\"><title></title>"];
  for (const meta of document.querySelectorAll('meta[property^="og:"], meta[name="description"], meta[name="author"], meta[property^="article:"], meta[name^="twitter:"]')) {
    const key = meta.getAttribute("property") ? "property" : "name";
    const copy = document.createElement("meta");
    copy.setAttribute(key, meta.getAttribute(key));
    copy.setAttribute("content", meta.getAttribute("content") || "");
    head.push(copy.outerHTML);
  }
  head.push("</head>");
  const titleTag = document.createElement("title");
  titleTag.textContent = document.title;
  head[0] = head[0].replace("<title></title>", titleTag.outerHTML);
  let html = `<!doctype html><html>${head.join("")}<body>${clone.outerHTML}</body></html>`;
  // The rendered text, for when the HTML does not fit (here, or in the share's JSON body).
  let fallbackText = multiLine(root.innerText, 100000);
  while (!fits(fallbackText)) fallbackText = cut(fallbackText, Math.floor(fallbackText.length * 0.9));
  let text = null;
  if (!fits(html)) {
    html = null;
    text = fallbackText;
  }
  return {
    title: oneLine(document.title, 1000) || null,
    selection: selection || null,
    canonicalUrl: canonicalLink ? canonicalLink.href : null,
    html,
    text,
    capturedBy: "browser_extension",
    fallbackText: html ? fallbackText : null,
    url: location.href,
  };
}

/** Runs in the page: reads an image as the page shows it (with the page's cookies), up to
 * `maxBytes`; resolves to { ok, base64, type, size } or { ok: false, reason, size }. */
export async function readImage(src, maxBytes) {
  try {
    const response = await fetch(src, { credentials: "include" });
    if (!response.ok) return { ok: false, reason: `the image's site answered ${response.status}` };
    const declared = Number(response.headers.get("Content-Length") || 0);
    if (declared > maxBytes) return { ok: false, reason: "too_large", size: declared };
    const blob = await response.blob();
    if (blob.size > maxBytes) return { ok: false, reason: "too_large", size: blob.size };
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { ok: true, base64: btoa(binary), type: blob.type || "application/octet-stream", size: blob.size };
  } catch (error) {
    return { ok: false, reason: "the image's site does not let the page read it (" + (error && error.message) + ")" };
  }
}
