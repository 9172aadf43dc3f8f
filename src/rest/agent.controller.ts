import { Body, Controller, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { BadInputError } from 'src/common/errors';
import { ContextService } from 'src/conversation/context.service';
import { ConversationService } from 'src/conversation/conversation.service';
import { MessageSearchService } from 'src/conversation/message-search.service';
import { MemoryWriteService } from 'src/memory/memory-write.service';
import { MemoryService } from 'src/memory/memory.service';
import { RecallService, SearchMode } from 'src/recall/recall.service';
import { toAgentContextDto, toAppendResultDto, toMessageHitDto, toRememberResultDto } from 'src/rest/agent.mapper';
import { ApiStandardErrors } from 'src/rest/api-docs.decorators';
import { AgentContextDto, AppendMessageResultDto, MessageHitDto, RememberResultDto } from 'src/rest/dto/agent.dto';
import { MemoryDto, SearchResultDto } from 'src/rest/dto/memory.dto';
import { Reads, RestAuthGuard, RestTenant } from 'src/rest/rest-auth.guard';
import {
  bodySchema,
  contextBody,
  forgetBody,
  messageBody,
  parseBody,
  recallBody,
  rememberBody,
  searchMessagesBody,
} from 'src/rest/rest-bodies';
import { RestErrorFilter } from 'src/rest/rest-error.filter';
import { toMemoryDto, toSearchResultDto } from 'src/rest/rest.mapper';

/**
 * The agent's calls over REST, named as in GraphQL (POST /api/<operation>, the input as the JSON body, the answer with
 * the fields of GraphQL's type): each one calls the service the GraphQL resolver and the MCP tool call.
 */
@ApiTags('agent')
@Controller('api')
@UseGuards(RestAuthGuard)
@UseFilters(RestErrorFilter)
export class AgentController {
  constructor(
    private readonly writer: MemoryWriteService,
    private readonly memories: MemoryService,
    private readonly recalls: RecallService,
    private readonly conversations: ConversationService,
    private readonly contexts: ContextService,
    private readonly search: MessageSearchService,
  ) {}

  @Post('remember')
  @HttpCode(200)
  @ApiOperation({ summary: 'Store one lasting fact through the write path (GraphQL `remember`)' })
  @ApiBody({ schema: bodySchema(rememberBody) })
  @ApiOkResponse({ type: RememberResultDto })
  @ApiStandardErrors()
  async remember(@RestTenant() tenantId: string, @Body() body: unknown): Promise<RememberResultDto> {
    return toRememberResultDto(await this.writer.remember(tenantId, parseBody(rememberBody, body)));
  }

  @Post('recall')
  @HttpCode(200)
  @Reads()
  @ApiOperation({ summary: 'The memories relevant to a question, with scores and tiers (GraphQL `recall`)' })
  @ApiBody({ schema: bodySchema(recallBody) })
  @ApiOkResponse({ type: SearchResultDto })
  @ApiStandardErrors()
  async recall(@RestTenant() tenantId: string, @Body() body: unknown): Promise<SearchResultDto> {
    const input = parseBody(recallBody, body);
    if (input.query === undefined && (input.mode ?? SearchMode.HYBRID) === SearchMode.HYBRID) {
      throw new BadInputError('query is required unless mode is RECENT, IMPORTANT or TYPED');
    }

    return toSearchResultDto(await this.recalls.recall(tenantId, input));
  }

  @Post('forget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Status FORGOTTEN: kept for audit, never recalled (GraphQL `forget`)' })
  @ApiBody({ schema: bodySchema(forgetBody) })
  @ApiOkResponse({ type: MemoryDto })
  @ApiStandardErrors(404)
  async forget(@RestTenant() tenantId: string, @Body() body: unknown): Promise<MemoryDto> {
    return toMemoryDto(await this.memories.forget(tenantId, parseBody(forgetBody, body).id));
  }

  @Post('appendMessage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record one message of a conversation and learn from it (GraphQL `appendMessage`)' })
  @ApiBody({ schema: bodySchema(messageBody) })
  @ApiOkResponse({ type: AppendMessageResultDto })
  @ApiStandardErrors()
  async appendMessage(@RestTenant() tenantId: string, @Body() body: unknown): Promise<AppendMessageResultDto> {
    return toAppendResultDto(await this.conversations.append(tenantId, parseBody(messageBody, body)));
  }

  @Post('context')
  @HttpCode(200)
  @Reads()
  @ApiOperation({ summary: 'Everything worth knowing before answering, as prompt text (GraphQL `context`)' })
  @ApiBody({ schema: bodySchema(contextBody) })
  @ApiOkResponse({ type: AgentContextDto })
  @ApiStandardErrors()
  async context(@RestTenant() tenantId: string, @Body() body: unknown): Promise<AgentContextDto> {
    return toAgentContextDto(await this.contexts.context(tenantId, parseBody(contextBody, body)));
  }

  @Post('searchMessages')
  @HttpCode(200)
  @Reads()
  @ApiOperation({ summary: 'What was said in past conversations, ranked (GraphQL `searchMessages`)' })
  @ApiBody({ schema: bodySchema(searchMessagesBody) })
  @ApiOkResponse({ type: [MessageHitDto] })
  @ApiStandardErrors()
  async searchMessages(@RestTenant() tenantId: string, @Body() body: unknown): Promise<MessageHitDto[]> {
    return (await this.search.search(tenantId, parseBody(searchMessagesBody, body))).map(toMessageHitDto);
  }
}
