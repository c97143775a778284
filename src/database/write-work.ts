import type { EntityManager } from 'typeorm';

/** A write's work, given its transaction's manager (UnitOfWork.write). */
export type WriteWork<T> = (tx: EntityManager) => Promise<T>;
