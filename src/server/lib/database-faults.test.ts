// engines: both — each driver's own connection errors
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/texts.js';
import { isDatabaseUnavailable } from './database-faults.js';
import { registerErrorHandling } from './error-handler.js';

/** An error as node-postgres builds one from the server's ErrorResponse. */
const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

const outages: Array<[string, unknown]> = [
  ['a terminated backend (57P01), wrapped by Drizzle', new DrizzleQueryError('insert into service_likes …', [1], pgError('57P01', 'terminating connection due to administrator command'))],
  ['a crash shutdown (57P02)', pgError('57P02')],
  ['a server still starting (57P03)', pgError('57P03', 'the database system is starting up')],
  ['no connection slot left (53300)', pgError('53300')],
  ['a connection exception (08006)', pgError('08006')],
  ['a refused connection', socketError('ECONNREFUSED')],
  ['a refused connection to every address of a host', new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], 'connect failed')],
  ['a reset connection', socketError('ECONNRESET')],
  ['a connection lost under a query', new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'))],
  ['a BEGIN on a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
  ['the pool running out of time to connect', new Error('timeout exceeded when trying to connect')],
  ['a connect timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
];
const bugs: Array<[string, unknown]> = [
  ['a unique violation (23505)', new DrizzleQueryError('insert …', [], pgError('23505'))],
  ['a bad value (22P02)', pgError('22P02')],
  ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['a thrown string', 'nope'],
];

describe('database faults', () => {
  it.each(outages)('counts %s as the database being unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each(bugs)('does not count %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });

  it('answers an outage 503 with Retry-After and a plain message, and anything else still 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/outage', async () => {
      throw outages[0]![1];
    });
    app.get('/bug', async () => {
      throw bugs[0]![1];
    });
    const outage = await app.inject({ method: 'GET', url: '/outage' });
    expect(outage.statusCode).toBe(503);
    expect(outage.headers['retry-after']).toBe('5');
    expect(outage.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'database_unavailable' });
    expect(outage.body).not.toContain('service_likes');
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ message: MESSAGES.serverError, code: 'server_error' });
    await app.close();
  });
});
