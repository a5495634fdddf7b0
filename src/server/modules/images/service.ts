import { randomUUID } from 'node:crypto';
import { MAX_IMAGE_BYTES, MAX_IMAGES, type UploadedImage } from '#shared/services.js';
import type { Db } from '../../db/client.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import type { RateLimit } from '../../lib/rate-limit.js';
import { IMAGE_MESSAGES, refName } from './messages.js';
import { decodeDataUrl, processAvatar, processImage, sniffImageType, UndecodableImageError, type ProcessedImage } from './pipeline.js';
import { imageUrl, presentUploaded } from './presenter.js';
import { createImageRepository, type ImageVariant } from './repository.js';

export type ImageService = ReturnType<typeof createImageService>;

const tooLarge = (fileName: string) => new HttpError(413, IMAGE_MESSAGES.tooLarge(fileName));

/** `/api/images/{id}` or `/api/images/{id}/card`, relative or absolute. */
const IMAGE_PATH = /^\/api\/images\/([A-Za-z0-9-]{1,64})(?:\/card)?$/;

/** Far above any URL of ours; a longer reference is not looked at. */
const MAX_URL_LENGTH = 2048;

function imageIdFromUrl(ref: string): string | undefined {
  if (ref.length > MAX_URL_LENGTH) return undefined;
  let path = ref;
  if (/^https?:\/\//i.test(ref)) {
    try {
      path = new URL(ref).pathname;
    } catch {
      return undefined;
    }
  }
  return IMAGE_PATH.exec(path)?.[1];
}

/** Checks the real bytes and re-encodes them; slow (sharp), so never called inside a transaction. */
async function checkAndProcess(bytes: Buffer, fileName: string, encode = processImage): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(fileName);
  if (!sniffImageType(bytes)) throw badRequest(IMAGE_MESSAGES.notAnImage(fileName));
  try {
    return await encode(bytes);
  } catch (error) {
    if (error instanceof UndecodableImageError) throw badRequest(IMAGE_MESSAGES.notAnImage(fileName));
    throw error;
  }
}

type Ref = { kind: 'data'; bytes: Buffer; position: number } | { kind: 'stored'; id: string; position: number };

/**
 * `uploads`: the per-person upload budget (upload.ts). The app shares one between POST /api/images and the data-URL
 * images of listing writes, so inline images cannot bypass it; without one (seeding, sweeping) nothing is counted.
 */
export function createImageService(db: Db, { uploads }: { uploads?: RateLimit } = {}) {
  const repo = createImageRepository(db);

  /** Spends one upload from the person's budget, or throws the 429. */
  async function countUpload(userId: string): Promise<void> {
    await uploads?.consume(userId);
  }

  /** Checks, re-encodes and keeps an image that no listing uses yet. */
  async function store(userId: string, bytes: Buffer, fileName: string): Promise<UploadedImage> {
    const processed = await checkAndProcess(bytes, fileName);
    const row = { id: randomUUID(), userId, serviceId: null, position: 0, ...processed };
    await repo.insert(row);
    return presentUploaded(row);
  }

  /**
   * A listing's `images` strings → stored image ids, in order. Data URLs are checked, re-encoded and
   * stored unattached; URLs must name an image of this user. Cheap checks all run before any re-encoding.
   */
  async function resolveRefs(userId: string, refs: string[]): Promise<string[]> {
    if (refs.length > MAX_IMAGES) throw badRequest(IMAGE_MESSAGES.tooMany);
    const parsed: Ref[] = refs.map((ref, i) => {
      const position = i + 1;
      if (ref.startsWith('data:')) {
        const bytes = decodeDataUrl(ref);
        if (!bytes) throw badRequest(IMAGE_MESSAGES.notAnImage(refName(position)));
        if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(refName(position));
        return { kind: 'data', bytes, position };
      }
      const id = imageIdFromUrl(ref);
      if (!id) throw badRequest(IMAGE_MESSAGES.notAnImage(refName(position)));
      return { kind: 'stored', id, position };
    });

    const stored = parsed.filter((r) => r.kind === 'stored');
    const owned = await repo.ownedIds(userId, [...new Set(stored.map((r) => r.id))]);
    const missing = stored.find((r) => !owned.has(r.id));
    if (missing) throw badRequest(IMAGE_MESSAGES.refNotFound(missing.position));
    // Every inline image is an upload: counted once the request is otherwise sound, before any re-encoding.
    for (const ref of parsed) if (ref.kind === 'data') await countUpload(userId);

    const ids: string[] = [];
    for (const ref of parsed) {
      ids.push(ref.kind === 'stored' ? ref.id : (await store(userId, ref.bytes, refName(ref.position))).id);
    }
    return [...new Set(ids)];
  }

  /**
   * Inside the caller's transaction: the listing's images become exactly `ids`, in that order.
   * Images it no longer lists are deleted for good. Answers the listing's image URLs.
   */
  async function attach(tx: Db, userId: string, serviceId: number, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const txRepo = createImageRepository(tx);
    const claimed = await txRepo.claim(userId, serviceId, unique);
    const lost = unique.findIndex((id) => !claimed.has(id));
    if (lost !== -1) throw badRequest(IMAGE_MESSAGES.refNotFound(lost + 1));
    await txRepo.deleteOfServiceExcept(serviceId, unique);
    return unique.map(imageUrl);
  }

  /**
   * A profile picture, checked like a listing upload (same size limit, magic numbers and texts) and re-encoded
   * to the two avatar squares. Slow: call it before the transaction that stores it with `replaceAvatar`.
   */
  function prepareAvatar(bytes: Buffer, fileName: string): Promise<ProcessedImage> {
    return checkAndProcess(bytes, fileName, processAvatar);
  }

  /** Inside the caller's transaction: the person's profile picture becomes `avatar`, the old one is gone for good. Answers its URL. */
  async function replaceAvatar(tx: Db, userId: string, avatar: ProcessedImage): Promise<string> {
    const txRepo = createImageRepository(tx);
    await txRepo.deleteAvatarsOf(userId);
    const id = randomUUID();
    await txRepo.insert({ id, userId, kind: 'avatar', serviceId: null, position: 0, ...avatar });
    return imageUrl(id);
  }

  /** Inside the caller's transaction: the person's profile picture, deleted for good. */
  function removeAvatar(tx: Db, userId: string): Promise<void> {
    return createImageRepository(tx).deleteAvatarsOf(userId);
  }

  /** Inside the caller's transaction (account deletion): every image the person owns. */
  function removeAllOf(tx: Db, userId: string): Promise<void> {
    return createImageRepository(tx).deleteAllOf(userId);
  }

  /** Uploads no listing claimed within `ms` (abandoned forms, failed saves). */
  function deleteUnattachedOlderThan(ms: number): Promise<number> {
    return repo.deleteUnattachedBefore(new Date(Date.now() - ms));
  }

  function bytesOf(id: string, variant: ImageVariant): Promise<Buffer | undefined> {
    return repo.variant(id, variant);
  }

  return { countUpload, store, resolveRefs, attach, prepareAvatar, replaceAvatar, removeAvatar, removeAllOf, deleteUnattachedOlderThan, bytesOf };
}
