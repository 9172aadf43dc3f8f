import { Worker } from 'node:worker_threads';

import type { SqlValue } from 'src/store/sqlite/sqlite-database';

/** Statements a read thread keeps prepared before it starts over. */
const STATEMENTS_CACHED = 64;
/** The thread's connection maps this much of the file, as the main connection does. */
const MMAP_BYTES = 1_073_741_824;

/**
 * The thread's source: plain JavaScript in a string, so that it runs unchanged under ts-node, jest and from dist/
 * (the driver's path is resolved by the parent and passed in workerData). It opens the file read-only (a statement
 * that writes fails there) and answers each `{ id, sql, params }` with `{ id, rows }` or `{ id, error }`.
 */
const SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
// as the main connection (SqliteDatabase.init): mapped pages, not a pread per page missing from a small cache
db.pragma('mmap_size = ' + workerData.mmapBytes);
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= workerData.cached) {
        statements.clear();
      }
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...params) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; rows: unknown[] } | { id: number; error: string };

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * A second, read-only connection to the same database file in a worker thread: a long read (a full-text search over
 * a million rows) runs there beside the main thread's work instead of blocking the event loop. It reads what was
 * committed when the statement starts (WAL), never the main connection's open transaction: callers inside one read
 * on the main connection. Statements are fixed strings of ours, never input.
 */
export class SqliteReadThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(private readonly file: string) {}

  /** Every row of a read statement, run in the thread. Rejects when the thread fails or is closed. */
  all<R>(sql: string, params: readonly SqlValue[]): Promise<R[]> {
    if (this.closed) {
      return Promise.reject(new Error('the SQLite read thread is closed'));
    }
    const worker = this.start();
    const id = this.nextId++;

    return new Promise<R[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      if (this.pending.size === 1) {
        worker.ref();
      }
      worker.postMessage({ id, sql, params });
    });
  }

  /** Ends the thread; reads still waiting are rejected. */
  close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.fail(new Error('the SQLite read thread is closed'));

    return worker ? worker.terminate().then(() => undefined) : Promise.resolve();
  }

  private start(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        file: this.file,
        cached: STATEMENTS_CACHED,
        mmapBytes: MMAP_BYTES,
      },
    });
    // an idle thread does not keep the process alive
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    const lost = (error: Error): void => {
      if (this.worker === worker) {
        // the next read starts another thread
        this.worker = null;
      }
      this.fail(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the SQLite read thread exited (${code})`)));
    this.worker = worker;

    return worker;
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) {
      return;
    }
    this.pending.delete(reply.id);
    if (this.pending.size === 0) {
      this.worker?.unref();
    }
    if ('error' in reply) {
      waiting.reject(new Error(reply.error));
    } else {
      waiting.resolve(reply.rows);
    }
  }

  private fail(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) {
      reject(error);
    }
  }
}
