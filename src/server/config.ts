import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  DEMO_DATA: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_SCALE: z.coerce.number().positive('must be a positive number').default(1),
  /** How long a signed-out visitor's browse page may be served from memory (0 turns the cache off). */
  LISTINGS_CACHE_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0).max(60_000, 'must be at most 60000').default(1000),
  /** Unset: outgoing mail is written as .eml files under DATA_DIR/mail instead of being sent. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: /./, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587' }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, 'must be an email address, optionally with a name: Community Services <no-reply@example.org>')
    .optional(),
});

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

export type Config = z.infer<typeof envSchema> & { PUBLIC_URL: string; MAIL_FROM: string };

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
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, PUBLIC_URL: publicUrl, MAIL_FROM: parsed.data.MAIL_FROM ?? defaultMailFrom(publicUrl) };
}
