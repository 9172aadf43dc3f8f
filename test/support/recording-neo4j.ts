import type { ManagedTransaction } from 'neo4j-driver';

import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import type { EmbeddingSpace } from 'src/store/store-connection';

export interface RecordedRun {
  name: Neo4jQueryName;
  params: Params;
}

/** Rows (or an error) the fake answers a statement with; undefined: no rows. */
export type Answer = (run: RecordedRun, call: number) => Row[] | Error | undefined;

/**
 * A Neo4jConnection that never reaches a server: every registry statement an adapter runs is recorded with its
 * parameters and answered by `answer`. `attempts` runs each transaction function that many times, as the driver does
 * when it retries after a lost commit acknowledgement. The driver object is made but never connects.
 */
export class RecordingNeo4jConnection extends Neo4jConnection {
  readonly runs: RecordedRun[] = [];
  /** Statements run on the transaction itself (schema statements), with their parameters. */
  readonly schemaRuns: { statement: string; params: Params }[] = [];
  readonly logged: string[] = [];

  constructor(
    private readonly answer: Answer = () => undefined,
    private readonly attempts = 1,
    private readonly fakeSpace: EmbeddingSpace | null = { model: 'hash-v1-64', dimensions: 64 },
  ) {
    super({ uri: 'bolt://127.0.0.1:1', user: 'neo4j', password: 'unused' }, undefined, (line) =>
      this.logged.push(line),
    );
  }

  override get space(): EmbeddingSpace | null {
    return this.fakeSpace;
  }

  override run(_tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    const run = { name, params };
    this.runs.push(run);
    const answered = this.answer(run, this.runs.length);
    if (answered instanceof Error) {
      return Promise.reject(answered);
    }

    return Promise.resolve(answered ?? []);
  }

  override queryOnce(_source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.run({} as ManagedTransaction, name, params);
  }

  override read<T>(_source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.repeat(work);
  }

  override write<T>(_source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.repeat(work);
  }

  private async repeat<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    // the adapters hand the transaction back to run(); only schema statements run on it directly
    const tx = {
      run: (statement: string, params: Params) => {
        this.schemaRuns.push({ statement, params });

        return Promise.resolve({ records: [] });
      },
    } as unknown as ManagedTransaction;
    let result = await work(tx);
    for (let attempt = 1; attempt < this.attempts; attempt++) {
      result = await work(tx);
    }

    return result;
  }
}
