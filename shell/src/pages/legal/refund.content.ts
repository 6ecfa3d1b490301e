import type { LegalContent } from './legal-document';

// SPEC §9 gives two thresholds for used credits (200 and 10); this policy states the single rule of 200.
export const refundContent: LegalContent = {
  updated: '2026-11-24',
  documents: {
    en: {
      title: 'Refund Policy',
      description:
        'When Veo 3 Studio subscriptions and credit purchases can be refunded, what is deducted and how to ask for a refund.',
      intro: [
        'We want you to be happy with Veo 3 Studio. This policy explains which payments can be refunded, what is deducted from a refund and how to request one. It applies to every purchase made on this website.',
      ],
      sections: [
        {
          id: 'subscriptions',
          heading: '1. Subscriptions',
          paragraphs: [
            'A subscription payment is refundable if you ask for the refund within 3 days of the payment and no more than 200 credits have been used since that payment.',
            'After 3 days, or once more than 200 credits have been used, the subscription payment is non-refundable.',
            'Payment processing fees are deducted from every refund.',
          ],
        },
        {
          id: 'annual-plans',
          heading: '2. Annual plans',
          paragraphs: [
            'If an annual plan qualifies for a refund, it is converted to a monthly plan: we deduct the price of one month of that plan at the monthly rate, plus the processing fees, and refund the remainder.',
          ],
        },
        {
          id: 'credit-packs',
          heading: '3. Credit packs',
          paragraphs: [
            'One-off credit purchases (credit packs) are non-refundable. Purchased credits never expire, so you can use them whenever you like.',
          ],
        },
        {
          id: 'failed-generations',
          heading: '4. Failed generations',
          paragraphs: [
            'If a video generation fails or times out, the credits spent on it are returned to your balance automatically. This is a return of credits, not a refund of money, and it does not count towards the 200-credit limit above.',
          ],
        },
        {
          id: 'cancelling',
          heading: '5. Cancelling a subscription',
          paragraphs: [
            'You can cancel a subscription at any time on the {pricing}. Cancellation takes effect immediately and no further payments are taken. Cancelling does not by itself refund a payment already made; to ask for a refund, follow the steps below.',
          ],
        },
        {
          id: 'how-to-request',
          heading: '6. How to request a refund',
          ordered: true,
          items: [
            'E-mail {supportEmail} from the address linked to your Veo 3 Studio account.',
            'Tell us the date and amount of the payment and, if you like, why you are asking for a refund.',
            'We reply to confirm whether the payment qualifies under this policy.',
          ],
          closing: [
            'Approved refunds are processed within 5–7 business days and paid back to the original payment method. Your bank may need a few more days to show the refund on your statement.',
          ],
        },
        {
          id: 'credits-of-refunded-payments',
          heading: '7. Credits of a refunded payment',
          paragraphs: [
            'One rule applies to every refund and chargeback, however it is made: a refund we make for you, a refund made through our payment processor (Stripe), or a dispute you raise with your bank or card issuer.',
            'When a payment is refunded or disputed, the credits it granted are taken back from your balance. If your balance holds fewer credits than that at the time, for example because you have already used some, only what your balance holds is taken: credits you have already used are not charged again, and your balance never goes below zero. A partial refund takes back the same share of the credits, rounded down.',
            'A payment’s credits are taken back once, even if the refund reaches us more than once.',
            'For example: you buy 950 credits and use 900 of them; if that payment is then refunded, the remaining 50 credits are taken back and your balance is 0.',
          ],
        },
        {
          id: 'governing-law',
          heading: '8. Governing law',
          paragraphs: [
            'This policy is governed by the laws of the United Kingdom. Nothing in it limits the rights you have as a consumer under those laws.',
          ],
        },
        {
          id: 'contact',
          heading: '9. Contact',
          paragraphs: [
            'Questions about refunds: {supportEmail}. Business and partnership enquiries: {serviceEmail}.',
            'See also our {termsOfService} and {privacyPolicy}.',
          ],
        },
      ],
    },
    'zh-CN': {
      title: '退款政策',
      description: 'Veo 3 Studio 的订阅和积分购买在何种情况下可以退款、会扣除哪些费用以及如何申请退款。',
      intro: [
        '我们希望你在使用 Veo 3 Studio 时感到满意。本政策说明哪些付款可以退款、退款时会扣除哪些费用以及如何申请退款，适用于在本网站进行的所有购买。',
      ],
      sections: [
        {
          id: 'subscriptions',
          heading: '1. 订阅',
          paragraphs: [
            '如果你在付款后 3 天内申请退款，且自该次付款以来已使用的积分不超过 200，则该笔订阅付款可以退款。',
            '超过 3 天，或已使用的积分超过 200 后，该笔订阅付款不予退款。',
            '每笔退款都会扣除支付手续费。',
          ],
        },
        {
          id: 'annual-plans',
          heading: '2. 年度套餐',
          paragraphs: [
            '如果年度套餐符合退款条件，将按月度套餐处理：我们会按月付价格扣除该套餐一个月的费用以及手续费，然后退还剩余金额。',
          ],
        },
        {
          id: 'credit-packs',
          heading: '3. 积分包',
          paragraphs: ['单次购买的积分（积分包）不予退款。购买的积分永不过期，你可以随时使用。'],
        },
        {
          id: 'failed-generations',
          heading: '4. 生成失败',
          paragraphs: [
            '如果视频生成失败或超时，所消耗的积分会自动退回到你的余额中。这属于积分退回，而非资金退款，也不计入上述 200 积分的限制。',
          ],
        },
        {
          id: 'cancelling',
          heading: '5. 取消订阅',
          paragraphs: [
            '你可以随时在{pricing}取消订阅。取消立即生效，之后不会再扣款。取消订阅本身不会退还已支付的款项；如需退款，请按以下步骤申请。',
          ],
        },
        {
          id: 'how-to-request',
          heading: '6. 如何申请退款',
          ordered: true,
          items: [
            '使用与你的 Veo 3 Studio 账户关联的邮箱发送邮件至 {supportEmail}。',
            '告诉我们付款的日期和金额，如愿意也可以说明申请退款的原因。',
            '我们会回复确认该笔付款是否符合本政策的退款条件。',
          ],
          closing: [
            '获批的退款会在 5–7 个工作日内处理完毕，并退回至原支付方式。你的银行可能还需要几天时间才会在账单上显示该笔退款。',
          ],
        },
        {
          id: 'credits-of-refunded-payments',
          heading: '7. 已退款付款的积分',
          paragraphs: [
            '每一笔退款和拒付都适用同一条规则，无论它以何种方式发生：由我们为你办理的退款、通过我们的支付服务商（Stripe）办理的退款，或你向银行或发卡机构提出的争议（拒付）。',
            '当一笔付款被退款或提出争议时，该笔付款所发放的积分会从你的余额中收回。如果你的余额当时少于这些积分（例如你已经使用了其中一部分），则只收回余额中现有的积分：已使用的积分不会再被扣除，你的余额也不会低于零。部分退款按相同比例收回积分，向下取整。',
            '每笔付款的积分只收回一次，即使退款通知多次到达我们这里。',
            '例如：你购买了 950 积分并使用了其中 900 积分；如果该笔付款随后被退款，剩余的 50 积分会被收回，你的余额变为 0。',
          ],
        },
        {
          id: 'governing-law',
          heading: '8. 适用法律',
          paragraphs: ['本政策受英国法律管辖。本政策中的任何内容均不限制你根据该等法律作为消费者所享有的权利。'],
        },
        {
          id: 'contact',
          heading: '9. 联系我们',
          paragraphs: [
            '退款相关问题：{supportEmail}。商务与合作咨询：{serviceEmail}。',
            '另请参阅我们的{termsOfService}和{privacyPolicy}。',
          ],
        },
      ],
    },
  },
};
