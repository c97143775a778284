// Ancestor titles of pages, kept per base and outline version. Every change that can change a path
// (create, delete, a level or a title) moves the base's outline version, so at one version the
// ancestors of a page never change. A detail read reads the version in the same statement as its
// page and takes kept ancestors only of exactly that version: another process's write is seen at
// once. Only a base's newest version seen answers; older entries wait to be replaced.
import { Injectable } from '@nestjs/common';
import { BoundedCache } from '../cache/bounded-cache';
import { valueAt, type Stamped } from '../cache/stamped';
import { stringBytes } from '../cache/string-bytes';
import { pageKey } from './page-key';

/** Bytes of titles kept at once (stringBytes), with PER_ENTRY for each page: a few MB at most. */
export const KEPT_BYTES = 8 * 1024 * 1024;
const PER_ENTRY = 64;
/** Bases whose newest version is remembered; a base forgotten has its ancestors read again. */
export const KEPT_VERSION_BASES = 4096;

@Injectable()
export class AncestorPaths {
  /** Per base, the newest outline version anything was kept for. */
  private readonly versions = new BoundedCache<string, number>({ name: 'ancestor versions', bound: KEPT_VERSION_BASES });
  /** Per page, its ancestors' titles, stamped with the outline version they were read at. */
  private readonly entries = new BoundedCache<string, Stamped<readonly string[]>>({
    name: 'ancestor titles',
    bound: KEPT_BYTES,
    unit: 'bytes',
    sizeOf: (kept) => kept.value.reduce((sum, title) => sum + stringBytes(title), PER_ENTRY),
  });

  /** The ancestor titles of the page at `outlineVersion`, root first, if kept. */
  get(baseId: string, outlineVersion: number, contentId: string): readonly string[] | undefined {
    if (this.versions.get(baseId) !== outlineVersion) return undefined;
    return valueAt(this.entries.get(pageKey(baseId, contentId)), outlineVersion);
  }

  /** The outline version the base's ancestors are kept for, if any. */
  keptVersion(baseId: string): number | undefined {
    return this.versions.get(baseId);
  }

  /** Keeps what a read found at `outlineVersion`; a newer version replaces the base's older ones. */
  set(baseId: string, outlineVersion: number, contentId: string, ancestors: readonly string[]): void {
    const newest = this.versions.get(baseId);
    if (newest !== undefined && newest > outlineVersion) return;
    if (newest !== outlineVersion) this.versions.set(baseId, outlineVersion);
    const key = pageKey(baseId, contentId);
    if (this.entries.get(key)?.stamp === outlineVersion) return;
    this.entries.set(key, { stamp: outlineVersion, value: ancestors });
  }

  /** Bytes held now (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }
}
