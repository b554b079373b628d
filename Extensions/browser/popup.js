// The toolbar popup: the current tab's title and address, a note with its count, tags, the
// wall picker (remembering the choice), Save (and Ctrl/⌘-Enter), the answer, and the queue.
import { loadSettings, saveSettings } from "./src/settings.js";
import { walls } from "./src/api.js";
import { FALLBACK_LIMITS } from "./src/shares.js";

const $ = (id) => document.getElementById(id);
let limits = FALLBACK_LIMITS;
let tab = null;

function ask(type, extra = {}) {
  return chrome.runtime.sendMessage({ type, ...extra }).then((answer) => {
    if (!answer) throw new Error("The extension's background did not answer.");
    if (!answer.ok) throw new Error(answer.error);
    return answer.value;
  });
}

function show(result) {
  const box = $("result");
  box.hidden = false;
  box.dataset.state = result.state;
  const headline = {
    saved: "Saved",
    duplicate: "Already on your wall — moved it to the top",
    queued: "Queued — will send when the server is reachable",
    refused: "Not saved",
    signedOut: "Not sent — signed out; kept, and sent once you sign in again",
  }[result.state] || result.state;
  box.textContent = headline;
  const detail = result.state === "queued" || result.state === "signedOut" ? result.reason : result.state === "refused" ? result.message : "";
  if (detail) {
    const reason = document.createElement("span");
    reason.className = "reason";
    reason.textContent = detail;
    box.append(reason);
  }
}

function countNote() {
  const length = [...$("note").value].length;
  const count = $("note-count");
  count.textContent = `${length} / ${limits.maxNoteLength}`;
  count.classList.toggle("over", length > limits.maxNoteLength);
  $("save").disabled = length > limits.maxNoteLength;
}

async function showQueue() {
  const entries = await ask("waiting");
  $("queue").hidden = entries.length === 0;
  const list = $("queue-list");
  list.replaceChildren();
  for (const entry of entries) {
    const item = document.createElement("li");
    item.dataset.id = entry.id;
    item.textContent = entry.title;
    const reason = document.createElement("span");
    reason.className = "reason";
    reason.textContent = entry.refused ? "Refused: " + entry.refused : (entry.reason || "Not sent yet.");
    item.append(reason);
    if (entry.refused) {
      const discard = document.createElement("button");
      discard.type = "button";
      discard.className = "small";
      discard.textContent = "Discard";
      discard.addEventListener("click", async () => { await ask("discard", { id: entry.id }); await showQueue(); });
      item.append(discard);
    }
    list.append(item);
  }
}

async function fillWalls(settings) {
  try {
    // Walls shared with the person only to view take no shares; shared ones say whose they are.
    const list = (await walls()).filter((wall) => wall.role !== "viewer");
    const select = $("wall");
    if (list.length) select.replaceChildren();
    for (const wall of list) {
      const option = document.createElement("option");
      option.value = wall.id;
      option.textContent = wall.name + (wall.owner ? " · " + wall.owner : "") + (wall.isDefault ? " (default)" : "");
      select.append(option);
    }
    const remembered = list.find((wall) => wall.id === settings.defaultWall) || list.find((wall) => wall.isDefault);
    if (remembered) select.value = remembered.id;
  } catch {
    // Offline: the default wall still works, and the share is queued.
  }
}

async function save(event) {
  event.preventDefault();
  if ($("save").disabled) return;
  $("save").disabled = true;
  const wall = $("wall").value;
  await saveSettings({ defaultWall: wall });
  const tags = $("tags").value.split(",").map((tag) => tag.trim()).filter(Boolean);
  try {
    const result = await ask("savePage", { tabId: tab.id, choices: { note: $("note").value, tags, wall } });
    show(result);
    if (result.state === "saved" || result.state === "duplicate") $("already").hidden = false;
  } catch (error) {
    show({ state: "refused", message: error.message });
  } finally {
    $("save").disabled = false;
    countNote();
    await showQueue();
  }
}

async function currentTab() {
  const wanted = Number(new URLSearchParams(location.search).get("tabId"));
  if (wanted) return chrome.tabs.get(wanted);
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  return active;
}

async function start() {
  $("options-link").addEventListener("click", (event) => { event.preventDefault(); chrome.runtime.openOptionsPage(); });
  $("open-options").addEventListener("click", () => chrome.runtime.openOptionsPage());
  const settings = await loadSettings();
  if (!settings.token) {
    $("signed-out").hidden = false;
    return;
  }
  tab = await currentTab();
  $("save-form").hidden = false;
  $("page-title").textContent = (tab && tab.title) || "";
  $("page-url").textContent = (tab && tab.url) || "";
  $("note").addEventListener("input", countNote);
  $("save-form").addEventListener("submit", save);
  $("save-form").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) save(event);
  });
  $("send-now").addEventListener("click", async () => {
    const results = await ask("sendNow");
    const last = results[results.length - 1];
    if (last) show(last);
    await showQueue();
  });
  countNote();
  $("note").focus();
  const facts = await ask("facts");
  limits = facts.limits || limits;
  countNote();
  if (!facts.ok) {
    $("notice").hidden = false;
    $("notice").textContent = facts.message;
    $("save").disabled = true;
  }
  const last = await ask("lastResult");
  if (last && last.state === "refused" && !last.seen) {
    show(last);
    await ask("seenLastResult");
  }
  await Promise.all([fillWalls(settings), showQueue(), ask("isSaved", { url: tab.url }).then((saved) => { $("already").hidden = !saved; })]);
  document.body.dataset.ready = "true";
}

start().catch((error) => show({ state: "refused", message: error.message }));
