import type { LegalContent } from './legal-document';

export const termsContent: LegalContent = {
  updated: '2026-11-21',
  documents: {
    en: {
      title: 'Terms of Service',
      description: 'The terms that apply when you use Veo 3 Studio to generate AI videos, buy credits and subscribe.',
      intro: [
        'These Terms of Service ("Terms") govern your use of Veo 3 Studio (the "Service"), a website for generating short AI videos with sound from text prompts and images. By signing in to or using the Service you agree to these Terms. If you do not agree, please do not use the Service.',
      ],
      sections: [
        {
          id: 'account',
          heading: '1. Your account',
          paragraphs: [
            'You sign in with your Google account. You must be at least 18 years old to create an account. You are responsible for everything done through your account, so keep access to your Google account secure and tell us at {supportEmail} if you think someone else has used it.',
          ],
        },
        {
          id: 'credits',
          heading: '2. Credits and payments',
          items: [
            'Generating a video costs 40 credits. Each video is 8 seconds long and includes audio.',
            'Credits come with a subscription or can be bought as one-off credit packs. Prices are shown in US dollars on the {pricing}.',
            'Payments are handled by our card payment provider on its hosted checkout page. We never see or store your full card details.',
            'Purchased credits never expire. Credits have no cash value and cannot be transferred to another account.',
            'If a generation fails or times out, the credits spent on it are returned to your balance automatically.',
          ],
        },
        {
          id: 'subscriptions',
          heading: '3. Subscriptions',
          paragraphs: [
            'Subscriptions are billed monthly in advance and renew automatically until you cancel. You can cancel at any time on the {pricing}; cancellation takes effect immediately and no further payments are taken. Refunds are covered by our {refundPolicy}.',
          ],
        },
        {
          id: 'acceptable-use',
          heading: '4. Acceptable use',
          paragraphs: ['You agree not to use the Service to create, upload or share content that:'],
          items: [
            'is illegal, or promotes illegal activity;',
            'sexualises or depicts minors in any way;',
            'shows real, identifiable people in intimate or sexual situations without their consent;',
            'impersonates real people to deceive others, including misleading political or news content;',
            'harasses, threatens or promotes hatred or violence against anyone;',
            'infringes anyone’s copyright, trade marks, privacy or other rights.',
          ],
        },
        {
          id: 'fair-use',
          heading: '5. Protecting the Service',
          paragraphs: [
            'Do not attempt to disrupt the Service, get around the credit system, access other users’ data, reverse engineer the Service or collect data from it with automated tools. We may limit or suspend accounts that do.',
          ],
        },
        {
          id: 'content',
          heading: '6. Your content and generated videos',
          paragraphs: [
            'You keep all rights you hold in your prompts and uploaded images. You confirm that you have the right to use everything you upload, and you allow us to process it only as needed to provide the Service to you.',
            'Subject to these Terms, you may use the videos you generate for personal purposes. Commercial usage rights are included with the Pro and Pro+ plans. Similar prompts can lead to similar results for other users, so we cannot promise that a generated video is unique.',
          ],
        },
        {
          id: 'third-parties',
          heading: '7. Third-party services',
          paragraphs: [
            'The Service relies on third parties: Google for sign-in and for the Veo 3 model that generates videos, and our card payment provider for checkout. Their own terms also apply to your use of their services. Videos in our showcase gallery are posts by their creators and belong to them.',
          ],
        },
        {
          id: 'availability',
          heading: '8. Availability and changes to the Service',
          paragraphs: [
            'We work to keep the Service available, but we provide it "as is" and cannot guarantee that it will always be uninterrupted or error-free. Generation times are estimates (usually 5–8 minutes). AI models can produce unexpected or inaccurate results, so please review videos before you use them. We may change or remove features over time.',
          ],
        },
        {
          id: 'liability',
          heading: '9. Liability',
          paragraphs: [
            'To the extent the law allows, we are not liable for indirect or consequential losses, or for loss of profits, data or goodwill. Our total liability to you is limited to the amount you paid us in the 12 months before the claim arose.',
            'Nothing in these Terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited under the laws of the United Kingdom.',
          ],
        },
        {
          id: 'termination',
          heading: '10. Suspension and termination',
          paragraphs: [
            'You can stop using the Service at any time. We may suspend or close an account that seriously or repeatedly breaks these Terms. If we close an account for any other reason, we will tell you in advance and refund any subscription payment for the period you can no longer use.',
          ],
        },
        {
          id: 'changes',
          heading: '11. Changes to these Terms',
          paragraphs: [
            'We may update these Terms. The date at the top shows when they last changed; if a change materially affects you, we will let you know on the website before it takes effect.',
          ],
        },
        {
          id: 'law',
          heading: '12. Governing law',
          paragraphs: [
            'These Terms are governed by the laws of the United Kingdom, and the courts of the United Kingdom have jurisdiction over any dispute arising from them.',
          ],
        },
        {
          id: 'contact',
          heading: '13. Contact',
          paragraphs: [
            'Support: {supportEmail}. Business and partnership enquiries: {serviceEmail}. How we handle your data is described in our {privacyPolicy}.',
          ],
        },
      ],
    },
    'zh-CN': {
      title: '服务条款',
      description: '使用 Veo 3 Studio 生成 AI 视频、购买积分和订阅时适用的条款。',
      intro: [
        '本服务条款（“条款”）规范你对 Veo 3 Studio（“本服务”）的使用。本服务是一个根据文字提示和图片生成带声音的 AI 短视频的网站。登录或使用本服务即表示你同意本条款。如不同意，请不要使用本服务。',
      ],
      sections: [
        {
          id: 'account',
          heading: '1. 你的账户',
          paragraphs: [
            '你需要使用 Google 账号登录，且必须年满 18 岁才能创建账户。你需要对通过你的账户进行的所有操作负责，因此请妥善保管你的 Google 账号；如果你认为他人使用了你的账户，请发送邮件至 {supportEmail} 告知我们。',
          ],
        },
        {
          id: 'credits',
          heading: '2. 积分与付款',
          items: [
            '生成一个视频消耗 40 积分。每个视频时长 8 秒并包含音频。',
            '积分随订阅提供，也可以单次购买积分包。价格以美元标示在{pricing}上。',
            '付款由我们的银行卡支付服务商在其托管的结账页面处理。我们不会看到或存储你的完整卡号信息。',
            '购买的积分永不过期。积分没有现金价值，不能转让给其他账户。',
            '如果生成失败或超时，所消耗的积分会自动退回到你的余额中。',
          ],
        },
        {
          id: 'subscriptions',
          heading: '3. 订阅',
          paragraphs: [
            '订阅按月预先收费，并会自动续订，直至你取消为止。你可以随时在{pricing}取消订阅；取消立即生效，之后不会再扣款。退款事宜适用我们的{refundPolicy}。',
          ],
        },
        {
          id: 'acceptable-use',
          heading: '4. 可接受的使用方式',
          paragraphs: ['你同意不使用本服务创建、上传或分享以下内容：'],
          items: [
            '违法内容，或宣扬违法活动的内容；',
            '以任何方式涉及或性化未成年人的内容；',
            '未经本人同意，展示真实、可识别人物的亲密或性相关场景的内容；',
            '冒充真实人物以欺骗他人的内容，包括误导性的政治或新闻内容；',
            '骚扰、威胁他人，或宣扬针对任何人的仇恨或暴力的内容；',
            '侵犯他人版权、商标、隐私或其他权利的内容。',
          ],
        },
        {
          id: 'fair-use',
          heading: '5. 保护本服务',
          paragraphs: [
            '请勿试图干扰本服务、绕过积分系统、访问其他用户的数据、对本服务进行逆向工程，或使用自动化工具从本服务采集数据。对于上述行为，我们可能限制或暂停相关账户。',
          ],
        },
        {
          id: 'content',
          heading: '6. 你的内容与生成的视频',
          paragraphs: [
            '你保留对自己的提示词和上传图片所享有的全部权利。你确认你有权使用上传的所有内容，并允许我们仅在为你提供本服务所需的范围内处理这些内容。',
            '在遵守本条款的前提下，你可以将生成的视频用于个人用途。Pro 和 Pro+ 套餐包含商业使用权。相似的提示词可能为其他用户生成相似的结果，因此我们无法保证生成的视频是独一无二的。',
          ],
        },
        {
          id: 'third-parties',
          heading: '7. 第三方服务',
          paragraphs: [
            '本服务依赖第三方：Google 提供登录服务以及生成视频的 Veo 3 模型，银行卡支付服务商提供结账服务。你使用这些服务时，其各自的条款同样适用。作品展示中的视频是其创作者发布的帖子，归创作者所有。',
          ],
        },
        {
          id: 'availability',
          heading: '8. 服务的可用性与变更',
          paragraphs: [
            '我们努力保持本服务可用，但本服务按“现状”提供，我们无法保证其始终不中断或没有错误。生成时间为预估值（通常为 5–8 分钟）。AI 模型可能生成意外或不准确的结果，请在使用前检查视频。我们可能会随时间调整或移除部分功能。',
          ],
        },
        {
          id: 'liability',
          heading: '9. 责任',
          paragraphs: [
            '在法律允许的范围内，我们不对间接或后果性损失，或利润、数据、商誉的损失承担责任。我们对你承担的全部责任以索赔发生前 12 个月内你向我们支付的金额为限。',
            '本条款中的任何内容均不限制因过失导致的死亡或人身伤害、欺诈，或依照英国法律不得限制的其他责任。',
          ],
        },
        {
          id: 'termination',
          heading: '10. 暂停与终止',
          paragraphs: [
            '你可以随时停止使用本服务。对于严重或多次违反本条款的账户，我们可能暂停或关闭。如果我们因其他原因关闭账户，会提前通知你，并退还你无法再使用的期间对应的订阅费用。',
          ],
        },
        {
          id: 'changes',
          heading: '11. 条款的变更',
          paragraphs: [
            '我们可能会更新本条款。页面顶部的日期显示最近一次变更的时间；如果变更对你有重大影响，我们会在其生效前通过网站通知你。',
          ],
        },
        {
          id: 'law',
          heading: '12. 适用法律',
          paragraphs: ['本条款受英国法律管辖，因本条款产生的任何争议由英国法院管辖。'],
        },
        {
          id: 'contact',
          heading: '13. 联系我们',
          paragraphs: [
            '客服支持：{supportEmail}。商务与合作咨询：{serviceEmail}。我们如何处理你的数据，请参阅{privacyPolicy}。',
          ],
        },
      ],
    },
  },
};
