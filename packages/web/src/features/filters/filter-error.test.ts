import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/api-error';
import { filterErrorPart, filterErrorText, isFilterError } from './filter-error';

describe('filter errors', () => {
  it('reads the offending part out of the server message', () => {
    const value = new ApiRequestError(
      400,
      4019,
      "The task filter value 'tomorrow' for field 'due_date' is invalid.",
    );
    expect(isFilterError(value)).toBe(true);
    expect(filterErrorPart(value)).toBe('tomorrow');
    expect(filterErrorPart(new ApiRequestError(400, 4016, "The task field 'colour' is invalid."))).toBe(
      'colour',
    );
  });

  it('names no part for a whole-expression error or other errors', () => {
    const expression = new ApiRequestError(400, 4024, "The filter expression 'a' is invalid: unexpected 'a'");
    expect(isFilterError(expression)).toBe(true);
    expect(filterErrorPart(expression)).toBeNull();
    expect(isFilterError(new ApiRequestError(404, 3001, 'missing'))).toBe(false);
    expect(isFilterError(new Error('x'))).toBe(false);
  });
});

describe('filterErrorText', () => {
  it('shows a sentence the server repeats only once', () => {
    expect(filterErrorText('Bad value.\nBad value.')).toBe('Bad value.');
    expect(filterErrorText('Ungültiger Wert.\nBad value.')).toBe('Ungültiger Wert.\nBad value.');
  });
});
