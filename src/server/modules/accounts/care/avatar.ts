import { MESSAGES } from '#shared/texts.js';
import type { Db } from '#server/db/client.js';
import { unauthorized } from '#server/lib/errors.js';
import { transaction } from '#server/lib/transaction.js';
import type { UserRow } from '../identity/repository.js';
import type { ProcessedImage } from '../../images/index.js';
import { createCareRepository } from './care-repository.js';

/** What the profile picture needs from the image module. */
export interface AvatarImages {
  prepareAvatar(bytes: Buffer, fileName: string): Promise<ProcessedImage>;
  replaceAvatar(tx: Db, userId: string, avatar: ProcessedImage): Promise<string>;
  removeAvatar(tx: Db, userId: string): Promise<void>;
}

/**
 * The profile picture (decision 014): checked and re-encoded like a listing photo, cropped square, stored as
 * the person's one `kind = 'avatar'` image. `profileImageUrl` names it; the previous one is deleted for good.
 */
export function createAvatarService(deps: { db: Db; images: AvatarImages }) {
  const { db, images } = deps;

  /** Runs `work` holding the account's row: two changes of one picture cannot both keep theirs. */
  function onLiveAccount(userId: string, work: (tx: Db) => Promise<UserRow>): Promise<UserRow> {
    return transaction(db, async (tx) => {
      // Deleted between the session check and now: there is nobody left to change.
      if (!(await createCareRepository(tx).lockLiveUser(userId))) throw unauthorized(MESSAGES.signedOut);
      return work(tx);
    });
  }

  return {
    async replace(user: UserRow, bytes: Buffer, fileName: string): Promise<UserRow> {
      // Slow (sharp): before the transaction, never inside it.
      const avatar = await images.prepareAvatar(bytes, fileName);
      return onLiveAccount(user.id, async (tx) => {
        const url = await images.replaceAvatar(tx, user.id, avatar);
        return createCareRepository(tx).setProfileImage(user.id, url);
      });
    },

    async remove(user: UserRow): Promise<UserRow> {
      return onLiveAccount(user.id, async (tx) => {
        await images.removeAvatar(tx, user.id);
        return createCareRepository(tx).setProfileImage(user.id, null);
      });
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
