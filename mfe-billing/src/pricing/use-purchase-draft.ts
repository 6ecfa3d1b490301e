import { useEffect, useRef } from 'react';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { keepDraft, takeDraft } from '@veo3/platform/session/draft-store';
import { CREDIT_PACKS, SUBSCRIPTION_PLANS } from './plans';
import type { Purchase } from './purchase-modal';

const DRAFT_KEY = 'pricing-purchase';

interface PurchaseDraft {
  kind: 'plan' | 'pack';
  id: string;
}

/** Remembers the plan or pack a visitor chose before being sent to sign in. */
export function keepPurchaseDraft(purchase: Purchase): void {
  const id = purchase.kind === 'plan' ? purchase.plan.id : purchase.pack.id;
  keepDraft(DRAFT_KEY, { kind: purchase.kind, id } satisfies PurchaseDraft);
}

function purchaseOf(draft: PurchaseDraft | null): Purchase | null {
  if (draft?.kind === 'plan') {
    const plan = SUBSCRIPTION_PLANS.find((p) => p.id === draft.id);
    return plan ? { kind: 'plan', plan } : null;
  }
  const pack = draft?.kind === 'pack' ? CREDIT_PACKS.find((p) => p.id === draft.id) : undefined;
  return pack ? { kind: 'pack', pack } : null;
}

/**
 * Back from signing in: opens the purchase the visitor had chosen, once. A plan waits until the
 * subscription status is known (`plansLocked` false) and is dropped if plans stay locked.
 */
export function useResumePurchase(user: User | null, plansLocked: boolean, open: (purchase: Purchase) => void): void {
  const pending = useRef<Purchase | null | undefined>(undefined);
  useEffect(() => {
    if (!user) return;
    pending.current ??= purchaseOf(takeDraft<PurchaseDraft>(DRAFT_KEY));
    const purchase = pending.current;
    if (!purchase || (purchase.kind === 'plan' && plansLocked)) return;
    pending.current = null;
    open(purchase);
  }, [user, plansLocked, open]);
}
