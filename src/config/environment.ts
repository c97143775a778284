// The environment the service reads, as a schema: each variable, what it accepts, and the one line
// that names it when it cannot be used. kbp serve checks it before Nest starts (loadConfig), so a
// bad variable is one plain line, never a stack.
import { applyDecorators } from '@nestjs/common';
import { Expose, plainToInstance, Transform, type TransformFnParams } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsPositive, Matches, Max, Min, validateSync, type ValidationArguments } from 'class-validator';
import { ConfigError } from './config-error';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const DEFAULT_DRAIN_SECONDS = 3;
export const DEFAULT_STOP_TIMEOUT_SECONDS = 10;
/** Above the idle timeouts of the balancers in front of us (nginx's and AWS ALB's 60 s), so the
 * balancer, not we, closes an idle connection: a request it sends as we close would get no answer. */
export const DEFAULT_KEEPALIVE_SECONDS = 65;
/** An MCP client's OAuth access token lives an hour; its refresh token 30 days from each rotation. */
export const DEFAULT_OAUTH_ACCESS_TOKEN_SECONDS = 3600;
export const DEFAULT_OAUTH_REFRESH_TOKEN_DAYS = 30;
/** Enough for a team behind one address (and a test suite) to register its clients, not to fill the table. */
export const DEFAULT_OAUTH_REGISTRATIONS_PER_ADDRESS = 300;

type Env = Record<string, unknown>;

/** Blank means unset, as in a shell's `PORT= kbp serve`. */
function text({ value }: TransformFnParams): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' || trimmed === undefined ? undefined : trimmed;
}

/** Digits become a number; anything else stays as written, so the message can quote it. */
const wholeNumber = (params: TransformFnParams) => numberIf(/^\d+$/, text(params));
const decimalNumber = (params: TransformFnParams) => numberIf(/^\d+(\.\d+)?$/, text(params));
const lowerCase = (params: TransformFnParams) => text(params)?.toLowerCase();

function numberIf(pattern: RegExp, value: string | undefined): number | string | undefined {
  return value !== undefined && pattern.test(value) ? Number(value) : value;
}

/** Every rule of a variable gives the same message: its name, what it accepts, and what it was. */
const accepts = (what: string) => ({
  message: ({ property, value }: ValidationArguments) => `${property} must be ${what}, not "${String(value)}".`,
});

/** An optional whole number from `min` to `max`. */
function WholeNumber(min: number, max: number, what: string): PropertyDecorator {
  const rule = accepts(what);
  return applyDecorators(Expose(), Transform(wholeNumber), IsOptional(), IsInt(rule), Min(min, rule), Max(max, rule));
}

/** An optional number of seconds (decimals allowed), 0 or more (above 0 when `above`), at most an hour. */
function Seconds(what: string, above = false): PropertyDecorator {
  const rule = accepts(what);
  return applyDecorators(Expose(), Transform(decimalNumber), IsOptional(), IsNumber({}, rule), above ? IsPositive(rule) : Min(0, rule), Max(3600, rule));
}

export class EnvironmentVariables {
  @Expose() @Transform(text)
  KB_DATABASE_URL?: string;

  @Expose() @Transform(text)
  HOST?: string;

  @WholeNumber(0, 65535, 'a port number from 0 to 65535')
  PORT?: number;

  @WholeNumber(1, Number.MAX_SAFE_INTEGER, 'a whole number of bytes, 1 or more (for example 1048576)')
  KB_BODY_LIMIT?: number;

  @Expose() @Transform(lowerCase) @IsOptional() @IsIn(logLevels, accepts(`one of ${logLevels.join(', ')}`))
  KB_LOG_LEVEL?: LogLevel;

  /** How long a stop keeps listening, at most, while connections are open; then as long again
   * at most for the open connections to close. */
  @Seconds('a number of seconds, 0 or more (for example 3 or 0.5)')
  KB_DRAIN_SECONDS?: number;

  /** How long an idle kept-alive connection stays open. */
  @Seconds('a number of seconds above 0 (for example 65)', true)
  KB_KEEPALIVE_SECONDS?: number;

  /** How long the whole stop may take, from the signal, before the process exits with status 1. */
  @Seconds('a number of seconds above 0 (for example 10)', true)
  KB_STOP_TIMEOUT_SECONDS?: number;

  /** Where browsers reach the service (the balancer's address): links printed for sign-in, the
   * Secure flag of the session cookie (https), the Origin a cross-site check accepts, the OAuth
   * issuer. No path: pages link from the root, the `__Host-` cookie needs Path=/, and MCP clients
   * look for a path issuer's metadata at the host's root (RFC 8414 §3.1), outside the service. */
  @Expose() @Transform(text) @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/*$/, accepts('an http or https address without a path or query, the service being served at its root (for example https://kb.example.com)'))
  KB_PUBLIC_URL?: string;

  /** How many sign-in attempts one address may make in 15 minutes. */
  @WholeNumber(1, 1_000_000, 'a whole number of attempts, 1 or more (for example 30)')
  KB_SIGNIN_ATTEMPTS_PER_ADDRESS?: number;

  /** How long an OAuth access token of an MCP client is good for. */
  @WholeNumber(60, 86_400, 'a whole number of seconds from 60 to 86400 (for example 3600)')
  KB_OAUTH_ACCESS_TOKEN_SECONDS?: number;

  /** How long an OAuth refresh token is good for, from when it was issued. */
  @WholeNumber(1, 366, 'a whole number of days from 1 to 366 (for example 30)')
  KB_OAUTH_REFRESH_TOKEN_DAYS?: number;

  /** How many MCP clients one address may register in an hour. */
  @WholeNumber(1, 1_000_000, 'a whole number of registrations, 1 or more (for example 300)')
  KB_OAUTH_REGISTRATIONS_PER_ADDRESS?: number;

  /** Express's `trust proxy`: true, false, a number of hops, or addresses and subnets. */
  @Expose() @Transform(text)
  KB_TRUST_PROXY?: string;
}

/**
 * The variables of `env` this service reads, converted; unset or blank ones stay undefined (their
 * defaults are AppConfig's). Throws a ConfigError naming the first variable that cannot be used.
 */
export function validateEnvironment(env: Env): EnvironmentVariables {
  const variables = plainToInstance(EnvironmentVariables, env, { excludeExtraneousValues: true });
  const [error] = validateSync(variables, { stopAtFirstError: true });
  if (error) throw new ConfigError(Object.values(error.constraints ?? {})[0] ?? `${error.property} cannot be used.`);
  const drain = variables.KB_DRAIN_SECONDS ?? DEFAULT_DRAIN_SECONDS;
  const stop = variables.KB_STOP_TIMEOUT_SECONDS ?? DEFAULT_STOP_TIMEOUT_SECONDS;
  if (stop <= 2 * drain) {
    throw new ConfigError(`KB_STOP_TIMEOUT_SECONDS (${stop}) must be more than twice KB_DRAIN_SECONDS (${drain}): the stop drains, then waits as long again for the open connections to close.`);
  }
  return variables;
}
