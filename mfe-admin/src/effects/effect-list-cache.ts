import type { AdminEffect, AdminEffectListReply } from '@veo3/contracts/effects';

export type EffectList = AdminEffectListReply['data'];

/** The cached list with `effect` in place of its old self (a change answers the effect alone). */
export function withEffect(list: EffectList | undefined, effect: AdminEffect): EffectList | undefined {
  return list && { items: list.items.map((item) => (item.id === effect.id ? effect : item)) };
}
