import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { codeForStatus } from '../shared/error-codes.js';
import { MESSAGES } from '../shared/texts.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { seedDemoData } from './demo/seed.js';
import { isApiPath, unroutedPath } from './lib/api-paths.js';
import { acceptEmptyJsonBodies, bodyValidatorCompiler } from './lib/optional-bodies.js';
import { registerErrorHandling } from './lib/error-handler.js';
import { createPasswordHasher } from './lib/passwords.js';
import { createRateLimitStore, withRateLimitStore } from './lib/rate-limit-store.js';
import { echoRequestId, REQUEST_ID_OPTIONS, requestLogOptions } from './lib/logging.js';
import { createSerializerCompiler } from './lib/serializer.js';
import {
  accountCareRoutes,
  accountRoutes,
  authRoutes,
  createAccountEmailLimit,
  createAccountService,
  createAuthRepository,
  createAvatarService,
  createDeletionService,
  createOidcAccounts,
  createOidcClient,
  createPasskeyService,
  createPasswordService,
  createProfileService,
  createSignInLimits,
  createSessionStore,
  createDeviceTracker,
  createTwoStep,
  isAdministrator,
  pageVisitors,
  sessionPlugin,
  signUpWithVerification,
} from './modules/accounts/index.js';
import { apiDocsRoutes, registerOpenApi } from './modules/api-docs/index.js';
import { adminRoutes, createAdminRepository, createAdminService, createOverviewRepository, createOverviewService, healthWarnings } from './modules/admin/index.js';
import { registerBackups } from './modules/backups/index.js';
import { catalogueRoutes, createCatalogue, createCatalogueRepository } from './modules/catalogue/index.js';
import { createReadiness, healthRoutes, type Readiness } from './modules/health/index.js';
import { createImageService, imageRoutes, uploadLimit } from './modules/images/index.js';
import { createListingsRepository, createListingsService, createPublicPageCache, type ListingExpiryRun, listingsRoutes } from './modules/listings/index.js';
import { createEventBus, type EventBus, eventsRoutes } from './modules/events/index.js';
import { createDataExportService, dataExportRoutes } from './modules/export/index.js';
import { createMailer, type Mailer } from './modules/mail/index.js';
import { createMetrics, metricsRoutes } from './modules/metrics/index.js';
import { createMembersRepository, createMembersService, membersRoutes } from './modules/members/index.js';
import { createMessagingRepository, createMessagingService, messagingRoutes } from './modules/messaging/index.js';
import { createReportsRepository, createReportsService, reportsRoutes } from './modules/reports/index.js';
import { createSanctionsRepository, createSanctionsService, sanctionsRoutes } from './modules/sanctions/index.js';
import { createReviewsRepository, createReviewsService, reviewsRoutes } from './modules/reviews/index.js';
import { createSavedSearchesRepository, createSavedSearchesService, savedSearchesRoutes } from './modules/saved-searches/index.js';
import { createPageHandler, parseTemplate, type PageRenderer } from './modules/pages/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { locateZip, zipRoutes } from './modules/zip/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email outbox: main.ts starts its worker, tests call flush(). */
    mailer: Mailer;
    /** Live events to people's open tabs. */
    events: EventBus;
    /** GET /api/ready's state; main.ts marks the shutdown before closing (decision 023). */
    readiness: Readiness;
    /** The hourly housekeeping main.ts schedules; never rejects (each failure is logged). */
    housekeeping(): Promise<void>;
    /**
     * The listings' expiry sweep as of `now` (decision 051): main.ts runs it every minute; tests pass later
     * moments instead of waiting. Rejects on failure (main.ts logs it).
     */
    listingExpiry(now?: Date): Promise<ListingExpiryRun>;
    /**
     * One run of the saved searches' alerts as of `now` (decision 053): listings published since the last
     * run matched, due emails written to the outbox. main.ts runs it every few seconds; tests pass their own clock.
     */
    savedSearchAlerts(now?: Date): Promise<{ listings: number; matches: number; emails: number }>;
    /** Fills a brand-new marketplace with the demo neighbourhood through this app's services; answers the listings made. */
    seedDemoData(): Promise<number>;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  sessionSecret: string;
  /** The built single-page app (dist/public); without it only the API is served. */
  clientDir?: string;
  /** The web app's server entry, which renders the public pages (decision 042); without it the browser renders every page. */
  pages?: PageRenderer;
  logger?: FastifyServerOptions['logger'];
}

