// The time a body may take to render, whatever the nesting bounds miss (a regular expression
// backtracking, say). Only node:vm's timeout can stop synchronous code; its watchdog thread costs
// a few hundred microseconds a run, so short bodies, which render in less, run without it.
import vm from 'node:vm';
import { tooSlowToRender } from './content-refused';

/** Bodies up to this many characters render without a budget. */
export const UNBUDGETED_LENGTH = 16 * 1024;

/** Milliseconds a body of `length` characters may take: 1 s, and 3 ms a KiB. */
export const renderBudgetMs = (length: number): number => 1000 + Math.ceil((3 * length) / 1024);

const context = vm.createContext({});
const runWork = new vm.Script('work()');

/** `work()`, stopped with tooSlowToRender() once a body of `length` characters has used up its budget. */
export function withinRenderBudget<T>(length: number, work: () => T): T {
  if (length <= UNBUDGETED_LENGTH) return work();
  context.work = work;
  try {
    return runWork.runInContext(context, { timeout: renderBudgetMs(length) }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw tooSlowToRender();
    throw error;
  } finally {
    context.work = undefined;
  }
}
