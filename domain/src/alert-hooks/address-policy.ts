/**
 * Which network addresses an alert webhook may reach (issue 37): only public unicast addresses. A webhook URL is
 * checked twice with these rules: its text when the player adds it (the form and the Cloud Function, webhookUrlProblem)
 * and every address its host resolves to, at the check and again at each delivery (the function's guarded lookup), so
 * a name that resolves to a private address, or starts to, is refused too. Pure code: no DNS here.
 */

/** Why an address is not public; null when it is. */
export type AddressBlock =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'invalid';

/** The IPv4 ranges a webhook may not reach, first match wins (metadata before link-local, which holds it). */
const IPV4_BLOCKS: ReadonlyArray<readonly [string, number, AddressBlock]> = [
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv4 text "a.b.c.d" (decimal, no leading zeros beyond "0") as a 32-bit number, or null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** IPv6 text (with "::", an embedded IPv4 tail, a zone "%eth0" dropped, brackets dropped) as 8 groups, or null. */
export function parseIpv6(input: string): number[] | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // An IPv4 tail ("::ffff:10.0.0.1") stands for the last two groups.
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const group = (g: string) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN);
  const head = halves[0] === '' ? [] : halves[0].split(':').map(group);
  const rest = halves.length === 2 && halves[1] !== '' ? halves[1].split(':').map(group) : [];
  if ([...head, ...rest].some((n) => Number.isNaN(n))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  return [...head, ...new Array(8 - known).fill(0), ...rest];
}

function ipv4Block(value: number): AddressBlock | null {
  if (value === 0xffffffff) return 'reserved';
  for (const [base, bits, block] of IPV4_BLOCKS) {
    const size = 2 ** (32 - bits);
    const start = parseIpv4(base) as number;
    if (value >= start && value < start + size) return block;
  }
  return null;
}

function ipv6Block(groups: number[]): AddressBlock | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  const embeddedV4 = g6 * 65536 + g7;
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUpTo(5) && g5 === 0xffff) return ipv4Block(embeddedV4);
  if (zeroUpTo(6)) return ipv4Block(embeddedV4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Block(embeddedV4);
  // AWS's IPv6 instance metadata address (fd00:ec2::254), inside the unique-local range below.
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'reserved';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved';
  if (g0 === 0x2002) return ipv4Block(g1 * 65536 + g2);
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return null;
}

/**
 * Why `address` (an IP address's text, IPv4 or IPv6) may not be reached by a webhook, or null for a public address.
 * Text that is no IP address is 'invalid'. Table of examples: address-policy.test.ts.
 */
export function addressBlock(address: string): AddressBlock | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4Block(v4);
  const v6 = parseIpv6(address);
  if (v6 !== null) return ipv6Block(v6);
  return 'invalid';
}

/** Whether `address` is an IP literal (either family). */
export function isIpLiteral(text: string): boolean {
  return parseIpv4(text) !== null || parseIpv6(text) !== null;
}

/** Whether `address` is a loopback address (127/8, ::1, ::ffff:127.x): the only ones the emulator setting opens. */
export function isLoopbackAddress(address: string): boolean {
  return addressBlock(address) === 'loopback';
}
