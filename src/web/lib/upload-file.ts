import { ApiError, errorDetails } from './api.js';

function errorFrom(xhr: XMLHttpRequest): ApiError {
  try {
    const body = errorDetails(JSON.parse(xhr.responseText));
    if (body) return new ApiError(xhr.status, body.message, body.details);
  } catch {
    // Not JSON: report the status alone.
  }
  return new ApiError(xhr.status, `${xhr.status}: ${xhr.statusText}`);
}

export interface UploadOptions {
  /** Called with the share of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as the multipart field `file` and answers the parsed JSON body. XMLHttpRequest rather than
 * fetch because only it reports upload progress. Failures are the same ApiError the JSON client throws.
 */
export function uploadFile<T>(method: 'POST' | 'PUT', path: string, file: File, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered with an unreadable record.'));
        }
      } else reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Please check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
