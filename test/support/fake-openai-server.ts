import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HashEmbedder } from 'src/embedding/hash.embedder';

/** What the fake answers to one request. */
export type FakeReply =
  /** 200 with `content` JSON-encoded as the assistant message (chat) */
  | { kind: 'json'; content: unknown }
  /** 200 with this raw assistant message text (chat), e.g. garbage */
  | { kind: 'text'; content: string; finishReason?: 'stop' | 'length' }
  /** 200 with these vectors (embeddings) */
  | { kind: 'vectors'; vectors: number[][] }
  /** an HTTP error; `retry-after-ms: 1` unless `headers` set a retry-after, so client retries stay fast */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** this exact body (JSON-encoded unless a string) with this status, for malformed responses */
  | { kind: 'raw'; status: number; body: unknown }
  /** waits, then answers `then` (or never answers until the client gives up) */
  | { kind: 'delay'; ms: number; then?: FakeReply };

export const reply = {
  json: (content: unknown): FakeReply => ({ kind: 'json', content }),
  text: (content: string, finishReason?: 'stop' | 'length'): FakeReply => ({ kind: 'text', content, finishReason }),
  vectors: (vectors: number[][]): FakeReply => ({ kind: 'vectors', vectors }),
  status: (status: number, headers?: Record<string, string>): FakeReply => ({ kind: 'status', status, headers }),
  raw: (body: unknown, status = 200): FakeReply => ({ kind: 'raw', status, body }),
  delay: (ms: number, then?: FakeReply): FakeReply => ({ kind: 'delay', ms, then }),
};

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: {
    type: string;
    json_schema?: { name: string; schema?: Record<string, unknown>; strict?: boolean };
  };
  [key: string]: unknown;
}

export interface EmbeddingRequest {
  model: string;
  input: string | string[];
  dimensions?: number;
  encoding_format?: 'float' | 'base64';
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type ChatHandler = (request: ChatRequest) => FakeReply | Promise<FakeReply>;
export type EmbeddingHandler = (request: EmbeddingRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAiServer {
  /** Base URL including `/v1`, ready for `new OpenAI({ baseURL })`. */
  url: string;
  requests: RecordedRequest[];
  /** A function of the request, or a queue of replies consumed in order (then 500 "queue empty"). */
  setChatHandler(handler: ChatHandler | FakeReply[]): void;
  setEmbeddingHandler(handler: EmbeddingHandler | FakeReply[]): void;
  close(): Promise<void>;
}

/** Hash vectors of the requested size (default 1536): deterministic, and similar for texts sharing words. */
export const defaultEmbeddingHandler: EmbeddingHandler = async (request) => {
  const inputs = Array.isArray(request.input) ? request.input : [request.input];
  const vectors = await new HashEmbedder(request.dimensions ?? 1536).embed(inputs);

  return reply.vectors(vectors.map((v) => Array.from(v)));
};

/** A real HTTP server on 127.0.0.1 speaking enough of the OpenAI API for adapter tests. */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let chat: ChatHandler = queue([]);
  let embeddings: EmbeddingHandler = defaultEmbeddingHandler;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        sendJson(res, 500, { error: { message: `fake server failed: ${String(error)}`, type: 'server_error' } });
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const body: unknown = raw.length > 0 ? JSON.parse(raw) : undefined;
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const request = body as ChatRequest;
      await answer(res, await chat(request), (r) => chatCompletion(request, r));
    } else if (req.method === 'POST' && path === '/v1/embeddings') {
      const request = body as EmbeddingRequest;
      await answer(res, await embeddings(request), (r) => embeddingResponse(request, r));
    } else {
      sendJson(res, 404, { error: { message: `no route ${req.method ?? ''} ${path}`, type: 'invalid_request_error' } });
    }
  }

  async function answer(res: ServerResponse, r: FakeReply, ok: (r: FakeReply) => unknown): Promise<void> {
    if (r.kind === 'delay') {
      const finished = await sleepUnlessClosed(res, r.ms);
      if (!finished) {
        return;
      }
      if (r.then) {
        await answer(res, r.then, ok);
      }

      // Without `then` the request stays open until the client gives up or the server closes.
      return;
    }
    if (r.kind === 'status') {
      const headers = r.headers ?? {};
      if (!Object.keys(headers).some((name) => name.toLowerCase().startsWith('retry-after'))) {
        res.setHeader('retry-after-ms', '1');
      }
      for (const [name, value] of Object.entries(headers)) {
        res.setHeader(name, value);
      }
      sendJson(res, r.status, r.body ?? { error: { message: `fake error ${r.status}`, type: 'server_error' } });

      return;
    }
    if (r.kind === 'raw') {
      if (typeof r.body === 'string') {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(r.body);
      } else {
        sendJson(res, r.status, r.body);
      }

      return;
    }
    sendJson(res, 200, ok(r));
  }

  function sleepUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const onClose = (): void => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(true);
      }, ms);
      timers.add(timer);
      res.once('close', onClose);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setChatHandler(handler) {
      chat = Array.isArray(handler) ? queue(handler) : handler;
    },
    setEmbeddingHandler(handler) {
      embeddings = Array.isArray(handler) ? queue(handler) : handler;
    },
    async close() {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function queue(replies: FakeReply[]): (request: unknown) => FakeReply {
  const pending = [...replies];

  return () =>
    pending.shift() ?? { kind: 'status', status: 500, body: { error: { message: 'fake: reply queue empty' } } };
}

function chatCompletion(request: ChatRequest, r: FakeReply): unknown {
  let content: string;
  let finishReason = 'stop';
  if (r.kind === 'json') {
    content = JSON.stringify(r.content);
  } else if (r.kind === 'text') {
    content = r.content;
    finishReason = r.finishReason ?? 'stop';
  } else {
    throw new Error(`reply kind ${r.kind} does not fit a chat completion`);
  }

  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function embeddingResponse(request: EmbeddingRequest, r: FakeReply): unknown {
  if (r.kind !== 'vectors') {
    throw new Error(`reply kind ${r.kind} does not fit an embeddings response`);
  }
  // The openai client asks for base64 unless the caller sets encoding_format.
  const base64 = request.encoding_format !== 'float';

  return {
    object: 'list',
    model: request.model,
    data: r.vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: base64 ? Buffer.from(Float32Array.from(vector).buffer).toString('base64') : vector,
    })),
    usage: { prompt_tokens: 1, total_tokens: 1 },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
