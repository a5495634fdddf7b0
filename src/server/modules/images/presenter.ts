import type { UploadedImage } from '#shared/services.js';

export const imageUrl = (id: string) => `/api/images/${id}`;
export const cardUrl = (id: string) => `/api/images/${id}/card`;

export function presentUploaded(row: { id: string; fullWidth: number; fullHeight: number }): UploadedImage {
  return { id: row.id, url: imageUrl(row.id), cardUrl: cardUrl(row.id), width: row.fullWidth, height: row.fullHeight };
}
