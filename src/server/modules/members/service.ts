import { BLOCK_TEXTS, type BlockList, type BlockState, MAX_BLOCKS } from '#shared/members.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { transaction } from '../../lib/transaction.js';
import type { Viewer } from '../../lib/viewer.js';
import { isAdministrator } from '../accounts/index.js';
import type { MembersRepository } from './repository.js';

/** What blocking needs to know of an account: that it is there, and whether it is an administrator's. */
export interface MemberAccounts {
  findUserById(id: string): Promise<{ id: string; email: string | null; emailVerified: boolean; deletedAt: Date | null } | undefined>;
}

/**
 * Members as other members meet them (issue 18, decision 045). Blocking: private to the blocker, either direction
 * stops messages (messaging asks `between`), the blocker's lists leave the other's listings out (listings read
 * `blockedBySql`).
 */
export function createMembersService(deps: { db: Db; repo: MembersRepository; accounts: MemberAccounts; adminEmails: readonly string[] }) {
  const { db, repo, accounts, adminEmails } = deps;

  return {
    /** Idempotent: blocking someone already blocked changes nothing and is not refused. */
    async block(viewer: Viewer, memberId: string): Promise<void> {
      if (memberId === viewer.id) throw badRequest(BLOCK_TEXTS.cannotBlockSelf);
      const member = await accounts.findUserById(memberId);
      if (!member || member.deletedAt) throw notFound(BLOCK_TEXTS.memberNotFound);
      // The team must stay reachable, by everyone, for reports and appeals.
      if (isAdministrator(member, adminEmails)) throw badRequest(BLOCK_TEXTS.cannotBlockAdministrator);
      await transaction(db, async (tx) => {
        await repo.lockMember(tx, viewer.id);
        if ((await repo.between(viewer.id, memberId, tx)) === 'by_you') return;
        if ((await repo.countBlocksBy(tx, viewer.id)) >= MAX_BLOCKS) throw conflict(BLOCK_TEXTS.tooManyBlocks);
        await repo.insertBlock(tx, viewer.id, memberId);
      });
    },

    /** Idempotent, and says nothing about the id: removing a block that is not there is not an error. */
    async unblock(viewer: Viewer, memberId: string): Promise<void> {
      await repo.deleteBlock(viewer.id, memberId);
    },

    async list(viewer: Viewer): Promise<BlockList> {
      const rows = await repo.listBlockedBy(viewer.id, MAX_BLOCKS);
      return { users: rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() })) };
    },

    /** Which block stands between the two, from `userId`'s side (messaging refuses a message on either). */
    between(userId: string, otherId: string, tx?: Db): Promise<BlockState> {
      return repo.between(userId, otherId, tx);
    },

    /** Inside an account deletion's transaction: the person's blocks, both ways, go with the account. */
    forgetAllOf(tx: Db, userId: string): Promise<void> {
      return repo.deleteAllOf(tx, userId);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
