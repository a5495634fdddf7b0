import { HEALTH_WARNINGS } from '#shared/safe-defaults.js';
import type { Config } from '../../config.js';

type WarningSettings = Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'SESSION_SECRET' | 'DATABASE_URL'>;

/**
 * Settings that work for a first try but lose mail or sessions on a real site (decision 024). Development and
 * test runs are expected to use them, so only production warns.
 */
export function healthWarnings(config: WarningSettings): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!config.SMTP_URL) warnings.push(HEALTH_WARNINGS.noSmtp);
  if (config.DATABASE_URL && !config.SESSION_SECRET) warnings.push(HEALTH_WARNINGS.generatedSecret);
  return warnings;
}

/** The start-up log's version: a framed block on stderr, hard to miss among the JSON lines. */
export function warningBanner(warnings: string[]): string {
  const rule = '!'.repeat(78);
  return [rule, '!! WARNING: this marketplace is not configured for real use', ...warnings.map((w) => `!! - ${w}`), rule, ''].join('\n');
}
