// PostgreSQL pool and timeout settings from the environment (config.ts postgresSettingsFrom).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, postgresSettingsFrom } from '../../src/config.ts';

test('unset or blank PostgreSQL settings are left to the store defaults', () => {
  assert.deepEqual(postgresSettingsFrom({}), {});
  assert.deepEqual(postgresSettingsFrom({ KB_PG_POOL_MAX: ' ', KB_PG_STATEMENT_TIMEOUT_MS: '' }), {});
});

test('KB_PG_POOL_MAX, KB_PG_STATEMENT_TIMEOUT_MS and KB_PG_CONNECT_TIMEOUT_MS are read as whole numbers', () => {
  assert.deepEqual(
    postgresSettingsFrom({ KB_PG_POOL_MAX: '25', KB_PG_STATEMENT_TIMEOUT_MS: '0', KB_PG_CONNECT_TIMEOUT_MS: '1500' }),
    { poolMax: 25, statementTimeoutMs: 0, connectTimeoutMs: 1500 },
  );
});

test('a PostgreSQL setting that cannot be used is a ConfigError naming it', () => {
  for (const [name, value] of [
    ['KB_PG_POOL_MAX', '0'], ['KB_PG_POOL_MAX', '1.5'], ['KB_PG_POOL_MAX', 'ten'],
    ['KB_PG_STATEMENT_TIMEOUT_MS', '-1'], ['KB_PG_CONNECT_TIMEOUT_MS', '0'],
  ]) {
    assert.throws(
      () => postgresSettingsFrom({ [name]: value }),
      (error: unknown) => error instanceof ConfigError && error.message.startsWith(`${name} must be a whole number`),
      `${name}=${value}`,
    );
  }
});
