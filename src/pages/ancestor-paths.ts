// Ancestor titles of pages, kept per base and outline version. Every change that can change a path
// (create, delete, a level or a title) moves the base's outline version, so at one version the
// ancestors of a page never change. A detail read reads the version in the same statement as its
// page and takes kept ancestors only of exactly that version: another process's write is seen at
// once. Bounded by the characters it holds; when full, it starts again empty.
import { Injectable } from '@nestjs/common';

/** Characters of titles kept at once, with PER_ENTRY for each page: a few MB at most. */
export const KEPT_CHARACTERS = 4_000_000;
const PER_ENTRY = 32;

interface BasePaths {
  outlineVersion: number;
  byContentId: Map<string, readonly string[]>;
}

@Injectable()
export class AncestorPaths {
  private bases = new Map<string, BasePaths>();
  private characters = 0;

  /** The ancestor titles of the page at `outlineVersion`, root first, if kept. */
  get(baseId: string, outlineVersion: number, contentId: string): readonly string[] | undefined {
    const kept = this.bases.get(baseId);
    return kept?.outlineVersion === outlineVersion ? kept.byContentId.get(contentId) : undefined;
  }

  /** The outline version the base's ancestors are kept for, if any. */
  keptVersion(baseId: string): number | undefined {
    return this.bases.get(baseId)?.outlineVersion;
  }

  /** Keeps what a read found at `outlineVersion`; a newer version replaces the base's older ones. */
  set(baseId: string, outlineVersion: number, contentId: string, ancestors: readonly string[]): void {
    let kept = this.bases.get(baseId);
    if (kept && kept.outlineVersion > outlineVersion) return;
    if (!kept || kept.outlineVersion < outlineVersion) {
      if (kept) this.characters -= charactersOf(kept);
      kept = { outlineVersion, byContentId: new Map() };
      this.bases.set(baseId, kept);
    }
    if (kept.byContentId.has(contentId)) return;
    const size = entrySize(contentId, ancestors);
    if (this.characters + size > KEPT_CHARACTERS) {
      this.bases = new Map([[baseId, kept = { outlineVersion, byContentId: new Map() }]]);
      this.characters = 0;
    }
    kept.byContentId.set(contentId, ancestors);
    this.characters += size;
  }

  /** Characters held now (for tests of the bound). */
  get size(): number {
    return this.characters;
  }
}

function entrySize(contentId: string, ancestors: readonly string[]): number {
  return PER_ENTRY + contentId.length + ancestors.reduce((sum, title) => sum + title.length, 0);
}

function charactersOf(kept: BasePaths): number {
  let sum = 0;
  for (const [contentId, ancestors] of kept.byContentId) sum += entrySize(contentId, ancestors);
  return sum;
}
