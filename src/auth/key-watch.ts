/**
 * Long-lived sessions (a graphql-ws socket, an MCP stdio process) opened with a runtime key: every `everyMs` each
 * distinct key is checked again, and the sessions of a key no longer valid (revoked, expired, its tenant deleted)
 * are closed. With the key service's short cache this closes them within about a second on every process.
 */
export class KeyWatch {
  private readonly sessions = new Map<symbol, { keyId: string; close: () => void }>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly valid: (keyId: string) => Promise<boolean>,
    private readonly everyMs: number,
  ) {}

  /** Closes the session when its key stops being valid; call the returned function when the session ends. */
  watch(keyId: string, close: () => void): () => void {
    const token = Symbol(keyId);
    this.sessions.set(token, { keyId, close });
    this.timer ??= setInterval(() => void this.sweep(), this.everyMs).unref();

    return () => {
      this.sessions.delete(token);
      if (this.sessions.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One pass over the watched keys (at most one at a time). */
  sweep(): Promise<void> {
    this.sweeping ??= this.checkAll().finally(() => (this.sweeping = null));

    return this.sweeping;
  }

  stop(): void {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.sessions.clear();
  }

  private async checkAll(): Promise<void> {
    const keyIds = new Set([...this.sessions.values()].map((s) => s.keyId));
    for (const keyId of keyIds) {
      let ok: boolean;
      try {
        ok = await this.valid(keyId);
      } catch {
        continue; // the store unreachable: keep the session, check again next time
      }
      if (!ok) {
        for (const [token, session] of this.sessions) {
          if (session.keyId === keyId) {
            this.sessions.delete(token);
            session.close();
          }
        }
      }
    }
  }
}
