import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/texts.js';
import { unauthorized } from './errors.js';

/**
 * Who is asking: the signed-in person as every module sees them. Their account record (password hash, settings)
 * stays with the accounts module; the role is worked out once, when the session is resolved.
 */
export interface Viewer {
  readonly id: string;
  readonly username: string | null;
  /** Their own address, for their own copies and their own listings' cards. */
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly role: 'member' | 'administrator';
  readonly termsAccepted: boolean;
  readonly isBanned: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in person for this request, resolved once from the session cookie (the auth module's plugin), and
     * whether the session began with a second factor (decision 061).
     */
    session: { id: string; user: Viewer; oidcIdToken: string | null; secondFactor: boolean } | null;
  }
}

/** The signed-in person, or a 401 for routes that need one. */
export function requireUser(request: FastifyRequest): Viewer {
  if (!request.session) throw unauthorized(MESSAGES.signedOut);
  return request.session.user;
}

export const isAdmin = (viewer: Viewer | null | undefined): boolean => viewer?.role === 'administrator';
