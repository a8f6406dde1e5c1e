import createClient from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema';

/**
 * The typed client of the service's API, same origin: the browser sends the `token` cookie by itself, and a
 * same-origin request passes the service's cross-site refusal without any extra header.
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });

/** What the typed client answers: the success envelope (`{ data, … }`, or no data) or a failure. */
export interface Answer<Envelope extends object> {
  data?: Envelope;
  error?: unknown;
  response: Response;
}

/** The `data` of a success envelope, or an ApiError carrying the failure envelope. */
export function unwrap<D>(call: Promise<Answer<{ data: D }>>): Promise<D>;
/** A success that carries no data (a sign-out, a deletion): undefined, or an ApiError. */
export function unwrap(call: Promise<Answer<object>>): Promise<undefined>;
export async function unwrap(call: Promise<Answer<{ data?: unknown }>>): Promise<unknown> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data.data;
  throw ApiError.from(response.status, error);
}

/** A file download (export): the body as a Blob and the file name the service gave. */
export async function download(url: string): Promise<{ blob: Blob; fileName: string; count: number | null }> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw ApiError.from(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
  const count = response.headers.get('x-record-count');
  return { blob: await response.blob(), fileName, count: count === null ? null : Number(count) };
}

/** Offers a Blob to the user as a saved file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
