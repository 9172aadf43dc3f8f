import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

import { EntityKind } from 'src/domain/entity.types';
import type { EntityRecord } from 'src/domain/entity.types';

@ObjectType({ description: 'A person, place, organisation... that memories mention; a merged group answers as one' })
export class Entity {
  @Field(() => ID)
  id!: string;

  @Field(() => EntityKind)
  kind!: EntityKind;

  @Field()
  name!: string;

  @Field(() => [String], { description: 'other names it was written as, and the names of entities merged into it' })
  aliases!: string[];

  @Field(() => [ID], { description: 'entities merged into this one (splitEntity undoes a merge)' })
  mergedIds!: string[];

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class RelatedEntity {
  @Field(() => Entity)
  entity!: Entity;

  @Field(() => Int, { description: 'memories mentioning both' })
  shared!: number;
}

export function toEntity(record: EntityRecord): Entity {
  return {
    id: record.id,
    kind: record.kind,
    name: record.name,
    aliases: record.aliases,
    mergedIds: record.mergedIds,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
