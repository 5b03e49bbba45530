import { addressBlock, parseIpv6, type AddressBlock } from './address-policy';

describe('addressBlock: only public unicast addresses may be reached', () => {
  it.each<[string, AddressBlock | null]>([
    // IPv4
    ['93.184.215.14', null],
    ['8.8.8.8', null],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.1', null],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['172.15.255.255', null],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', null],
    ['192.0.2.7', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', null],
    ['2a00:1450:4001:82f::200e', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:93.184.215.14', null],
    ['64:ff9b::192.168.0.1', 'private'],
    ['64:ff9b::8.8.8.8', null],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:0a00:0001::1', 'private'],
    ['2002:5db8:d70e::1', null],
    ['4000::1', 'reserved'],
    // not an address
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
    ['12345::1', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
  ])('%s → %s', (address, expected) => {
    expect(addressBlock(address)).toBe(expected);
  });
});

describe('parseIpv6', () => {
  it.each<[string, number[] | null]>([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1:2:3:4:5:6:7', null],
    ['1.2.3.4', null],
  ])('%s', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });
});
