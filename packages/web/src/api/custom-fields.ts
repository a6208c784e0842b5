/**
 * A project's custom fields (custom-fields-contract.md): their definitions under
 * `/projects/{id}/fields`, and the values tasks carry in `customFields`, keyed by the field's id.
 */
import type {
  CustomField as ContractCustomField,
  CustomFieldValue as ContractCustomFieldValue,
  CustomFieldKind,
} from '@ordo/core';
import { apiRequest } from './client';
import type { CamelCased } from './types';

export type { CustomFieldKind };

/**
 * The kinds, in the order the settings offer them (core's list, spelled out so the app does not
 * carry the contract's schemas; the compiler checks every entry is a kind).
 */
export const CUSTOM_FIELD_KINDS = [
  'text',
  'number',
  'date',
  'choice',
  'choices',
  'checkbox',
  'url',
  'user',
] as const satisfies readonly CustomFieldKind[];

/** A field: `options` holds the choices of `choice` and `choices` fields, empty for the others. */
export type CustomField = CamelCased<ContractCustomField>;

/**
 * A value as a task carries it: text, url, choice and date (UTC with seconds) are strings, a
 * number a number, choices an array of options, a checkbox a boolean, a user the user object.
 */
export type CustomFieldValue = CamelCased<ContractCustomFieldValue>;

/** The values of one task, keyed by field id; a field without a value is absent. */
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** What a save sends: the changed keys only; `null` clears a value, a user is sent as its id. */
export type CustomFieldChanges = Record<string, CustomFieldValue | number | null>;

export interface CustomFieldInput {
  title: string;
  kind: CustomFieldKind;
  options?: string[];
  position?: number;
  /** Whether list rows and kanban cards show the field's values (sent as `show_on_cards`). */
  showOnCards?: boolean;
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
