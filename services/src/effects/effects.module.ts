import { Module } from '@nestjs/common';
import { EffectCatalog } from './effect-catalog.service';

/** TEMPORARY STUB (fx-web branch): the services branch's real module replaces this file at merge. */
@Module({ providers: [EffectCatalog], exports: [EffectCatalog] })
export class EffectsModule {}
