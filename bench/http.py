"""Throughput and p99 of the puzzle check endpoint against a trivial JSON view.

Starts the site on loopback, then measures, interleaved in the same run, POSTs
to ``/api/puzzles/<slug>/check/`` and to a trivial JSON view that goes through
the same middleware.  Prints both, and the ratio of throughputs (target ≥ 0.6).
Then weighs a lesson page with every asset it loads, gzip-compressed (target
< 100 KB), and checks that nothing is requested from another host.

    .venv/bin/python bench/http.py [--seconds 5] [--rounds 3] [--threads 4]
"""

from __future__ import annotations

try:  # first: makes the standard library's http importable (see bench/_support.py)
    from bench import _support
except ImportError:  # run as a script from bench/
    import _support
import argparse
import gzip
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = _support.ROOT
free_port = _support.free_port


def start_server(port: int) -> subprocess.Popen:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench._http_site", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload", "--skip-checks"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    cookies = response.headers.get_all("Set-Cookie") or []
    connection.close()
    return response.status, data, response.headers, cookies


def csrf_headers(port: int, lesson_path: str) -> dict:
    _, _, _, cookies = request(port, "GET", lesson_path)
    token = next(c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("csrftoken="))
    return {"Cookie": f"csrftoken={token}", "X-CSRFToken": token, "Content-Type": "application/json"}


def hammer(port: int, path: str, body: bytes, headers: dict, seconds: float, threads: int) -> list[float]:
    latencies: list[float] = []
    failures = []
    stop = time.perf_counter() + seconds
    lock = threading.Lock()

    def worker():
        local = []
        while time.perf_counter() < stop:
            start = time.perf_counter()
            status, _, _, _ = request(port, "POST", path, body, headers)
            local.append(time.perf_counter() - start)
            if status != 200:
                failures.append(status)
        with lock:
            latencies.extend(local)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if failures:
        raise SystemExit(f"{len(failures)} failed requests to {path}: {sorted(set(failures))}")
    return latencies


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 100 else max(values)


def page_weight(port: int, path: str) -> tuple[int, int, list[str], list[str]]:
    """(raw bytes, gzip bytes, assets, external references) of a page and its assets."""
    _, html, _, _ = request(port, "GET", path)
    seen: dict[str, bytes] = {path: html}
    external = re.findall(r'(?:src|href)="(https?://[^"]+)"', html.decode())
    external = [url for url in external if not re.search(r'<a [^>]*href="' + re.escape(url), html.decode())]
    queue = re.findall(r'(?:<script[^>]+src|<link[^>]+href)="(/static/[^"]+)"', html.decode())
    while queue:
        asset = queue.pop()
        if asset in seen:
            continue
        _, data, _, _ = request(port, "GET", asset)
        seen[asset] = data
        if asset.endswith(".js"):  # ES module imports are fetched too
            base = asset.rsplit("/", 1)[0]
            for module in re.findall(r'''import[^'"]*['"](\./[^'"]+|/static/[^'"]+)['"]''', data.decode()):
                queue.append(os.path.normpath(f"{base}/{module}") if module.startswith("./") else module)
    raw = sum(len(data) for data in seen.values())
    packed = sum(len(gzip.compress(data)) for data in seen.values())
    return raw, packed, sorted(seen), external


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--threads", type=int, default=4, help="concurrent clients")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench._http_site")
    import django

    django.setup()
    from tutor.lessons.library import get_library

    puzzle = next(p for p in get_library().puzzles().values() if p.is_play and p.tempting)
    lesson_path = f"/lecciones/{puzzle.lesson}/"
    port = free_port()
    server = start_server(port)
    try:
        headers = csrf_headers(port, lesson_path)
        check = (f"/api/puzzles/{puzzle.slug}/check/", json.dumps({"play": puzzle.tempting[0].text}).encode())
        trivial = ("/bench/trivial/", b"{}")
        results = {"check": [], "trivial": []}
        rates = {"check": [], "trivial": []}
        for _ in range(args.rounds):
            for name, (path, body) in (("trivial", trivial), ("check", check)):
                latencies = hammer(port, path, body, headers, args.seconds, args.threads)
                results[name].extend(latencies)
                rates[name].append(len(latencies) / args.seconds)
        for name in ("trivial", "check"):
            print(f"{name:8} {statistics.median(rates[name]):8.1f} req/s   p50 {statistics.median(results[name]) * 1000:6.1f} ms   p99 {p99(results[name]) * 1000:6.1f} ms")
        ratio = statistics.median(rates["check"]) / statistics.median(rates["trivial"])
        print(f"throughput ratio check/trivial: {ratio:.2f} (target >= 0.6)")
        raw, packed, assets, external = page_weight(port, lesson_path)
        print(f"lesson page {lesson_path}: {len(assets)} files, {raw / 1024:.0f} KB raw, {packed / 1024:.1f} KB gzip (target < 100 KB)")
        print(f"external requests: {len(external)}" + (f" {external}" if external else ""))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