/** proxy-addr numbers the socket's peer 0 and each X-Forwarded-For entry from the right 1, 2, … */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole application, configured but not listening: main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Every limiter the modules make while the app is built counts in this store (decision 026).
  const rateLimits = await createRateLimitStore(options.database, options.sessionSecret);
  try {
    const app = await withRateLimitStore(rateLimits, () => build(options));
    app.addHook('onClose', async () => rateLimits.close());
    return app;
  } catch (error) {
    rateLimits.close();
    throw error;
  }
}

async function build(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, sessionSecret } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    ...REQUEST_ID_OPTIONS,
    ...requestLogOptions(),
    // Fastify reads a bare number as "trust nothing"; TRUST_PROXY=N means the N hops nearest the app (decision 021).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Fastify's default; listing uploads raise it per route.
    bodyLimit: 1024 * 1024,
    // A malformed or overlong path is refused before routing; answer it in our shape, without echoing the URL back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send({ message: status === 414 ? MESSAGES.tooLarge : MESSAGES.badUrl, code: codeForStatus(status) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(bodyValidatorCompiler);
  acceptEmptyJsonBodies(app);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.NODE_ENV !== 'production' }));
  registerErrorHandling(app);
  app.addHook('onRequest', echoRequestId);
  const metrics = createMetrics({ database, log: app.log });
  app.addHook('onResponse', metrics.observe);
  // The API speaks JSON; a text/plain body is refused (415) rather than half-understood.
  app.removeContentTypeParser('text/plain');

  const secure = config.PUBLIC_URL.startsWith('https:');
  const pageTemplate = options.pages && parseTemplate(options.pages.template, options.pages.readFile);
  // Built once and applied to every answer (@fastify/helmet built this middleware again, parsing its policy, on
  // every request: ~4 % of the server's time under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The theme script a server-rendered page carries inline, by its hash (decision 043).
        scriptSrc: ["'self'", ...(pageTemplate?.scriptSources ?? [])],
        // Radix injects small <style> tags (scroll locking); scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A provider's profile pictures live on its own servers.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.oidc ? ['https:'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(cookie, { secret: sessionSecret });
  // Before any route (it hooks each route as it is added): answers of a compressible type (JSON, HTML, XML, text) of
  // 1 KB or more leave compressed, Brotli at a quality that costs little CPU, else gzip (decision 041). Pictures
  // (WebP) are not a compressible type; the built client's files carry their encodings from the build; the event
  // stream writes to the socket itself, past this hook. Request bodies are not inflated.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    // Up to 64 KB (a browse page is about 20) compressed in one call on this thread: a fraction of a millisecond,
    // where the plugin's stream pipeline (its default above 4 to 8 KB) cut browse throughput by three quarters.
    syncThreshold: 64 * 1024,
    globalDecompression: false,
  });
  // Before any route: the OpenAPI document is collected from the routes as they are added (decision 039).
  await registerOpenApi(app);

  // Infrastructure: the outbox, the live events bus, sessions, readiness, the OpenID Connect client.
  const db = database.db;
  const mailer = createMailer({ db, config, logger: app.log });
  const users = createAuthRepository(db);
  // Before the sessions: ending a session closes its live event streams (decision 017).
  const bus = await createEventBus(database, app.log);
  // A sign-in from a browser the account has not used before emails the member (decision 054).
  const sessions = createSessionStore(users, { streams: bus, devices: createDeviceTracker({ db, mail: mailer, publicUrl: config.PUBLIC_URL }) });
  const twoStep = createTwoStep({
    db,
    secret: sessionSecret,
    issuer: new URL(config.PUBLIC_URL).host,
    // An administrator under REQUIRE_ADMIN_2FA gives a second step even without an authenticator app: the passkey (decision 061).
    secondStepRequired: (user) => config.REQUIRE_ADMIN_2FA && isAdministrator(user, config.ADMIN_EMAILS),
  });
  const readiness = createReadiness(database);
  // Discovery at start; when the provider cannot be reached the app starts anyway (logged), and tries again later.
  const oidc = config.oidc ? createOidcClient(config.oidc, config.PUBLIC_URL, app.log) : null;
  await oidc?.ready();

  // Services: the composition root (decision 035). Each module's rules, given what they need of the others.
  const catalogue = createCatalogue(db);
  const images = createImageService(db, { uploads: uploadLimit(config.RATE_LIMIT_SCALE) });
  // Through the bus, every process's cache forgets when any process changes a listing (decision 026).
  const publicPages = createPublicPageCache(config.LISTINGS_CACHE_MS, bus);
  const listings = createListingsService({
    db,
    repo: createListingsRepository(db),
    images,
    locate: locateZip,
    publicPages,
    expiry: { ttlDays: config.LISTING_TTL_DAYS, mail: mailer, publicUrl: config.PUBLIC_URL, secret: sessionSecret },
  });
  // One count for sign-up and account care: at most 3 account emails an hour to an address (decision 063).
  const accountEmails = createAccountEmailLimit(app.log);
  const signUp = signUpWithVerification({ db, mail: mailer, publicUrl: config.PUBLIC_URL, accountEmails });
  const sanctions = createSanctionsService({ db, repo: createSanctionsRepository(db), mail: mailer, publicUrl: config.PUBLIC_URL });
  const passwords = createPasswordHasher(config.PASSWORD_HASH_COST);
  const passwordSignIn = createPasswordService(users, { passwords, signUp, suspension: sanctions });
  const oidcAccounts = createOidcAccounts({ db, adminEmails: config.ADMIN_EMAILS });
  const profile = createProfileService(users, { knowsZip: (zip) => locateZip(zip) !== undefined });
  const account = createAccountService({ db, sessions, users, mail: mailer, publicUrl: config.PUBLIC_URL, rateLimitScale: config.RATE_LIMIT_SCALE, passwords, accountEmails });
  const avatars = createAvatarService({ db, images });
  const passkeys = createPasskeyService({ db, publicUrl: config.PUBLIC_URL, suspension: sanctions });
  const reviews = createReviewsService({ db, repo: createReviewsRepository(db), listings, events: bus });
  const members = createMembersService({ db, repo: createMembersRepository(db), accounts: users, listings, reviews, adminEmails: config.ADMIN_EMAILS });
  const savedSearches = createSavedSearchesService({
    db,
    repo: createSavedSearchesRepository(db),
    listings,
    categories: catalogue.categories,
    locate: locateZip,
    mail: mailer,
    publicUrl: config.PUBLIC_URL,
    secret: sessionSecret,
    digestHour: config.DIGEST_HOUR,
  });
  const deletion = createDeletionService({ db, images, mail: mailer, listings, blocks: members, savedSearches, sessions, adminEmails: config.ADMIN_EMAILS, rateLimitScale: config.RATE_LIMIT_SCALE });
  const reports = createReportsService({ repo: createReportsRepository(db), listings, members: users });
  const adminRepo = createAdminRepository(db);
  const messaging = createMessagingService({
    db,
    repo: createMessagingRepository(db),
    users,
    listings,
    blocks: members,
    mail: mailer,
    events: bus,
    supportEmail: config.ADMIN_EMAILS[0],
    publicUrl: config.PUBLIC_URL,
  });
  const admin = createAdminService({ repo: adminRepo, adminEmails: config.ADMIN_EMAILS, users, listings, reports, messages: messaging, sanctions, streams: sessions });

  // Routes: the session first, so every route after it knows who asks.
  await app.register(sessionPlugin, { config, sessions });
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => readiness.beginShutdown());
  await app.register(healthRoutes, { readiness });
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  // One sign-in budget for the sign-in page and every password typed again (a recent sign-in, the data export).
  const signInLimits = createSignInLimits();
  await app.register(authRoutes, { config, sessions, password: passwordSignIn, oidc, oidcAccounts, profile, db, twoStep, passkeys, mail: mailer, signInLimits });
  await app.register(accountRoutes, { config, sessions, account, twoStep });
  await app.register(accountCareRoutes, { config, avatars, deletion });
  // "Download my data" (decision 062): a password typed there counts as on the sign-in page (the limits' shared table on PostgreSQL).
  const dataExports = createDataExportService({ db, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(dataExportRoutes, { exports: dataExports, recent: { db, signInLimits } });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(listingsRoutes, { services: listings, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(reviewsRoutes, { reviews });
  await app.register(reportsRoutes, { reports });
  const adminSecondFactor = { required: config.REQUIRE_ADMIN_2FA, has: twoStep.hasSecondFactor };
  await registerBackups(app, { config, database, secondFactor: adminSecondFactor });
  await app.register(adminRoutes, {
    admin,
    overview: createOverviewService({ db, repo: createOverviewRepository(db), openReports: () => adminRepo.countReports({ status: 'pending' }), backups: app.backups }),
    warnings: healthWarnings(config),
    secondFactor: adminSecondFactor,
  });
  await app.register(imageRoutes, { images });
  await app.register(zipRoutes);
  await app.register(messagingRoutes, { messaging });
  await app.register(membersRoutes, { members });
  await app.register(savedSearchesRoutes, { savedSearches, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(sanctionsRoutes, { sanctions, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(eventsRoutes, { bus: metrics.countingStreams(bus), initialEvents: messaging.initialEvents, sessionIsLive: sessions.isLive });
  await app.register(apiDocsRoutes);
  await app.register(seoRoutes, { publicUrl: config.PUBLIC_URL, sources: { categories: catalogue.categories, visibleListingIds: listings.visibleListingIds } });
  // Expired sessions and passkey challenges, uploads never attached to a listing within a day, search words no listing uses.
  app.decorate('housekeeping', async () => {
    const attempt = (work: Promise<unknown>, failure: string) => work.catch((err: unknown) => app.log.warn({ err }, failure));
    await Promise.all([
      attempt(users.deleteExpiredSessions(), 'could not delete expired sessions'),
      attempt(passkeys.sweep(), 'could not delete expired passkey challenges'),
      attempt(images.deleteUnattachedOlderThan(24 * 60 * 60 * 1000), 'could not delete abandoned uploads'),
      attempt(listings.pruneSearchWords(), 'could not prune the search dictionary'),
      attempt(savedSearches.pruneMatches(), "could not delete saved searches' old matches"),
    ]);
  });
  app.decorate('savedSearchAlerts', (now: Date = new Date()) => savedSearches.run(now));
  app.decorate('listingExpiry', (now: Date = new Date()) => listings.runExpiry(now));
  // main.ts starts the mail worker; tests flush the outbox themselves.
  app.decorate('seedDemoData', () => seedDemoData({ accounts: users, catalogue: createCatalogueRepository(db), images, listings }));
  app.decorate('mailer', mailer);
  app.decorate('events', bus);
  const stopHearingFaults = database.onConnectionError?.((err) =>
    app.log.warn({ err }, 'A database connection was lost; the requests using it answered 503 and the pool opens a new one'),
  );
  app.addHook('onClose', async () => {
    stopHearingFaults?.();
    metrics.close();
    await mailer.stop();
    await bus.close();
  });

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    const assetsDir = join(clientDir, 'assets');
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // Each text file of 1 KB or more has Brotli and gzip siblings written at build time (scripts/compress-assets.mjs):
      // sent as they are per Accept-Encoding, with Vary. The siblings get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        // Vite fingerprints everything under /assets; the HTML and the files in public/ must always be revalidated.
        reply.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage =
    options.pages && pageTemplate
      ? createPageHandler({
          renderer: options.pages,
          template: pageTemplate,
          publicUrl: config.PUBLIC_URL,
          reads: { catalogue, listings, reviews, members, zip: { locate: locateZip } },
          visitors: pageVisitors(config, sessions),
          cache: publicPages,
          log: app.log,
        })
      : undefined;
  const answerUnknown = (request: FastifyRequest, reply: FastifyReply) => {
    const path = unroutedPath(request);
    // A missing file of the build (a stale chunk) is not a page: the browser's import fails, and reloads once (decision 024).
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !path.startsWith('/assets/');
    if (isPage && sendPage) return sendPage(request, reply);
    if (isPage && hasClient) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: MESSAGES.notFound, code: 'not_found' });
  };
  // Pages answer through a route of their own, below every other: routes get their answers compressed (decision 041).
  if (sendPage) app.get('/*', { schema: { hide: true } }, answerUnknown);
  app.setNotFoundHandler(answerUnknown);

  return app;
}
