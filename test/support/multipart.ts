// Uploads as a browser sends them: the platform's own FormData encoder builds the multipart body, so the server
// tests read the same bytes a real form would send. (Playwright's request context has its own `multipart` option.)
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A part: a string is a text field; bytes are a file, named `photo.png` of type image/png unless told otherwise. */
export type MultipartPart = [name: string, value: string | Buffer, file?: { fileName?: string; type?: string }];

/** The body and its Content-Type (with the boundary), ready for `app.inject({ headers, payload })`. */
export async function multipartBody(parts: readonly MultipartPart[]): Promise<{ contentType: string; payload: Buffer }> {
  const form = new FormData();
  for (const [name, value, file] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: file?.type ?? 'image/png' }), file?.fileName ?? 'photo.png');
  }
  const encoded = new Response(form);
  return { contentType: encoded.headers.get('content-type')!, payload: Buffer.from(await encoded.arrayBuffer()) };
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  url: string;
  /** The session cookie; left out, the upload is anonymous. */
  cookie?: string;
  /** The form field; 'file' is what the image and avatar endpoints read. */
  field?: string;
  fileName?: string;
  type?: string;
}

/**
 * One file sent to `url` as the upload forms send it, e.g.
 * `uploadFile(app, png, { url: '/api/images', cookie })` or `uploadFile(app, jpeg, { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'me.jpg', type: 'image/jpeg' })`.
 */
export async function uploadFile(app: FastifyInstance, bytes: Buffer, options: UploadOptions): Promise<LightMyRequestResponse> {
  const { contentType, payload } = await multipartBody([[options.field ?? 'file', bytes, options]]);
  return app.inject({
    method: options.method ?? 'POST',
    url: options.url,
    headers: { 'content-type': contentType, ...(options.cookie && { cookie: options.cookie }) },
    payload,
  });
}
