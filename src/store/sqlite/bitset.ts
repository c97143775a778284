// Sets of page positions (seq) as bit arrays, and the compact blob format they are stored in.
// Seqs are cut into chunks of CHUNK_SIZE; a chunk is stored as a sorted list of 16-bit offsets
// while it holds at most SPARSE_MAX members, else as a bitmap of CHUNK_SIZE bits. The two cannot
// be confused: a list is at most 2 * SPARSE_MAX bytes, a bitmap exactly CHUNK_BYTES.

export const CHUNK_BITS = 12;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_BYTES = CHUNK_SIZE / 8;
const CHUNK_WORDS = CHUNK_SIZE / 32;
const SPARSE_MAX = CHUNK_BYTES / 2 - 1;

export const chunkOf = (seq: number): number => seq >>> CHUNK_BITS;
export const offsetIn = (seq: number): number => seq & (CHUNK_SIZE - 1);

/** How many chunks cover seqs 0 .. size-1. */
export const chunkCount = (size: number): number => Math.ceil(size / CHUNK_SIZE);

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class SeqSet {
  readonly words: Uint32Array;

  /** An empty set able to hold seqs 0 .. size-1 (rounded up to whole chunks). */
  constructor(size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array(chunkCount(size) * CHUNK_WORDS);
  }

  get capacity(): number {
    return this.words.length * 32;
  }

  has(seq: number): boolean {
    return seq < this.capacity && (this.words[seq >>> 5] & (1 << (seq & 31))) !== 0;
  }

  add(seq: number): void {
    this.words[seq >>> 5] |= 1 << (seq & 31);
  }

  delete(seq: number): void {
    if (seq < this.capacity) this.words[seq >>> 5] &= ~(1 << (seq & 31));
  }

  fill(): this {
    this.words.fill(0xffffffff);
    return this;
  }

  clone(): SeqSet {
    return new SeqSet(0, this.words.slice());
  }

  and(other: SeqSet): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i] &= i < o.length ? o[i] : 0;
    return this;
  }

  or(other: SeqSet): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length && i < o.length; i++) w[i] |= o[i];
    return this;
  }

  andNot(other: SeqSet): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length && i < o.length; i++) w[i] &= ~o[i];
    return this;
  }

  count(): number {
    let n = 0;
    for (const word of this.words) if (word !== 0) n += popcount32(word);
    return n;
  }

  isEmpty(): boolean {
    const w = this.words;
    for (let i = 0; i < w.length; i++) if (w[i] !== 0) return false;
    return true;
  }

  /** Members in ascending order. */
  toArray(): number[] {
    const out: number[] = [];
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let word = w[i];
      while (word !== 0) {
        const low = word & -word;
        out.push(i * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }

  /** For each given seq, how many members are smaller: a count per chunk, then within one. */
  ranks(seqs: readonly number[]): Map<number, number> {
    const w = this.words;
    const chunkStarts: number[] = [];
    let before = 0;
    for (let chunk = 0; chunk * CHUNK_WORDS < w.length; chunk++) {
      chunkStarts.push(before);
      for (let i = chunk * CHUNK_WORDS; i < (chunk + 1) * CHUNK_WORDS; i++) if (w[i] !== 0) before += popcount32(w[i]);
    }
    const ranks = new Map<number, number>();
    for (const seq of seqs) {
      let rank = chunkStarts[chunkOf(seq)] ?? before;
      const word = seq >>> 5;
      for (let i = chunkOf(seq) * CHUNK_WORDS; i < word && i < w.length; i++) if (w[i] !== 0) rank += popcount32(w[i]);
      if (word < w.length) rank += popcount32(w[word] & ((1 << (seq & 31)) - 1));
      ranks.set(seq, rank);
    }
    return ranks;
  }

  /** One byte per seq: 1 for a member, 0 otherwise. */
  toBytes(): Uint8Array {
    const bytes = new Uint8Array(this.capacity);
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      for (let word = w[i]; word !== 0; word &= word - 1) bytes[i * 32 + 31 - Math.clz32(word & -word)] = 1;
    }
    return bytes;
  }

  /** Adds the members of one stored chunk. */
  orBlob(chunk: number, blob: Uint8Array): void {
    const base = chunk * CHUNK_WORDS;
    if (base >= this.words.length) return;
    if (blob.length === CHUNK_BYTES) {
      for (let i = 0; i < CHUNK_WORDS; i++) {
        const b = i * 4;
        this.words[base + i] |= blob[b] | (blob[b + 1] << 8) | (blob[b + 2] << 16) | (blob[b + 3] << 24);
      }
    } else {
      for (let i = 0; i + 1 < blob.length; i += 2) {
        const offset = blob[i] | (blob[i + 1] << 8);
        this.words[base + (offset >>> 5)] |= 1 << (offset & 31);
      }
    }
  }
}

/** The offsets (0 .. CHUNK_SIZE-1) a stored chunk holds, ascending. */
export function decodeChunk(blob: Uint8Array | null | undefined): number[] {
  if (!blob) return [];
  const out: number[] = [];
  if (blob.length === CHUNK_BYTES) {
    for (let i = 0; i < CHUNK_BYTES; i++) {
      let byte = blob[i];
      while (byte !== 0) {
        const low = byte & -byte;
        out.push(i * 8 + 31 - Math.clz32(low));
        byte ^= low;
      }
    }
  } else {
    for (let i = 0; i + 1 < blob.length; i += 2) out.push(blob[i] | (blob[i + 1] << 8));
  }
  return out;
}

/** The stored form of a chunk holding `offsets` (ascending, distinct); null when empty. */
export function encodeChunk(offsets: readonly number[]): Uint8Array | null {
  if (offsets.length === 0) return null;
  if (offsets.length <= SPARSE_MAX) {
    const blob = new Uint8Array(offsets.length * 2);
    offsets.forEach((offset, i) => {
      blob[i * 2] = offset & 0xff;
      blob[i * 2 + 1] = offset >>> 8;
    });
    return blob;
  }
  const blob = new Uint8Array(CHUNK_BYTES);
  for (const offset of offsets) blob[offset >>> 3] |= 1 << (offset & 7);
  return blob;
}

function isSorted(values: readonly number[]): boolean {
  for (let i = 1; i < values.length; i++) if (values[i - 1] > values[i]) return false;
  return true;
}

/** The union of two ascending lists, ascending and without repeats. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}

/** Applies additions and removals to a stored chunk; null when the chunk ends up empty. */
export function updateChunk(
  blob: Uint8Array | null | undefined, add: readonly number[], remove: readonly number[],
): Uint8Array | null {
  const dense = blob?.length === CHUNK_BYTES;
  // Most updates add a few members to a short list: merge the two sorted lists.
  if (!dense && remove.length === 0 && (blob?.length ?? 0) / 2 + add.length <= SPARSE_MAX) {
    return encodeChunk(mergeSorted(decodeChunk(blob), isSorted(add) ? add : [...add].sort((a, b) => a - b)));
  }
  const bits = new Uint8Array(CHUNK_BYTES);
  if (dense) bits.set(blob);
  else if (blob) for (const offset of decodeChunk(blob)) bits[offset >>> 3] |= 1 << (offset & 7);
  for (const offset of remove) bits[offset >>> 3] &= ~(1 << (offset & 7));
  for (const offset of add) bits[offset >>> 3] |= 1 << (offset & 7);
  const words = new Uint32Array(bits.buffer);
  let count = 0;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) count += popcount32(words[i]);
  if (count > SPARSE_MAX) return bits;
  return encodeChunk(decodeChunk(bits));
}
