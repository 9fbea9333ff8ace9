"""cdp.py - a small driver of headless Chromium for the page's tests.

Chromium is started with --remote-debugging-pipe: it reads DevTools
protocol commands (JSON, each ended by a NUL byte) on descriptor 3 and
writes answers and events on descriptor 4. No package is needed beyond
Python and Chromium itself.

    with Browser() as b:
        page = b.open("file:///.../index.html")
        page.wait("document.body.dataset.ready === '1'")
        page.eval("1 + 1")          # -> 2
        page.screenshot("x.png")
        page.console                # every console message and exception
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
    "--remote-debugging-pipe",
]


class CdpError(Exception):
    pass


class Browser:
    def __init__(self, chromium=None, width=1280, height=900):
        self.chromium = chromium or os.environ.get("CHROMIUM") or shutil.which("chromium")
        self.size = (width, height)
        self.next_id = 1
        self.events = []
        self.buf = b""

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="sow-web-profile-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # the child's descriptors 3 and 4
        def setup():
            # out of the way first, so that neither lands on the other
            r, w = os.dup(to_chrome_r), os.dup(from_chrome_w)
            r2, w2 = os.dup2(r, 100), os.dup2(w, 101)
            os.dup2(r2, 3)
            os.dup2(w2, 4)
        self.proc = subprocess.Popen(
            [self.chromium, *CHROMIUM_FLAGS, "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % self.size, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, preexec_fn=setup, pass_fds=(3, 4))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        return self

    def __exit__(self, *exc):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_chrome)
        os.close(self.from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read(self, timeout):
        import select
        while b"\0" not in self.buf:
            r, _, _ = select.select([self.from_chrome], [], [], timeout)
            if not r:
                raise CdpError("Chromium did not answer in %g s" % timeout)
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise CdpError("Chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=60):
        mid = self.next_id
        self.next_id += 1
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        end = time.time() + timeout
        while True:
            m = self._read(max(0.1, end - time.time()))
            if m.get("id") == mid:
                if "error" in m:
                    raise CdpError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            self.events.append(m)

    def pump(self, seconds):
        """Read events for a while (console messages)."""
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.events.append(self._read(max(0.05, end - time.time())))
            except CdpError:
                return

    def open(self, url, clean=False):
        """A new tab at url. clean: the page's saved state (localStorage,
        shared by every page of the profile) is cleared first, in the
        browser, so a reload keeps what the page saved since."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable", session=session)
        if clean:
            self.clear_storage(page, url)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": self.size[0], "height": self.size[1],
                   "deviceScaleFactor": 1, "mobile": False}, session=session)
        self.call("Page.navigate", {"url": url}, session=session)
        return page

    def clear_storage(self, page, url):
        """Clear the localStorage of url's origin through DevTools, from a
        document of that origin (the folder of url) opened first, so that
        the page's first script finds nothing saved. A script run on the
        tab's first document only (a flag in sessionStorage) sometimes ran
        again on a reload and lost what the page had saved since."""
        if not url.startswith("file://"):
            return
        folder = url.split("?")[0].split("#")[0].rsplit("/", 1)[0] + "/"
        self.call("Page.navigate", {"url": folder}, session=page.session)
        page.wait("location.href === %s && document.readyState === 'complete'" % json.dumps(folder), 30,
                  "the page's folder")
        self.call("DOMStorage.enable", session=page.session)
        self.call("DOMStorage.clear", {"storageId": {"storageKey": "file:///", "isLocalStorage": True}},
                  session=page.session)
        self.call("DOMStorage.disable", session=page.session)
        # the folder's own console messages are not the page's
        self.events = [e for e in self.events if e.get("sessionId") != page.session]


class Page:
    def __init__(self, browser, session):
        self.b = browser
        self.session = session

    @property
    def console(self):
        """Console messages, exceptions and log entries of this page."""
        out = []
        for e in self.b.events:
            if e.get("sessionId") != self.session:
                continue
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled":
                out.append("console.%s: %s" % (p.get("type"), " ".join(
                    str(a.get("value", a.get("description", ""))) for a in p.get("args", []))))
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append("exception: %s %s" % (d.get("text"), d.get("exception", {}).get("description", "")))
            elif m == "Log.entryAdded":
                en = p.get("entry", {})
                out.append("log.%s: %s (%s)" % (en.get("level"), en.get("text"), en.get("url", "")))
        return out

    def eval(self, expr, timeout=60):
        r = self.b.call("Runtime.evaluate", {"expression": expr, "awaitPromise": True,
                                             "returnByValue": True}, self.session, timeout)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise CdpError("%s: %s" % (expr[:80], d.get("exception", {}).get("description", d.get("text"))))
        return r.get("result", {}).get("value")

    def wait(self, cond, timeout=60, what=None):
        """Poll a JavaScript condition until it is true."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                if self.eval("!!(%s)" % cond):
                    return
            except CdpError:
                pass
            time.sleep(0.05)
        raise CdpError("timed out after %g s waiting for %s" % (timeout, what or cond))

    def screenshot(self, path, height=None):
        """A PNG of the viewport, or of its top `height` pixels."""
        params = {"format": "png", "captureBeyondViewport": False}
        if height:
            params["clip"] = {"x": 0, "y": 0, "width": self.b.size[0], "height": height, "scale": 1}
        data = self.b.call("Page.captureScreenshot", params, self.session)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
