import { api } from '../client';
import type { Body, Data } from '../types';
import { apiQuery } from './api-query';

export type ContactFieldDef = Data<'/api/v1/contact-fields', 'get'>['items'][number];
export type Segment = Data<'/api/v1/segments', 'get'>['items'][number];
export type SegmentFilter = Body<'/api/v1/segments/preview', 'post'>['filter'];
export type SegmentCondition = SegmentFilter['conditions'][number];

/** Under the contacts' key: a change to contacts refreshes fields, segments and their counts too. */
export const segmentKeys = {
  fields: ['contacts', 'fields'] as const,
  segments: ['contacts', 'segments'] as const,
};

export const contactFieldsQuery = apiQuery(segmentKeys.fields, () => api.GET('/api/v1/contact-fields'));

export const segmentsQuery = apiQuery([...segmentKeys.segments, 'list'], () =>
  api.GET('/api/v1/segments', { params: { query: { pageSize: 100 } } }),
);

export const segmentQuery = (id: string) =>
  apiQuery([...segmentKeys.segments, 'one', id], () =>
    api.GET('/api/v1/segments/{id}', { params: { path: { id } } }),
  );

export const segmentCountQuery = (id: string) =>
  apiQuery([...segmentKeys.segments, 'count', id], () =>
    api.GET('/api/v1/segments/{id}/count', { params: { path: { id } } }),
  );

export const segmentPreviewQuery = (filter: SegmentFilter) =>
  apiQuery([...segmentKeys.segments, 'preview', filter], () =>
    api.POST('/api/v1/segments/preview', { body: { filter } }),
  );
