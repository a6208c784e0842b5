import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ordo-config-ldap-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const load = (env: Record<string, string> = {}) => loadConfig({ ORDO_DATA_DIR: dir, ...env });
const minimal = { ORDO_LDAP_URL: 'ldap://ldap.example.com:389', ORDO_LDAP_BASE_DN: 'dc=example,dc=com' };

describe('LDAP configuration', () => {
  it('is off without ORDO_LDAP_URL', () => {
    expect(load().ldap).toBeNull();
    expect(load({ ORDO_LDAP_BASE_DN: 'dc=example,dc=com' }).ldap).toBeNull();
  });

  it("takes Vikunja's defaults for the filter and the attributes, and searches anonymously", () => {
    expect(load(minimal).ldap).toEqual({
      url: 'ldap://ldap.example.com:389',
      baseDn: 'dc=example,dc=com',
      bindDn: '',
      bindPassword: '',
      userFilter: '(&(objectclass=inetOrgPerson)(uid=%s))',
      attributes: { username: 'uid', email: 'mail', displayName: 'displayName' },
      tlsVerify: true,
    });
  });

  it('reads the service account, filter, attributes and TLS check', () => {
    const ldap = load({
      ...minimal,
      ORDO_LDAP_URL: 'ldaps://ldap.example.com/',
      ORDO_LDAP_BIND_DN: 'cn=ordo,dc=example,dc=com',
      ORDO_LDAP_BIND_PASSWORD: 's3cret',
      ORDO_LDAP_USER_FILTER: '(&(objectClass=person)(sAMAccountName=%s))',
      ORDO_LDAP_ATTR_USERNAME: 'sAMAccountName',
      ORDO_LDAP_ATTR_EMAIL: 'userPrincipalName',
      ORDO_LDAP_ATTR_DISPLAY_NAME: 'cn',
      ORDO_LDAP_TLS_VERIFY: 'false',
    }).ldap;
    expect(ldap).toMatchObject({
      url: 'ldaps://ldap.example.com',
      bindDn: 'cn=ordo,dc=example,dc=com',
      bindPassword: 's3cret',
      userFilter: '(&(objectClass=person)(sAMAccountName=%s))',
      attributes: { username: 'sAMAccountName', email: 'userPrincipalName', displayName: 'cn' },
      tlsVerify: false,
    });
  });

  it.each([
    [{ ORDO_LDAP_URL: 'http://ldap.example.com' }, /ldap:\/\/ or ldaps:\/\//],
    [{ ORDO_LDAP_URL: 'not a url' }, /ORDO_LDAP_URL/],
    [{ ORDO_LDAP_URL: 'ldap://ldap.example.com/dc=example,dc=com' }, /ORDO_LDAP_BASE_DN/],
    [{ ORDO_LDAP_BASE_DN: '' }, /ORDO_LDAP_BASE_DN must name/],
    [{ ORDO_LDAP_BIND_DN: 'cn=ordo,dc=example,dc=com' }, /ORDO_LDAP_BIND_PASSWORD must be set/],
    [{ ORDO_LDAP_BIND_PASSWORD: 'x' }, /without ORDO_LDAP_BIND_DN/],
    [{ ORDO_LDAP_USER_FILTER: '(uid=alice)' }, /must contain %s/],
    [{ ORDO_LDAP_USER_FILTER: '(&(uid=%s)' }, /not a valid LDAP filter/],
    [{ ORDO_LDAP_USER_FILTER: '(uid=%s)(objectClass=person)' }, /not a valid LDAP filter/],
    [{ ORDO_LDAP_USER_FILTER: 'uid=%s' }, /not a valid LDAP filter/],
    [{ ORDO_LDAP_ATTR_EMAIL: 'mail address' }, /ORDO_LDAP_ATTR_EMAIL must be an LDAP attribute name/],
    [{ ORDO_LDAP_TLS_VERIFY: 'maybe' }, /ORDO_LDAP_TLS_VERIFY must be true or false/],
  ])('refuses %o at start', (env, message) => {
    expect(() => load({ ...minimal, ...env })).toThrow(ConfigError);
    expect(() => load({ ...minimal, ...env })).toThrow(message);
  });
});
