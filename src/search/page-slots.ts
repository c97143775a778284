// A number per page id (an index into some list, or NONE), in tables of CHUNK_SIZE ids made only
// for the chunks that hold pages: 16 KiB a chunk, read by two array indexes instead of hash lookups.
import { CHUNK_SIZE, chunkOf, offsetIn } from './page-set';

export const NONE = -2_147_483_648;

export class PageSlots {
  private readonly chunks: (Int32Array | undefined)[] = [];

  get(pageId: number): number {
    const chunk = this.chunks[chunkOf(pageId)];
    return chunk === undefined ? NONE : chunk[offsetIn(pageId)];
  }

  set(pageId: number, slot: number): void {
    let chunk = this.chunks[chunkOf(pageId)];
    if (!chunk) this.chunks[chunkOf(pageId)] = chunk = new Int32Array(CHUNK_SIZE).fill(NONE);
    chunk[offsetIn(pageId)] = slot;
  }
}
