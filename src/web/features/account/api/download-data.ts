import { useMutation } from '@tanstack/react-query';
import { type DataExportInput, dataExportFileName } from '#shared/data-export.js';
import { api } from '#web/lib/api.js';
import { saveFile } from '#web/lib/save-file.js';

/**
 * POST /api/account/export (decision 062): the member's data as a ZIP file, handed to the browser's downloads under the
 * name the server gave it. A sign-in older than the recent one needs the password (403 `recent_sign_in_required`).
 */
export async function downloadData(input: DataExportInput): Promise<void> {
  const { blob, fileName } = await api.postForFile('/api/account/export', input);
  saveFile(blob, fileName ?? dataExportFileName(new Date()));
}

/** Nothing cached changes: the archive only reads. */
export function useDownloadData() {
  return useMutation({ mutationFn: downloadData });
}
