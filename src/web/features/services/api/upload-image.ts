import type { UploadedImage } from '#shared/services.js';
import { uploadFile, type UploadOptions } from '#web/lib/upload-file.js';

/** POST /api/images as multipart/form-data, with progress, which the form shows per file. */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadedImage> {
  return uploadFile<UploadedImage>('POST', '/api/images', file, options);
}
