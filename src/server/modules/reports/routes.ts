import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.js';
import { idParamsSchema } from '#shared/input.js';
import { memberIdParamsSchema } from '#shared/members.js';
import { createReportSchema, memberReportSchema, messageReportSchema, myReportsSchema, reportSchema } from '#shared/reports.js';
import { requireUser } from '../../lib/viewer.js';
import type { ReportsService } from './service.js';

const idParams = idParamsSchema;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/api/services/:id/report',
    { config: { signedIn: true }, schema: { params: idParams, body: createReportSchema, response: { 201: reportSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await reports.create(requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/users/:id/report',
    { config: { signedIn: true }, schema: { params: memberIdParamsSchema, body: createReportSchema, response: { 201: memberReportSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await reports.createMember(requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/messages/:id/report',
    { config: { signedIn: true }, schema: { params: idParams, body: createReportSchema, response: { 201: messageReportSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await reports.createMessage(requireUser(request), request.params.id, request.body)),
  );

  app.get('/api/my-reports', { config: { signedIn: true }, schema: { response: { 200: myReportsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } }, (request) =>
    reports.mine(requireUser(request)),
  );
};
