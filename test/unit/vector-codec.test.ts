import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { decodeVector, encodeVector } from '../../src/store/ladybug/vector-codec.js';

describe('stored vector text', () => {
  it('stores a mostly-zero vector sparsely and reads it back exactly', () => {
    const vector = new HashingEmbeddings({ dimension: 256 }).embedSync(
      'Inception directed by Christopher Nolan',
    );
    const text = encodeVector(vector);
    expect(text.startsWith('~')).toBe(true);
    // Far shorter than the dense form (1,368 characters for 256 floats).
    expect(text.length).toBeLessThan(500);
    expect(decodeVector(text, 256)).toEqual(vector);
  });

  it('stores a dense vector as base64 of its floats, as databases written before hold them', () => {
    const vector = Float32Array.from({ length: 64 }, (_, i) => Math.sin(i + 1));
    const text = encodeVector(vector);
    expect(text).toBe(Buffer.from(vector.buffer).toString('base64'));
    expect(decodeVector(text, 64)).toEqual(vector);
    expect(decodeVector(encodeVector(Array.from(vector)), 64)).toEqual(vector);
  });

  it('reads no vector from empty text, text of another dimension or text that is not a vector', () => {
    expect(encodeVector(undefined)).toBe('');
    expect(decodeVector('', 8)).toBeUndefined();
    const sparse = encodeVector(Float32Array.from([0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0]));
    expect(decodeVector(sparse, 12)?.[7]).toBe(0.5);
    // A position beyond the dimension asked for.
    expect(decodeVector(sparse, 4)).toBeUndefined();
    expect(decodeVector(encodeVector(new Float32Array(16).fill(1)), 8)).toBeUndefined();
    expect(decodeVector('~abc', 8)).toBeUndefined();
    expect(decodeVector(42, 8)).toBeUndefined();
  });
});
