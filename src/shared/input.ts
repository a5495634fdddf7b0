import { config, z } from 'zod';

/**
 * Input hygiene shared by every request schema (decision 019): text without NUL characters, strict
 * ids, and plain-English wording for every validation message a schema does not write itself.
 */

export const INPUT_MESSAGES = {
  nul: 'Must not contain a null character',
  invalidId: 'Invalid id',
  required: 'This field is required',
  wrongType: 'This value has the wrong type',
  invalid: 'This value is not valid',
} as const;

/** PostgreSQL's `integer`, the type of every serial id. */
export const INT4_MAX = 2_147_483_647;

const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * Every string a request carries. PostgreSQL refuses U+0000 in text ("invalid byte sequence for encoding UTF8"),
 * so a NUL that got past validation would surface as a 500 instead of a field error. The check runs before any
 * other (and stops them), so the person reads the one message that explains the refusal.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(hasNoNul, { error: INPUT_MESSAGES.nul, abort: true });

// Ten digits at most: anything longer is above INT4_MAX anyway, and Number() stays exact.
const DIGITS = /^\d{1,10}$/;

/**
 * A serial id from a path, a query or a JSON body: a whole number from 1 to INT4_MAX, written in plain digits when
 * it comes as text. `z.coerce.number()` would take '1e3', '0x10', ' 7' and '' (as 0); those are refused here.
 */
export const serialId = (message: string = INPUT_MESSAGES.invalidId) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message),
  );

/** `{ id }` path parameters of the routes that address a row by its serial id. */
export const idParamsSchema = z.object({ id: serialId() });

/**
 * Ids kept as text (accounts, images: random UUIDs). Any other string is simply not found (404), as it always
 * was; only what could not even be looked up is refused.
 */
export const textId = () => text({ error: INPUT_MESSAGES.invalidId }).min(1, INPUT_MESSAGES.invalidId).max(100, INPUT_MESSAGES.invalidId);

const TYPE_NAMES: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number',
  int: 'Must be a whole number',
  bigint: 'Must be a whole number',
  boolean: 'Must be true or false',
  array: 'Must be a list',
  object: 'Must be an object',
  date: 'Must be a date',
};

const SIZE_UNITS: Record<string, [string, string]> = { string: ['character', 'characters'], array: ['item', 'items'], set: ['item', 'items'], file: ['byte', 'bytes'] };

function sized(kind: 'least' | 'most', origin: string, limit: number | bigint, exact: boolean | undefined): string {
  const unit = SIZE_UNITS[origin];
  const amount = exact ? 'exactly' : `at ${kind}`;
  if (!unit) return `Must be ${amount} ${limit.toLocaleString('en-US')}`;
  if (origin === 'string' && Number(limit) === 1 && kind === 'least') return INPUT_MESSAGES.required;
  return `Must have ${amount} ${limit.toLocaleString('en-US')} ${Number(limit) === 1 ? unit[0] : unit[1]}`;
}

const quoted = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');

/**
 * Wording for the issues a schema leaves to zod's defaults ("Invalid input: expected number, received NaN").
 * Every message a schema writes itself (the spec's texts among them) still wins: zod asks this map last.
 */
export function plainEnglish(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return INPUT_MESSAGES.required;
      if (issue.expected === 'object' && !issue.path?.length) return 'The request must be a JSON object';
      return TYPE_NAMES[issue.expected] ?? INPUT_MESSAGES.wrongType;
    case 'too_small':
      return sized('least', issue.origin, issue.minimum, issue.exact);
    case 'too_big':
      return sized('most', issue.origin, issue.maximum, issue.exact);
    case 'invalid_value':
      return issue.values.length === 1 ? `Must be ${quoted(issue.values)}` : `Must be one of ${quoted(issue.values)}`;
    case 'invalid_union':
      if (Array.isArray(issue.options) && issue.options.length > 0) return `Must be one of ${quoted(issue.options)}`;
      return INPUT_MESSAGES.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? 'Must be an email address' : 'This value is not in the expected format';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}`;
    default:
      return INPUT_MESSAGES.invalid;
  }
}

// `config` rather than `z.config`: the client build treats every `z.` call as pure (vite.config.ts, decision 068).
config({ customError: plainEnglish });
