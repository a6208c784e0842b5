/**
 * A project's custom fields (custom-fields-contract.md): their definitions under
 * `/projects/{id}/fields`, and the values tasks carry in `customFields`, keyed by the field's id.
 */
import { apiRequest } from './client';
import type { User } from './types';

export const CUSTOM_FIELD_KINDS = [
  'text',
  'number',
  'date',
  'choice',
  'choices',
  'checkbox',
  'url',
  'user',
] as const;

export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

export interface CustomField {
  id: number;
  projectId: number;
  title: string;
  kind: CustomFieldKind;
  /** The choices of `choice` and `choices` fields; empty for the other kinds. */
  options: string[];
  position: number;
  created: string;
  updated: string;
}

/**
 * A value as a task carries it: text, url, choice and date (UTC with seconds) are strings, a
 * number a number, choices an array of options, a checkbox a boolean, a user the user object.
 */
export type CustomFieldValue = string | number | boolean | string[] | User;

/** The values of one task, keyed by field id; a field without a value is absent. */
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** What a save sends: the changed keys only; `null` clears a value. */
export type CustomFieldChanges = Record<string, CustomFieldValue | number | null>;

export interface CustomFieldInput {
  title: string;
  kind: CustomFieldKind;
  options?: string[];
  position?: number;
}

export const customFieldKeys = {
  ofProject: (projectId: number) => ['customFields', projectId] as const,
};

/** The project's fields, in their order. */
export async function fetchCustomFields(projectId: number): Promise<CustomField[]> {
  return (await apiRequest<CustomField[] | null>('GET', `/projects/${projectId}/fields`)) ?? [];
}

export function createCustomField(projectId: number, input: CustomFieldInput): Promise<CustomField> {
  return apiRequest('PUT', `/projects/${projectId}/fields`, { body: input });
}

export function updateCustomField(
  projectId: number,
  fieldId: number,
  input: Partial<Omit<CustomFieldInput, 'kind'>>,
): Promise<CustomField> {
  return apiRequest('POST', `/projects/${projectId}/fields/${fieldId}`, { body: input });
}

export function deleteCustomField(projectId: number, fieldId: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/projects/${projectId}/fields/${fieldId}`);
}
