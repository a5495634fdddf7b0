import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:5000',
      ADMIN_EMAILS: [],
      DEMO_DATA: true,
      NODE_ENV: 'production',
      RATE_LIMIT_SCALE: 1,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('reads and normalises every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/market',
      DATABASE_URL: 'postgres://app@db.internal:5432/market',
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://market.example.org/',
      ADMIN_EMAILS: ' Admin@Example.org, second@example.org ,',
      DEMO_DATA: '0',
      NODE_ENV: 'development',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'https://market.example.org',
      ADMIN_EMAILS: ['admin@example.org', 'second@example.org'],
      DEMO_DATA: false,
    });
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(5000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', ADMIN_EMAILS: 'not-an-email', DEMO_DATA: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'ADMIN_EMAILS', 'DEMO_DATA']) expect(message).toContain(key);
  });
});
