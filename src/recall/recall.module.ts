import { Module } from '@nestjs/common';

import { RecallResolver } from 'src/recall/recall.resolver';
import { RecallService } from 'src/recall/recall.service';

@Module({ providers: [RecallResolver, RecallService], exports: [RecallService] })
export class RecallModule {}
