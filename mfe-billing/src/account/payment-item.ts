import type { AccountPayment } from '@veo3/contracts/billing';
import type { Language } from '@veo3/platform/i18n/i18n';
import { productName } from '../pricing/plans';
import type { accountMessages } from './account.messages';

type AccountKey = keyof (typeof accountMessages)['en'];
type Translate = (key: AccountKey, vars?: Record<string, string | number>) => string;

const ITEM_KEY = { pack: 'itemPack', plan: 'itemPlan', renewal: 'itemRenewal' } as const;

/** What a payment bought, named as the pricing cards name it ('Starter credit pack', 'Pro plan renewal'). */
export function paymentItem(payment: Pick<AccountPayment, 'kind' | 'item_id'>, lang: Language, t: Translate): string {
  return t(ITEM_KEY[payment.kind], { name: productName(payment.item_id, lang) ?? payment.item_id });
}
