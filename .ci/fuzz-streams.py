"""Change streams whose readers stop reading, against a running roster-server demo (called by
.ci/fuzz). A client opens `watch` with a small receive buffer and never reads, and another of the
same user's connections writes large documents it may see: the server must stay up and answer
others at once, must not give the user's stream slot back while the unread connection is open,
and must close that connection itself (the stream's byte and time bounds) within its stall time.

    python3 .ci/fuzz-streams.py http://127.0.0.1:PORT
"""
import base64
import json
import socket
import sys
import time
import urllib.parse
import urllib.request

import fuzz_client

BASE = sys.argv[1].rstrip("/")
APP = f"{BASE}/api/client/v2.0/app/roster-demo"
# How long the server may take to close a stalled stream: its stall time (30 s by default) with
# room for a busy machine.
CLOSE_WITHIN = 75.0


def post(path, body, token=None):
    status, text, _ = fuzz_client.post(APP, path, body, token)
    return status, text


def health():
    started = time.monotonic()
    with urllib.request.urlopen(f"{BASE}/health", timeout=30) as answer:
        assert answer.status == 200, f"/health answered {answer.status}"
    return time.monotonic() - started


status, text = post("/auth/providers/anon-user/login", {})
assert status == 200, f"log-in answered {status}: {text[:200]}"
user = json.loads(text)
token, me = user["access_token"], user["user_id"]
call = {"name": "watch", "service": "mongodb-atlas", "arguments": [{"database": "my_database", "collection": "users"}]}
query = urllib.parse.urlencode({"baas_request": base64.b64encode(json.dumps(call).encode()).decode(), "baas_at": token})
target = urllib.parse.urlsplit(f"{APP}/functions/call?{query}")


def open_stalled():
    """A watch whose reader reads the answer's head and then stops."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # Small, but at least two loopback segments, or the kernel never reopens the window once read.
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 128 * 1024)
    connection.connect((target.hostname, target.port))
    connection.sendall(f"GET {target.path}?{target.query} HTTP/1.1\r\nHost: {target.netloc}\r\n\r\n".encode())
    connection.settimeout(30)
    head = connection.recv(4096)
    assert head.startswith(b"HTTP/1.1 200"), f"watch answered {head[:200]!r}"
    return connection


stalled = [open_stalled() for _ in range(3)]
big = "x" * 15000
written, slowest_health = 0, 0.0
# Three to a call: the demo app takes bodies of at most 64 KiB.
for batch in range(200):
    documents = [{"userId": me, "n": batch * 3 + i, "blob": big} for i in range(3)]
    status, text = post("/functions/call", {"name": "insertMany", "service": "mongodb-atlas",
                                            "arguments": [{"database": "my_database", "collection": "users", "documents": documents}]}, token)
    assert status == 200, f"insertMany answered {status}: {text[:200]}"
    written += len(documents)
    slowest_health = max(slowest_health, health())

# Each stalled connection is closed by the server: read what it holds until the end.
failures = []
for number, connection in enumerate(stalled):
    connection.settimeout(5)
    deadline, ended = time.monotonic() + CLOSE_WITHIN, False
    while time.monotonic() < deadline:
        try:
            chunk = connection.recv(1 << 16)
        except socket.timeout:
            continue
        except ConnectionResetError:
            ended = True
            break
        if not chunk:
            ended = True
            break
    connection.close()
    if not ended:
        failures.append(f"stalled stream {number} was still open {CLOSE_WITHIN:.0f} s after {written} writes")
slowest_health = max(slowest_health, health())
print(f"fuzz-streams: 3 stalled streams, {written} writes of 15 KB, /health at worst {slowest_health:.2f} s; "
      f"the server closed {3 - len(failures)} of them")
if failures:
    print("fuzz-streams: FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
