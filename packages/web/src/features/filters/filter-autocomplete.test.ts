import { describe, expect, it } from 'vitest';
import { applySuggestion, filterValueText, operatorsFor, suggestionContext } from './filter-autocomplete';

/** The cursor is where `^` is written; it is taken out of the text. */
function at(marked: string) {
  const cursor = marked.indexOf('^');
  const text = marked.replace('^', '');
  return { text, cursor, context: suggestionContext(text, cursor) };
}

describe('suggestionContext', () => {
  it('suggests fields at the start of a clause', () => {
    expect(at('lab^').context).toEqual({ kind: 'field', prefix: 'lab', start: 0, end: 3 });
    expect(at('done = false && due^').context).toMatchObject({ kind: 'field', prefix: 'due', start: 16 });
    expect(at('(pri^').context).toMatchObject({ kind: 'field', prefix: 'pri' });
    expect(at('^').context).toBeNull();
  });

  it('suggests operators after a known field', () => {
    expect(at('labels ^').context).toEqual({
      kind: 'operator',
      field: 'labels',
      prefix: '',
      start: 7,
      end: 7,
    });
    expect(at('dueDate >^').context).toMatchObject({ kind: 'operator', field: 'dueDate', prefix: '>' });
    expect(at('labels i^').context).toMatchObject({ kind: 'operator', prefix: 'i' });
    expect(at('unknown ^').context).toBeNull();
  });

  it('suggests values for labels, project and assignees', () => {
    expect(at('labels = Wo^').context).toEqual({
      kind: 'value',
      field: 'labels',
      search: 'Wo',
      start: 9,
      end: 11,
      closingQuote: null,
    });
    expect(at('done = true && project in Inbox, Wo^').context).toMatchObject({
      field: 'project',
      search: 'Wo',
      start: 33,
      end: 35,
    });
    expect(at('assignees in ^').context).toMatchObject({ field: 'assignees', search: '' });
    expect(at('priority = 3^').context).toBeNull();
  });

  it('replaces the whole value of a single-value operator, commas included', () => {
    const { context } = at('labels = A, B^');
    expect(context).toMatchObject({ start: 9, end: 13, search: 'A, B' });
  });

  it('takes a closing quote into the replaced span', () => {
    const { text, context } = at("labels = 'Work T^o Do' && done = false");
    expect(context).toMatchObject({ start: 10, end: 21, closingQuote: "'", search: 'Work T' });
    if (!context) throw new Error('no context');
    expect(applySuggestion(text, context, 'Work To Do').text).toBe("labels = 'Work To Do' && done = false");
  });
});

describe('applySuggestion', () => {
  it('puts a space after a field or an operator', () => {
    const field = at('lab^');
    if (!field.context) throw new Error('no context');
    expect(applySuggestion(field.text, field.context, 'labels')).toEqual({ text: 'labels ', cursor: 7 });
    const op = at('labels ^');
    if (!op.context) throw new Error('no context');
    expect(applySuggestion(op.text, op.context, 'in')).toEqual({ text: 'labels in ', cursor: 10 });
  });

  it('replaces only the last item of a list', () => {
    const { text, context } = at('labels in Home, Wo^ && done = false');
    if (!context) throw new Error('no context');
    expect(applySuggestion(text, context, 'Work').text).toBe('labels in Home, Work && done = false');
  });
});

describe('filterValueText', () => {
  it('quotes titles that would break the clause', () => {
    expect(filterValueText('Work To Do')).toBe('Work To Do');
    expect(filterValueText('A & B')).toBe("'A & B'");
    expect(filterValueText("Mary's, Project")).toBe('"Mary\'s, Project"');
  });
});

describe('operatorsFor', () => {
  it('offers list operators for labels and comparisons for dates', () => {
    expect(operatorsFor('labels')).toEqual(['=', '!=', 'in', 'not in']);
    expect(operatorsFor('dueDate')).toContain('>=');
    expect(operatorsFor('dueDate')).not.toContain('like');
  });
});

describe('custom fields in the filter editor', () => {
  const fields = [
    { title: 'Estimate', kind: 'number' },
    { title: 'Story points', kind: 'number' },
    { title: 'Reviewed', kind: 'checkbox' },
  ];
  const with_ = (marked: string) => {
    const cursor = marked.indexOf('^');
    const text = marked.replace('^', '');
    return { text, cursor, context: suggestionContext(text, cursor, fields) };
  };

  it('offers operators after a custom field, by its kind', () => {
    const context = with_('Estimate ^').context;
    expect(context).toMatchObject({ kind: 'operator', field: 'Estimate', customKind: 'number' });
    expect(operatorsFor('Estimate', 'number')).not.toContain('like');
    expect(operatorsFor('Reviewed', 'checkbox')).toEqual(['=', '!=']);
    expect(with_('done = true && estimate >^').context).toMatchObject({ kind: 'operator', prefix: '>' });
  });

  it('offers operators after a quoted title', () => {
    expect(with_('"Story points" >^').context).toMatchObject({
      kind: 'operator',
      field: 'Story points',
      prefix: '>',
    });
  });

  it('takes a title begun with a double quote as a field name, up to its closing quote', () => {
    const { text, context } = with_('done = false && "Sto^ry"');
    expect(context).toMatchObject({ kind: 'field', prefix: '"Sto' });
    if (!context) throw new Error('no context');
    expect(applySuggestion(text, context, '"Story points"').text).toBe('done = false && "Story points" ');
  });

  it('leaves unknown names and value positions alone', () => {
    expect(with_('Unknown ^').context).toBeNull();
    expect(with_('labels = "Sto^').context).toMatchObject({ kind: 'value' });
    expect(at('"Sto^').context).toBeNull();
  });
});
