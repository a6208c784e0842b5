import { FilterParser } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { userFilterFor } from './ldap-filter.js';

const template = '(&(objectclass=inetOrgPerson)(uid=%s))';

describe('userFilterFor', () => {
  it('puts a plain login name where %s stands', () => {
    expect(userFilterFor(template, 'alice')).toBe('(&(objectclass=inetOrgPerson)(uid=alice))');
  });

  it('fills every %s of the template', () => {
    expect(userFilterFor('(|(uid=%s)(mail=%s))', 'bob')).toBe('(|(uid=bob)(mail=bob))');
  });

  it('escapes the wildcard, so "*" looks for a user literally named "*"', () => {
    const filter = userFilterFor(template, '*');
    expect(filter).toBe('(&(objectclass=inetOrgPerson)(uid=\\2a))');
    expect(FilterParser.parseString(filter).toString()).not.toContain('uid=*');
  });

  it('escapes parentheses and backslashes, so a login cannot close the filter and add its own', () => {
    const filter = userFilterFor(template, 'x)(uid=*))(|(uid=*');
    expect(filter).toBe('(&(objectclass=inetOrgPerson)(uid=x\\29\\28uid=\\2a\\29\\29\\28|\\28uid=\\2a))');
    // Still one AND of exactly two parts: the object class and the (literal) uid.
    const parsed = FilterParser.parseString(filter) as unknown as { filters: unknown[] };
    expect(parsed.filters).toHaveLength(2);
    expect(userFilterFor(template, 'a\\b')).toBe('(&(objectclass=inetOrgPerson)(uid=a\\5cb))');
  });

  it('escapes NUL, which would end the value in C-based servers', () => {
    expect(userFilterFor(template, 'al\0ice')).toBe('(&(objectclass=inetOrgPerson)(uid=al\\00ice))');
  });

  it('keeps letters beyond ASCII as they are (UTF-8 is allowed in filter values)', () => {
    expect(userFilterFor(template, 'jürgen')).toBe('(&(objectclass=inetOrgPerson)(uid=jürgen))');
  });
});
