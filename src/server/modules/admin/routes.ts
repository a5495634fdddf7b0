import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditQuerySchema,
  adminConversationsPageSchema,
  adminConversationsQuerySchema,
  adminMessagesPageSchema,
  adminMessagesQuerySchema,
  adminOverviewSchema,
  adminReportSchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  adminServicesPageSchema,
  adminServicesQuerySchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditLogPageSchema,
  reportStatusUpdateSchema,
} from '#shared/admin.js';
import { apiErrorSchema } from '#shared/errors.js';
import { adminAppealSchema, adminAppealsPageSchema, adminAppealsQuerySchema, appealDecisionSchema, sanctionBodySchema } from '#shared/sanctions.js';
import { healthWarningsSchema } from '#shared/health-warnings.js';
import { idParamsSchema, textId } from '#shared/input.js';
import { requireAdministrator, type SecondFactorPolicy } from '../../lib/admin-gate.js';
import { requireUser } from '../../lib/viewer.js';
import type { OverviewService } from './overview.js';
import type { AdminService } from './service.js';

const idParams = idParamsSchema;
const userParams = z.object({ id: textId() });
/** DELETE /api/admin/services/{id}: the id of the listing that is gone. */
const deletedServiceSchema = z.object({ id: z.number() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const listErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The administrator's API under /api/admin (docs/decisions/012-administration.md). Every route of this plugin
 * is for the administrator only, checked on the server on every call: signed out 401, anyone else 403.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  overview: OverviewService;
  warnings?: string[];
  /** REQUIRE_ADMIN_2FA (lib/admin-gate.ts, decision 061). Absent: not required. */
  secondFactor?: SecondFactorPolicy;
}> = async (app, { admin, overview, warnings = [], secondFactor }) => {
  // Encapsulated in this plugin, so it runs for these routes only; before validation, so a non-administrator
  // learns that they may not call the route before anything about their input.
  app.addHook('preValidation', async (request) => {
    await requireAdministrator(request, secondFactor);
  });
  // Answers about other people are never cached on the way.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const config = { signedIn: true };

  app.get('/api/admin/users', { config, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...listErrors } } }, (request) =>
    admin.users(request.query),
  );

  // The spec's call has no body; an optional reason is told to the member (decision 047).
  app.post('/api/admin/users/:id/ban', { config, schema: { params: userParams, body: sanctionBodySchema, response: { 200: adminUserSchema, ...errors } } }, (request) =>
    admin.ban(requireUser(request), request.params.id, request.body?.reason),
  );

  app.post('/api/admin/users/:id/unban', { config, schema: { params: userParams, response: { 200: adminUserSchema, ...errors } } }, (request) =>
    admin.unban(requireUser(request), request.params.id),
  );

  app.get(
    '/api/admin/services',
    { config, schema: { querystring: adminServicesQuerySchema, response: { 200: adminServicesPageSchema, ...listErrors } } },
    (request) => admin.services(request.query),
  );

  app.delete('/api/admin/services/:id', { config, schema: { params: idParams, body: sanctionBodySchema, response: { 200: deletedServiceSchema, ...errors } } }, (request) =>
    admin.deleteService(requireUser(request), request.params.id, request.body?.reason),
  );

  app.get(
    '/api/admin/reports',
    { config, schema: { querystring: adminReportsQuerySchema, response: { 200: adminReportsPageSchema, ...listErrors } } },
    (request) => admin.reports(request.query),
  );

  app.patch(
    '/api/admin/reports/:id/status',
    { config, schema: { params: idParams, body: reportStatusUpdateSchema, response: { 200: adminReportSchema, ...errors } } },
    (request) => admin.setReportStatus(requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/conversations',
    { config, schema: { querystring: adminConversationsQuerySchema, response: { 200: adminConversationsPageSchema, ...listErrors } } },
    (request) => admin.conversations(request.query),
  );

  app.get(
    '/api/admin/conversations/:id/messages',
    { config, schema: { params: idParams, querystring: adminMessagesQuerySchema, response: { 200: adminMessagesPageSchema, ...errors } } },
    (request) => admin.messages(requireUser(request), request.params.id, request.query),
  );

  // Configuration problems of this server (decision 024), shown at the top of the dashboard.
  app.get('/api/admin/health-warnings', { config, schema: { response: { 200: healthWarningsSchema, ...listErrors } } }, () => ({ warnings }));

  // The Overview tab (decision 029): weekly activity and what needs attention, in one answer.
  app.get('/api/admin/overview', { config, schema: { response: { 200: adminOverviewSchema, ...listErrors } } }, () => overview.overview());

  app.get('/api/admin/audit-log', { config, schema: { querystring: adminAuditQuerySchema, response: { 200: auditLogPageSchema, ...listErrors } } }, (request) =>
    admin.auditLog(request.query),
  );

  // Appeals against bans (decision 047).
  app.get('/api/admin/appeals', { config, schema: { querystring: adminAppealsQuerySchema, response: { 200: adminAppealsPageSchema, ...listErrors } } }, (request) =>
    admin.appeals(request.query),
  );
  app.post(
    '/api/admin/appeals/:id/decision',
    { config, schema: { params: idParams, body: appealDecisionSchema, response: { 200: adminAppealSchema, ...errors } } },
    (request) => admin.decideAppeal(requireUser(request), request.params.id, request.body),
  );
};
