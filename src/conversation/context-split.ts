/**
 * How `context` shares its token budget between its sections (after the constraints and the newest message, which
 * always come first). The shares are tuned on LoCoMo by `npm run bench -- context`; the evidence for each is in
 * src/conversation/ARCHITECTURE.md.
 */
export const SHARED_SECTIONS = ['bulletin', 'memories', 'turns', 'others', 'summary', 'recent'] as const;
export type SharedSection = (typeof SHARED_SECTIONS)[number];
export type Shares = Readonly<Record<SharedSection, number>>;

/** The policy `assembleContext` follows: the shares, and when a retrieved turn brings its neighbours. */
export interface ContextPolicy {
  shares: Shares;
  /** A retrieved earlier turn shorter than this (tokens) comes with the turns just before and after it; 0: never. */
  neighboursBelow: number;
}

/**
 * The service's policy, chosen by `npm run bench -- context` on LoCoMo conversations 1-5 and checked on 6-10 (and
 * the reverse); see ARCHITECTURE.md, "Sharing the budget".
 */
export const CONTEXT_POLICY: ContextPolicy = {
  shares: { bulletin: 0.1, memories: 0.05, turns: 0.6, others: 0.05, summary: 0.05, recent: 0.15 },
  neighboursBelow: 0,
};

/**
 * Splits `room` tokens between the sections by water-filling: each gets up to its share of what is left, never
 * more than it asks for (`demand`), and what a section leaves goes to the others in proportion to their shares,
 * until the room or the demand runs out. Pure: the caps are whole tokens, their sum never exceeds `room`.
 */
export function splitBudget(
  room: number,
  shares: Shares,
  demand: Readonly<Record<SharedSection, number>>,
): Record<SharedSection, number> {
  const caps = Object.fromEntries(SHARED_SECTIONS.map((s) => [s, 0])) as Record<SharedSection, number>;
  let left = Math.max(0, Math.floor(room));
  let open = SHARED_SECTIONS.filter((s) => demand[s] > 0);
  while (left > 0 && open.length > 0) {
    const weights = open.map((s) => Math.max(0, shares[s]));
    const total = weights.reduce((a, b) => a + b, 0);
    let given = 0;
    open.forEach((section, i) => {
      const weight = total > 0 ? weights[i]! / total : 1 / open.length;
      const take = Math.min(Math.floor(left * weight), Math.ceil(demand[section]) - caps[section]);
      caps[section] += take;
      given += take;
    });
    if (given === 0) {
      // Rounding left less than a token per section: the first open section, by share, takes the rest it can.
      const first = [...open].sort((a, b) => shares[b] - shares[a])[0]!;
      const take = Math.min(left, Math.ceil(demand[first]) - caps[first]);
      caps[first] += take;
      given = take;
    }
    left -= given;
    open = open.filter((s) => caps[s] < Math.ceil(demand[s]));
  }

  return caps;
}
