import type { paths } from './schema';

/** The `data` of a route's 200 (or 201) answer, straight from the generated client types. */
export type Data<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { 'application/json': { data: infer D } } } }
    ? D
    : R extends { 201: { content: { 'application/json': { data: infer D } } } }
      ? D
      : never
  : never;

/** The query parameters of a GET route. */
export type Query<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } };
}
  ? NonNullable<Q>
  : never;

/** The JSON body of a route's request. */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
