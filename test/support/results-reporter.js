// Writes the run's counts to .tmp/jest-results.json (or the `file` option's name), so CI can print
// one summary line of its own.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class ResultsReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.file = options.file ?? 'jest-results.json';
  }

  onRunComplete(_contexts, results) {
    const dir = join(this.rootDir, '.tmp');
    mkdirSync(dir, { recursive: true });
    const summary = {
      numPassedTests: results.numPassedTests,
      numFailedTests: results.numFailedTests,
      numTotalTests: results.numTotalTests,
      numFailedTestSuites: results.numFailedTestSuites,
      numRuntimeErrorTestSuites: results.numRuntimeErrorTestSuites,
    };
    writeFileSync(join(dir, this.file), JSON.stringify(summary, null, 2));
  }
}

module.exports = ResultsReporter;
