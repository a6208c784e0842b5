/** Labels (spec 2 §3 Label, §7; reference/vikunja-api.md §2.8, §3.5). Colours travel without `#`. */
import { colorWithoutHash } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import type { Label } from '../../api/tasks';

export type { Label };

export interface LabelInput {
  title: string;
  description: string;
  hexColor: string;
}

export interface LabelPage {
  labels: Label[];
  totalPages: number;
}

export const LABELS_PER_PAGE = 50;

export const labelKeys = {
  all: ['labels'] as const,
  page: (page: number) => ['labels', 'page', page] as const,
  search: (text: string) => ['labels', 'search', text] as const,
  one: (id: number) => ['labels', 'one', id] as const,
};

export async function fetchLabelPage(
  page: number,
  search = '',
  perPage = LABELS_PER_PAGE,
): Promise<LabelPage> {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search) params.set('s', search);
  const { data, headers } = await apiRequestWithHeaders<Label[] | null>('GET', `/labels?${params}`);
  return { labels: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}

function body(input: LabelInput) {
  return {
    title: input.title.trim(),
    description: input.description,
    hexColor: colorWithoutHash(input.hexColor),
  };
}

export function createLabel(input: LabelInput): Promise<Label> {
  return apiRequest('PUT', '/labels', { body: body(input) });
}

export function updateLabel(id: number, input: LabelInput): Promise<Label> {
  return apiRequest('POST', `/labels/${id}`, { body: body(input) });
}

export function deleteLabel(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/labels/${id}`);
}
