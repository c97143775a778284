// The deployment test (test/deploy): the image built and run with podman, behind nginx. One suite,
// one worker; its counts go to .tmp/jest-deploy-results.json for CI's summary line.
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/deploy/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
  reporters: ['default', ['<rootDir>/test/support/results-reporter.js', { file: 'jest-deploy-results.json' }]],
};
