import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * Answers are written by a serializer compiled once per route from its zod response schema (fast-json-stringify,
 * Fastify's own), not by walking the zod schema on every request (decision 030). The compiled function writes only the
 * properties the schema names, so nothing outside the presenter's shape can leave the server either way.
 *
 * `check` (everywhere but production, so in every test) also runs the zod schema as before and compares the compiled
 * text with plain `JSON.stringify` of the checked value: an answer that breaks its schema, or a schema the compiler
 * reads differently from zod, fails the test that sent it. A schema that has no JSON Schema form keeps zod's way.
 */
export function createSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const serialize = compileRoute(route, options);
    return (data: unknown) => {
      if (!(data instanceof JsonText)) return serialize(data);
      if (options.check) {
        const value: unknown = JSON.parse(data.text);
        const expected: unknown = JSON.parse(serialize(value));
        if (!isDeepStrictEqual(value, expected)) {
          throw new Error(`${route.method} ${route.url} assembled ${data.text.slice(0, 500)} where its serializer writes ${JSON.stringify(expected).slice(0, 500)}`);
        }
      }
      return data.text;
    };
  };
}

/**
 * An answer's JSON text put together by the route itself from pieces its serializers wrote (browse pages from
 * remembered listing cards, decision 031): sent as it is. With `check`, it must be exactly what the route's schema and
 * compiled serializer make of the same value, so assembling can never send what the schema would not.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

function compileRoute({ schema, method, url }: { schema: unknown; method: string; url: string }, options: { check: boolean }): Serialize {
  const zodSchema = schema as z.ZodType;
  const checked = (data: unknown) => {
    const result = z.safeEncode(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return result.data;
  };
  const compiled = compile(zodSchema);
  if (!compiled) return (data: unknown) => JSON.stringify(checked(data));
  if (!options.check) return compiled;
  return (data: unknown) => {
    const value = checked(data);
    const text = compiled(value);
    const expected: unknown = JSON.parse(JSON.stringify(value));
    if (!isDeepStrictEqual(JSON.parse(text), expected)) {
      throw new Error(`The compiled serializer of ${method} ${url} wrote ${text.slice(0, 500)} for ${JSON.stringify(expected).slice(0, 500)}`);
    }
    return text;
  };
}

/** The compiled serializer of a zod schema, or undefined when the schema has no faithful JSON Schema form. */
export function compile(schema: z.ZodType): Serialize | undefined {
  try {
    const jsonSchema = simplify(z.toJSONSchema(schema, { target: 'draft-07', io: 'input', unrepresentable: 'throw' }));
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`; fast-json-stringify would pick the branch by validating
 * the value with Ajv on every call. A type list says the same for a plain `T` and costs nothing.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const { $schema: _schema, ...rest } = node as JsonSchema;
  const out: JsonSchema = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, simplify(value)]));
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (b: unknown) => isDeepStrictEqual(b, { type: 'null' });
    const other = branches.find((b) => !isNull(b)) as JsonSchema | undefined;
    if (branches.some(isNull) && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _anyOf, ...self } = out;
      return { ...self, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
