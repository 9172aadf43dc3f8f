import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { All, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { ApiKeyService } from 'src/auth/api-key.service';
import type { Caller } from 'src/auth/api-key.service';
import { authenticateHttp } from 'src/auth/http-auth';
import type { HttpAuthDependencies } from 'src/auth/http-auth';
import { DomainError, ErrorCode, RateLimitedError } from 'src/common/errors';
import { httpStatusOf } from 'src/common/http-status';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { EngramMcp } from 'src/mcp/engram-mcp';
import { MetricsService } from 'src/metrics/metrics.service';
import { clientAddressResolver } from 'src/rate-limit/client-address';
import { RateLimitService, retryAfterHeaders } from 'src/rate-limit/rate-limit.service';

/** The most calls one JSON-RPC batch may carry; each counts against the tenant's rate limit. */
export const MAX_MCP_BATCH = 20;

/** The calls a JSON-RPC body carries: each element of a batch, or the one message. */
export function jsonRpcCalls(body: unknown): number {
  return Array.isArray(body) ? body.length : 1;
}

/** JSON-RPC's "server error" range; the HTTP status and `data.code` carry the Engram code. */
const JSON_RPC_SERVER_ERROR = -32000;

function rpcError(res: Response, status: number, code: ErrorCode, message: string): void {
  res
    .status(status)
    .json({ jsonrpc: '2.0', error: { code: JSON_RPC_SERVER_ERROR, message, data: { code } }, id: null });
}

/**
 * MCP over streamable HTTP at /mcp, stateless: each POST is authenticated like GraphQL and REST (per-address limit,
 * Bearer key, per-tenant limit), then answered by a server for that tenant alone. No sessions, so GET (a standalone
 * event stream) and DELETE (ending a session) are refused with 405.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  private readonly deps: HttpAuthDependencies;

  constructor(
    private readonly mcp: EngramMcp,
    keys: ApiKeyService,
    limits: RateLimitService,
    metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.deps = { keys, limits, metrics, addressOf: clientAddressResolver(config.trustProxy) };
  }

  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    let caller: Caller;
    const calls = jsonRpcCalls(req.body);
    if (calls > MAX_MCP_BATCH) {
      rpcError(res, 400, ErrorCode.BadUserInput, `a JSON-RPC batch takes at most ${MAX_MCP_BATCH} calls, got ${calls}`);

      return;
    }
    try {
      caller = await authenticateHttp(this.deps, req, 'mcp', Math.max(1, calls));
    } catch (error) {
      if (!(error instanceof DomainError)) {
        throw error;
      }
      if (error instanceof RateLimitedError) {
        res.set(retryAfterHeaders(error));
      } else {
        res.set('www-authenticate', 'Bearer');
      }
      rpcError(res, httpStatusOf(error.code), error.code, error.message);

      return;
    }
    const server = this.mcp.serverFor(caller.tenantId, { readOnly: caller.readOnly });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // Host and Origin (DNS rebinding, other web pages) are checked for every route by checkBrowserAccess
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  @All()
  other(@Res() res: Response): void {
    res.set('allow', 'POST');
    rpcError(res, 405, ErrorCode.BadUserInput, 'this MCP endpoint is stateless: send JSON-RPC requests with POST');
  }
}
