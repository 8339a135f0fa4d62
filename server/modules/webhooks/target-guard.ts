import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Server-side request forgery: a webhook URL is chosen by an integrator, and the portal's server
 * calls it, from inside the provider's network. In production only public unicast addresses are
 * targets: no loopback, private (RFC 1918, unique local), link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast or reserved ranges, also not through a name that
 * resolves to one, nor an IPv4 address dressed as IPv6. Embedded mode (`npm start`) allows them,
 * so that its own receiver under /dev/webhooks can be tried out.
 */
export type TargetCheck = (url: URL) => Promise<boolean>;

/** ipaddr.js's range of every address that is reachable from the internet and only that. */
const PUBLIC_RANGE = 'unicast';

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === PUBLIC_RANGE;
}

/** An address a target's name was resolved to and checked. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the URL's host (every address it has) and answers the first address if all are
 * public, else undefined. The delivery connects to exactly this address (DNS rebinding: a second
 * lookup at connect time could answer a private one).
 */
export async function resolvePublicTarget(url: URL): Promise<CheckedAddress | undefined> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) {
    return isPublicAddress(host) ? { address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 } : undefined;
  }
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) return undefined;
    return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
  } catch {
    // A name that does not resolve is no target either (and says nothing about the network).
    return undefined;
  }
}

/** Resolves the URL's host (every address it has) and accepts it only if all are public. */
export async function isPublicTarget(url: URL): Promise<boolean> {
  return (await resolvePublicTarget(url)) !== undefined;
}

/** The check of the installation: every target in embedded mode, public ones only in production. */
export function targetCheckFor(config: { webhookPublicTargetsOnly: boolean }): TargetCheck {
  return config.webhookPublicTargetsOnly ? isPublicTarget : async () => true;
}
