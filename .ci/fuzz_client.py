"""What the fuzz scripts share: a JSON POST to a running roster-server's demo app."""
import json
import time
import urllib.error
import urllib.request


def post(app, path, body, token=None):
    """POSTs `body` as JSON to `app` + `path`: (status, text, seconds), an error answer included."""
    request = urllib.request.Request(
        f"{app}{path}", data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            status, text = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    return status, text, time.monotonic() - started
