import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, ApiUnreachableError } from '../api/api-error';
import { InvalidApiUrlError } from '../api/probe-api';
import de from './de.json';
import { catalogueKeyFor, englishErrorTexts, errorText, templateParams } from './error-text';

function translator(texts: Record<string, string>): TFunction {
  return ((key: string, options?: Record<string, string>) => {
    let text = texts[key] ?? key;
    for (const [name, value] of Object.entries(options ?? {})) text = text.replace(`{{${name}}}`, value);
    return text;
  }) as unknown as TFunction;
}

const englishErrors = Object.fromEntries(
  Object.entries(englishErrorTexts()).map(([k, v]) => [`errors.${k}`, v]),
);
const germanErrors = Object.fromEntries(Object.entries(de.errors).map(([k, v]) => [`errors.${k}`, v]));
const en = translator({
  ...englishErrors,
  'errors.unreachableAt': 'Cannot reach {{domain}}',
  'errors.offline': 'You are offline',
  'apiConfig.invalid': 'bad url',
});
const deT = translator(germanErrors);

describe('error text', () => {
  it('tells codes used twice apart by status', () => {
    expect(catalogueKeyFor(1026, 400)).toBe('usernameReserved');
    expect(catalogueKeyFor(1026, 412)).toBe('accountLocked');
    expect(catalogueKeyFor(4013, 413)).toBe('fileTooLarge');
    expect(catalogueKeyFor(1011, 500)).toBe('wrongUsernameOrPassword');
    expect(catalogueKeyFor(99999, 400)).toBeNull();
  });

  it('names an unknown link-share hash (404, 3006) as a share that does not exist', () => {
    const error = new ApiRequestError(404, 3006, 'The project share does not exist.');
    expect(errorText(error, en)).toBe('The project share does not exist.');
    expect(errorText(error, deT)).toBe('Diese Projektfreigabe existiert nicht.');
  });

  it('reads placeholder values back from the server message', () => {
    expect(templateParams("The timezone '%s' is invalid", "The timezone 'Mars/Base' is invalid")).toEqual([
      'Mars/Base',
    ]);
    expect(templateParams('No placeholders', 'No placeholders')).toEqual([]);
    expect(templateParams("The timezone '%s' is invalid", 'something else')).toEqual([]);
  });

  it('shows the translated catalogue text for a code', () => {
    const error = new ApiRequestError(403, 1011, 'Wrong username or password.');
    expect(errorText(error, en)).toBe('Wrong username or password.');
    expect(errorText(error, deT)).toBe('Falscher Benutzername oder falsches Passwort.');
    const zone = new ApiRequestError(
      400,
      1025,
      "The timezone 'Mars/Base' is invalid. Please select a valid timezone from the list.",
    );
    expect(errorText(zone, deT)).toBe(
      'Die Zeitzone „Mars/Base“ ist ungültig. Bitte wähle eine gültige Zeitzone aus der Liste.',
    );
  });

  it('appends the server message on a new line for filter errors', () => {
    const error = new ApiRequestError(400, 4024, "The filter expression 'done = ' is invalid: missing value");
    expect(errorText(error, en)).toBe(
      "The filter expression 'done = ' is invalid: missing value\nThe filter expression 'done = ' is invalid: missing value",
    );
    const field = new ApiRequestError(400, 4016, "The task field 'foo' is invalid.");
    expect(errorText(field, deT)).toBe(
      "Das Aufgabenfeld „foo“ ist ungültig.\nThe task field 'foo' is invalid.",
    );
  });

  it('lists the invalid fields of 2002 on new lines', () => {
    const error = new ApiRequestError(412, 2002, 'Invalid Data', ['email: x does not validate as email']);
    expect(errorText(error, en)).toBe('Invalid Data\nemail: x does not validate as email');
  });

  it('falls back to the server message without a known code', () => {
    expect(errorText(new ApiRequestError(404, undefined, 'Not Found'), en)).toBe('Not Found');
    expect(errorText(new ApiRequestError(400, 424242, 'Brand new problem'), en)).toBe('Brand new problem');
  });

  it('explains unreachable servers and bad addresses', () => {
    expect(
      errorText(new ApiUnreachableError('https://ordo.example.com/api/v1/info', new Error('x')), en),
    ).toBe('Cannot reach ordo.example.com');
    expect(errorText(new InvalidApiUrlError('nope'), en)).toBe('bad url');
  });

  describe('offline', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('says the device is offline rather than blaming the server', () => {
      vi.stubGlobal('navigator', { onLine: false });
      const unreachable = new ApiUnreachableError(
        'https://ordo.example.com/api/v1/tasks/bulk',
        new Error('x'),
      );
      expect(errorText(unreachable, en)).toBe('You are offline');
      // A refusal from the server is still the server's, whatever the network says now.
      expect(errorText(new ApiRequestError(404, undefined, 'Not Found'), en)).toBe('Not Found');
      vi.stubGlobal('navigator', { onLine: true });
      expect(errorText(unreachable, en)).toBe('Cannot reach ordo.example.com');
    });
  });
});
