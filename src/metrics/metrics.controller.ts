import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Get, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

import { APP_CONFIG, isLoopback } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { MetricsService } from 'src/metrics/metrics.service';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Prometheus scrape endpoint. With METRICS_TOKEN set, a scraper sends `Authorization: Bearer <token>`; without it,
 * only clients on this machine (loopback peers) may read it. Tenants' API keys never open it.
 */
@Controller()
export class MetricsController {
  private readonly token: Buffer | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.token = config.metricsToken ? digest(config.metricsToken) : null;
  }

  @Get('metrics')
  @Header('cache-control', 'no-store')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.allowed(req)) {
      throw new ForbiddenException(
        this.token
          ? 'send Authorization: Bearer <METRICS_TOKEN>'
          : 'metrics are served to loopback clients only; set METRICS_TOKEN',
      );
    }
    res.type(this.metrics.contentType).send(await this.metrics.scrape());
  }

  private allowed(req: Request): boolean {
    if (!this.token) {
      return isLoopback(req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '');
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');

    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), this.token);
  }
}
