// engines: one — no database
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
      MAIL_FROM: 'Community Services <no-reply@localhost>',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    // No mail server needed: without SMTP_URL, mail is written under DATA_DIR/mail.
    expect(config.SMTP_URL).toBeUndefined();
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

  it('reads the mail settings; the default sender uses the public host name', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://market.example.org/' }).MAIL_FROM).toBe('Community Services <no-reply@market.example.org>');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:5000' }).MAIL_FROM).toBe('Community Services <no-reply@localhost>');
    const config = loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@mail.example.org:465', MAIL_FROM: ' Market Team <team@example.org> ' });
    expect(config).toMatchObject({ SMTP_URL: 'smtps://mailer:s3cret@mail.example.org:465', MAIL_FROM: 'Market Team <team@example.org>' });
    expect(loadConfig({ MAIL_FROM: 'team@example.org' }).MAIL_FROM).toBe('team@example.org');
  });

  it('refuses a mail server that is not smtp:// or smtps:// and a sender that is not an address', () => {
    for (const env of [{ SMTP_URL: 'http://mail.example.org' }, { SMTP_URL: 'smtp://' }, { MAIL_FROM: 'Market Team' }, { MAIL_FROM: 'Team <team@example.org' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org:25' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM: must be an email address/);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(5000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', ADMIN_EMAILS: 'not-an-email', DEMO_DATA: 'maybe', SMTP_URL: 'mailhost', MAIL_FROM: 'me' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'ADMIN_EMAILS', 'DEMO_DATA', 'SMTP_URL', 'MAIL_FROM']) expect(message).toContain(key);
  });

  describe('OpenID Connect and local accounts', () => {
    const oidc = { OIDC_ISSUER_URL: 'https://id.example.org/realms/town/', OIDC_CLIENT_ID: 'market', OIDC_CLIENT_SECRET: 's3cret' };

    it('is off by default, with local accounts on', () => {
      const config = loadConfig({});
      expect(config.oidc).toBeNull();
      expect(config.LOCAL_ACCOUNTS).toBe(true);
    });

    it('reads the provider, keeping the issuer exactly as given, with default scopes and name', () => {
      expect(loadConfig(oidc).oidc).toEqual({
        issuer: 'https://id.example.org/realms/town/',
        clientId: 'market',
        clientSecret: 's3cret',
        scopes: 'openid email profile',
        name: 'single sign-on',
      });
      const custom = loadConfig({ ...oidc, OIDC_SCOPES: 'openid,email  profile groups', OIDC_NAME: ' Google ', LOCAL_ACCOUNTS: '0' });
      expect(custom.oidc).toMatchObject({ scopes: 'openid email profile groups', name: 'Google' });
      expect(custom.LOCAL_ACCOUNTS).toBe(false);
    });

    it('needs the three core settings together', () => {
      expect(() => loadConfig({ OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL })).toThrow(/OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: must be set together with OIDC_ISSUER_URL/);
      expect(() => loadConfig({ OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toThrow(/OIDC_ISSUER_URL: must be set together/);
    });

    it('refuses local accounts off without a provider, scopes without openid and a plain-http issuer off this machine', () => {
      expect(() => loadConfig({ LOCAL_ACCOUNTS: '0' })).toThrow(/LOCAL_ACCOUNTS: 0 needs an OpenID Connect provider/);
      expect(() => loadConfig({ ...oidc, OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES: must include openid/);
      expect(() => loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://id.example.org' })).toThrow(/OIDC_ISSUER_URL: must be an https:\/\/ URL/);
      expect(loadConfig({ ...oidc, OIDC_ISSUER_URL: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    });
  });

  describe('the password hash cost (decision 058)', () => {
    it("is production's 2^17 by default and may be raised anywhere", () => {
      expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
      expect(loadConfig({ PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
      expect(() => loadConfig({ PASSWORD_HASH_COST: '19' })).toThrow(/PASSWORD_HASH_COST: must be at most 18/);
      expect(() => loadConfig({ PASSWORD_HASH_COST: '9', NODE_ENV: 'test' })).toThrow(/PASSWORD_HASH_COST: must be at least 10/);
    });

    it('is lowered only outside production: NODE_ENV=production, also by default, refuses it', () => {
      expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
      expect(loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
      expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST: below 17 only for tests/);
      expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '16' })).toThrow(ConfigError);
    });
  });
});
