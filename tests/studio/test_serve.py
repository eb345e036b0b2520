"""``tombgen serve``: listens on 127.0.0.1 unless told otherwise, prints its address, answers,
stops cleanly on Ctrl-C (SIGINT); a port in use is a clear error; ``tombgen --help`` imports
neither Starlette nor uvicorn."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import urllib.request

from studio_support import ROOT, start_server



def test_serve_listens_answers_and_stops_on_ctrl_c():
    server, url = start_server("--port", "0")
    try:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=30) as page:
            assert b"tombgen studio" in page.read()
        with urllib.request.urlopen(url + "api/tumba/setup.json?seed=3", timeout=60) as doc:
            assert b'"format": "tombgen/tumba.setup"' in doc.read()
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, out
    assert "stopped" in out and "Traceback" not in out


def test_ctrl_c_stops_a_running_job_and_answers_it():
    import json
    import threading
    import time
    import urllib.error

    server, url = start_server("--port", "0")
    answers = []

    def ask():
        try:
            urllib.request.urlopen(url + "api/realms/map.pdf?seed=1&rating_games=2000",
                                   timeout=60)
        except urllib.error.HTTPError as error:
            answers.append((error.code, json.loads(error.read())))

    asking = threading.Thread(target=ask)
    asking.start()
    time.sleep(3)  # the request is in, its job running
    server.send_signal(signal.SIGINT)
    out, _ = server.communicate(timeout=30)
    asking.join(30)
    assert server.returncode == 0 and "Traceback" not in out, out
    # answered, not cut off after the grace period (that would be a 500)
    assert answers == [(503, {"problems": [
        "the server is shutting down; start it again with tombgen serve"]})]


def test_a_port_in_use_is_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "generator", "serve", "--no-open", "--port",
                              str(port)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert f"--port {port}: cannot listen there" in run.stderr and "Traceback" not in run.stderr


def test_help_imports_no_web_framework():
    code = ("import sys\nfrom generator.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print([m for m in ('starlette', 'uvicorn', 'generator.studio.app') "
            "if m in sys.modules])")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip().endswith("[]"), run.stdout + run.stderr
