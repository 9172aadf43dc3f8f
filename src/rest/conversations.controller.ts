import { Controller, Get, HttpCode, Param, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';

import { NotFoundError } from 'src/common/errors';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageMemoriesService } from 'src/conversation/message-memories.service';
import { BulletinService } from 'src/cortex/bulletin/bulletin.service';
import { ApiQueryParam, ApiStandardErrors } from 'src/rest/api-docs.decorators';
import {
  BulletinDto,
  ChannelDto,
  ChannelPageDto,
  CurrentBulletinDto,
  MessagePageDto,
} from 'src/rest/dto/conversation.dto';
import { RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { noQuery, pageQuery, parseQuery } from 'src/rest/rest-query';
import { toBulletinDto, toChannelDto, toMemoryDto, toMessageDto } from 'src/rest/rest.mapper';

/** Channels and their messages, read as GraphQL `channel` and `messages` read them. */
@ApiTags('channels')
@Controller('api/channels')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class ChannelsController {
  constructor(
    private readonly conversations: ConversationService,
    private readonly learned: MessageMemoriesService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of channels in id order' })
  @ApiQueryParam('limit', '1-500, default 50', { type: 'integer' })
  @ApiQueryParam('cursor', 'nextCursor of the previous page', { type: 'string' })
  @ApiOkResponse({ type: ChannelPageDto })
  @ApiStandardErrors()
  async list(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<ChannelPageDto> {
    const { limit, cursor } = parseQuery(pageQuery, query);
    const page = await this.conversations.channels(tenantId, limit ?? 50, cursor ?? null);

    return { items: page.items.map(toChannelDto), nextCursor: page.nextCursor };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One channel (GraphQL `channel`)' })
  @ApiParam({ name: 'id', description: 'channel id' })
  @ApiOkResponse({ type: ChannelDto })
  @ApiStandardErrors(404)
  async get(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ChannelDto> {
    parseQuery(noQuery, query);
    const view = await this.conversations.channel(tenantId, id);
    if (!view) {
      throw new NotFoundError('channel', id);
    }

    return toChannelDto(view);
  }

  @Get(':id/messages')
  @ApiOperation({ summary: 'A channel’s messages, newest page first, each page oldest first' })
  @ApiParam({ name: 'id', description: 'channel id' })
  @ApiQueryParam('limit', '1-500, default 50', { type: 'integer' })
  @ApiQueryParam('cursor', 'nextCursor of the previous (newer) page', { type: 'string' })
  @ApiOkResponse({ type: MessagePageDto })
  @ApiStandardErrors(404)
  async messages(
    @RestTenant() tenantId: string,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MessagePageDto> {
    const { limit, cursor } = parseQuery(pageQuery, query);
    const page = await this.conversations.messagePage(tenantId, id, limit ?? 50, cursor ?? null);
    const learned = await this.learned.learnedFrom(
      tenantId,
      page.items.map((m) => m.id),
    );

    return {
      items: page.items.map(toMessageDto),
      nextCursor: page.nextCursor,
      learned: learned.map((l) => ({ messageId: l.messageId, memories: l.memories.map(toMemoryDto) })),
    };
  }
}

/** The tenant's bulletin, as GraphQL `bulletin` and `refreshBulletin`. */
@ApiTags('bulletin')
@Controller('api/bulletin')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class BulletinController {
  constructor(private readonly bulletins: BulletinService) {}

  @Get()
  @ApiOperation({ summary: 'The latest bulletin (null until the first one is generated)' })
  @ApiOkResponse({ type: CurrentBulletinDto })
  @ApiStandardErrors()
  async current(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<CurrentBulletinDto> {
    parseQuery(noQuery, query);
    const latest = await this.bulletins.latest(tenantId);

    return { bulletin: latest ? toBulletinDto(latest) : null };
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Regenerate the bulletin now; also published to bulletinRefreshed subscribers' })
  @ApiOkResponse({ type: BulletinDto })
  @ApiStandardErrors()
  async refresh(@RestTenant() tenantId: string, @Query() query: Record<string, unknown>): Promise<BulletinDto> {
    parseQuery(noQuery, query);
    const { bulletin } = await this.bulletins.refresh(tenantId, 'demand');
    if (!bulletin) {
      throw new Error('a demanded refresh always yields a bulletin');
    }

    return toBulletinDto(bulletin);
  }
}
