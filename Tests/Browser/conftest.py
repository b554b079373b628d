"""Fixtures for the web wall's browser tests: a real `dwall serve` on 127.0.0.1 with a fresh
data folder, Debian's Chromium driven by Playwright (never a downloaded browser), and an API
client that shares the way the phone or the CLI would."""
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("DWALL_BINARY", os.path.join(ROOT, ".build", "debug", "dwall"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = os.environ.get("ARTIFACTS", os.path.join(ROOT, "artifacts"))
USERNAME, PASSWORD = "alice", "correct horse battery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One `dwall serve` process; `restart()` stops it with SIGTERM and starts it on the same port."""

    def __init__(self):
        self.data = tempfile.mkdtemp(prefix="dwall-browser-")
        self.port = free_port()
        self.base = "http://127.0.0.1:%d" % self.port
        self.log_path = self.data + ".log"
        self.process = None
        self.env = dict(os.environ, DWALL_BCRYPT_COST="4")

    def start(self):
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--data", self.data, "--port", str(self.port), "--rate-limit", "0"],
            stdout=log, stderr=log, env=self.env)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1)
                return
            except (urllib.error.URLError, ConnectionError):
                assert self.process.poll() is None, "dwall serve exited:\n" + self.log()
                time.sleep(0.05)
        raise AssertionError("dwall serve did not answer within 60 s:\n" + self.log())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)
        self.process = None

    def restart(self):
        self.stop()
        self.start()

    def log(self):
        with open(self.log_path) as f:
            return f.read()

    def setup_link(self):
        deadline = time.time() + 10
        while time.time() < deadline:
            found = re.search(r"(http://\S+/setup\?code=\S+)", self.log())
            if found:
                return found.group(1)
            time.sleep(0.05)
        raise AssertionError("no setup link in the log:\n" + self.log())

    def set_up_first_account(self, page):
        """Makes the first account in `page` through the setup link, as a person would."""
        page.goto(self.setup_link())
        page.fill("input[name=username]", USERNAME)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(self.base + "/")

    def admin(self, *arguments):
        result = subprocess.run([BINARY, *arguments, "--data", self.data], capture_output=True, text=True, env=self.env)
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()


class API:
    """The JSON API with a bearer token, as the phone or the CLI uses it."""

    def __init__(self, base, token):
        self.base, self.token = base, token

    def request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={
            "Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read().decode()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            return error.code, (json.loads(text) if text else None)

    def share(self, **body):
        body.setdefault("id", str(uuid.uuid4()).upper())
        body.setdefault("source", "cli")
        status, answer = self.request("POST", "/v1/share", body)
        assert status in (200, 201), answer
        return answer["item"]

    def items(self, query=""):
        status, answer = self.request("GET", "/v1/items?limit=200" + ("&" + query if query else ""))
        assert status == 200, answer
        return answer["items"]


def pytest_collection_modifyitems(items):
    """The first-run test needs a server nobody has set up yet: run it before every other file's
    tests, which make the account through the `account` fixture."""
    items.sort(key=lambda item: item.name != "test_first_run_setup_makes_the_account_and_signs_in")


@pytest.fixture(scope="session")
def server():
    server = Server()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def account(server, browser):
    """The first account, made through the setup link the server logged (the first test checks
    that path closely; this makes sure the account exists whichever test runs first)."""
    status = urllib.request.urlopen(server.base + "/signin").read().decode()
    if "Not set up yet" in status:
        context = browser.new_context()
        server.set_up_first_account(context.new_page())
        context.close()
    return USERNAME


@pytest.fixture(scope="session")
def api(server, account):
    return API(server.base, server.admin("token", "create", "--user", account, "--label", "browser tests"))


def sign_in(page, base):
    page.goto(base + "/signin")
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(base + "/")


@pytest.fixture(scope="session")
def signed_in(server, browser, account):
    """The cookies of one sign-in, for tests that only need a signed-in browser: sign-ins are
    rate limited per user name (a burst of 10, then 5 a minute), and the suite has more tests."""
    context = browser.new_context()
    sign_in(context.new_page(), server.base)
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture
def wall(server, browser, signed_in):
    """A signed-in page on the wall, failing the test on any script error or CSP violation."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=signed_in)
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append("script error: %s" % error))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text else None)
    page.goto(server.base + "/")
    page.wait_for_selector("[data-live]:not([hidden])")
    yield page
    context.close()
    assert not problems, problems


def screenshot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name), full_page=False, animations="disabled")
