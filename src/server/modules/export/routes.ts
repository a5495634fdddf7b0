import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportSchema } from '#shared/data-export.js';
import { apiErrorSchema } from '#shared/errors.js';
import { mediaResponse } from '#server/lib/responses.js';
import { assertRecentSignIn, type RecentSignInDeps, requireAccount } from '../accounts/index.js';
import type { DataExportService } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
/** A stream bypasses the serializer: this documents the answer without touching it. */
const zipFile = mediaResponse(
  'application/zip',
  'The archive, `marketplace-data-YYYY-MM-DD.zip` (Content-Disposition: attachment): index.html to read, a JSON file per part for programs, and images/.',
  z.any(),
);

/**
 * `POST /api/account/export` (decision 062): the signed-in member's own data, never anyone else's (there is no id to
 * name). A recent sign-in, or the password in the body (decision 054); before the terms too, so someone who will not
 * accept them can take their data and leave.
 */
export const dataExportRoutes: FastifyPluginAsyncZod<{ exports: DataExportService; recent: RecentSignInDeps }> = async (app, { exports, recent }) => {
  app.post(
    '/api/account/export',
    { config: { signedIn: true, allowBeforeTerms: true }, schema: { body: dataExportSchema, response: { 200: zipFile, ...errors } } },
    async (request, reply) => {
      const account = requireAccount(request);
      await assertRecentSignIn(request, recent, request.body?.password);
      const { fileName, stream } = await exports.archive(account.id, request.session!.id, request.log);
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  );
};
