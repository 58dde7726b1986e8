import proxyAddr from 'proxy-addr'

/**
 * The proxy trust function for `http.trustProxy` from a comma-separated list of addresses,
 * CIDR ranges or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Empty trusts no
 * proxy: the client's own socket address is its IP. A malformed entry fails at boot.
 */
export function trustedProxies(list: string): (address: string, hop: number) => boolean {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return () => false
  return proxyAddr.compile(entries)
}
