// Ancestor titles of pages, kept per base and outline version. Every change that can change a path
// (create, delete, a level or a title) moves the base's outline version, so at one version the
// ancestors of a page never change. A detail read reads the version in the same statement as its
// page and takes kept ancestors only of exactly that version: another process's write is seen at
// once. Only a base's newest version seen answers; older entries wait to be replaced.
import { Injectable } from '@nestjs/common';
import { pageKey, SizeBoundedMap, stringBytes } from './size-bounded-map';

/** Bytes of titles kept at once (stringBytes), with PER_ENTRY for each page: a few MB at most. */
export const KEPT_BYTES = 8 * 1024 * 1024;
const PER_ENTRY = 64;

interface KeptAncestors {
  outlineVersion: number;
  ancestors: readonly string[];
}

@Injectable()
export class AncestorPaths {
  /** Per base, the newest outline version anything was kept for (bounded by the bases a process serves). */
  private readonly versions = new Map<string, number>();
  private readonly entries = new SizeBoundedMap<KeptAncestors>(
    KEPT_BYTES, (kept) => kept.ancestors.reduce((sum, title) => sum + stringBytes(title), PER_ENTRY),
  );

  /** The ancestor titles of the page at `outlineVersion`, root first, if kept. */
  get(baseId: string, outlineVersion: number, contentId: string): readonly string[] | undefined {
    if (this.versions.get(baseId) !== outlineVersion) return undefined;
    const kept = this.entries.get(pageKey(baseId, contentId));
    return kept?.outlineVersion === outlineVersion ? kept.ancestors : undefined;
  }

  /** The outline version the base's ancestors are kept for, if any. */
  keptVersion(baseId: string): number | undefined {
    return this.versions.get(baseId);
  }

  /** Keeps what a read found at `outlineVersion`; a newer version replaces the base's older ones. */
  set(baseId: string, outlineVersion: number, contentId: string, ancestors: readonly string[]): void {
    const newest = this.versions.get(baseId);
    if (newest !== undefined && newest > outlineVersion) return;
    this.versions.set(baseId, outlineVersion);
    const key = pageKey(baseId, contentId);
    if (this.entries.get(key)?.outlineVersion === outlineVersion) return;
    this.entries.set(key, { outlineVersion, ancestors });
  }

  /** Bytes held now (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }
}
