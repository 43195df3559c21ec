/**
 * Embeddings (of entities, episodes and facts) are stored by the embedded backend as text: one
 * string parameter per row, or one CSV field in a bulk `COPY`, costs a fraction of a FLOAT[] list
 * (which the driver converts element by element and the database stores uncompressed), and kgmem
 * searches them in process anyway.
 *
 * Two forms, told apart by their first character (`~` is not in the base64 alphabet):
 * - dense: base64 of the little-endian float32 values;
 * - sparse, for vectors that are mostly zeros (the offline hashing embedder's ~35 non-zeros of
 *   256): `~` then base64 of the non-zero positions (uint16, little-endian) followed by their
 *   float32 values. About a fifth of the dense text, and of the database's work to load it.
 */

const SPARSE_MARK = '~';
// Sparse costs 6 bytes per non-zero against 4 per component: used below a third non-zero, where
// it is at most half the dense size.
const SPARSE_MAX_SHARE = 1 / 3;
// Positions are stored as uint16.
const SPARSE_MAX_DIMENSION = 0x10000;

/** A vector's stored text (`''` for none); see the module comment for the two forms. */
export function encodeVector(vector: ArrayLike<number> | undefined): string {
  if (vector === undefined || vector.length === 0) return '';
  const floats = vector instanceof Float32Array ? vector : Float32Array.from(vector as ArrayLike<number>);
  let nonZero = 0;
  for (let i = 0; i < floats.length; i++) if (floats[i] !== 0) nonZero++;
  if (floats.length <= SPARSE_MAX_DIMENSION && nonZero <= floats.length * SPARSE_MAX_SHARE) {
    return SPARSE_MARK + sparseBytes(floats, nonZero).toString('base64');
  }
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

/**
 * The vector of {@link encodeVector}'s text (either form); `undefined` for `''`, for a value of
 * another dimension or for text that is not a stored vector.
 */
export function decodeVector(text: unknown, dimension: number): Float32Array | undefined {
  if (typeof text !== 'string' || text.length === 0) return undefined;
  if (text.startsWith(SPARSE_MARK)) return decodeSparse(Buffer.from(text.slice(1), 'base64'), dimension);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength !== dimension * 4) return undefined;
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, dimension);
}

function sparseBytes(floats: Float32Array, nonZero: number): Buffer {
  const bytes = Buffer.allocUnsafe(nonZero * 6);
  let k = 0;
  for (let i = 0; i < floats.length; i++) {
    const x = floats[i] ?? 0;
    if (x === 0) continue;
    bytes.writeUInt16LE(i, k * 2);
    bytes.writeFloatLE(x, nonZero * 2 + k * 4);
    k++;
  }
  return bytes;
}

function decodeSparse(bytes: Buffer, dimension: number): Float32Array | undefined {
  if (bytes.byteLength % 6 !== 0) return undefined;
  const nonZero = bytes.byteLength / 6;
  const vector = new Float32Array(dimension);
  for (let k = 0; k < nonZero; k++) {
    const index = bytes.readUInt16LE(k * 2);
    if (index >= dimension) return undefined;
    vector[index] = bytes.readFloatLE(nonZero * 2 + k * 4);
  }
  return vector;
}
