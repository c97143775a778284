// The service configuration: AppConfig, what createApp takes, from the environment checked against
// its schema (environment.ts), with the defaults of the settings left unset.
import { ConfigError } from './config-error';
import {
  DEFAULT_DRAIN_SECONDS, DEFAULT_KEEPALIVE_SECONDS, DEFAULT_OAUTH_ACCESS_TOKEN_SECONDS, DEFAULT_OAUTH_REFRESH_TOKEN_DAYS, DEFAULT_OAUTH_REGISTRATIONS_PER_ADDRESS, DEFAULT_STOP_TIMEOUT_SECONDS,
  validateEnvironment, type LogLevel,
} from './environment';

export { ConfigError } from './config-error';
export { logLevels, type LogLevel } from './environment';

export const DEFAULT_DATABASE_URL = './data/kb.db';

export interface AppConfig {
  databaseUrl: string;
  host: string;
  port: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: LogLevel;
  /** How long an idle kept-alive connection stays open before the service closes it. */
  keepAliveSeconds: number;
  /** On SIGTERM or SIGINT: how long to keep listening, at most, for the open connections to close. */
  drainSeconds: number;
  /** On SIGTERM or SIGINT: how long the whole stop may take before the process exits anyway. */
  stopTimeoutSeconds: number;
  /** KB_PUBLIC_URL without a trailing slash; unset: the address the service listens on. */
  publicUrl?: string;
  /** Express's `trust proxy` setting (KB_TRUST_PROXY): false unless the service runs behind a balancer. */
  trustProxy: boolean | number | string;
  /** Sign-in attempts (and one-time link submissions) one address may make in 15 minutes. */
  signInAttemptsPerAddress: number;
  /** Lifetimes of what an MCP client gets through OAuth (KB_OAUTH_ACCESS_TOKEN_SECONDS, KB_OAUTH_REFRESH_TOKEN_DAYS). */
  oauth: {
    accessTokenSeconds: number;
    refreshTokenDays: number;
    /** Client registrations one address may make in an hour (KB_OAUTH_REGISTRATIONS_PER_ADDRESS), per process. */
    registrationsPerAddress: number;
  };
}

export const defaults: AppConfig = {
  databaseUrl: DEFAULT_DATABASE_URL,
  host: '127.0.0.1',
  port: 8080,
  bodyLimit: 1024 * 1024,
  logLevel: 'info',
  keepAliveSeconds: DEFAULT_KEEPALIVE_SECONDS,
  drainSeconds: DEFAULT_DRAIN_SECONDS,
  stopTimeoutSeconds: DEFAULT_STOP_TIMEOUT_SECONDS,
  trustProxy: false,
  signInAttemptsPerAddress: 30,
  oauth: {
    accessTokenSeconds: DEFAULT_OAUTH_ACCESS_TOKEN_SECONDS,
    refreshTokenDays: DEFAULT_OAUTH_REFRESH_TOKEN_DAYS,
    registrationsPerAddress: DEFAULT_OAUTH_REGISTRATIONS_PER_ADDRESS,
  },
};

type Env = Record<string, string | undefined>;

/** KB_DATABASE_URL, HOST, PORT, KB_BODY_LIMIT, KB_LOG_LEVEL, KB_KEEPALIVE_SECONDS,
 * KB_DRAIN_SECONDS, KB_STOP_TIMEOUT_SECONDS, KB_PUBLIC_URL, KB_TRUST_PROXY,
 * KB_SIGNIN_ATTEMPTS_PER_ADDRESS and the KB_OAUTH_ lifetimes and registration limit; unset or blank
 * takes the default. */
export function loadConfig(env: Env = process.env): AppConfig {
  const variables = validateEnvironment(env);
  return {
    databaseUrl: variables.KB_DATABASE_URL ?? defaults.databaseUrl,
    host: variables.HOST ?? defaults.host,
    port: variables.PORT ?? defaults.port,
    bodyLimit: variables.KB_BODY_LIMIT ?? defaults.bodyLimit,
    logLevel: variables.KB_LOG_LEVEL ?? defaults.logLevel,
    keepAliveSeconds: variables.KB_KEEPALIVE_SECONDS ?? defaults.keepAliveSeconds,
    drainSeconds: variables.KB_DRAIN_SECONDS ?? defaults.drainSeconds,
    stopTimeoutSeconds: variables.KB_STOP_TIMEOUT_SECONDS ?? defaults.stopTimeoutSeconds,
    publicUrl: variables.KB_PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: trustProxyOf(variables.KB_TRUST_PROXY),
    signInAttemptsPerAddress: variables.KB_SIGNIN_ATTEMPTS_PER_ADDRESS ?? defaults.signInAttemptsPerAddress,
    oauth: {
      accessTokenSeconds: variables.KB_OAUTH_ACCESS_TOKEN_SECONDS ?? defaults.oauth.accessTokenSeconds,
      refreshTokenDays: variables.KB_OAUTH_REFRESH_TOKEN_DAYS ?? defaults.oauth.refreshTokenDays,
      registrationsPerAddress: variables.KB_OAUTH_REGISTRATIONS_PER_ADDRESS ?? defaults.oauth.registrationsPerAddress,
    },
  };
}

/** `true`/`false`, a hop count, or Express's list of addresses as written. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The address links point at: KB_PUBLIC_URL, else where the service listens. */
export function publicUrlOf(config: AppConfig, listeningPort = config.port): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listeningPort}`;
}

/** The database URL of KB_DATABASE_URL, else ./data/kb.db (for the commands that read nothing else). */
export function databaseUrlFrom(env: Env = process.env): string {
  return env.KB_DATABASE_URL?.trim() || defaults.databaseUrl;
}

/** A port given as a command-line option (`source`), by the rule of PORT; blank is no port. */
export function parsePort(value: string, source: string): number {
  let port: number | undefined;
  try {
    port = validateEnvironment({ PORT: value }).PORT;
  } catch (error) {
    throw new ConfigError((error as Error).message.replace(/^PORT\b/, source));
  }
  if (port === undefined) throw new ConfigError(`${source} must be a port number from 0 to 65535, not "${value}".`);
  return port;
}
