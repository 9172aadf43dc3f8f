import { SELECTIONS } from './schema.generated';
import type {
  AgentContext,
  AppendMessageResult,
  Bulletin,
  ChannelPage,
  ContextInput,
  Memory,
  MessageHit,
  MessageInput,
  MessagePage,
  RecallInput,
  RecallResult,
  RememberInput,
  RememberResult,
  SearchMessagesInput,
} from './schema.generated';

export interface EngramClientOptions {
  /** The service's origin, e.g. http://localhost:4000 (its GraphQL endpoint is <url>/graphql). */
  url: string;
  /** An API key (of ENGRAM_API_KEYS, or made with the admin API); omit for a keyless service on loopback. */
  apiKey?: string;
  /** Another fetch (tests, proxies); the global one otherwise. */
  fetch?: typeof fetch;
}

/** A GraphQL error the service answered with: `code` is its extensions.code (UNAUTHENTICATED, BAD_USER_INPUT, ...). */
export class EngramError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'EngramError';
  }
}

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  /** what a route other than /graphql answers (REST errors, an unknown path) */
  error?: { code?: string; message?: string };
}

const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

/** An answer without data that is no GraphQL error (a wrong url, a proxy's error page): the HTTP status decides the code. */
function notGraphql(endpoint: string, status: number, detail: string | undefined): EngramError {
  const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_RESPONSE');
  const hint = status === 404 ? ` (url should be the service's origin, e.g. http://127.0.0.1:4000)` : '';

  return new EngramError(`HTTP ${status} from ${endpoint}${detail ? `: ${detail}` : ''}${hint}`, code, status);
}

/**
 * A typed client for Engram's GraphQL API: the agent's calls as methods, their inputs and answers typed from
 * schema.graphql (src/schema.generated.ts), and `request` for any other operation.
 */
export class EngramClient {
  private readonly endpoint: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: EngramClientOptions) {
    this.endpoint = `${options.url.replace(/\/+$/, '')}/graphql`;
    this.fetcher = options.fetch ?? fetch;
  }

  /** Any GraphQL operation; throws EngramError with the first error's code. */
  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await this.fetcher(this.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: GraphqlResponse<T>;
    try {
      body = JSON.parse(text) as GraphqlResponse<T>;
    } catch {
      throw notGraphql(this.endpoint, response.status, 'not JSON');
    }
    const error = body.errors?.[0];
    if (error) {
      throw new EngramError(error.message, error.extensions?.code ?? 'INTERNAL_SERVER_ERROR', response.status);
    }
    if (!body.data) {
      throw notGraphql(this.endpoint, response.status, body.error?.message);
    }

    return body.data;
  }

  /** Store one lasting fact (duplicates merge, corrections supersede, injections are quarantined). */
  async remember(input: RememberInput): Promise<RememberResult> {
    const query = `mutation ($input: RememberInput!) { remember(input: $input) ${SELECTIONS.RememberResult} }`;

    return (await this.request<{ remember: RememberResult }>(query, { input })).remember;
  }

  /** The memories relevant to a question, best first, with scores and tiers. */
  async recall(input: RecallInput): Promise<RecallResult> {
    const query = `query ($input: RecallInput!) { recall(input: $input) ${SELECTIONS.RecallResult} }`;

    return (await this.request<{ recall: RecallResult }>(query, { input })).recall;
  }

  /** Status FORGOTTEN: kept for audit, never recalled again. */
  async forget(id: string): Promise<Memory> {
    const query = `mutation ($id: ID!) { forget(id: $id) ${SELECTIONS.Memory} }`;

    return (await this.request<{ forget: Memory }>(query, { id })).forget;
  }

  /** Record one message of a conversation (the user's and the assistant's); Engram learns from the user's. */
  async appendMessage(input: MessageInput): Promise<AppendMessageResult> {
    const query = `mutation ($input: MessageInput!) { appendMessage(input: $input) ${SELECTIONS.AppendMessageResult} }`;

    return (await this.request<{ appendMessage: AppendMessageResult }>(query, { input })).appendMessage;
  }

  /** Everything worth knowing before answering in a channel; `text` goes into the system prompt. */
  async context(input: ContextInput): Promise<AgentContext> {
    const query = `query ($input: ContextInput!) { context(input: $input) ${SELECTIONS.AgentContext} }`;

    return (await this.request<{ context: AgentContext }>(query, { input })).context;
  }

  /** What was said in past conversations, ranked. */
  async searchMessages(input: SearchMessagesInput): Promise<MessageHit[]> {
    const query = `query ($input: SearchMessagesInput!) { searchMessages(input: $input) ${SELECTIONS.MessageHit} }`;

    return (await this.request<{ searchMessages: MessageHit[] }>(query, { input })).searchMessages;
  }

  /** The tenant's channels in id order, a page at a time. */
  async channels(limit = 50, cursor: string | null = null): Promise<ChannelPage> {
    const query = `query ($limit: Int, $cursor: String) { channels(limit: $limit, cursor: $cursor) ${SELECTIONS.ChannelPage} }`;

    return (await this.request<{ channels: ChannelPage }>(query, { limit, cursor })).channels;
  }

  /** A channel's messages: the newest page first (each page oldest first); pass nextCursor for older ones. */
  async messagePage(channelId: string, limit = 50, cursor: string | null = null): Promise<MessagePage> {
    const query = `query ($channelId: String!, $limit: Int, $cursor: String) { messagePage(channelId: $channelId, limit: $limit, cursor: $cursor) ${SELECTIONS.MessagePage} }`;

    return (await this.request<{ messagePage: MessagePage }>(query, { channelId, limit, cursor })).messagePage;
  }

  /** The latest bulletin about the user; null until the first one is written. */
  async bulletin(): Promise<Bulletin | null> {
    const query = `query { bulletin ${SELECTIONS.Bulletin} }`;

    return (await this.request<{ bulletin: Bulletin | null }>(query)).bulletin;
  }
}
