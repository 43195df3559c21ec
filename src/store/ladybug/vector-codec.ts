/**
 * Embeddings of episodes and facts are stored by the embedded backend as base64 text of their
 * little-endian float32 values: one string parameter per row costs a fraction of a FLOAT[] list
 * (which the driver converts element by element), and kgmem searches them in process anyway.
 */
export function encodeVector(vector: ArrayLike<number> | undefined): string {
  if (vector === undefined || vector.length === 0) return '';
  const floats = vector instanceof Float32Array ? vector : Float32Array.from(vector as ArrayLike<number>);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

/** The vector of {@link encodeVector}'s text; `undefined` for `''` or a value of the wrong size. */
export function decodeVector(text: unknown, dimension: number): Float32Array | undefined {
  if (typeof text !== 'string' || text.length === 0) return undefined;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength !== dimension * 4) return undefined;
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, dimension);
}
