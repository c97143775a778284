#!/usr/bin/env node
// The kbp command; Node runs the TypeScript source directly.
import { run } from '../src/cli/main.ts';

await run(process.argv);
