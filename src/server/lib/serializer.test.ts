// engines: one
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { collectRoutes } from '#test/fuzz/harness.js';
import { compile, createSerializerCompiler, JsonText } from './serializer.js';

const route = { method: 'GET', url: '/test' } as const;
const compilerFor = (schema: z.ZodType, check: boolean) => createSerializerCompiler({ check })({ schema, ...route } as never);

describe('compiled response serializers', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('exist for every response schema of every route, so no answer is written by walking zod on each request', async () => {
    const collected = await collectRoutes(() => createTestApp());
    t = collected.value;
    const responses = collected.routes.flatMap(({ method, url, schema }) =>
      Object.entries((schema as RouteOptions['schema'] & { response?: Record<string, unknown> }).response ?? {}).map(([status, s]) => ({ name: `${method} ${url} ${status}`, s })),
    );
    // An answer of another media type (an image, the event stream, Prometheus's text, the OpenAPI text) is declared
    // with its content type for the OpenAPI document (lib/responses.ts) and sent as it is, never serialized.
    const media = responses.filter(({ s }) => !(s instanceof z.ZodType));
    expect(media.every(({ s }) => typeof s === 'object' && s !== null && 'content' in s), JSON.stringify(media.map(({ name }) => name))).toBe(true);
    const schemas = responses.flatMap(({ name, s }) => (s instanceof z.ZodType ? [{ name, s }] : []));
    expect(schemas.length).toBeGreaterThan(100);
    expect(schemas.filter(({ s }) => compile(s) === undefined).map(({ name }) => name)).toEqual([]);
  });

  it('write exactly what JSON.stringify writes of the zod-checked value, nullable and optional fields included', () => {
    const schema = z.object({
      id: z.int(),
      title: z.string(),
      rate: z.number().nullable(),
      note: z.string().optional(),
      tags: z.array(z.enum(['a', 'b'])),
      owner: z.object({ id: z.string(), email: z.string().nullable() }),
    });
    const value = { id: 7, title: 'Quote " and \\ and \u2028 and </script>', rate: null, tags: ['b'], owner: { id: 'u', email: null } };
    expect(compilerFor(schema, false)(value)).toBe(JSON.stringify(value));
    expect(compilerFor(schema, true)({ ...value, note: 'x' })).toBe(JSON.stringify({ ...value, note: 'x' }));
  });

  it('never write a property the schema does not name', () => {
    const schema = z.object({ id: z.string(), user: z.object({ name: z.string() }) });
    const leaky = { id: 'a', passwordHash: 'secret', user: { name: 'N', email: 'n@example.test' } };
    for (const check of [false, true]) expect(JSON.parse(compilerFor(schema, check)(leaky) as string)).toEqual({ id: 'a', user: { name: 'N' } });
  });

  it('refuse, when checking, an answer that breaks its schema instead of coercing it', () => {
    const schema = z.object({ count: z.int() });
    expect(compilerFor(schema, false)({ count: '3' })).toBe('{"count":3}');
    expect(() => compilerFor(schema, true)({ count: '3' })).toThrow(/Response doesn't match the schema/);
  });

  it('keep zod for a schema with no JSON Schema form', () => {
    const schema = z.object({ at: z.custom<string>((v) => typeof v === 'string' && v.startsWith('2026')) });
    expect(compile(schema)).toBeUndefined();
    expect(compilerFor(schema, false)({ at: '2026-11-24' })).toBe('{"at":"2026-11-24"}');
    expect(() => compilerFor(schema, false)({ at: 'yesterday' })).toThrow(/Response doesn't match the schema/);
  });

  it('send JSON text a route put together as it is, and, when checking, only if the schema and serializer would write the same', () => {
    const schema = z.object({ services: z.array(z.object({ id: z.int(), title: z.string() })), nextCursor: z.string().nullable() });
    const assembled = '{"services":[{"id":1,"title":"One"},{"id":2,"title":"Two"}],"nextCursor":null}';
    for (const check of [false, true]) expect(compilerFor(schema, check)(new JsonText(assembled))).toBe(assembled);
    // A property the schema does not name, a value of the wrong type, a missing field: each is refused when checking.
    for (const wrong of [
      '{"services":[{"id":1,"title":"One","email":"a@example.test"}],"nextCursor":null}',
      '{"services":[{"id":"1","title":"One"}],"nextCursor":null}',
      '{"services":[{"id":1}],"nextCursor":null}',
    ]) {
      expect(compilerFor(schema, false)(new JsonText(wrong))).toBe(wrong);
      expect(() => compilerFor(schema, true)(new JsonText(wrong)), wrong).toThrow();
    }
  });
});
