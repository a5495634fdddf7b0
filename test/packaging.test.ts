// engines: one — no database
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_IMAGE_REF_LENGTH, MAX_IMAGES } from '../src/shared/services.js';

// Docker is not available where the tests run: these check what can be checked without it (decision 024).

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped; `stage` counts FROM lines. */
function dockerfile(): Instruction[] {
  const joined = readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ');
  let stage = -1;
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      if (keyword.toUpperCase() === 'FROM') stage += 1;
      return { stage, keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** .dockerignore entries as plain names (this file uses no wildcards in front of a name). */
const ignored = () =>
  readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

describe('Dockerfile', () => {
  const instructions = dockerfile();
  const last = Math.max(...instructions.map((i) => i.stage));
  const final = instructions.filter((i) => i.stage === last);

  it('builds in one stage and runs from another, as an unprivileged user', () => {
    expect(last).toBeGreaterThanOrEqual(1);
    expect(instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args)).toEqual(
      expect.arrayContaining([expect.stringContaining('npm ci'), 'npm run build', expect.stringContaining('npm ci --omit=dev')]),
    );
    const users = final.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // Nothing of the build stage's dev dependencies reaches the runtime image: node_modules come from the deps stage.
    const copied = final.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copied).toContain('--from=deps /app/node_modules ./node_modules');
    expect(copied).toContain('--from=build /app/dist ./dist');
    // package.json's "type": "module" is what makes Node load dist's .js files as ES modules.
    expect(copied).toContain('package.json ./');
    expect(JSON.parse(readFileSync('package.json', 'utf8')).type).toBe('module');
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    const sources = instructions
      .filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(existsSync(source), `COPY ${source}`).toBe(true);
      expect(ignored(), `COPY ${source} is excluded by .dockerignore`).not.toContain(source.replace(/\/$/, ''));
    }
    // The build reads these; the server's migrations are copied into dist by the build.
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'src', 'scripts', 'vite.config.ts']));
    expect(readFileSync('scripts/build-server.mjs', 'utf8')).toContain("'dist/node/server/db/migrations'");
  });

  it('keeps data in a volume, checks readiness, and starts the built server', () => {
    const env = final.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
    expect(env).toMatch(/DATA_DIR=\/data\b/);
    expect(env).toMatch(/NODE_ENV=production\b/);
    expect(final.find((i) => i.keyword === 'VOLUME')?.args).toBe('["/data"]');
    expect(final.find((i) => i.keyword === 'EXPOSE')?.args).toBe('5000');
    expect(final.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/api/ready');
    const cmd = JSON.parse(final.find((i) => i.keyword === 'CMD')!.args) as string[];
    expect(cmd).toEqual(['node', 'dist/node/server/main.js']);
    // The path the build writes: tsconfig.server.json compiles src/ into dist/node.
    expect(JSON.parse(readFileSync('tsconfig.server.json', 'utf8')).compilerOptions).toMatchObject({ outDir: 'dist/node', rootDir: 'src' });
    expect(existsSync('src/server/main.ts')).toBe(true);
  });

  it("can run the organiser's commands: compiled with the server, their launcher, and pg_dump of compose's PostgreSQL", () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    for (const name of ['admin', 'backup', 'restore', 'move-to-postgres']) {
      // Not through tsx, a development tool the image does not have: from dist/node/server/cli, which the build writes.
      expect(scripts[name]).toBe(`node scripts/cli.mjs ${name}`);
      expect(existsSync(`src/server/cli/${name}.ts`), `src/server/cli/${name}.ts`).toBe(true);
    }
    expect(JSON.parse(readFileSync('tsconfig.server.json', 'utf8')).include).toContain('src/server');
    expect(final.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toContain('scripts/cli.mjs ./scripts/');
    const installs = final.filter((i) => i.keyword === 'RUN').map((i) => i.args).join(' ');
    const db = (parse(readFileSync('compose.yaml', 'utf8')) as { services: { db: { image: string } } }).services.db.image;
    expect(installs).toContain(`postgresql-client-${/^postgres:(\d+)/.exec(db)![1]}`);
  });

  it('runs on Node.js 24 LTS in every stage (decision 058)', () => {
    const bases = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe('node:24-bookworm-slim');
  });

  it("installs no package only the browser bundle uses: the runtime's `npm ci --omit=dev` carries no React, Radix or WebAuthn browser code", () => {
    // package-lock.json marks a package `dev` when only devDependencies need it; everything else is what --omit=dev installs.
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const production = Object.entries(lock.packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(production.length).toBeGreaterThan(50);
    const browserOnly = production.filter((name) => /^(react|react-dom|scheduler|@radix-ui\/.*|@simplewebauthn\/browser|@tanstack\/.*)$/.test(name));
    expect(browserOnly).toEqual([]);
  });

  it('leaves secrets, data and local builds out of the build context', () => {
    expect(ignored()).toEqual(expect.arrayContaining(['.env', 'node_modules', 'dist', 'data', '.git']));
  });
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync('compose.yaml', 'utf8')) as {
    services: Record<string, { image?: string; build?: string; environment?: Record<string, string>; volumes?: string[]; healthcheck?: { test: string[] }; depends_on?: Record<string, { condition: string }> }>;
    volumes: Record<string, unknown>;
  };

  it('runs the app with PostgreSQL 16 and Mailpit', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'mailpit']);
    const { app, db, mailpit } = compose.services;
    expect(app!.build).toBe('.');
    expect(db!.image).toMatch(/^postgres:16(\b|$)/);
    expect(db!.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(mailpit!.image).toMatch(/^axllent\/mailpit:/);
    expect(app!.depends_on?.db?.condition).toBe('service_healthy');
  });

  it('configures the app for real use: database, mail, address, secret and a data volume', () => {
    const env = compose.services.app!.environment!;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@db:5432\/marketplace$/);
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(env.PUBLIC_URL).toContain('${PUBLIC_URL');
    // Required: compose stops with this message instead of starting with a generated secret per container.
    expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
    expect(env.DATA_DIR).toBe('/data');
    expect(compose.services.app!.volumes).toContain('app-data:/data');
    expect(compose.services.db!.volumes).toContain('db-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'db-data']);
  });
});

describe('deployment examples', () => {
  it('the systemd unit restarts after a crash and allows for the stale-lock wait', () => {
    const unit = readFileSync('docs/deploy/marketplace.service', 'utf8');
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('EnvironmentFile')).toBeDefined();
    expect(setting('User')).toBe('marketplace');
    expect(setting('NoNewPrivileges')).toBe('true');
    expect(setting('ProtectSystem')).toBe('strict');
    // Each restart after SIGKILL may wait ~20 s for the stale lock: the burst must fit in the interval.
    const burst = Number(setting('StartLimitBurst'));
    const interval = Number(setting('StartLimitIntervalSec'));
    expect(burst).toBeGreaterThanOrEqual(5);
    expect(interval).toBeGreaterThanOrEqual(burst * 20);
  });

  it('nginx streams events unbuffered and accepts the largest listing the app accepts', () => {
    const conf = readFileSync('docs/deploy/nginx.conf', 'utf8');
    const events = /location = \/api\/events \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(events).toContain('proxy_buffering off;');
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(events)?.[1])).toBeGreaterThanOrEqual(60);
    expect(conf).toContain('proxy_set_header X-Forwarded-For');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    // The listing routes' body limit (src/server/modules/listings/routes.ts).
    const largestListing = MAX_IMAGES * MAX_IMAGE_REF_LENGTH + 64 * 1024;
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1]);
    expect(megabytes * 1024 * 1024).toBeGreaterThanOrEqual(largestListing);
  });
});
