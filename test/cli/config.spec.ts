// The settings kbp serve reads from the environment, and the database URLs --db accepts.
import { ConfigError, defaults, loadConfig } from '../../src/config/config';
import { parseDatabaseUrl } from '../../src/database/data-source';

describe('configuration from the environment', () => {
  it('gives the defaults for an empty environment; blank means unset', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: './data/kb.db', host: '127.0.0.1', port: 8080, bodyLimit: 1048576, logLevel: 'info', keepAliveSeconds: 65, drainSeconds: 3, stopTimeoutSeconds: 10, trustProxy: false, signInAttemptsPerAddress: 30,
      oauth: { accessTokenSeconds: 3600, refreshTokenDays: 30, registrationsPerAddress: 300 },
    });
    expect(loadConfig({ PORT: '  ', HOST: '' })).toEqual(loadConfig({}));
  });

  it('reads every setting', () => {
    expect(loadConfig({
      KB_DATABASE_URL: 'sqlite:/srv/kb.db', HOST: '0.0.0.0', PORT: '0', KB_BODY_LIMIT: '2048', KB_LOG_LEVEL: 'WARN',
      KB_KEEPALIVE_SECONDS: '75', KB_DRAIN_SECONDS: '0.5', KB_STOP_TIMEOUT_SECONDS: '30',
      KB_PUBLIC_URL: 'https://kb.example.com/', KB_TRUST_PROXY: '1', KB_SIGNIN_ATTEMPTS_PER_ADDRESS: '5',
      KB_OAUTH_ACCESS_TOKEN_SECONDS: '600', KB_OAUTH_REFRESH_TOKEN_DAYS: '7', KB_OAUTH_REGISTRATIONS_PER_ADDRESS: '40',
    })).toEqual({
      databaseUrl: 'sqlite:/srv/kb.db', host: '0.0.0.0', port: 0, bodyLimit: 2048, logLevel: 'warn', keepAliveSeconds: 75, drainSeconds: 0.5, stopTimeoutSeconds: 30,
      publicUrl: 'https://kb.example.com', trustProxy: 1, signInAttemptsPerAddress: 5,
      oauth: { accessTokenSeconds: 600, refreshTokenDays: 7, registrationsPerAddress: 40 },
    });
    expect(loadConfig({ KB_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ KB_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ PORT: 'http' }, /^PORT must be a port number from 0 to 65535, not "http"\.$/],
    [{ PORT: '65536' }, /^PORT must be/],
    [{ PORT: '-1' }, /^PORT must be/],
    [{ PORT: '80.5' }, /^PORT must be/],
    [{ KB_BODY_LIMIT: '0' }, /^KB_BODY_LIMIT must be a whole number of bytes/],
    [{ KB_BODY_LIMIT: '1MB' }, /^KB_BODY_LIMIT must be/],
    [{ KB_LOG_LEVEL: 'verbose' }, /^KB_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"\.$/],
    [{ KB_DRAIN_SECONDS: 'soon' }, /^KB_DRAIN_SECONDS must be a number of seconds, 0 or more \(for example 3 or 0\.5\), not "soon"\.$/],
    [{ KB_DRAIN_SECONDS: '-1' }, /^KB_DRAIN_SECONDS must be/],
    [{ KB_KEEPALIVE_SECONDS: '0' }, /^KB_KEEPALIVE_SECONDS must be a number of seconds above 0 \(for example 65\), not "0"\.$/],
    [{ KB_KEEPALIVE_SECONDS: '65s' }, /^KB_KEEPALIVE_SECONDS must be/],
    [{ KB_STOP_TIMEOUT_SECONDS: '0' }, /^KB_STOP_TIMEOUT_SECONDS must be a number of seconds above 0 \(for example 10\), not "0"\.$/],
    [{ KB_PUBLIC_URL: 'kb.example.com' }, /^KB_PUBLIC_URL must be an http or https address without a path or query, the service being served at its root \(for example https:\/\/kb\.example\.com\), not "kb\.example\.com"\.$/],
    [{ KB_PUBLIC_URL: 'https://kb.example.com/?x=1' }, /^KB_PUBLIC_URL must be/],
    [{ KB_PUBLIC_URL: 'https://example.com/kb' }, /^KB_PUBLIC_URL must be an http or https address without a path/],
    [{ KB_PUBLIC_URL: 'https://example.com/kb/' }, /^KB_PUBLIC_URL must be/],
    [{ KB_OAUTH_ACCESS_TOKEN_SECONDS: '30' }, /^KB_OAUTH_ACCESS_TOKEN_SECONDS must be a whole number of seconds from 60 to 86400 \(for example 3600\), not "30"\.$/],
    [{ KB_OAUTH_ACCESS_TOKEN_SECONDS: '1h' }, /^KB_OAUTH_ACCESS_TOKEN_SECONDS must be/],
    [{ KB_OAUTH_REFRESH_TOKEN_DAYS: '0' }, /^KB_OAUTH_REFRESH_TOKEN_DAYS must be a whole number of days from 1 to 366 \(for example 30\), not "0"\.$/],
    [{ KB_DRAIN_SECONDS: '5' }, /^KB_STOP_TIMEOUT_SECONDS \(10\) must be more than twice KB_DRAIN_SECONDS \(5\): the stop drains, then waits as long again for the open connections to close\.$/],
  ])('names the setting that cannot be used: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('database URLs', () => {
  it('reads a file path, sqlite:PATH and sqlite://PATH as SQLite files, relative to the working folder', () => {
    expect(parseDatabaseUrl('/srv/kb.db')).toEqual({ dialect: 'sqlite', location: '/srv/kb.db' });
    expect(parseDatabaseUrl('sqlite:/srv/kb.db')).toEqual({ dialect: 'sqlite', location: '/srv/kb.db' });
    expect(parseDatabaseUrl('sqlite:///srv/kb.db')).toEqual({ dialect: 'sqlite', location: '/srv/kb.db' });
    expect(parseDatabaseUrl('./data/kb.db')).toEqual({ dialect: 'sqlite', location: `${process.cwd()}/data/kb.db` });
  });

  it('reads mysql:// and mariadb:// as MySQL/MariaDB', () => {
    expect(parseDatabaseUrl('mysql://kb:pw@db:3306/kb')).toEqual({ dialect: 'mysql', location: 'mysql://kb:pw@db:3306/kb', flavour: 'mysql' });
    expect(parseDatabaseUrl('mariadb://kb@db/kb')).toEqual({ dialect: 'mysql', location: 'mariadb://kb@db/kb', flavour: 'mariadb' });
  });

  it('refuses other schemes and an empty path, plainly', () => {
    expect(() => parseDatabaseUrl('postgres://kb@127.0.0.1/kb')).toThrow(/must be a file path, sqlite:PATH, mysql:\/\/… or mariadb:\/\/…, not "postgres:\/\/…"/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/The SQLite database path is empty/);
    expect(() => parseDatabaseUrl('')).toThrow(/The SQLite database path is empty/);
  });
});
