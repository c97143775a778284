// What a load's acknowledged writes promise, checked against the pages a base lists afterwards.
import type { Outcome } from './load';

export interface ListedPage {
  content_id: string;
  title: string;
  order: number;
}

const acknowledged = (outcome: Outcome) => outcome.status >= 200 && outcome.status <= 299;

/**
 * Every problem found, as lines: a page whose creation was acknowledged but that is missing, a title
 * that is neither the last acknowledged one nor one sent after it without an answer, and any order
 * that is not dense and unique.
 */
export function writeProblems(outcomes: Outcome[], pages: ListedPage[]): string[] {
  const problems: string[] = [];
  const listed = new Map(pages.map((page) => [page.content_id, page]));
  const titlesSent = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    if (outcome.kind === 'create' && outcome.pageId) titlesSent.set(outcome.pageId, [outcome]);
    if (outcome.kind === 'rename' && outcome.pageId) titlesSent.get(outcome.pageId)?.push(outcome);
  }
  for (const [pageId, sent] of titlesSent) {
    const page = listed.get(pageId);
    if (!page) {
      problems.push(`page ${pageId} was created (201) but is not listed`);
      continue;
    }
    const lastAcknowledged = sent.map(acknowledged).lastIndexOf(true);
    const allowed = sent.slice(lastAcknowledged).filter((outcome, i) => i === 0 || !acknowledged(outcome)).map((outcome) => outcome.title);
    if (!allowed.includes(page.title)) problems.push(`page ${pageId} is titled "${page.title}", expected one of ${JSON.stringify(allowed)}`);
  }
  // Dense and unique: the orders of n pages are exactly 0 to n - 1.
  const orders = pages.map((page) => page.order).sort((a, b) => a - b);
  const misplaced = orders.findIndex((order, i) => order !== i);
  if (misplaced >= 0) problems.push(`order is not 0 to ${orders.length - 1}: ${orders[misplaced]} at place ${misplaced}`);
  return problems;
}
