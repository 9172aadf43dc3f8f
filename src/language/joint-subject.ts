/**
 * A subject of someone and the user together is the user's "we": "my partner and I bought a house" is the user's
 * news, as "we bought a house" is, not someone else's. For a reader of whose a clause is.
 */
const JOINT = [
  { pattern: /^(?:(?:my|our) [\p{L}-]+(?: [\p{L}-]+)?|\p{Lu}[\p{L}-]*) (?:and|&) (?:i|me)(?![\p{L}'])/iu, we: 'we' },
  {
    pattern: /^(?:(?:min|mit|mine|vores) [\p{L}-]+(?: [\p{L}-]+)?|\p{Lu}[\p{L}-]*) og (?:jeg|mig)(?![\p{L}])/iu,
    we: 'vi',
  },
] as const;

/** `clause` with a joint subject of the user's said as "we" / "vi"; as it is otherwise. */
export function jointAsWe(clause: string): string {
  for (const { pattern, we } of JOINT) {
    const match = pattern.exec(clause);
    if (match !== null) {
      return `${we}${clause.slice(match[0].length)}`;
    }
  }

  return clause;
}
