import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { idParamsSchema } from '#shared/input.js';
import {
  conversationSchema,
  messagePageSchema,
  messageSchema,
  messagesQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '#shared/messaging.js';
import { requireUser } from '../../lib/viewer.js';
import type { MessagingService } from './service.js';

const idParams = idParamsSchema;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

export const messagingRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService }> = async (app, { messaging }) => {
  app.get('/api/conversations', { config: { signedIn: true }, schema: { response: { 200: z.array(conversationSchema), 401: apiErrorSchema } } }, (request) =>
    messaging.list(requireUser(request)),
  );

  app.post(
    '/api/conversations',
    { config: { signedIn: true }, schema: { body: startConversationSchema, response: { 200: conversationSchema, 201: conversationSchema, ...errors } } },
    async (request, reply) => {
      const { created, conversation } = await messaging.start(requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/conversations/:id/messages',
    { config: { signedIn: true }, schema: { params: idParams, querystring: messagesQuerySchema, response: { 200: messagePageSchema, ...errors } } },
    (request) => messaging.messages(requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    { config: { signedIn: true }, schema: { params: idParams, body: sendMessageSchema, response: { 201: messageSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await messaging.send(requireUser(request), request.params.id, request.body)),
  );

  app.get('/api/messages/unread-count', { config: { signedIn: true }, schema: { response: { 200: unreadCountSchema, 401: apiErrorSchema } } }, (request) =>
    messaging.unreadCount(requireUser(request)),
  );
};
