import { Field, Float, ID, InputType } from '@nestjs/graphql';

import { MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';

@InputType()
export class SourceInput {
  @Field(() => SourceRole, { defaultValue: SourceRole.USER })
  role!: SourceRole;

  @Field(() => String, { nullable: true })
  channelId?: string | null;

  @Field(() => ID, { nullable: true })
  messageId?: string | null;

  @Field(() => String, { nullable: true })
  taskId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'the skill that was active; purging a skill purges what it wrote',
  })
  skillId?: string | null;
}

@InputType()
export class RememberInput {
  @Field(() => String)
  content!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'text around the source, e.g. the message before it: helps search find the memory, never recalled as content',
  })
  context?: string | null;

  @Field(() => MemoryType, { nullable: true, description: 'omitted: the service classifies it' })
  type?: MemoryType | null;

  @Field(() => MemoryScope, { nullable: true, defaultValue: MemoryScope.GLOBAL })
  scope?: MemoryScope | null;

  @Field(() => String, { nullable: true, description: 'required when scope is THREAD' })
  channelId?: string | null;

  @Field(() => String, { nullable: true, description: 'required when scope is PROJECT' })
  projectId?: string | null;

  @Field(() => String, { nullable: true })
  slot?: string | null;

  @Field(() => Float, { nullable: true })
  importance?: number | null;

  @Field(() => Float, { nullable: true })
  confidence?: number | null;

  @Field(() => [String], { nullable: true })
  tags?: string[] | null;

  @Field(() => SourceInput, { nullable: true, description: 'omitted: role USER' })
  source?: SourceInput | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'the user asked to remember this' })
  explicit?: boolean | null;

  @Field(() => Date, { nullable: true, description: 'when it was stored; imports set it; omitted: now' })
  createdAt?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'when it happened or was said (imports, extraction from old messages); omitted: createdAt',
  })
  occurredAt?: Date | null;
}

@InputType()
export class LinkInput {
  @Field(() => ID)
  fromId!: string;

  @Field(() => ID)
  toId!: string;

  @Field(() => RelationType)
  type!: RelationType;

  @Field(() => Float, { nullable: true, defaultValue: 1.0 })
  weight?: number | null;
}

@InputType()
export class MemoryFilter {
  @Field(() => [MemoryType], { nullable: true })
  types?: MemoryType[] | null;

  @Field(() => [MemoryStatus], { nullable: true, description: 'omitted: ACTIVE only' })
  statuses?: MemoryStatus[] | null;

  @Field(() => MemoryScope, { nullable: true })
  scope?: MemoryScope | null;

  @Field(() => String, { nullable: true })
  channelId?: string | null;

  @Field(() => String, { nullable: true })
  projectId?: string | null;

  @Field(() => [String], { nullable: true })
  tags?: string[] | null;
}

@InputType()
export class ImportLinkInput {
  @Field(() => String, { description: 'ref of another item of the same import' })
  toRef!: string;

  @Field(() => RelationType)
  type!: RelationType;

  @Field(() => Float, { nullable: true, defaultValue: 1.0 })
  weight?: number | null;
}

@InputType({
  description: 'A memory to import: its createdAt is kept; the guards of remember apply, slots only when given',
})
export class ImportMemoryInput extends RememberInput {
  @Field(() => String, { nullable: true, description: 'the caller key of this item, for links within the import' })
  ref?: string | null;

  @Field(() => [ImportLinkInput], { nullable: true })
  links?: ImportLinkInput[] | null;
}
