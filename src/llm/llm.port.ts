/**
 * Injects `LlmClient | null`: null means no LLM is configured (LLM=none), and callers take their deterministic path
 * (regex extraction, template bulletin, no contradiction arbiter). Check for null instead of catching errors.
 */
export const LLM = Symbol('LLM');

export type JsonSchema = Readonly<Record<string, unknown>>;

export interface JsonCompletionRequest<T> {
  /** Instructions, usually a prompt file from src/llm/prompts. */
  system: string;
  /** The material to work on; pass user-controlled text as JSON data, not as instructions. */
  user: string;
  /** Identifier for the schema, `[a-zA-Z0-9_-]{1,64}`. */
  schemaName: string;
  /** JSON Schema the model must follow (strict structured output: every property required, no extras). */
  schema: JsonSchema;
  /** Checks the parsed answer, e.g. `(value) => verdictSchema.parse(value)`; throwing rejects the answer. */
  validate: (value: unknown) => T;
  /** Told the tokens the provider billed for this call (also when the answer is then rejected). */
  onUsage?: (usage: LlmUsage) => void;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface LlmClient {
  readonly model: string;
  /**
   * @throws LlmUnavailableError when the provider times out, cannot be reached or answers an HTTP error
   * @throws LlmOutputError when the answer is not JSON, is refused or truncated, or fails `validate`
   */
  completeJson<T>(request: JsonCompletionRequest<T>): Promise<T>;
}

export class LlmUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmUnavailableError';
  }
}

export class LlmOutputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmOutputError';
  }
}
