/**
 * Token counts of the lines `assembleContext` adds, each with its line break: its passes (what each section would
 * take, then two fills) count the same lines again, and a line rendered once is one string, so a count is one lookup.
 */
export class LineTokens {
  private readonly counts = new Map<string, number>();

  constructor(private readonly count: (text: string) => number) {}

  tokens(line: string): number {
    const known = this.counts.get(line);
    if (known !== undefined) {
      return known;
    }
    const counted = this.count(`${line}\n`);
    this.counts.set(line, counted);

    return counted;
  }
}

/** `render` computed once per item (by identity): a line is rendered once and is the same string each time after. */
export function renderedOnce<T extends object>(render: (item: T) => string): (item: T) => string {
  const done = new Map<T, string>();

  return (item) => {
    const known = done.get(item);
    if (known !== undefined) {
      return known;
    }
    const line = render(item);
    done.set(item, line);

    return line;
  };
}
