/** A setting that cannot be used; its message names the setting and what it accepts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
