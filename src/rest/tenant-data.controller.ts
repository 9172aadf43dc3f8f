import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';

import { BadInputError } from 'src/common/errors';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, parseQuery } from 'src/rest/rest-query';
import {
  ChannelDeletion,
  ImportReportDto,
  PurgeRequestDto,
  SkillPurge,
  TenantPurgeDto,
} from 'src/tenant-data/tenant-data.dto';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import type { ImportReport } from 'src/tenant-data/tenant-data.service';

/** An import body larger than this is refused (the whole file is checked in memory before anything is written). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
export const PURGE_CONFIRMATION = 'purge';
const EXPORT_CHUNK_CHARS = 64 * 1024;

const importQuery = z.strictObject({
  trusted: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
const purgeBody = z.strictObject({
  confirm: z.literal(PURGE_CONFIRMATION, { error: `confirm must be "${PURGE_CONFIRMATION}"` }),
});
const channelDeleteQuery = z.strictObject({
  withMemories: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** The request body as lines, refused once it passes MAX_IMPORT_BYTES. */
function bodyLines(req: Request): AsyncIterable<string> {
  const limited = new PassThrough();
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_IMPORT_BYTES) {
      limited.destroy(new BadInputError(`the import body is larger than ${MAX_IMPORT_BYTES} bytes`));
      req.destroy();

      return;
    }
    limited.write(chunk);
  });
  req.on('end', () => limited.end());
  req.on('error', (error) => limited.destroy(error));

  return createInterface({ input: limited, crlfDelay: Infinity });
}

/** Export, import and purge of the caller's own tenant: the same service as `node dist/main.js export|import|purge`. */
@ApiTags('tenant data')
@Controller('api')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class TenantDataController {
  constructor(
    private readonly service: TenantDataService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('export')
  @ApiOperation({ summary: 'Everything of your tenant as NDJSON (the format of `node dist/main.js export`)' })
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description: 'a header line, then channels, summaries, messages, memories (with edges) and bulletins',
  })
  @ApiStandardErrors()
  async export(
    @RestTenant() tenantId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    parseQuery(noQuery, query);
    res.status(200).set({
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': 'attachment; filename="engram-export.ndjson"',
    });
    try {
      // lines go out in chunks of about EXPORT_CHUNK_CHARS: one write per line cost a write call and a buffer each
      let chunk = '';
      const send = async (): Promise<void> => {
        const full = !res.write(chunk);
        chunk = '';
        if (full) {
          // the listener of the event that did not come goes too (a large export left thousands behind)
          const settled = new AbortController();
          await Promise.race([
            once(res, 'drain', { signal: settled.signal }),
            once(res, 'close', { signal: settled.signal }),
          ]).finally(() => settled.abort());
        }
      };
      for await (const line of this.service.exportLines(tenantId)) {
        chunk += `${line}\n`;
        if (chunk.length >= EXPORT_CHUNK_CHARS) {
          await send();
        }
        if (res.destroyed) {
          // the client went away: stop reading the store
          return;
        }
      }
      if (chunk.length > 0) {
        await send();
      }
      res.end();
    } catch (error) {
      // the status is sent already: cut the stream so the client sees an incomplete file, not a complete-looking one
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import an export file into your tenant',
    description:
      'Ids and times are kept; ids you already have are left as they are, so importing twice changes nothing. ' +
      'The whole file is checked before anything is written: every record passes the checks of remember and ' +
      'appendMessage, and every reference must name a record of the file or of your tenant. Vectors are recomputed ' +
      'with this service’s model. `trusted=true` (operator keys only) skips the firewall.',
  })
  @ApiQueryParam('trusted', 'an operator’s raw import: no firewall (every limit and other guard still applies)', {
    type: 'boolean',
  })
  @ApiConsumes('application/x-ndjson')
  @ApiBody({ schema: { type: 'string', description: 'NDJSON export file' } })
  @ApiOkResponse({ type: ImportReportDto })
  @ApiStandardErrors()
  import(
    @RestTenant() tenantId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<ImportReport> {
    const { trusted = false } = parseQuery(importQuery, query);
    if (!req.is('application/x-ndjson')) {
      throw new BadInputError('send the export file with Content-Type: application/x-ndjson');
    }
    if (trusted && !this.config.operatorTenants.includes(tenantId)) {
      throw new BadInputError('trusted imports need an operator key (a tenant listed in ENGRAM_OPERATOR_TENANTS)');
    }

    return this.service.importLines(tenantId, bodyLines(req), {
      trusted,
      maxContentBytes: this.config.limits.maxContentBytes,
    });
  }

  @Post('purge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove everything of your tenant for good, and count what was removed' })
  @ApiBody({ type: PurgeRequestDto })
  @ApiOkResponse({ type: TenantPurgeDto })
  @ApiStandardErrors()
  purge(
    @RestTenant() tenantId: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
  ): Promise<TenantPurgeDto> {
    parseQuery(noQuery, query);
    if (!purgeBody.safeParse(body).success) {
      throw new BadInputError(`purging needs the body {"confirm": "${PURGE_CONFIRMATION}"}`);
    }

    return this.service.purgeTenant(tenantId);
  }

  @Delete('channels/:id')
  @ApiOperation({
    summary: 'Delete a channel with its messages and summaries (and, asked, the memories learned only there)',
  })
  @ApiParam({ name: 'id', description: 'channel id' })
  @ApiQueryParam('withMemories', 'also delete the memories extracted only from this channel', { type: 'boolean' })
  @ApiOkResponse({ type: ChannelDeletion })
  @ApiStandardErrors(404)
  deleteChannel(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ChannelDeletion> {
    const { withMemories } = parseQuery(channelDeleteQuery, query);

    return this.service.deleteChannel(tenantId, id, withMemories ?? false);
  }

  @Delete('skills/:skillId')
  @ApiOperation({ summary: 'Delete every memory written while a skill was active (source.skillId), with its edges' })
  @ApiParam({ name: 'skillId', description: 'the skillId its memories carry' })
  @ApiOkResponse({ type: SkillPurge })
  @ApiStandardErrors()
  purgeSkill(
    @RestTenant() tenantId: string,
    @Param('skillId') skillId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<SkillPurge> {
    parseQuery(noQuery, query);

    return this.service.purgeSkill(tenantId, skillId);
  }
}
