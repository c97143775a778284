// Service configuration from the environment, with defaults and plain-worded errors.
import { DEFAULT_DATABASE_URL, type PostgresSettings } from './store/open-store.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  databaseUrl: string;
  host: string;
  port: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: LogLevel;
}

export const defaults: Config = {
  databaseUrl: DEFAULT_DATABASE_URL,
  host: '127.0.0.1',
  port: 8080,
  bodyLimit: 1024 * 1024,
  logLevel: 'info',
};

/** A setting that cannot be used; its message names the setting and what it accepts. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The setting's value, or undefined when it is unset or blank. */
function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A TCP port, 0 to 65535 (0 lets the system choose a free one). */
export function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`${source} must be a port number from 0 to 65535, not "${value}".`);
  }
  return port;
}

export function parseBodyLimit(value: string, source: string): number {
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || bytes < 1 || !Number.isSafeInteger(bytes)) {
    throw new ConfigError(`${source} must be a whole number of bytes, 1 or more (for example 1048576), not "${value}".`);
  }
  return bytes;
}

export function parseLogLevel(value: string, source: string): LogLevel {
  const level = value.toLowerCase();
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new ConfigError(`${source} must be one of ${logLevels.join(', ')}, not "${value}".`);
  }
  return level as LogLevel;
}

/** The database URL of KB_DATABASE_URL, else ./data/kb.db. */
export function databaseUrlFrom(env: Env = process.env): string {
  return setting(env, 'KB_DATABASE_URL') ?? defaults.databaseUrl;
}

/**
 * KB_DATABASE_URL, HOST, PORT, KB_BODY_LIMIT (bytes) and KB_LOG_LEVEL; an unset or blank
 * variable takes its default.
 */
export function loadConfig(env: Env = process.env): Config {
  const host = setting(env, 'HOST');
  const port = setting(env, 'PORT');
  const bodyLimit = setting(env, 'KB_BODY_LIMIT');
  const logLevel = setting(env, 'KB_LOG_LEVEL');
  return {
    databaseUrl: databaseUrlFrom(env),
    host: host ?? defaults.host,
    port: port === undefined ? defaults.port : parsePort(port, 'PORT'),
    bodyLimit: bodyLimit === undefined ? defaults.bodyLimit : parseBodyLimit(bodyLimit, 'KB_BODY_LIMIT'),
    logLevel: logLevel === undefined ? defaults.logLevel : parseLogLevel(logLevel, 'KB_LOG_LEVEL'),
  };
}

function parseWholeNumber(value: string, source: string, min: number, max: number, example: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(`${source} must be a whole number from ${min} to ${max} (for example ${example}), not "${value}".`);
  }
  return number;
}

/**
 * KB_PG_POOL_MAX, KB_PG_STATEMENT_TIMEOUT_MS and KB_PG_CONNECT_TIMEOUT_MS; an unset or blank
 * variable is left out, so the store's default holds.
 */
export function postgresSettingsFrom(env: Env = process.env): Partial<PostgresSettings> {
  const day = 86_400_000;
  const settings: Partial<PostgresSettings> = {};
  const poolMax = setting(env, 'KB_PG_POOL_MAX');
  if (poolMax !== undefined) settings.poolMax = parseWholeNumber(poolMax, 'KB_PG_POOL_MAX', 1, 1000, '10');
  const statementTimeout = setting(env, 'KB_PG_STATEMENT_TIMEOUT_MS');
  if (statementTimeout !== undefined) {
    settings.statementTimeoutMs = parseWholeNumber(statementTimeout, 'KB_PG_STATEMENT_TIMEOUT_MS', 0, day, '10000');
  }
  const connectTimeout = setting(env, 'KB_PG_CONNECT_TIMEOUT_MS');
  if (connectTimeout !== undefined) {
    settings.connectTimeoutMs = parseWholeNumber(connectTimeout, 'KB_PG_CONNECT_TIMEOUT_MS', 1, day, '5000');
  }
  return settings;
}
