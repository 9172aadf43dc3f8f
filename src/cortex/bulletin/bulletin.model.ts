import { Field, ID, ObjectType } from '@nestjs/graphql';

import type { BulletinRecord } from 'src/store/bulletin-store.port';

@ObjectType({ description: 'a briefing about the user, rebuilt when their memories change' })
export class Bulletin {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description: 'headings with one line per memory; each line ends with the first characters of its id',
  })
  content!: string;

  @Field(() => Date)
  generatedAt!: Date;

  @Field(() => [ID], { description: 'the memories it was built from, in line order' })
  memoryIds!: string[];
}

export function toBulletin(record: BulletinRecord): Bulletin {
  return { id: record.id, content: record.content, generatedAt: record.generatedAt, memoryIds: record.memoryIds };
}
