import { defineMessages } from '@veo3/platform/i18n/i18n';

export const paymentMessages = defineMessages(
  {
    successTitle: 'Payment successful',
    successHeading: 'Thank you for your purchase',
    successMessage: 'Payment successful! Your credits have been added.',
    successText: 'Your new balance shows in the header. Time to make something amazing.',
    reference: 'Reference: {id}',
    startCreating: 'Start Creating',
    viewPlans: 'View Plans',
    cancelTitle: 'Payment cancelled',
    cancelText: 'Your payment was cancelled and you have not been charged. Pick a plan or pack whenever you are ready.',
    backToPricing: 'Back to Pricing',
  },
  {
    successTitle: '支付成功',
    successHeading: '感谢你的购买',
    successMessage: '支付成功！积分已到账。',
    successText: '新的积分余额会显示在页面顶部。开始创作精彩视频吧。',
    reference: '订单号：{id}',
    startCreating: '开始创作',
    viewPlans: '查看套餐',
    cancelTitle: '支付已取消',
    cancelText: '你的支付已取消，未产生任何扣款。准备好后可随时重新选择套餐或积分包。',
    backToPricing: '返回价格页',
  },
);
