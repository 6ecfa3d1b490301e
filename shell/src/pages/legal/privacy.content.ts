import type { LegalContent } from './legal-document';

export const privacyContent: LegalContent = {
  updated: '2026-11-28',
  documents: {
    en: {
      title: 'Privacy Policy',
      description:
        'What personal data Veo 3 Studio collects, why, who it is shared with and the rights you have over it.',
      intro: [
        'This Privacy Policy explains how Veo 3 Studio ("we", "us") collects and uses personal data when you use our website and services. We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
      ],
      sections: [
        {
          id: 'data-we-collect',
          heading: '1. Data we collect',
          items: [
            'Account data from Google when you sign in: your name, e-mail address, profile picture and Google account identifier.',
            'Content you provide: your prompts, the images you upload and the videos generated for you.',
            'When you use an effect: the words you type into it, and, for an effect that takes photos of people, the time you confirmed that everyone shown is an adult who agreed.',
            'Purchase data: your plan or credit pack, amounts, dates and the references of your payments. Card details are entered on our payment provider’s checkout page and never reach our servers.',
            'Usage data: your credit balance and transactions, your generation history, and technical data such as IP address, browser type and pages visited.',
            'Notification choices: whether you want an e-mail when a video is ready and, if you turn on browser notifications, the address your browser’s push service gave us for that browser.',
            'Reports you make about a shared video: the reason and any details you type.',
          ],
        },
        {
          id: 'how-we-use',
          heading: '2. How we use it',
          items: [
            'to sign you in and keep your account, credits and history;',
            'to generate your videos and show them to you;',
            'to take payments, manage subscriptions and handle refunds;',
            'to answer your questions and provide support;',
            'to keep the Service secure and prevent fraud and abuse;',
            'to understand, in aggregate, how the website is used so we can improve it.',
          ],
        },
        {
          id: 'legal-bases',
          heading: '3. Legal bases',
          paragraphs: [
            'We rely on the contract with you to provide the Service, on our legitimate interests to keep it secure and improve it, on your consent where the law requires it (for example for analytics cookies), and on legal obligations such as keeping tax records.',
          ],
        },
        {
          id: 'sharing',
          heading: '4. Who we share it with',
          paragraphs: [
            'We do not sell your personal data. We share it only with providers that help us run the Service, under contracts that protect it:',
          ],
          items: [
            'Google, for sign-in and for the Veo 3 model, which receives your prompts and uploaded images to generate your videos;',
            'our card payment provider, which processes your payments;',
            'our e-mail provider, which sends the e-mails telling you a video is ready;',
            'the push service of your browser (for example Google’s for Chrome or Mozilla’s for Firefox), which delivers the browser notifications you turned on, encrypted so that it cannot read them;',
            'our hosting provider, and an analytics provider if analytics is enabled.',
          ],
        },
        {
          id: 'embedded-posts',
          heading: '5. Embedded posts',
          paragraphs: [
            'Our home page shows videos posted on X (formerly Twitter). These embeds are loaded with the do-not-track option on, but X may still receive technical data such as your IP address when they load. X’s own privacy policy applies to that data.',
          ],
        },
        {
          id: 'browser-storage',
          heading: '6. Data stored in your browser',
          paragraphs: [
            'We keep your sign-in token, a copy of your profile and your language choice in your browser’s local storage so you stay signed in and see the site in your language. Signing out removes the sign-in data. We do not use advertising cookies.',
            'If you open a friend’s invitation link, its code is kept there for 30 days so that signing up can credit the invitation; signing in removes it.',
          ],
        },
        {
          id: 'retention',
          heading: '7. How long we keep it',
          paragraphs: [
            'We keep each kind of data only as long as we need it. Periods marked “deleted automatically” are enforced by a clean-up that runs every hour.',
          ],
          items: [
            'Account data (your name, e-mail address, profile picture and credit balance): until you delete your account. On your account page you can download a copy of your data (“Download my data”) and delete your account (“Delete my account”) at any time.',
            'Generated videos, with their prompts and the images you uploaded for them: until you delete them or your account. A video you delete from your history is hidden at once, can be restored for 30 days, and is then deleted automatically.',
            'Videos you share: anyone with the link can watch the video and see its prompt (unless you hide it) and the name you chose to show, until you stop sharing it, delete the video or delete your account; the link then stops working at once. What a stopped share showed, with its view and remix counts, stays with the video until you delete the video or your account.',
            'Reports of shared videos: kept with the shared video they are about. We keep no IP address with a report, only a one-way code that tells whether the same browser or account reported it before. If you delete your account, your reports no longer name you and lose the details you typed.',
            'Notification choices and browser notification addresses: until you change them, your browser withdraws its permission, or you delete your account.',
            'Sign-in sessions (when you signed in, your browser and IP address): 30 days after you sign out or the session expires, so we can look into suspicious sign-ins; then deleted automatically.',
            'Images uploaded for a generation that failed: 30 days after it failed, while we can still retry it for you; then deleted automatically. The failed generation stays in your history without them.',
            'Checkouts you started but did not pay for: 30 days, long enough for a delayed bank payment to complete; then deleted automatically.',
            'Invitations: your invitation code, and for each friend who signed up through your link when they did and whether their first purchase earned you both the reward (never who they are), until you delete your account. If you signed up through a friend’s link, that link is kept with your account until you delete it; deleting your account removes it, and removes your code so your link stops working.',
            'Payments and the record of your credits: six years, because UK tax rules (HMRC) require us to keep these records for six years. If you delete your account they are kept without your name or e-mail address (pseudonymised).',
            'Records of actions our staff take on accounts (audit records): kept to show what was done and by whom; after your account is deleted they no longer name you (pseudonymised).',
            'Data export archives (“Download my data”): available for 7 days, then deleted.',
            'Analytics: collected only if you accept analytics cookies in the cookie banner. Your choice is kept in your browser for 6 months; “Cookie settings” in the footer changes it at any time.',
            'Backups: data we delete stays in our backups only until they age out and are replaced.',
          ],
          closing: ['You can also ask us to delete your data by e-mailing {supportEmail}.'],
        },
        {
          id: 'your-rights',
          heading: '8. Your rights',
          paragraphs: [
            'You have the right to access, correct or delete your personal data, to restrict or object to its use, to receive it in a portable format and to withdraw consent at any time. To use these rights, e-mail {supportEmail}. You may also complain to the UK Information Commissioner’s Office (ICO).',
          ],
        },
        {
          id: 'transfers',
          heading: '9. International transfers',
          paragraphs: [
            'Some of our providers process data outside the United Kingdom. Where they do, we rely on adequacy regulations or appropriate safeguards such as the UK International Data Transfer Agreement.',
          ],
        },
        {
          id: 'security',
          heading: '10. Security',
          paragraphs: [
            'All traffic to the website is encrypted, access to personal data is limited to people who need it, and payments are handled by a provider certified to card industry standards.',
          ],
        },
        {
          id: 'children',
          heading: '11. Children',
          paragraphs: [
            'The Service is not intended for anyone under 18, and we do not knowingly collect data from children. Images of minors must not be uploaded; see our {termsOfService}.',
          ],
        },
        {
          id: 'changes',
          heading: '12. Changes to this policy',
          paragraphs: [
            'We may update this policy. The date at the top shows when it last changed, and we will tell you on the website about significant changes.',
          ],
        },
        {
          id: 'contact',
          heading: '13. Contact',
          paragraphs: [
            'Privacy questions and requests: {supportEmail}. Other enquiries: {serviceEmail}. Refunds are covered by our {refundPolicy}.',
          ],
        },
      ],
    },
    'zh-CN': {
      title: '隐私政策',
      description: 'Veo 3 Studio 收集哪些个人数据、用途为何、与谁共享，以及你对这些数据享有的权利。',
      intro: [
        '本隐私政策说明 Veo 3 Studio（“我们”）在你使用我们的网站和服务时如何收集和使用个人数据。我们依照英国《通用数据保护条例》（UK GDPR）和《2018 年数据保护法》处理个人数据。',
      ],
      sections: [
        {
          id: 'data-we-collect',
          heading: '1. 我们收集的数据',
          items: [
            '你登录时来自 Google 的账户数据：姓名、邮箱地址、头像和 Google 账户标识。',
            '你提供的内容：提示词、上传的图片以及为你生成的视频。',
            '使用特效时：你在特效中填写的文字；对于使用真人照片的特效，还有你确认照片中每个人都已成年并且同意的时间。',
            '购买数据：你的套餐或积分包、金额、日期和付款凭证编号。银行卡信息在支付服务商的结账页面输入，绝不会到达我们的服务器。',
            '使用数据：你的积分余额和交易记录、生成历史，以及 IP 地址、浏览器类型和访问页面等技术数据。',
            '通知选择：你是否希望在视频生成完成时收到邮件；如果你开启了浏览器通知，还包括你的浏览器推送服务为该浏览器分配的地址。',
            '你对分享视频的举报：举报原因以及你填写的说明。',
          ],
        },
        {
          id: 'how-we-use',
          heading: '2. 我们如何使用这些数据',
          items: [
            '为你登录，并保存你的账户、积分和历史记录；',
            '生成你的视频并展示给你；',
            '收取付款、管理订阅和处理退款；',
            '回答你的问题并提供支持；',
            '保障本服务的安全，防止欺诈和滥用；',
            '以汇总方式了解网站的使用情况，以便改进。',
          ],
        },
        {
          id: 'legal-bases',
          heading: '3. 法律依据',
          paragraphs: [
            '我们依据与你之间的合同提供本服务；依据我们的正当利益保障并改进本服务；在法律要求时（例如分析类 Cookie）依据你的同意；并依据保存税务记录等法定义务处理数据。',
          ],
        },
        {
          id: 'sharing',
          heading: '4. 我们与谁共享数据',
          paragraphs: [
            '我们不会出售你的个人数据。我们只会在有数据保护合同约束的前提下，与帮助我们运营本服务的服务商共享：',
          ],
          items: [
            'Google，提供登录服务以及 Veo 3 模型，模型会接收你的提示词和上传的图片以生成视频；',
            '我们的银行卡支付服务商，负责处理你的付款；',
            '我们的邮件服务商，负责发送视频已生成的通知邮件；',
            '你的浏览器的推送服务（例如 Chrome 使用的 Google 推送服务或 Firefox 使用的 Mozilla 推送服务），负责送达你开启的浏览器通知，通知经过加密，推送服务无法读取其内容；',
            '我们的托管服务商，以及（如已启用）数据分析服务商。',
          ],
        },
        {
          id: 'embedded-posts',
          heading: '5. 嵌入的帖子',
          paragraphs: [
            '我们的首页展示了发布在 X（原 Twitter）上的视频。这些嵌入内容在加载时启用了“请勿追踪”选项，但 X 在加载时仍可能收到你的 IP 地址等技术数据，这些数据适用 X 自己的隐私政策。',
          ],
        },
        {
          id: 'browser-storage',
          heading: '6. 存储在你浏览器中的数据',
          paragraphs: [
            '我们会在浏览器的本地存储中保存你的登录令牌、个人资料副本和语言偏好，以便你保持登录并以你选择的语言浏览网站。退出登录会删除登录数据。我们不使用广告 Cookie。',
            '如果你打开了好友的邀请链接，其邀请码会在那里保存 30 天，以便注册时记下这次邀请；登录后即删除。',
          ],
        },
        {
          id: 'retention',
          heading: '7. 数据保存期限',
          paragraphs: ['每类数据我们只保存必要的时长。标注“自动删除”的期限由每小时运行一次的清理任务执行。'],
          items: [
            '账户数据（姓名、邮箱地址、头像和积分余额）：保存至你删除账户为止。你可以随时在账户页面下载你的数据副本（“下载我的数据”）或删除账户（“删除我的账户”）。',
            '生成的视频及其提示词和你为其上传的图片：保存至你删除它们或删除账户为止。你从历史记录中删除的视频会立即隐藏，可在 30 天内恢复，之后自动删除。',
            '你分享的视频：任何拿到链接的人都可以观看该视频，并看到它的提示词（除非你隐藏了提示词）和你选择显示的名字，直到你停止分享、删除该视频或删除账户为止；之后链接会立即失效。已停止的分享曾显示的内容及其观看和再创作次数，会随视频一起保存，直到你删除该视频或账户为止。',
            '对分享视频的举报：与被举报的分享视频一同保存。我们不会随举报保存 IP 地址，只保存一个单向代码，用来判断同一浏览器或账户是否举报过。你删除账户后，你的举报将不再能识别你，你填写的说明也会被删除。',
            '通知选择和浏览器通知地址：保存至你更改设置、浏览器撤回通知权限或你删除账户为止。',
            '登录会话（登录时间、浏览器和 IP 地址）：在你退出登录或会话过期后保存 30 天，以便我们调查可疑登录；之后自动删除。',
            '为生成失败的视频上传的图片：在失败后保存 30 天，期间我们仍可为你重试；之后自动删除。失败的记录仍会保留在你的历史记录中，但不再包含这些图片。',
            '已发起但未付款的结账：保存 30 天，足以让延迟到账的银行付款完成；之后自动删除。',
            '邀请：你的邀请码，以及每位通过你的链接注册的好友的注册时间和其首次购买是否让你们获得了奖励（不含好友的身份），保存至你删除账户为止。如果你是通过好友的链接注册的，这一关联会随你的账户保存至你删除账户为止；删除账户会删除它，并删除你的邀请码，你的链接随即失效。',
            '付款记录和积分记录：保存六年，因为英国税务机关（HMRC）要求保存此类记录六年。如果你删除账户，这些记录会在去除你的姓名和邮箱地址后继续保存（假名化）。',
            '我们的工作人员对账户所做操作的记录（审计记录）：用于说明做了什么以及由谁操作；你的账户删除后，这些记录不再能识别你（假名化）。',
            '数据导出压缩包（“下载我的数据”）：可在 7 天内下载，之后删除。',
            '数据分析：仅在你于 Cookie 横幅中同意分析类 Cookie 后才会收集。你的选择会在浏览器中保存 6 个月；你可以随时通过页脚的“Cookie 设置”更改。',
            '备份：我们删除的数据只会在备份到期并被替换之前留存在备份中。',
          ],
          closing: ['你也可以发送邮件至 {supportEmail}，要求我们删除你的数据。'],
        },
        {
          id: 'your-rights',
          heading: '8. 你的权利',
          paragraphs: [
            '你有权访问、更正或删除你的个人数据，限制或反对对其使用，以可携带的格式获取数据，并可随时撤回同意。如需行使这些权利，请发送邮件至 {supportEmail}。你也可以向英国信息专员办公室（ICO）投诉。',
          ],
        },
        {
          id: 'transfers',
          heading: '9. 跨境传输',
          paragraphs: [
            '我们的部分服务商会在英国境外处理数据。在这种情况下，我们依据充分性认定或适当的保障措施（例如英国国际数据传输协议）进行传输。',
          ],
        },
        {
          id: 'security',
          heading: '10. 安全',
          paragraphs: [
            '网站的所有流量均经过加密，个人数据仅限有需要的人员访问，付款由通过银行卡行业标准认证的服务商处理。',
          ],
        },
        {
          id: 'children',
          heading: '11. 儿童',
          paragraphs: [
            '本服务不面向 18 岁以下人士，我们不会在知情的情况下收集儿童的数据。禁止上传未成年人的图片，详见我们的{termsOfService}。',
          ],
        },
        {
          id: 'changes',
          heading: '12. 本政策的变更',
          paragraphs: ['我们可能会更新本政策。页面顶部的日期显示最近一次变更的时间，重大变更我们会在网站上通知你。'],
        },
        {
          id: 'contact',
          heading: '13. 联系我们',
          paragraphs: [
            '隐私相关问题和请求：{supportEmail}。其他咨询：{serviceEmail}。退款事宜适用我们的{refundPolicy}。',
          ],
        },
      ],
    },
  },
};
