import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/api-error';
import { english as en } from '../../i18n/english';
import { englishErrorTexts } from '../../i18n/error-text';
import { importErrorText } from './import-error';
import { availableMigrators } from './migrators';

/** English as i18next holds it: en.json with the catalogue's error texts. */
const english = { ...en, errors: { ...en.errors, ...englishErrorTexts() } };

function lookup(key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], english);
  return typeof value === 'string' ? value : key;
}
const t = ((key: string) => lookup(key)) as unknown as TFunction;

describe('importErrorText', () => {
  it('reads the import codes as the import means them, not as the API-token codes of the same number', () => {
    const notZip = new ApiRequestError(400, 14001, 'The provided file is not a valid zip file.');
    expect(importErrorText(notZip, t)).toBe(en.migration.errors.notAZip);
    expect(importErrorText(new ApiRequestError(400, 14002, 'x'), t)).toBe(en.migration.errors.empty);
    expect(importErrorText(new ApiRequestError(400, 14003, 'x'), t)).toBe(en.migration.errors.notACsv);
    expect(importErrorText(new ApiRequestError(412, 14005, 'x'), t)).toBe(en.migration.errors.running);
    expect(importErrorText(new ApiRequestError(413, 4013, 'x'), t)).toBe(en.migration.errors.tooLarge);
  });

  it("speaks of TickTick's backup only on TickTick's page", () => {
    const notCsv = new ApiRequestError(400, 14003, 'The provided file is not a valid CSV file.');
    expect(importErrorText(notCsv, t, 'ticktick')).toBe(en.migration.errors.notACsv);
    expect(importErrorText(notCsv, t, 'todoist-csv')).toBe('The provided file is not a valid CSV file.');
  });

  it('names the line of a broken file', () => {
    const broken = new ApiRequestError(
      400,
      30059,
      'The file cannot be imported: line 4: PRIORITY must be a whole number from 1 to 4, not "high".',
    );
    expect(importErrorText(broken, t, 'todoist-csv')).toContain('line 4: PRIORITY');
  });

  it('names the child project a CSV row may not write to, under the text for 403', () => {
    const message =
      'Line 4 puts tasks into the project "Readonly Child", which you may only read. Nothing was imported.';
    expect(importErrorText(new ApiRequestError(403, 0, message), t, 'csv')).toBe(`Forbidden\n${message}`);
    // A target project the user may not write to says no more than that.
    expect(importErrorText(new ApiRequestError(403, 0, 'Forbidden'), t, 'csv')).toBe('Forbidden');
  });

  it('falls back to the general error text for anything else', () => {
    expect(importErrorText(new ApiRequestError(500, undefined, 'Internal Server Error'), t)).toBe(
      'Internal Server Error',
    );
  });
});

describe('availableMigrators', () => {
  it('offers only the importers the server lists, in a fixed order', () => {
    expect(
      availableMigrators([
        'trello-json',
        'ticktick',
        'csv',
        'vikunja-file',
        'todoist',
        'trello',
        'todoist-csv',
        'wekan',
        'planka',
      ]).map((m) => m.id),
    ).toEqual(['vikunja-file', 'ticktick', 'todoist-csv', 'trello-json', 'wekan', 'csv']);
    expect(availableMigrators(undefined)).toEqual([]);
  });
});
