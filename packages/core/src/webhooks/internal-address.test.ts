import { describe, expect, it } from 'vitest';
import {
  addressInRange,
  internalAddressKind,
  internalHostKind,
  parseAddressRange,
  parseIpAddress,
} from './internal-address.js';
import { allowsInternal, parseInternalAllowance } from './internal-allowance.js';

/** The host as `new URL` gives it, which is what the server checks. */
const urlHost = (host: string) => new URL(`http://${host}/`).hostname;

describe('internal addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    // IPv6 carrying an IPv4 address is judged by it.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
  ])('%s is %s', (address, kind) => {
    expect(internalAddressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(internalAddressKind(address)).toBeNull();
  });

  it('reads the odd IPv4 spellings as the URL parser does', () => {
    for (const host of [
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '0x7f.1',
      '0x7f000001',
      '127.0.0.1.',
      '017700000001',
    ]) {
      expect(parseIpAddress(host), host).toEqual({ version: 4, bytes: [127, 0, 0, 1] });
      expect(internalAddressKind(host), host).toBe('loopback');
      // What the server sees after `new URL` is the same address.
      expect(internalAddressKind(urlHost(host)), host).toBe('loopback');
    }
    expect(internalAddressKind(urlHost('[::ffff:127.0.0.1]'))).toBe('loopback');
    expect(internalAddressKind(urlHost('[0:0:0:0:0:0:0:1]'))).toBe('loopback');
    expect(internalAddressKind(urlHost('4294967295'))).toBe('broadcast');
    expect(internalAddressKind(urlHost('0xa9.0xfe.0xa9.0xfe'))).toBe('link-local');
  });

  it('is no address for host names and malformed text', () => {
    for (const text of [
      'example.com',
      '127.0.0.1.example.com',
      '1.2.3.4.5',
      '256.0.0.1',
      '08.1.1.1',
      ':::1',
      '1::2::3',
      'fe80::g',
      '',
    ]) {
      expect(parseIpAddress(text), text).toBeNull();
      expect(internalAddressKind(text), text).toBeNull();
    }
  });

  it('treats localhost and the names below it as this host, other names as unknown', () => {
    expect(internalHostKind('localhost')).toBe('loopback');
    expect(internalHostKind('LOCALHOST.')).toBe('loopback');
    expect(internalHostKind('api.localhost')).toBe('loopback');
    expect(internalHostKind('[::1]')).toBe('loopback');
    expect(internalHostKind('localhost.example.com')).toBeNull();
    expect(internalHostKind('example.com')).toBeNull();
  });
});

describe('address ranges', () => {
  it('matches addresses inside a range, IPv4-mapped ones too', () => {
    const lan = parseAddressRange('10.1.0.0/16');
    expect(lan).not.toBeNull();
    if (!lan) return;
    expect(addressInRange('10.1.200.3', lan)).toBe(true);
    expect(addressInRange('::ffff:10.1.200.3', lan)).toBe(true);
    expect(addressInRange('10.2.0.1', lan)).toBe(false);
    const one = parseAddressRange('::1');
    expect(one && addressInRange('0:0::1', one)).toBe(true);
    const ula = parseAddressRange('fd00::/8');
    expect(ula && addressInRange('fd12::5', ula)).toBe(true);
    expect(ula && addressInRange('fc12::5', ula)).toBe(false);
  });

  it('refuses ranges that are not ones', () => {
    for (const text of ['10.0.0.0/33', '::/129', 'example.com/8', '10.0.0.0/8/8', '10.0.0.0/x']) {
      expect(parseAddressRange(text), text).toBeNull();
    }
  });
});

describe('the operator allowance', () => {
  const read = (value: string | undefined) => {
    const parsed = parseInternalAllowance(value);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.allowance;
  };

  it('allows nothing by default, everything with true', () => {
    for (const value of [undefined, '', 'false', 'off', '0']) {
      expect(allowsInternal(read(value), 'localhost', '127.0.0.1')).toBe(false);
    }
    expect(allowsInternal(read('true'), 'localhost', '127.0.0.1')).toBe(true);
    expect(allowsInternal(read('yes'), 'meta', '169.254.169.254')).toBe(true);
  });

  it('allows listed names, addresses and ranges, and only those', () => {
    const allowance = read('hooks.lan, 127.0.0.1 [fd00::]/8 10.20.0.0/16 Intranet.');
    expect(allowsInternal(allowance, 'hooks.lan', '192.168.1.9')).toBe(true);
    expect(allowsInternal(allowance, 'HOOKS.LAN.', '10.0.0.1')).toBe(true);
    expect(allowsInternal(allowance, 'intranet', '10.0.0.1')).toBe(true);
    expect(allowsInternal(allowance, '127.0.0.1', '127.0.0.1')).toBe(true);
    expect(allowsInternal(allowance, 'some.name', '::ffff:127.0.0.1')).toBe(true);
    expect(allowsInternal(allowance, 'x', 'fd00::7')).toBe(true);
    expect(allowsInternal(allowance, 'x', '10.20.3.4')).toBe(true);
    expect(allowsInternal(allowance, 'x', '127.0.0.2')).toBe(false);
    expect(allowsInternal(allowance, 'x', '169.254.169.254')).toBe(false);
    expect(allowsInternal(allowance, 'other.lan', '10.21.0.1')).toBe(false);
  });

  it('names the entry it cannot read', () => {
    expect(parseInternalAllowance('hooks.lan, 10.0.0.0/40')).toEqual({
      error: expect.stringContaining('"10.0.0.0/40"'),
    });
    expect(parseInternalAllowance('http://hooks.lan/')).toEqual({
      error: expect.stringContaining('http://'),
    });
  });
});
