// Sets of ids (page ids, or word numbers) as bitmaps cut into chunks of CHUNK_SIZE ids, and the
// compact blob a chunk is stored as: a sorted list of 16-bit offsets while it holds at most
// SPARSE_MAX members, else a bitmap of CHUNK_SIZE bits. The two cannot be confused: a list is at
// most 2 * SPARSE_MAX bytes, a bitmap exactly CHUNK_BYTES.

export const CHUNK_BITS = 12;
export const CHUNK_SIZE = 1 << CHUNK_BITS;
export const CHUNK_BYTES = CHUNK_SIZE / 8;
const CHUNK_WORDS = CHUNK_SIZE / 32;
const SPARSE_MAX = CHUNK_BYTES / 2 - 1;

export const chunkOf = (id: number): number => Math.floor(id / CHUNK_SIZE);
export const offsetIn = (id: number): number => id % CHUNK_SIZE;

/** Whether a chunk's bitmap holds the offset. */
const holds = (words: Uint32Array, offset: number): boolean => (words[offset >>> 5] & (1 << (offset & 31))) !== 0;

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Chunks are cut from slabs of SLAB_CHUNKS chunks. A Uint32Array of its own each was an allocation
 * of its own outside the heap: the line making them took 12 % of a two-term search's CPU at 100,000
 * pages in a profile. A slab lives as long as any of its chunks; sets live for one request, so their
 * slabs go with them.
 */
const SLAB_CHUNKS = 64;
let slab = new ArrayBuffer(0);
let slabChunksUsed = SLAB_CHUNKS;

function newChunkWords(): Uint32Array {
  if (slabChunksUsed === SLAB_CHUNKS) {
    slab = new ArrayBuffer(CHUNK_BYTES * SLAB_CHUNKS);
    slabChunksUsed = 0;
  }
  return new Uint32Array(slab, CHUNK_BYTES * slabChunksUsed++, CHUNK_WORDS);
}

/** A set of ids; only the chunks that hold members take memory. */
export class PageSet {
  readonly chunks = new Map<number, Uint32Array>();

  private words(chunk: number): Uint32Array {
    let words = this.chunks.get(chunk);
    if (!words) this.chunks.set(chunk, (words = newChunkWords()));
    return words;
  }

  static of(ids: Iterable<number>): PageSet {
    const set = new PageSet();
    for (const id of ids) set.add(id);
    return set;
  }

  has(id: number): boolean {
    const words = this.chunks.get(chunkOf(id));
    return words !== undefined && holds(words, offsetIn(id));
  }

  add(id: number): void {
    const offset = offsetIn(id);
    this.words(chunkOf(id))[offset >>> 5] |= 1 << (offset & 31);
  }

  clone(): PageSet {
    const copy = new PageSet();
    for (const [chunk, words] of this.chunks) {
      const copied = newChunkWords();
      copied.set(words);
      copy.chunks.set(chunk, copied);
    }
    return copy;
  }

  /**
   * A new set of the ids both hold, neither changed: only the chunks both have and that hold a
   * common id get memory. A search narrows kept sets this way instead of copying one to narrow it.
   */
  static intersection(a: PageSet, b: PageSet): PageSet {
    const out = new PageSet();
    const [fewer, more] = a.chunks.size <= b.chunks.size ? [a, b] : [b, a];
    for (const [chunk, x] of fewer.chunks) {
      const y = more.chunks.get(chunk);
      if (!y) continue;
      let common = 0;
      for (let i = 0; i < CHUNK_WORDS; i++) common |= x[i] & y[i];
      if (common === 0) continue;
      const words = out.words(chunk);
      for (let i = 0; i < CHUNK_WORDS; i++) words[i] = x[i] & y[i];
    }
    return out;
  }

  /** A new set of the ids of `within` that any of `sets` holds; none of them changed. */
  static unionWithin(sets: readonly PageSet[], within: PageSet): PageSet {
    const out = new PageSet();
    for (const [chunk, w] of within.chunks) {
      let words: Uint32Array | undefined;
      for (const set of sets) {
        const s = set.chunks.get(chunk);
        if (!s) continue;
        words ??= out.words(chunk);
        for (let i = 0; i < CHUNK_WORDS; i++) words[i] |= s[i] & w[i];
      }
    }
    return out;
  }

  and(other: PageSet): this {
    for (const [chunk, words] of this.chunks) {
      const o = other.chunks.get(chunk);
      if (!o) {
        this.chunks.delete(chunk);
        continue;
      }
      for (let i = 0; i < CHUNK_WORDS; i++) words[i] &= o[i];
    }
    return this;
  }

  or(other: PageSet): this {
    for (const [chunk, o] of other.chunks) {
      const words = this.words(chunk);
      for (let i = 0; i < CHUNK_WORDS; i++) words[i] |= o[i];
    }
    return this;
  }

  andNot(other: PageSet): this {
    for (const [chunk, words] of this.chunks) {
      const o = other.chunks.get(chunk);
      if (o) for (let i = 0; i < CHUNK_WORDS; i++) words[i] &= ~o[i];
    }
    return this;
  }

  count(): number {
    let n = 0;
    for (const words of this.chunks.values()) for (let i = 0; i < CHUNK_WORDS; i++) if (words[i] !== 0) n += popcount32(words[i]);
    return n;
  }

