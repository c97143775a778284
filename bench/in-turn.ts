// A row's ratio to a ceiling measured in turn with it: ceiling, row, ceiling, row, …, ceiling, so
// each run of the row has a run of the ceiling just before and just after it, and its ratio is
// taken to the mean of those two. The main table divides by the mean of ceiling runs minutes apart,
// at the start and at the end of a run of many rows; on a shared machine whose speed moves by up to
// 2× within minutes (the Nest hello measured 18.6k and 9.6k req/s at the two ends of one run), that
// ratio moves with the machine. Over the rounds, the median.
import type { BenchOperation } from './load';
import { warmUp, type RunSetup } from './measure';
import { waitUntilIdle, type StartedServer } from './processes';
import { median } from './table';

export interface InTurnSetup extends RunSetup {
  ceiling: StartedServer;
  service: StartedServer;
  rounds: number;
}

/** req/s of the runs: `ceiling` has one more than `row`, the first and last run being the ceiling's. */
export interface InTurnRates {
  ceiling: number[];
  row: number[];
}

export interface InTurnRatios {
  /** Per run of the row: its req/s ÷ the mean req/s of the ceiling runs just before and after it. */
  ratios: number[];
  median: number;
}

export function inTurnRatios({ ceiling, row }: InTurnRates): InTurnRatios {
  if (ceiling.length !== row.length + 1) throw new Error(`runs in turn need one ceiling run more than row runs, not ${ceiling.length} and ${row.length}`);
  const ratios = row.map((rate, i) => rate / ((ceiling[i] + ceiling[i + 1]) / 2));
  return { ratios, median: median(ratios) };
}

/** Runs `ceilingOperation` on the ceiling and `operation` on the service in turn, `rounds` times the latter, after a warm-up of each. */
export async function measureInTurn(setup: InTurnSetup, ceilingOperation: BenchOperation, operation: BenchOperation): Promise<InTurnRates> {
  const { load, token, connections, durationSeconds, log } = setup;
  const run = async (server: StartedServer, op: BenchOperation, serverToken?: string) => {
    await waitUntilIdle(server.pid);
    if (setup.databasePid !== undefined) await waitUntilIdle(setup.databasePid);
    const result = await load.run({ urls: [server.url], token: serverToken, connections, durationSeconds, operation: op, startAt: 0 });
    if (result.failures > 0) throw new Error(`${op.name}: ${result.failures} failures in turn with the ceiling`);
    return result.requestsPerSecond;
  };
  const rates: InTurnRates = { ceiling: [], row: [] };
  log(`${operation.name} in turn with ${ceilingOperation.name}, ${setup.rounds} rounds …`);
  await warmUp(load, setup.ceiling.url, undefined, connections, ceilingOperation);
  await warmUp(load, setup.service.url, token, connections, operation);
  rates.ceiling.push(await run(setup.ceiling, ceilingOperation));
  for (let round = 0; round < setup.rounds; round++) {
    rates.row.push(await run(setup.service, operation, token));
    rates.ceiling.push(await run(setup.ceiling, ceilingOperation));
  }
  return rates;
}
