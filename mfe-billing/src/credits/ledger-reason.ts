import { findPack, findPlan, findVideoModel } from '@veo3/contracts/catalogue';
import type { PublicCreditTransaction } from '@veo3/contracts/credits';
import type { Language } from '@veo3/platform/i18n/i18n';
import { productName } from '../pricing/plans';
import type { creditsMessages } from './credits.messages';

type CreditsKey = keyof (typeof creditsMessages)['en'];
type Translate = (key: CreditsKey, vars?: Record<string, string | number>) => string;

/** "Starter pack" / "Pro plan" in the reader's language, for a payment's product id; undefined for any other id. */
function paidProduct(id: string, lang: Language, t: Translate): string | undefined {
  const name = productName(id, lang);
  if (!name) return undefined;
  return t(findPlan(id) ? 'productPlan' : 'productPack', { name });
}

/**
 * What a ledger line is for, named from its type and the catalogue's product (the names the pricing
 * cards use), never from the server's English description. The sign-up bonus (granted with the user's
 * own id as its source) is named here; any other bonus or support adjustment keeps the note its staff
 * wrote for the user ("Launch gift").
 */
export function ledgerReason(line: PublicCreditTransaction, userId: string, lang: Language, t: Translate): string {
  const id = line.product_id ?? '';
  const paid = paidProduct(id, lang, t);
  const model = findVideoModel(id);
  switch (line.source_type) {
    case 'purchase':
      return paid && findPack(id) ? paid : t('reason_purchase');
    case 'plan':
      return paid ? paid : t('reason_plan');
    case 'renewal':
      return paid ? t('reasonRenewalOf', { product: paid }) : t('reason_renewal');
    case 'video':
      if (model) return t(model.mode === 'image' ? 'reasonVideoImage' : 'reasonVideoText');
      return line.product_name ? t('reasonVideoWith', { model: line.product_name }) : t('reason_video');
    case 'refund':
      if (paid) return t('reasonRefundOf', { product: paid });
      return model || line.product_name ? t('reasonVideoRefund') : t('reason_refund');
    case 'referral':
      // Its source is the invited user: the reader's own id on their side of it.
      return t(line.source_id === userId ? 'reasonReferralJoined' : 'reasonReferralFriend');
    case 'bonus':
    case 'admin':
      if (line.source_type === 'bonus' && line.source_id === userId) return t('reasonWelcome');
      return line.description
        ? t('reasonWithNote', { reason: t(`reason_${line.source_type}`), note: line.description })
        : t(`reason_${line.source_type}`);
  }
}
