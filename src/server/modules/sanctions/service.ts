import { APPEAL_LINK_DAYS, type Appeal, type CreateAppeal, SANCTION_TEXTS } from '#shared/sanctions.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/secret-tokens.js';
import { transaction } from '../../lib/transaction.js';
import { type Email, layoutEmail, type Outbox } from '../mail/index.js';
import { presentAppeal, presentSuspension } from './presenter.js';
import type { SanctionsRepository } from './repository.js';

/** Who is sanctioned, as far as telling them goes: where to write, if their address is proven (decision 014). */
export interface SanctionedPerson {
  id: string;
  email: string | null;
  emailVerified: boolean;
}

const mayEmail = (person: SanctionedPerson): person is SanctionedPerson & { email: string } => person.emailVerified && person.email !== null;

/**
 * Sanctions with reasons, and appeals (decision 047). The module owns the bans and appeals tables; the account's own
 * banned flag stays with accounts, set by the administrator's action in the same transaction.
 */
export function createSanctionsService(deps: { db: Db; repo: SanctionsRepository; mail: Outbox; publicUrl: string; now?: () => Date }) {
  const { db, repo, mail } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const now = deps.now ?? (() => new Date());

  /** A fresh single-use appeal link: its token (for the link) and hash (for the row), valid APPEAL_LINK_DAYS. */
  function newLink() {
    const { token, hash } = newToken();
    return { url: `${base}/appeal?token=${token}`, hash, expiresAt: new Date(now().getTime() + APPEAL_LINK_DAYS * 86_400_000) };
  }

  function suspendedEmail(to: string, reason: string | null, appealUrl: string): Email {
    return layoutEmail('account-suspended', to, 'Your account has been suspended', {
      intro: `Our team suspended your account on this marketplace.${reason ? ` The reason: ${reason}` : ''}`,
      link: { href: appealUrl, label: SANCTION_TEXTS.appealLink },
      footer: `If you think this is a mistake, tell us why with the link above: it works once, for ${APPEAL_LINK_DAYS} days. Signing in with your password shows a new link.`,
    });
  }

  return {
    /** Inside the ban's transaction: why, by whom, and the suspended person's email with an appeal link. */
    async recordBan(tx: Db, input: { person: SanctionedPerson; reason: string | null; adminId: string }): Promise<void> {
      const link = newLink();
      await repo.insertBan(tx, { userId: input.person.id, reason: input.reason, bannedBy: input.adminId, tokenHash: link.hash, expiresAt: link.expiresAt });
      if (mayEmail(input.person)) await mail.enqueue(tx, suspendedEmail(input.person.email, input.reason, link.url));
    },

    /** Inside the unban's (or the lifted appeal's) transaction. */
    liftStanding: (tx: Db, userId: string, adminId: string) => repo.liftStanding(tx, userId, adminId),

    /**
     * What a banned person learns once their password is right: the reason, and an appeal link while no appeal was
     * sent for this ban. Each such link is new; the emailed one and the last few stay valid (decision 047, amended), so
     * someone who tried to sign in before opening the email still finds its link working. A ban from before bans had
     * reasons gets its row now, this link with it.
     */
    async forSignIn(userId: string): Promise<{ reason: string | null; appealUrl: string | null }> {
      const link = newLink();
      let ban = await repo.standingBan(userId);
      if (!ban) {
        const made = await repo.insertBan(db, { userId, reason: null, bannedBy: null, tokenHash: link.hash, expiresAt: link.expiresAt });
        ban = (await repo.standingBan(userId))!;
        if (made) return presentSuspension(ban, link.url);
      }
      if (await repo.hasAppeal(ban.id)) return presentSuspension(ban, null);
      await repo.addSignInLink(ban.id, link.hash, link.expiresAt);
      return presentSuspension(ban, link.url);
    },

    /** POST /api/appeals: the link is taken (single use) and the appeal written together, or neither. */
    async appeal(input: CreateAppeal): Promise<Appeal> {
      return transaction(db, async (tx) => {
        const ban = await repo.takeToken(tx, hashToken(input.token));
        if (!ban) throw badRequest(SANCTION_TEXTS.invalidAppealLink, { code: 'invalid_link' });
        const row = await repo.insertAppeal(tx, ban.id, input.message);
        if (!row) throw conflict(SANCTION_TEXTS.alreadyAppealed);
        return presentAppeal(row);
      });
    },

    /**
     * Inside the administrator's transaction: the appeal's decision, and the email that tells the person. Undefined
     * when the appeal is not pending.
     */
    async decide(tx: Db, input: { appealId: number; decision: 'lift' | 'uphold'; note: string | null; adminId: string; person: (userId: string) => Promise<SanctionedPerson | undefined> }) {
      const decided = await repo.decide(tx, input.appealId, input.decision === 'lift' ? 'lifted' : 'upheld', input.note, input.adminId);
      if (!decided) return undefined;
      if (input.decision === 'lift') await repo.liftStanding(tx, decided.userId, input.adminId);
      const person = await input.person(decided.userId);
      if (person && mayEmail(person)) {
        const lifted = input.decision === 'lift';
        await mail.enqueue(
          tx,
          layoutEmail(lifted ? 'appeal-lifted' : 'appeal-upheld', person.email, lifted ? SANCTION_TEXTS.liftedSubject : SANCTION_TEXTS.upheldSubject, {
            intro: lifted ? SANCTION_TEXTS.lifted : SANCTION_TEXTS.upheld,
            ...(input.note && { quote: input.note }),
            ...(lifted && { link: { href: `${base}/login`, label: 'Sign in' } }),
            footer: 'This email answers the appeal you sent about the suspension of your account.',
          }),
        );
      }
      return decided;
    },

    appealExists: (tx: Db, id: number) => repo.appealExists(tx, id),
  };
}

export type SanctionsService = ReturnType<typeof createSanctionsService>;
