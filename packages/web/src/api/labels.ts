/** Labels (spec 2 §3 Label, §7; reference/vikunja-api.md §2.8, §3.5). Colours travel without `#`. */
import { colorWithoutHash } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from './client';
import type { User } from './types';

export interface Label {
  id: number;
  title: string;
  description: string;
  hexColor: string;
  createdBy: User | null;
  created: string;
  updated: string;
}

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

/** The first page of labels whose title contains the text. */
export async function searchLabels(text: string, signal?: AbortSignal): Promise<Label[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<Label[] | null>('GET', `/labels?${params}`, { signal })) ?? [];
}

/**
 * The label with exactly this title (ignoring case), or null. The search also finds longer titles
 * containing the text, so it reads on page by page until the exact one turns up.
 */
export async function findLabelByTitle(title: string): Promise<Label | null> {
  const wanted = title.toLowerCase();
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ s: title, page: String(page) });
    const { data, headers } = await apiRequestWithHeaders<Label[] | null>('GET', `/labels?${params}`);
    const found = (data ?? []).find((l) => l.title.toLowerCase() === wanted);
    if (found) return found;
    const pages = Number(headers.get('x-pagination-total-pages') ?? '1') || 1;
    if (page >= pages || !data?.length) return null;
  }
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
