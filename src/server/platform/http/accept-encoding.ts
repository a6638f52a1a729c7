export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best of `available` (in our order of preference) that an Accept-Encoding header allows:
 * the highest q wins, a tie goes to the earlier in `available` (and beats identity), q=0 forbids, `*` covers codings the
 * header does not name. Identity is the answer when nothing else is acceptable; we never answer 406.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') {
        const n = Number(v);
        weight = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    // `x-gzip` is the old name browsers and proxies still send for gzip.
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  let best: Encoding = 'identity';
  // Identity is acceptable unless the header says otherwise; a compressed coding the client weighs
  // the same still wins, since that is why it sent the header.
  let bestQ = q.get('identity') ?? 0;
  for (const enc of available) {
    if (enc === 'identity') continue;
    const weight = q.get(enc) ?? q.get('*') ?? 0;
    if (weight > 0 && (best === 'identity' ? weight >= bestQ : weight > bestQ)) {
      best = enc;
      bestQ = weight;
    }
  }
  return best;
}
