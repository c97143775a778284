// Service configuration from the environment: defaults, and a plain message naming any bad variable.
export const DEFAULT_DATABASE_URL = './data/kb.db';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface AppConfig {
  databaseUrl: string;
  host: string;
  port: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: LogLevel;
}

export const defaults: AppConfig = {
  databaseUrl: DEFAULT_DATABASE_URL,
  host: '127.0.0.1',
  port: 8080,
  bodyLimit: 1024 * 1024,
  logLevel: 'info',
};

/** A setting that cannot be used; its message names the setting and what it accepts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
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

/** KB_DATABASE_URL, HOST, PORT, KB_BODY_LIMIT and KB_LOG_LEVEL; unset or blank takes the default. */
export function loadConfig(env: Env = process.env): AppConfig {
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