  isEmpty(): boolean {
    for (const words of this.chunks.values()) for (let i = 0; i < CHUNK_WORDS; i++) if (words[i] !== 0) return false;
    return true;
  }

  /**
   * The chunks in an array indexed by chunk number, for loops that test many ids (hasIn): an array
   * index instead of a hash lookup. With a lookup a step, walking kept rank keys took 41 % of a
   * common-term search's CPU after the bench's writes; with the table, 10 % (profiles).
   */
  chunkTable(): ChunkTable {
    const table: ChunkTable = [];
    for (const [chunk, words] of this.chunks) table[chunk] = words;
    return table;
  }

  /** Calls `visit` with each member, chunk by chunk in the order chunks came: no array made. */
  forEach(visit: (id: number) => void): void {
    for (const [chunk, words] of this.chunks) {
      const base = chunk * CHUNK_SIZE;
      for (let i = 0; i < CHUNK_WORDS; i++) {
        for (let word = words[i]; word !== 0; word &= word - 1) visit(base + i * 32 + 31 - Math.clz32(word & -word));
      }
    }
  }

  /** Members in ascending order. Its own loop, not forEach's: pushing through a callback took twice as long (50,000 members). */
  toArray(): number[] {
    const out: number[] = [];
    for (const chunk of [...this.chunks.keys()].sort((a, b) => a - b)) {
      const words = this.chunks.get(chunk)!;
      const base = chunk * CHUNK_SIZE;
      for (let i = 0; i < CHUNK_WORDS; i++) {
        for (let word = words[i]; word !== 0; word &= word - 1) out.push(base + i * 32 + 31 - Math.clz32(word & -word));
      }
    }
    return out;
  }

  /** Adds the members of one stored chunk. */
  orBlob(chunk: number, blob: Uint8Array): void {
    const words = this.words(chunk);
    if (blob.length === CHUNK_BYTES) {
      for (let i = 0; i < CHUNK_WORDS; i++) {
        const b = i * 4;
        words[i] |= blob[b] | (blob[b + 1] << 8) | (blob[b + 2] << 16) | (blob[b + 3] << 24);
      }
    } else {
      for (let i = 0; i + 1 < blob.length; i += 2) {
        const offset = blob[i] | (blob[i + 1] << 8);
        words[offset >>> 5] |= 1 << (offset & 31);
      }
    }
  }
}

/** A set's chunks by chunk number (PageSet.chunkTable). */
export type ChunkTable = (Uint32Array | undefined)[];

/** Whether the set whose chunk table this is holds `id`. */
export function hasIn(table: ChunkTable, id: number): boolean {
  const words = table[id >>> CHUNK_BITS];
  return words !== undefined && holds(words, id & (CHUNK_SIZE - 1));
}

/** The offsets (0 .. CHUNK_SIZE-1) a stored chunk holds, ascending. */
export function decodeChunk(blob: Uint8Array | null | undefined): number[] {
  if (!blob) return [];
  const out: number[] = [];
  if (blob.length === CHUNK_BYTES) {
    for (let i = 0; i < CHUNK_BYTES; i++) {
      for (let byte = blob[i]; byte !== 0; byte &= byte - 1) out.push(i * 8 + 31 - Math.clz32(byte & -byte));
    }
  } else {
    for (let i = 0; i + 1 < blob.length; i += 2) out.push(blob[i] | (blob[i + 1] << 8));
  }
  return out;
}

/** The stored form of a chunk holding `offsets` (ascending, distinct); null when empty. */
export function encodeChunk(offsets: readonly number[]): Buffer | null {
  if (offsets.length === 0) return null;
  if (offsets.length <= SPARSE_MAX) {
    const blob = Buffer.allocUnsafe(offsets.length * 2);
    for (let i = 0; i < offsets.length; i++) blob.writeUInt16LE(offsets[i], i * 2);
    return blob;
  }
  const blob = Buffer.alloc(CHUNK_BYTES);
  for (const offset of offsets) blob[offset >>> 3] |= 1 << (offset & 7);
  return blob;
}

/** Applies additions and removals (ascending offsets) to a stored chunk; null when it ends up empty. */
export function updateChunk(blob: Uint8Array | null | undefined, add: readonly number[], remove: readonly number[]): Buffer | null {
  if (blob?.length !== CHUNK_BYTES && (blob?.length ?? 0) / 2 + add.length <= SPARSE_MAX) {
    // A short list stays short: merge the sorted lists.
    const removed = new Set(remove);
    const kept = decodeChunk(blob).filter((offset) => !removed.has(offset));
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length || j < add.length) {
      const next = j >= add.length || (i < kept.length && kept[i] <= add[j]) ? kept[i++] : add[j++];
      if (out[out.length - 1] !== next) out.push(next);
    }
    return encodeChunk(out);
  }
  const bits = Buffer.alloc(CHUNK_BYTES);
  if (blob?.length === CHUNK_BYTES) bits.set(blob);
  else for (const offset of decodeChunk(blob)) bits[offset >>> 3] |= 1 << (offset & 7);
  for (const offset of remove) bits[offset >>> 3] &= ~(1 << (offset & 7));
  for (const offset of add) bits[offset >>> 3] |= 1 << (offset & 7);
  let count = 0;
  for (let i = 0; i < CHUNK_BYTES; i += 4) count += popcount32(bits.readUInt32LE(i));
  return count > SPARSE_MAX ? bits : encodeChunk(decodeChunk(bits));
}
