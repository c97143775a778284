// Jest runs the TypeScript sources through ts-jest (CommonJS, one file at a time); Nest 12 and
// marked are ES modules, loaded through Node's require(esm), which jest supports with
// --experimental-vm-modules (see the test script in package.json).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  // The deployment test builds and runs the image: npm run test:deploy (jest.deploy.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/deploy/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 120000,
  // Property tests generate up to the maxLength they name (test/support/property-sizes.ts).
  setupFiles: ['<rootDir>/test/support/property-sizes.ts'],
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/results-reporter.js'],
};
