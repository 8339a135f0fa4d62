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

/** Resolves the URL's host (every address it has) and accepts it only if all are public. */
export async function isPublicTarget(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
  } catch {
    // A name that does not resolve is no target either (and says nothing about the network).
    return false;
  }
}

/** The check of the installation: every target in embedded mode, public ones only in production. */
export function targetCheckFor(config: { embedded: boolean }): TargetCheck {
  return config.embedded ? async () => true : isPublicTarget;
}
