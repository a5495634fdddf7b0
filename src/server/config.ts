import { isIP } from 'node:net';
import { z } from 'zod';
import { PRODUCTION_HASH_COST } from './lib/passwords.js';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops in front of the app are trusted to report the client's address (decision 021): a hop
 * count (`0`/`false` none, `1` one reverse proxy) or the proxies' addresses. `true` is refused:
 * trusting every hop lets any client choose its own address, and with it a fresh rate-limit budget.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: 'true would trust every hop, so any client could pick its own address with X-Forwarded-For; give the number of proxies in front of the app (1 for one reverse proxy) or their addresses, e.g. 10.0.0.0/8,127.0.0.1' });
      return z.NEVER;
    }
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be a number of proxy hops (0, 1, 2…) or a comma-separated list of proxy addresses or CIDR ranges${bad.length > 0 ? `; not an address: ${bad.join(', ')}` : ''}` });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /** PostgreSQL connections each app process keeps in its pool (the live events listener holds one more). */
  DATABASE_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1).max(1000, 'must be at most 1000').default(10),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  DEMO_DATA: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** The bearer token `GET /metrics` asks of callers that are not on this machine (decision 023). */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive('must be a positive number').default(1),
  /** How long a signed-out visitor's browse page may be served from memory (0 turns the cache off). */
  LISTINGS_CACHE_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0).max(60_000, 'must be at most 60000').default(1000),
  /** Days a listing stays up after it is created, edited or renewed before it expires unless renewed (decision 051); 0 turns expiry off. */
  LISTING_TTL_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650, 'must be at most 3650').default(60),
  /** The hour (0–23, local time) when daily saved-search alerts go out (decision 053). */
  DIGEST_HOUR: z.coerce.number().int('must be a whole hour').min(0).max(23, 'must be an hour from 0 to 23').default(8),
  /** Days a sent (or given-up) email stays in the outbox before the hourly sweep deletes it (decision 018). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(3650, 'must be at most 3650').default(14),
  /** The hour (0–23, local time) of the nightly backup of the embedded database; 'off' turns it off (decision 027). */
  BACKUP_HOUR: z
    .union([z.literal('off'), z.coerce.number().int('must be a whole hour').min(0).max(23, 'must be an hour from 0 to 23, or off')])
    .default(3),
  /** Backup files kept in DATA_DIR/backups; older ones are deleted after each new backup. */
  BACKUP_KEEP: z.coerce.number().int('must be a whole number of files').min(1, 'must be at least 1').max(1000).default(7),
  /** Unset: outgoing mail is written as .eml files under DATA_DIR/mail instead of being sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: /./, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587' }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, 'must be an email address, optionally with a name: Community Services <no-reply@example.org>')
    .optional(),
  /** '0' turns email-and-password sign-up and sign-in off (OpenID Connect must then be configured). */
  LOCAL_ACCOUNTS: flag.default(true),
  /**
   * '1': every /api/admin call by an administrator without two-step sign-in or a passkey answers 403
   * `second_factor_required` (decision 054). The README recommends '1' in production.
   */
  REQUIRE_ADMIN_2FA: flag.default(false),
  /**
   * scrypt's cost as the exponent of N (decision 058): 17 by default, higher to make each hash dearer. Lower only for
   * the test suites, which sign up hundreds of people: outside NODE_ENV=production only (loadConfig refuses it there).
   */
  PASSWORD_HASH_COST: z.coerce.number().int('must be a whole number').min(10, 'must be at least 10').max(18, 'must be at most 18 (256 MiB a hash)').default(PRODUCTION_HASH_COST),
  /** OpenID Connect: the issuer (its discovery document is at {issuer}/.well-known/openid-configuration). */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/, hostname: /./, error: 'must be an https:// URL (http:// only on localhost)' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((scopes) => scopes.includes('openid'), 'must include openid, e.g. "openid email profile"')
    .transform((scopes) => scopes.join(' ')),
  /** The provider's name on the sign-in button: 'Continue with {OIDC_NAME}'. */
  OIDC_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').default('single sign-on'),
});

const OIDC_CORE_KEYS = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** The OpenID Connect provider, when all three of its settings are given. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  name: string;
}

/** `someone@example.org` or `Display Name <someone@example.org>`: what a From header may hold. */
function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

/** Mail comes from no-reply at the site's own host name; an IP address falls back to localhost. */
function defaultMailFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host && !isIP(host) && !host.startsWith('[') ? host : 'localhost';
  return `Community Services <no-reply@${domain}>`;
}

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string; MAIL_FROM: string; oidc: OidcConfig | null };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The three core settings go together; without them local accounts cannot be turned off. */
function oidcSettings(env: z.infer<typeof envSchema>): { oidc: OidcConfig | null; problems: string[] } {
  const given = OIDC_CORE_KEYS.filter((key) => env[key] !== undefined);
  const problems: string[] = [];
  if (given.length > 0 && given.length < OIDC_CORE_KEYS.length) {
    const missing = OIDC_CORE_KEYS.filter((key) => env[key] === undefined);
    problems.push(`${missing.join(', ')}: must be set together with ${given.join(', ')} (OpenID Connect needs all three)`);
  }
  const issuer = env.OIDC_ISSUER_URL;
  if (issuer && new URL(issuer).protocol === 'http:' && !LOOPBACK_HOSTS.has(new URL(issuer).hostname)) {
    problems.push('OIDC_ISSUER_URL: must be an https:// URL (http:// only on localhost)');
  }
  if (!env.LOCAL_ACCOUNTS && given.length === 0) {
    problems.push('LOCAL_ACCOUNTS: 0 needs an OpenID Connect provider (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), or nobody could sign in');
  }
  if (problems.length > 0 || !issuer || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return { oidc: null, problems };
  return {
    oidc: { issuer, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scopes: env.OIDC_SCOPES, name: env.OIDC_NAME },
    problems,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once. Empty strings count as unset, so `FOO=` in a .env file means "default". */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
  }
  const { oidc, problems } = oidcSettings(parsed.data);
  if (parsed.data.NODE_ENV === 'production' && parsed.data.PASSWORD_HASH_COST < PRODUCTION_HASH_COST) {
    problems.push(`PASSWORD_HASH_COST: below ${PRODUCTION_HASH_COST} only for tests (NODE_ENV=test or development); production hashes passwords at ${PRODUCTION_HASH_COST} or more`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, PUBLIC_URL: publicUrl, MAIL_FROM: parsed.data.MAIL_FROM ?? defaultMailFrom(publicUrl), oidc };
}
